-- name: tg-templates()
-- The Telegram quick-send buttons, in order.
-- Template's fields, then position (1-based), group_display (the saved group name, or "Select..."),
-- member_count (when the group is known) and deep_link.
-- empty: No Templates
-- returns boolean: include_location
-- display: id, name, message_text, group_display, position
SELECT id, name, icon, message_text, target_group_id, target_group_name, include_location, created_at, updated_at,
       sort_order, position, group_display, member_count, deep_link
FROM tg_template_buttons
ORDER BY position;
