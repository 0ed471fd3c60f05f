-- name: profile-show(user_id)
-- The athlete's profile: the acting user (or the database's only one).
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- display: id, name, email, sport, graduation_year, timezone
SELECT id, name, email, sport, graduation_year, created_at, updated_at, timezone
FROM users
WHERE id = COALESCE(:user_id, (SELECT id FROM sole_user));
