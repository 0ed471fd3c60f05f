-- name: notifications-inbox
-- The notifications page: the user's notifications, newest scheduled_for first, by type chip and search.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- :type     text, one of follow_up_reminder|deadline_alert|weekly_digest|inbound_interaction|achievement|event_reminder, optional: only this type (the chip)
-- :search   text, optional: text to find in the title or message (case-insensitive substring; every word, in
--           any order; accents folded)
-- :unread   boolean, default false: only unread notifications
-- :limit    integer, default 100: at most this many
SELECT id, type, type_label, type_emoji, title, message, priority, priority_badge, is_read, read_at,
       scheduled_for, relative_time, action_url, route, accessibility_label, coach_id
FROM notification_inbox
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
  AND (:type IS NULL OR type = :type)
  AND (search_contains(:search, title, message)
       OR seq IN (SELECT rowid FROM notifications_fts  -- accents folded, for words of letters and digits
                  WHERE fts_query(:search) IS NOT NULL AND NOT (:search GLOB ('*[^0-9A-Za-z ' || char(9, 10, 13) || 'À-ÖØ-öø-ɏ̀-ͯͰ-ӿḀ-ỿ]*'))
                    AND notifications_fts MATCH fts_query(:search)))
  AND (NOT COALESCE(:unread, 0) OR is_read = 0)
ORDER BY scheduled_for DESC, seq DESC
LIMIT COALESCE(:limit, 100);
