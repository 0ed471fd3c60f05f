-- name: notifications-type-counts(user_id, when)
-- The filter chips of the notifications page, in order: All | Follow-ups | Deadlines | Inbound | Digest | Offers | Events.
-- Each with its type (NULL for All), label, emoji and counts ("Follow-ups (3)"), zeros included.
-- Counts the same set the inbox lists for the same when: every notification by default, so "All (N)" is
-- the length of the default list, or only the due or the upcoming ones.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- :when     text, one of all|due|upcoming, default all: count every notification, those due now, or those scheduled in the future
-- Reads counters, not the notifications (schema/0018_counters.sql): all from notification_counters;
-- upcoming from the notifications_schedule index's range after now; due = all minus those not due.
-- display: emoji, label, count, unread
WITH whole AS (  -- every notification of the user, by type, from the counters
    SELECT c.type, c.notifications AS total, c.unread
    FROM notification_counters AS c
    WHERE c.user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
),
later AS (  -- those not due now (scheduled after now, or with no instant): two ranges of notifications_schedule,
            -- read only when when asks for them
    SELECT coalesce(type, '') AS type, count(*) AS total, count(CASE WHEN read_at IS NULL THEN 1 END) AS unread,
           count(ms) AS upcoming, count(CASE WHEN ms IS NOT NULL AND read_at IS NULL THEN 1 END) AS upcoming_unread
    FROM (SELECT n.type, n.read_at, n.scheduled_for_ms AS ms
          FROM notifications AS n
          WHERE COALESCE(:when, 'all') IN ('due', 'upcoming') AND n.user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
            AND n.scheduled_for_ms > strftime('%s', switchboard_now()) * 1000
          UNION ALL
          SELECT n.type, n.read_at, NULL
          FROM notifications AS n
          WHERE COALESCE(:when, 'all') IN ('due', 'upcoming') AND n.user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
            AND n.scheduled_for_ms IS NULL)
    GROUP BY coalesce(type, '')
),
listed AS (  -- the notifications the inbox lists for this user and when, by type
    SELECT w.type,
           CASE COALESCE(:when, 'all') WHEN 'due' THEN w.total - coalesce(l.total, 0) WHEN 'upcoming' THEN coalesce(l.upcoming, 0)
                ELSE w.total END AS count,
           CASE COALESCE(:when, 'all') WHEN 'due' THEN w.unread - coalesce(l.unread, 0) WHEN 'upcoming' THEN coalesce(l.upcoming_unread, 0)
                ELSE w.unread END AS unread
    FROM whole AS w
    LEFT JOIN later AS l ON l.type = w.type
),
chips AS (
    SELECT NULL AS type, 'All' AS label, NULL AS emoji, 0 AS sort_order,
           (SELECT coalesce(sum(count), 0) FROM listed) AS count,
           (SELECT coalesce(sum(unread), 0) FROM listed) AS unread
    UNION ALL
    SELECT t.type, t.label, t.emoji, t.sort_order, coalesce(l.count, 0), coalesce(l.unread, 0)
    FROM notification_types AS t
    LEFT JOIN listed AS l ON l.type = t.type
)
SELECT type, label, emoji, count, unread, label || ' (' || count || ')' AS chip
FROM chips
WHERE EXISTS (SELECT 1 FROM users WHERE id = COALESCE(:user_id, (SELECT id FROM sole_user)))
ORDER BY sort_order;
