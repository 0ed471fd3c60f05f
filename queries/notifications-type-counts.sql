-- name: notifications-type-counts(user_id, when)
-- The filter chips of the notifications page, in order: All | Follow-ups | Deadlines | Inbound | Digest | Offers | Events.
-- Each with its type (NULL for All), label, emoji and counts ("Follow-ups (3)"), zeros included.
-- Counts the same set the inbox lists for the same when: every notification by default, so "All (N)" is
-- the length of the default list, or only the due or the upcoming ones.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- :when     text, one of all|due|upcoming, default all: count every notification, those due now, or those scheduled in the future
-- Reads counters, not the notifications: all from notification_counters (schema/0018_counters.sql); due and
-- upcoming from notification_schedule_counters (schema/0021_schedule_counters.sql): the buckets after now's
-- own at each level are upcoming, and due is every notification with an instant minus those.
-- display: emoji, label, count, unread
WITH RECURSIVE whole AS (  -- every notification of the user, by type, from the counters
    SELECT c.type, c.notifications AS total, c.unread
    FROM notification_counters AS c
    WHERE c.user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
),
own(level, bucket) AS (  -- now's bucket at each level (none when when does not ask for them)
    SELECT 0, CAST(strftime('%s', switchboard_now()) AS INTEGER) WHERE COALESCE(:when, 'all') IN ('due', 'upcoming')
    UNION ALL SELECT level + 1, bucket >> 6 FROM own WHERE level < 6
),
ranges(level, first, last, upcoming) AS (  -- the buckets after now's in its parent (any at level 6), and every level-6 bucket
    SELECT level, bucket + 1, CASE WHEN level < 6 THEN bucket | 63 ELSE 9223372036854775807 END, 1 FROM own
    UNION ALL SELECT 6, -9223372036854775808, 9223372036854775807, 0 FROM own WHERE level = 0
),
later AS (  -- by type: those after now, and those due (with an instant, and not after now)
    SELECT c.type,
           sum(CASE WHEN r.upcoming THEN c.notifications ELSE 0 END) AS upcoming,
           sum(CASE WHEN r.upcoming THEN c.unread ELSE 0 END) AS upcoming_unread,
           sum(CASE WHEN r.upcoming THEN -c.notifications ELSE c.notifications END) AS due,
           sum(CASE WHEN r.upcoming THEN -c.unread ELSE c.unread END) AS due_unread
    FROM ranges AS r
    JOIN notification_schedule_counters AS c
      ON c.user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND c.level = r.level AND c.bucket BETWEEN r.first AND r.last
    GROUP BY c.type
),
listed AS (  -- the notifications the inbox lists for this user and when, by type
    SELECT w.type,
           CASE COALESCE(:when, 'all') WHEN 'due' THEN coalesce(l.due, 0) WHEN 'upcoming' THEN coalesce(l.upcoming, 0)
                ELSE w.total END AS count,
           CASE COALESCE(:when, 'all') WHEN 'due' THEN coalesce(l.due_unread, 0) WHEN 'upcoming' THEN coalesce(l.upcoming_unread, 0)
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
