-- name: unread_by_priority
-- Unread notifications per priority, high first, with bar geometry (bar: pixels out of 180; y: the row's offset).
-- :user_id  text, optional: the acting user (defaults to the database's only user)
WITH counts AS (  -- from the counters (schema/0026_digest_counters.sql)
    SELECT priority, unread AS count FROM notification_priority_counters
    WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND unread > 0)
SELECT priority, upper(priority) AS label, count,
       CAST(round(180.0 * count / (SELECT max(count) FROM counts)) AS INTEGER) AS bar,
       CAST(round(180.0 * count / (SELECT max(count) FROM counts)) AS INTEGER) + 136 AS label_x,
       24 * (row_number() OVER (ORDER BY CASE priority WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END) - 1) AS y,
       CASE priority WHEN 'high' THEN '#FF3333' WHEN 'normal' THEN '#F59E0B' ELSE '#1DA1F2' END AS color
FROM counts
ORDER BY CASE priority WHEN 'high' THEN 0 WHEN 'normal' THEN 1 ELSE 2 END;
