-- name: notifications-mark-all-read(user_id)!
-- "Mark all as read": every unread notification of the user (read_at IS NULL) gets read_at and updated_at = now.
-- Reports how many were marked.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
UPDATE notifications SET read_at = switchboard_now(), updated_at = switchboard_now()
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND read_at IS NULL;
