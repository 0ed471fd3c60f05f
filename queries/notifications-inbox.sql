-- name: notifications-inbox(user_id, type, search, unread, when, cursor_scheduled_for, cursor_id, limit)
-- The notifications page: every notification of the user, newest scheduled_for first (as an instant), by type chip and search.
-- Every notification by default, as spec 002 fetches them; when=due keeps those scheduled at or before now
-- (the pinned clock), when=upcoming those after it. notifications-unread-count and notifications-type-counts
-- take the same when and count the same set. Page with the keyset cursor (pass the scheduled_for and id of
-- the last row as cursor_scheduled_for and cursor_id) and limit, or take them all.
-- Order and comparisons use scheduled_for_ms, scheduled_for's instant (schema/0014_instants.sql); the
-- cursor is read by the same rule (an unreadable one gives an empty page).
-- Columns: AppNotification's fields, then is_read, type_label, type_emoji, priority_badge, relative_time,
-- route and accessibility_label.
-- empty: No notifications. You're all caught up!
-- :user_id               text, optional: the acting user (defaults to the database's only user)
-- :type                  text, one of follow_up_reminder|deadline_alert|daily_digest|inbound_interaction|offer|event, optional: only this type (the chip)
-- :search                text, optional: text to find in the title or message (case-insensitive substring; every
--                        word, in any order)
-- :unread                boolean, default false: only unread notifications (read_at IS NULL)
-- :when                  text, one of all|due|upcoming, default all: every notification, those due now, or those scheduled in the future
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
  -- search: the trigram index's candidates (schema/0023_inbox_trigrams_and_feed_filters.sql; every notification
  -- when no word has three characters), each tested as the apps test it; the candidates first, so that a
  -- notification outside them is passed over without reading its text.
  AND (search_trigrams(:search) IS NULL
       OR seq IN (SELECT rowid FROM notifications_trigram WHERE notifications_trigram MATCH search_trigrams(:search)))
  AND search_contains(:search, title, message)
  AND (NOT COALESCE(:unread, 0) OR read_at IS NULL)
  -- when, as two bounds on the index's second column, so that due starts its walk at now instead of
  -- passing every upcoming notification first (scheduled_for_ms is never NULL: its CHECK).
  AND scheduled_for_ms <= CASE COALESCE(:when, 'all') WHEN 'due' THEN strftime('%s', switchboard_now()) * 1000
                                                      ELSE 9223372036854775807 END
  AND scheduled_for_ms > CASE COALESCE(:when, 'all') WHEN 'upcoming' THEN strftime('%s', switchboard_now()) * 1000
                                                     ELSE -9223372036854775808 END
  AND (:cursor_scheduled_for IS NULL
       OR (scheduled_for_ms, id) < (instant_ms(:cursor_scheduled_for), COALESCE(:cursor_id, '')))
ORDER BY scheduled_for_ms DESC, id DESC
LIMIT COALESCE(:limit, -1);
