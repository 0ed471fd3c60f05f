-- name: templates-update!
-- Changes a template's name, type and/or body; what is not given stays as it is.
-- updated_at is kept by a trigger. Blank values fail with the template's named constraints. Reports the changed row count.
-- :id       text: the template's id
-- :name     text, optional: the new name
-- :type     text, one of email|text|twitter, optional: the new type
-- :body     text, optional: the new body
-- :user_id  text, optional: the acting user (defaults to the database's only user)
UPDATE communication_templates
SET name = COALESCE(:name, name), type = COALESCE(:type, type), body = COALESCE(:body, body)
WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
