-- name: notifications-unread-count(user_id)
-- The header: how many notifications are unread, as a number, as "X unread" and as a badge (99+ above 100).
-- has_unread and has_read tell whether the "Mark all as read" and "Clear read" buttons show.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- returns boolean: has_unread, has_read
-- display: unread, unread_label, unread_badge, read
SELECT unread, unread_label, count_badge(unread) AS unread_badge, read, has_unread, has_read
FROM notification_counts
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
