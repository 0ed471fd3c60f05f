-- name: tg-delete(id)!
-- Deletes one quick-send template (the others keep their order). Reports 1 changed row, or 0 when there is no such template.
-- :id  text: the template's id
DELETE FROM tg_templates WHERE id = :id;
