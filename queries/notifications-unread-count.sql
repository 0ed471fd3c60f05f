-- name: notifications-unread-count(user_id, when)
-- The header: how many notifications are unread, as a number, as "X unread" and as a badge (99+ above 100).
-- has_unread and has_read tell whether the "Mark all as read" and "Clear read" buttons show.
-- Counts the same set the inbox lists for the same when: every notification by default (spec 002 counts
-- unread ones over the whole list), or only the due or the upcoming ones.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- :when     text, one of all|due|upcoming, default all: count every notification, those due now, or those scheduled in the future
-- returns boolean: has_unread, has_read
-- display: unread, unread_label, unread_badge, read
SELECT unread, unread || ' unread' AS unread_label, count_badge(unread) AS unread_badge, read,
       unread > 0 AS has_unread, read > 0 AS has_read
FROM (
    SELECT count(CASE WHEN n.seq IS NOT NULL AND n.read_at IS NULL THEN 1 END) AS unread, count(n.read_at) AS read
    FROM users AS u
    LEFT JOIN notifications AS n
        ON n.user_id = u.id
       AND CASE COALESCE(:when, 'all')  -- the inbox's when, as notifications-inbox reads it
               WHEN 'due' THEN n.scheduled_for_ms <= strftime('%s', switchboard_now()) * 1000
               WHEN 'upcoming' THEN n.scheduled_for_ms > strftime('%s', switchboard_now()) * 1000
               ELSE 1 END
    WHERE u.id = COALESCE(:user_id, (SELECT id FROM sole_user))
    GROUP BY u.id
);
