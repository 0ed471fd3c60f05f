-- name: templates-add!
-- Adds a communication template.
-- :user_id text, optional: the acting user
-- :name    text: the template's name
-- :type    text, one of email|text|twitter, required: its channel
-- :body    text: the Mustache body
INSERT INTO communication_templates (user_id, name, type, body)
VALUES (COALESCE(:user_id, (SELECT id FROM sole_user)), :name, :type, :body);
