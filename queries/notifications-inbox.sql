-- name: notifications-inbox(user_id, type, search, unread, when, cursor_scheduled_for, cursor_id, limit)
-- The notifications page: every notification of the user, newest scheduled_for first, by type chip and search.
-- Due notifications (scheduled_for at or before now, the pinned clock) by default; upcoming ones with
-- when=upcoming, both with when=all. Every notification comes back: page with the keyset cursor (pass the
-- scheduled_for and id of the last row as cursor_scheduled_for and cursor_id) and limit, or take them all.
-- Columns: AppNotification's fields, then is_read, type_label, type_emoji, priority_badge, relative_time,
-- route and accessibility_label.
-- :user_id               text, optional: the acting user (defaults to the database's only user)
-- :type                  text, one of follow_up_reminder|deadline_alert|daily_digest|inbound_interaction|offer|event, optional: only this type (the chip)
-- :search                text, optional: text to find in the title or message (case-insensitive substring; every
--                        word, in any order; accents folded)
-- :unread                boolean, default false: only unread notifications (read_at IS NULL)
-- :when                  text, one of due|upcoming|all, default due: due now, scheduled in the future, or both
-- :cursor_scheduled_for  text, optional: scheduled_for of the last row of the previous page
-- :cursor_id             text, optional: id of the last row of the previous page
-- :limit                 integer, between 1 and 10000, optional: at most this many (all when not given)
-- returns boolean: email_sent, is_read
-- returns json: route
-- display: type_emoji, title, relative_time, priority_badge, message
SELECT id, user_id, type, title, message, priority, read_at, scheduled_for, sent_at, email_sent, email_sent_at,
       action_url, related_entity_type, related_entity_id, related_school_id, related_coach_id, related_offer_id,
       related_event_id, created_at, updated_at,
       is_read, type_label, type_emoji, priority_badge, relative_time, route, accessibility_label
FROM notification_inbox
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
  AND (:type IS NULL OR type = :type)
  AND (search_contains(:search, title, message)
       OR seq IN (SELECT rowid FROM notifications_fts  -- accents folded, for words of letters and digits
                  WHERE fts_query(:search) IS NOT NULL AND NOT (:search GLOB ('*[^0-9A-Za-z ' || char(9, 10, 13) || 'À-ÖØ-öø-ɏ̀-ͯͰ-ӿḀ-ỿ]*'))
                    AND notifications_fts MATCH fts_query(:search)))
  AND (NOT COALESCE(:unread, 0) OR read_at IS NULL)
  AND CASE COALESCE(:when, 'due')
          WHEN 'due' THEN julianday(scheduled_for) <= julianday(switchboard_now())
          WHEN 'upcoming' THEN julianday(scheduled_for) > julianday(switchboard_now())
          ELSE 1 END
  AND (:cursor_scheduled_for IS NULL OR (scheduled_for, id) < (:cursor_scheduled_for, COALESCE(:cursor_id, '')))
ORDER BY scheduled_for DESC, id DESC
LIMIT COALESCE(:limit, -1);
