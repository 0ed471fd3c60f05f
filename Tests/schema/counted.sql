-- Test fixture: every counter row (counters_now) beside the same figures counted from the rows (counted_now),
-- as temporary views; a case compares them with EXCEPT both ways. Read after Tests/schema/schema.sql:
--   .read Tests/schema/counted.sql
CREATE TEMP VIEW counters_now AS
SELECT 'posts' AS counted, user_id, platform AS kind, posts AS n, flagged AS m FROM social_media_post_counters
UNION ALL SELECT 'notifications', user_id, type, notifications, unread FROM notification_counters
UNION ALL SELECT 'templates', user_id, type, templates, 0 FROM communication_template_counters
UNION ALL SELECT 'schedule', user_id, type || ' ' || level || ' ' || bucket, notifications, unread FROM notification_schedule_counters;
CREATE TEMP VIEW counted_now AS
SELECT 'posts' AS counted, user_id, coalesce(platform, '') AS kind, count(*) AS n,
       count(CASE WHEN flagged_for_review IS 1 THEN 1 END) AS m
FROM social_media_posts GROUP BY 2, 3
UNION ALL
SELECT 'notifications', user_id, coalesce(type, ''), count(*), count(CASE WHEN read_at IS NULL THEN 1 END)
FROM notifications WHERE user_id IS NOT NULL GROUP BY 2, 3
UNION ALL
SELECT 'templates', user_id, coalesce(type, ''), count(*), 0 FROM communication_templates GROUP BY 2, 3
UNION ALL
SELECT 'schedule', n.user_id,
       coalesce(n.type, '') || ' ' || l.column1 || ' ' || ((n.scheduled_for_ms / 1000 + (n.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1)),
       count(*), count(CASE WHEN n.read_at IS NULL THEN 1 END)
FROM notifications AS n, (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l
WHERE n.user_id IS NOT NULL AND n.scheduled_for_ms IS NOT NULL GROUP BY 2, 3;
