-- name: notifications-unread-count
-- The unread badge (a number and 99+ style), and whether the "Mark all as read" (has_unread) and
-- "Clear read" (has_read) buttons show.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
SELECT unread, count_badge(unread) AS unread_badge, read, has_unread, has_read
FROM notification_counts
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
