-- name: tg-delete(id)!
-- Deletes one quick-send template (the others keep their order). Reports 1 changed row; an unknown id is an error.
-- missing: Template not found
-- :id  text: the template's id
DELETE FROM tg_templates WHERE id = :id;
