-- name: templates-update(id, name, type, body, variables, user_id)<!
-- Changes a template's name, type, body and/or variables ("Save Changes"); what is not given stays as it is.
-- The body is saved as written; one that does not parse as a template is saved too, and body_warning says
-- why (run prints it on stderr). Empty values ("") fail with the template's named constraints. Returns the
-- updated template; an id that is not the user's is an error.
-- missing: Template not found
-- :id         text: the template's id
-- :name       text, optional: the new name
-- :type       text, one of email|text|twitter, optional: the new type
-- :body       text, optional: the new body
-- :variables  text, optional: the new list of supported variables, a JSON array
-- :user_id    text, optional: the acting user (defaults to the database's only user)
-- returns json: variables
-- returns warning: body_warning
-- display: id, name, type, body
UPDATE communication_templates
SET name = COALESCE(:name, name), type = COALESCE(:type, type), body = COALESCE(:body, body),
    variables = CASE WHEN :variables IS NOT NULL THEN json(:variables) ELSE variables END,
    updated_at = switchboard_now()
WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
RETURNING id, user_id, name, type, body, variables, created_at, updated_at,
          -- a body that does not parse is saved as written, with this warning (NULL when it parses)
          'body: ' || template_error(body) AS body_warning;
