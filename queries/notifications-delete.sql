-- name: notifications-delete(id, user_id)!
-- Deletes one notification. Reports 1 changed row; an id that is not the user's is an error.
-- missing: Notification not found
-- :id       text: the notification's id
-- :user_id  text, optional: the acting user (defaults to the database's only user)
DELETE FROM notifications
WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
