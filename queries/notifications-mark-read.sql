-- name: notifications-mark-read!
-- Marks one notification read; read_at is stamped by a trigger.
-- Reports 1 changed row, or 0 when it is not the user's or already read.
-- :id       text: the notification's id
-- :user_id  text, optional: the acting user (defaults to the database's only user)
UPDATE notifications SET is_read = 1
WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND is_read = 0;
