-- name: templates-show(id, user_id)
-- One communication template, as templates-list shows it (the edit form's data).
-- :id       text: the template's id
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- returns json: variables, body_variables
-- display: id, name, type_display, body_preview, formatted_date
SELECT id, user_id, name, type, body, variables, created_at, updated_at,
       type_display, body_preview, formatted_date, body_variables, template_error
FROM template_library
WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
