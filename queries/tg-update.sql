-- name: tg-update(id, name, message_text, icon, target_group_id, target_group_name, include_location)<!
-- Changes a quick-send template (the editor's Save on an existing one); what is not given stays as it is.
-- A new target group also takes the group's title from tg_groups unless a name is given. The group cannot be
-- cleared, as in the app. Returns the updated template; an unknown id is an error.
-- missing: Template not found
-- :id                 text: the template's id
-- :name               text, optional: the new name
-- :message_text       text, optional: the new message
-- :icon               text, optional: the new SF Symbol name
-- :target_group_id    integer, optional: the new Telegram chat id
-- :target_group_name  text, optional: the new group name
-- :include_location   boolean, optional: append the current location or not
-- returns boolean: include_location
-- display: id, name, message_text, target_group_name, include_location
UPDATE tg_templates
SET name = COALESCE(:name, name), message_text = COALESCE(:message_text, message_text), icon = COALESCE(:icon, icon),
    target_group_id = COALESCE(:target_group_id, target_group_id),
    target_group_name = COALESCE(:target_group_name, (SELECT title FROM tg_groups WHERE id = :target_group_id),
                                 target_group_name),
    include_location = COALESCE(:include_location, include_location),
    updated_at = switchboard_now()
WHERE id = :id
RETURNING id, name, icon, message_text, target_group_id, target_group_name, include_location, created_at, updated_at,
          sort_order;
