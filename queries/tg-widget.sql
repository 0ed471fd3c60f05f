-- name: tg-widget
-- The widget export: the first 4 quick-send buttons in the widget's shape.
-- `switchboard run tg-widget --format json` prints the widget's JSON array of
-- {position, id, name, icon, target_group_name, group_display, deep_link}.
SELECT position, id, name, icon, target_group_name, group_display, deep_link
FROM widget_templates
ORDER BY position;
