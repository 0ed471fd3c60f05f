-- name: notifications-unread-count(user_id, when)
-- The header: how many notifications are unread, as a number, as "X unread" and as a badge (99+ above 100).
-- has_unread and has_read tell whether the "Mark all as read" and "Clear read" buttons show.
-- Counts the same set the inbox lists for the same when: every notification by default (spec 002 counts
-- unread ones over the whole list), or only the due or the upcoming ones.
-- Reads counters, not the notifications: all from notification_counters (schema/0018_counters.sql); due and
-- upcoming from notification_schedule_counters (schema/0021_schedule_counters.sql): the buckets after now's
-- own at each level are upcoming, and due is every notification with an instant minus those.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- :when     text, one of all|due|upcoming, default all: count every notification, those due now, or those scheduled in the future
-- returns boolean: has_unread, has_read
-- display: unread, unread_label, unread_badge, read
WITH RECURSIVE whole AS (  -- every notification of the user, from the counters
    SELECT u.id AS user_id, coalesce(sum(c.notifications), 0) AS total, coalesce(sum(c.unread), 0) AS unread
    FROM users AS u
    LEFT JOIN notification_counters AS c ON c.user_id = u.id
    WHERE u.id = COALESCE(:user_id, (SELECT id FROM sole_user))
    GROUP BY u.id
),
own(level, bucket) AS (  -- now's bucket at each level (none when when does not ask for them)
    SELECT 0, CAST(strftime('%s', switchboard_now()) AS INTEGER) WHERE COALESCE(:when, 'all') IN ('due', 'upcoming')
    UNION ALL SELECT level + 1, bucket >> 6 FROM own WHERE level < 6
),
ranges(level, first, last, upcoming) AS (  -- the buckets after now's in its parent (any at level 6), and every level-6 bucket
    SELECT level, bucket + 1, CASE WHEN level < 6 THEN bucket | 63 ELSE 9223372036854775807 END, 1 FROM own
    UNION ALL SELECT 6, -9223372036854775808, 9223372036854775807, 0 FROM own WHERE level = 0
),
later AS (  -- those after now, and those due (with an instant, and not after now)
    SELECT coalesce(sum(CASE WHEN r.upcoming THEN c.notifications ELSE 0 END), 0) AS upcoming,
           coalesce(sum(CASE WHEN r.upcoming THEN c.unread ELSE 0 END), 0) AS upcoming_unread,
           coalesce(sum(CASE WHEN r.upcoming THEN -c.notifications ELSE c.notifications END), 0) AS due,
           coalesce(sum(CASE WHEN r.upcoming THEN -c.unread ELSE c.unread END), 0) AS due_unread
    FROM ranges AS r
    JOIN notification_schedule_counters AS c
      ON c.user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND c.level = r.level AND c.bucket BETWEEN r.first AND r.last
),
counted AS (
    SELECT CASE COALESCE(:when, 'all') WHEN 'due' THEN l.due WHEN 'upcoming' THEN l.upcoming ELSE w.total END AS total,
           CASE COALESCE(:when, 'all') WHEN 'due' THEN l.due_unread WHEN 'upcoming' THEN l.upcoming_unread ELSE w.unread END AS unread
    FROM whole AS w, later AS l
)
SELECT unread, unread || ' unread' AS unread_label, count_badge(unread) AS unread_badge, total - unread AS read,
       unread > 0 AS has_unread, total - unread > 0 AS has_read
FROM counted;
