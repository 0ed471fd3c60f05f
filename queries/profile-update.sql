-- name: profile-update(name, email, sport, graduation_year, user_id, timezone)<!
-- Changes the athlete's profile; what is not given stays as it is. Returns it, or no row for an unknown user.
-- :name             text, optional: the new name
-- :email            text, optional: the new email
-- :sport            text, optional: the new sport
-- :graduation_year  integer, between 1900 and 2100, optional: the new graduation year
-- :user_id          text, optional: the acting user (defaults to the database's only user)
-- :timezone         text, optional: the new IANA time zone, e.g. America/New_York (a name of /usr/share/zoneinfo)
-- display: id, name, email, sport, graduation_year
UPDATE users
SET name = COALESCE(:name, name), email = COALESCE(:email, email), sport = COALESCE(:sport, sport),
    graduation_year = COALESCE(:graduation_year, graduation_year),
    -- local_date checks the zone exists: a name that is none fails with "unknown time zone '...'"
    timezone = CASE WHEN :timezone IS NULL THEN timezone WHEN local_date(0, :timezone) IS NOT NULL THEN :timezone END,
    updated_at = switchboard_now()
WHERE id = COALESCE(:user_id, (SELECT id FROM sole_user))
RETURNING id, name, email, sport, graduation_year, created_at, updated_at, timezone;
