-- name: templates-show
-- One communication template, with the variables its body uses.
-- :id       text: the template's id
-- :user_id  text, optional: the acting user (defaults to the database's only user)
SELECT t.id, t.name, t.type, t.body, template_variables(t.body) AS variables, t.created_at, t.updated_at
FROM communication_templates AS t
WHERE t.id = :id AND t.user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
