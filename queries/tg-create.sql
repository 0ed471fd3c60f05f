-- name: tg-create!
-- Adds a quick-send template at the end of the list and returns its id and position.
-- The group's name is copied from tg_groups when not given. A blank name or message fails with
-- tg_template_name_required / tg_template_message_required.
-- :name               text: the button's name
-- :message_text       text: the message it sends
-- :icon               text, default paperplane.fill: an SF Symbol name (see tg_icons)
-- :target_group_id    integer, optional: the Telegram chat id to send to
-- :target_group_name  text, optional: the group's name as shown when the group is unknown
-- :include_location   boolean, default false: attach the current location
INSERT INTO tg_templates (name, icon, message_text, target_group_id, target_group_name, include_location, sort_order)
VALUES (:name, COALESCE(:icon, 'paperplane.fill'), :message_text, :target_group_id,
        COALESCE(:target_group_name, (SELECT title FROM tg_groups WHERE id = :target_group_id)),
        COALESCE(:include_location, 0),
        (SELECT COALESCE(max(sort_order), -1) + 1 FROM tg_templates))
RETURNING id, name, sort_order;
