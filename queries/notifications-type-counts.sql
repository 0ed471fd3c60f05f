-- name: notifications-type-counts
-- The type chips of the notifications page: every type with its label, emoji and counts ("🔔 Follow-ups (3)"), zeros included.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
SELECT type, label, emoji, count, unread, chip
FROM notification_type_counts
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
ORDER BY sort_order;
