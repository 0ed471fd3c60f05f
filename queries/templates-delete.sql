-- name: templates-delete(id, user_id)!
-- Deletes one template; interactions logged from it keep their text.
-- Their template_id is cleared by the foreign key (PRAGMA foreign_keys = ON, which the CLI sets and shell
-- users set themselves). Reports 1 changed row; an id that is not the user's is an error.
-- missing: Template not found
-- :id       text: the template's id
-- :user_id  text, optional: the acting user (defaults to the database's only user)
DELETE FROM communication_templates
WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
