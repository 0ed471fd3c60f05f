-- name: users-list
-- Users by id.
-- :limit integer, default 10: how many
SELECT id, name, graduation_year FROM users ORDER BY id LIMIT COALESCE(:limit, 10);
