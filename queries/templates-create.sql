-- name: templates-create(name, type, body, variables, user_id)<!
-- Creates a communication template ("Save Template") and returns it.
-- The body is saved as written (spec 000: "Special characters in body: Allow (no restrictions)"); one that
-- does not parse as a template is saved too, and body_warning says why, which run also prints on stderr
-- ("warning: body: unclosed tag at line 1, column 4"; templates-list shows it as template_error).
-- An empty name or body ("": the app's isEmpty, so spaces are text) fails with template_name_required /
-- template_body_required, a type outside email|text|twitter with template_type_valid, variables that are
-- not a JSON array with template_variables_array; the database is unchanged.
-- :name       text: the template's name
-- :type       text, one of email|text|twitter, default email: the channel it is for
-- :body       text: the Mustache body, e.g. 'Dear {{coach_name}}, ...' (see templates-variables)
-- :variables  text, optional: the supported variables, a JSON array such as '["coach_name","school_name"]'
-- :user_id    text, optional: the acting user (defaults to the database's only user)
-- returns json: variables
-- returns warning: body_warning
-- display: id, name, type, body
INSERT INTO communication_templates (user_id, name, type, body, variables, created_at, updated_at)
SELECT COALESCE(:user_id, (SELECT id FROM sole_user)), :name, COALESCE(:type, 'email'), :body,
       CASE WHEN :variables IS NOT NULL THEN json(:variables) END, switchboard_now(), switchboard_now()
RETURNING id, user_id, name, type, body, variables, created_at, updated_at,
          -- a body that does not parse is saved as written, with this warning (NULL when it parses)
          'body: ' || template_error(body) AS body_warning;
