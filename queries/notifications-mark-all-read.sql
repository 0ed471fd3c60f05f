-- name: notifications-mark-all-read!
-- "Mark all as read": marks every unread notification of the user read. Reports how many changed.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
UPDATE notifications SET is_read = 1
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND is_read = 0;
