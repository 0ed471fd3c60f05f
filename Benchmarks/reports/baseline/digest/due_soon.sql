-- name: due_soon
-- Unread deadlines and follow-ups due in the next 7 days, soonest first (when: today, tomorrow, in N days).
-- :user_id  text, optional: the acting user (defaults to the database's only user)
SELECT n.title, n.message, n.priority, upper(n.priority) AS priority_badge, t.label AS type_label, t.emoji AS type_emoji,
       n.scheduled_for, date(n.scheduled_for) AS day,
       CASE CAST(julianday(date(n.scheduled_for)) - julianday(date(switchboard_now())) AS INTEGER)
           WHEN 0 THEN 'today' WHEN 1 THEN 'tomorrow'
           ELSE 'in ' || CAST(julianday(date(n.scheduled_for)) - julianday(date(switchboard_now())) AS INTEGER) || ' days'
       END AS due
FROM notifications AS n JOIN notification_types AS t ON t.type = n.type
WHERE n.user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND n.read_at IS NULL AND n.type IN ('deadline_alert', 'follow_up_reminder')
  AND julianday(n.scheduled_for) >= julianday(switchboard_now())
  AND julianday(n.scheduled_for) < julianday(switchboard_now(), '+7 days')
ORDER BY n.scheduled_for, n.seq;
