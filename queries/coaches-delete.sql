-- name: coaches-delete(id, user_id)!
-- Deletes one of the user's coaches and the interactions logged with them.
-- Posts and notifications that name the coach keep the id (the apps' back-end ids are not foreign keys).
-- Reports 1 changed row; an id that is not the user's is an error.
-- missing: Coach not found
-- :id       text: the coach's id
-- :user_id  text, optional: the acting user (defaults to the database's only user)
DELETE FROM coaches WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
