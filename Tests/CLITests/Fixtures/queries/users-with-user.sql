-- name: users-with-user
-- The acting user.
-- :user_id text, optional: the acting user
SELECT id, name FROM users WHERE id = COALESCE(:user_id, (SELECT id FROM sole_user));
