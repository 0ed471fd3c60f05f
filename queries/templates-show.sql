-- name: templates-show
-- One communication template, with the variables its body uses.
-- :id       text: the template's id
-- :user_id  text, optional: the acting user (defaults to the database's only user)
SELECT id, name, type, type_display, body, variables, formatted_date, created_at, updated_at
FROM template_library
WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
