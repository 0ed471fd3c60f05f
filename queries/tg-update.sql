-- name: tg-update!
-- Changes a quick-send template; what is not given stays as it is.
-- A new target group also takes the group's name unless one is given. Reports the changed row count.
-- :id                 text: the template's id
-- :name               text, optional: the new name
-- :message_text       text, optional: the new message
-- :icon               text, optional: the new SF Symbol name
-- :target_group_id    integer, optional: the new Telegram chat id
-- :target_group_name  text, optional: the new group name
-- :include_location   boolean, optional: attach the current location or not
UPDATE tg_templates
SET name = COALESCE(:name, name), message_text = COALESCE(:message_text, message_text), icon = COALESCE(:icon, icon),
    target_group_id = COALESCE(:target_group_id, target_group_id),
    target_group_name = COALESCE(:target_group_name, (SELECT title FROM tg_groups WHERE id = :target_group_id),
                                 target_group_name),
    include_location = COALESCE(:include_location, include_location)
WHERE id = :id;
