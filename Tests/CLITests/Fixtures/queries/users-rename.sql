-- name: users-rename!
-- Renames every user, returning typed columns.
-- :name text: the new name
-- returns boolean: has_email
-- returns json: card
UPDATE users SET name = :name RETURNING id, email IS NOT NULL AS has_email, json_object('name', name) AS card;
