-- name: tg-templates
-- The Telegram quick-send buttons, in order, with the target group shown as 'Title (N members)'.
SELECT position, id, name, icon, message_text, target_group_id, target_group_name, member_count, group_display,
       include_location, sort_order, deep_link
FROM tg_template_buttons
ORDER BY position;
