-- name: notifications-unread-count
-- The unread badge: how many of the user's notifications are unread, as a number and as a badge (99+).
-- :user_id  text, optional: the acting user (defaults to the database's only user)
SELECT count(*) AS unread, count_badge(count(*)) AS unread_badge
FROM notifications
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND is_read = 0;
