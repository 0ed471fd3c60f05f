-- name: profile-update(name, email, sport, graduation_year, user_id)<!
-- Changes the athlete's profile; what is not given stays as it is. Returns it, or no row for an unknown user.
-- :name             text, optional: the new name
-- :email            text, optional: the new email
-- :sport            text, optional: the new sport
-- :graduation_year  integer, between 1900 and 2100, optional: the new graduation year
-- :user_id          text, optional: the acting user (defaults to the database's only user)
-- display: id, name, email, sport, graduation_year
UPDATE users
SET name = COALESCE(:name, name), email = COALESCE(:email, email), sport = COALESCE(:sport, sport),
    graduation_year = COALESCE(:graduation_year, graduation_year), updated_at = switchboard_now()
WHERE id = COALESCE(:user_id, (SELECT id FROM sole_user))
RETURNING id, name, email, sport, graduation_year, created_at, updated_at;
