-- name: notifications-clear-read(user_id)!
-- "Clear read": deletes every read notification of the user (read_at IS NOT NULL). Reports how many were deleted.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
DELETE FROM notifications
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND read_at IS NOT NULL;
