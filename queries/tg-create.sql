-- name: tg-create(name, message_text, target_group_id, target_group_name, icon, include_location, sort_order)<!
-- Saves a new quick-send template, as the editor's Save button does, and returns it.
-- Save needs a name, a message and a target group (the button is disabled without them): a missing one is a
-- usage error, an empty one ("": the app's isEmpty, so spaces are text) fails with tg_template_name_required /
-- tg_template_message_required.
-- The group's name is copied from tg_groups when not given; the template keeps it even if the group goes.
-- A new template's sort_order is 0, as the app's Template init gives it (tg-reorder moves it).
-- :name               text: the button's name
-- :message_text       text: the message it sends
-- :target_group_id    integer: the Telegram chat id to send to
-- :target_group_name  text, optional: the group's name (default: its title in tg_groups)
-- :icon               text, default paperplane.fill: an SF Symbol name (see tg_icons)
-- :include_location   boolean, default false: append the current location
-- :sort_order         integer, at least 0, default 0: its place in the list
-- returns boolean: include_location
-- display: id, name, message_text, target_group_name, include_location
INSERT INTO tg_templates (name, icon, message_text, target_group_id, target_group_name, include_location, sort_order,
                          created_at, updated_at)
VALUES (:name, COALESCE(:icon, 'paperplane.fill'), :message_text, :target_group_id,
        COALESCE(:target_group_name, (SELECT title FROM tg_groups WHERE id = :target_group_id)),
        COALESCE(:include_location, 0), COALESCE(:sort_order, 0), switchboard_now(), switchboard_now())
RETURNING id, name, icon, message_text, target_group_id, target_group_name, include_location, created_at, updated_at,
          sort_order;
