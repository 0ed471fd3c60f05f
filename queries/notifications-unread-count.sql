-- name: notifications-unread-count(user_id, when)
-- The header: how many notifications are unread, as a number, as "X unread" and as a badge (99+ above 100).
-- has_unread and has_read tell whether the "Mark all as read" and "Clear read" buttons show.
-- Counts the same set the inbox lists for the same when: every notification by default (spec 002 counts
-- unread ones over the whole list), or only the due or the upcoming ones.
-- Reads counters, not the notifications (schema/0018_counters.sql): all from notification_counters;
-- upcoming from the notifications_schedule index's range after now; due = all minus those not due.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- :when     text, one of all|due|upcoming, default all: count every notification, those due now, or those scheduled in the future
-- returns boolean: has_unread, has_read
-- display: unread, unread_label, unread_badge, read
WITH whole AS (  -- every notification of the user, from the counters
    SELECT u.id AS user_id, coalesce(sum(c.notifications), 0) AS total, coalesce(sum(c.unread), 0) AS unread
    FROM users AS u
    LEFT JOIN notification_counters AS c ON c.user_id = u.id
    WHERE u.id = COALESCE(:user_id, (SELECT id FROM sole_user))
    GROUP BY u.id
),
later AS (  -- those not due now (scheduled after now, or with no instant): two ranges of notifications_schedule,
            -- read only when when asks for them
    SELECT count(*) AS total, count(CASE WHEN read_at IS NULL THEN 1 END) AS unread,
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
),
counted AS (
    SELECT CASE COALESCE(:when, 'all') WHEN 'due' THEN w.total - l.total WHEN 'upcoming' THEN l.upcoming ELSE w.total END AS total,
           CASE COALESCE(:when, 'all') WHEN 'due' THEN w.unread - l.unread WHEN 'upcoming' THEN l.upcoming_unread ELSE w.unread END AS unread
    FROM whole AS w, later AS l
)
SELECT unread, unread || ' unread' AS unread_label, count_badge(unread) AS unread_badge, total - unread AS read,
       unread > 0 AS has_unread, total - unread > 0 AS has_read
FROM counted;
