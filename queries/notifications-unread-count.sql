-- name: notifications-unread-count
-- The unread badge: how many notifications are unread, as a number and as a 99+ badge.
-- has_unread and has_read tell whether the "Mark all as read" and "Clear read" buttons show.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
SELECT unread, count_badge(unread) AS unread_badge, read, has_unread, has_read
FROM notification_counts
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
