-- name: users-rename!
-- Renames every user, returning typed columns.
-- :name text: the new name
-- returns boolean: is_first
-- returns json: card
UPDATE users SET name = :name RETURNING id, id = 'u1' AS is_first, json_object('name', name) AS card;
