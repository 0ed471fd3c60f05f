-- name: notifications-type-counts(user_id, when)
-- The filter chips of the notifications page, in order: All | Follow-ups | Deadlines | Inbound | Digest | Offers | Events.
-- Each with its type (NULL for All), label, emoji and counts ("Follow-ups (3)"), zeros included.
-- Counts the same set the inbox lists for the same when: every notification by default, so "All (N)" is
-- the length of the default list, or only the due or the upcoming ones.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- :when     text, one of all|due|upcoming, default all: count every notification, those due now, or those scheduled in the future
-- display: emoji, label, count, unread
WITH listed AS (  -- the notifications the inbox lists for this user and when
    SELECT n.type, n.read_at
    FROM notifications AS n
    WHERE n.user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
      AND CASE COALESCE(:when, 'all')
              WHEN 'due' THEN n.scheduled_for_ms <= strftime('%s', switchboard_now()) * 1000
              WHEN 'upcoming' THEN n.scheduled_for_ms > strftime('%s', switchboard_now()) * 1000
              ELSE 1 END
),
chips AS (
    SELECT NULL AS type, 'All' AS label, NULL AS emoji, 0 AS sort_order,
           (SELECT count(*) FROM listed) AS count,
           (SELECT count(*) FROM listed WHERE read_at IS NULL) AS unread
    UNION ALL
    SELECT t.type, t.label, t.emoji, t.sort_order, count(l.type),
           count(CASE WHEN l.type IS NOT NULL AND l.read_at IS NULL THEN 1 END)
    FROM notification_types AS t
    LEFT JOIN listed AS l ON l.type = t.type
    GROUP BY t.type
)
SELECT type, label, emoji, count, unread, label || ' (' || count || ')' AS chip
FROM chips
WHERE EXISTS (SELECT 1 FROM users WHERE id = COALESCE(:user_id, (SELECT id FROM sole_user)))
ORDER BY sort_order;
