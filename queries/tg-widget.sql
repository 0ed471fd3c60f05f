-- name: tg-widget()
-- The widget export: the first 4 quick-send buttons as the widget's WidgetTemplate array.
-- `switchboard run tg-widget --format json` prints exactly
-- [{"id","name","icon","messageText","targetGroupId","targetGroupName","includeLocation"}, ...].
-- empty: No templates
-- returns boolean: includeLocation
-- display: id, name, icon, messageText, targetGroupName
SELECT id, name, icon, messageText, targetGroupId, targetGroupName, includeLocation
FROM widget_templates;
