-- name: notifications-type-counts(user_id)
-- The filter chips of the notifications page, in order: All | Follow-ups | Deadlines | Inbound | Digest | Offers | Events.
-- Each with its type (NULL for All), label, emoji and counts ("Follow-ups (3)"), zeros included.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- display: emoji, label, count, unread
SELECT type, label, emoji, count, unread, chip
FROM notification_type_counts
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
ORDER BY sort_order;
