-- name: notifications-inbox
-- The notifications page: the user's notifications, newest scheduled_for first, by type chip and search.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- :type     text, one of follow_up_reminder|deadline_alert|weekly_digest|inbound_interaction|achievement|event_reminder, optional: only this type (the chip)
-- :search   text, optional: words to find in the title or message (prefix match, all words)
-- :unread   boolean, default false: only unread notifications
-- :limit    integer, default 100: at most this many
SELECT n.id, n.type, t.label AS type_label, t.emoji AS type_emoji, n.title, n.message, n.priority,
       upper(n.priority) AS priority_badge, n.is_read, n.read_at, n.scheduled_for,
       relative_date(n.scheduled_for) AS relative_time, n.action_url
FROM notifications AS n
JOIN notification_types AS t ON t.type = n.type
WHERE n.user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
  AND (:type IS NULL OR n.type = :type)
  AND (fts_query(:search) IS NULL
       OR n.seq IN (SELECT rowid FROM notifications_fts WHERE notifications_fts MATCH fts_query(:search)))
  AND (NOT COALESCE(:unread, 0) OR n.is_read = 0)
ORDER BY n.scheduled_for DESC, n.seq DESC
LIMIT COALESCE(:limit, 100);
