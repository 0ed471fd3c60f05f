-- name: tg-icons()
-- The icon picker: the 36 SF Symbols a quick-send button can show, in the picker's order.
-- display: name
SELECT name
FROM tg_icons
ORDER BY sort_order, name;
