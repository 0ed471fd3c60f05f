-- name: templates-create!
-- Creates a communication template and returns its id.
-- A blank name or body fails with template_name_required / template_body_required, a type outside
-- email|text|twitter with template_type_valid, and the database is unchanged.
-- :name     text: the template's name
-- :type     text, one of email|text|twitter: the channel it is for
-- :body     text: the Mustache body, e.g. 'Dear {{coach_name}}, ...' (see templates-variables)
-- :user_id  text, optional: the acting user (defaults to the database's only user)
INSERT INTO communication_templates (user_id, name, type, body)
VALUES (COALESCE(:user_id, (SELECT id FROM sole_user)), :name, :type, :body)
RETURNING id, name, type;
