-- name: unread_by_type
-- Unread notifications per type, in the notifications page's order, with bar geometry.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
WITH counts AS (  -- from the counters (schema/0018_counters.sql)
    SELECT t.type, t.label, t.emoji, t.sort_order, c.unread AS count
    FROM notification_counters AS c JOIN notification_types AS t ON t.type = c.type
    WHERE c.user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND c.unread > 0)
SELECT type, label, emoji, count,
       CAST(round(180.0 * count / (SELECT max(count) FROM counts)) AS INTEGER) AS bar,
       CAST(round(180.0 * count / (SELECT max(count) FROM counts)) AS INTEGER) + 136 AS label_x,
       24 * (row_number() OVER (ORDER BY sort_order) - 1) AS y
FROM counts
ORDER BY sort_order;
