-- name: notifications-mark-unread(id, user_id)<!
-- Marks one notification unread again (the pages' "Mark unread"): read_at becomes NULL, updated_at now (the pinned clock).
-- Returns the updated notification; an id that is not the user's is an error.
-- missing: Notification not found
-- :id       text: the notification's id
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- returns boolean: email_sent
-- display: id, type, title, read_at
UPDATE notifications SET read_at = NULL, updated_at = switchboard_now()
WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
RETURNING id, user_id, type, title, message, priority, read_at, scheduled_for, sent_at, email_sent, email_sent_at,
          action_url, related_entity_type, related_entity_id, related_school_id, related_coach_id, related_offer_id,
          related_event_id, created_at, updated_at;
