-- name: due_soon
-- Unread deadlines and follow-ups due in the next 7 days, soonest first (when: today, tomorrow, in N days):
-- the first 50 (the report's cap on a list; summary.due_count counts them all, summary.due_more the rest).
-- :user_id  text, optional: the acting user (defaults to the database's only user)

-- The window is the next 7 days from now (instants); day and due count the user's calendar days
-- (local_date in zone's tz: users.timezone, or the CLI's --tz or $SWITCHBOARD_TZ when given, through
-- display_timezone), so 'today' is what the user's calendar says, not UTC's.

-- *_md: the same text made safe for report.md.mustache, which copies it into Markdown: `\` first
-- (so no escape below can be undone), then `&`, `<` and `>` as HTML entities (no raw HTML, no
-- <autolink>), `[` and `]` backslash-escaped (no link, image or reference: each needs a `[...]`),
-- `|` backslash-escaped (a table cell stays one cell), and line breaks as spaces (one line, one
-- list item or row). The html template escapes the plain columns itself (html mode).
WITH zone(tz) AS (SELECT display_timezone(coalesce((SELECT timezone FROM users WHERE id = COALESCE(:user_id, (SELECT id FROM sole_user))), 'UTC')))
SELECT n.title, n.message, n.priority, upper(n.priority) AS priority_badge, t.label AS type_label, t.emoji AS type_emoji,
       n.scheduled_for, local_date(n.scheduled_for, (SELECT tz FROM zone)) AS day,
       CASE CAST(julianday(local_date(n.scheduled_for, (SELECT tz FROM zone))) - julianday(local_date(switchboard_now(), (SELECT tz FROM zone))) AS INTEGER)
           WHEN 0 THEN 'today' WHEN 1 THEN 'tomorrow'
           ELSE 'in ' || CAST(julianday(local_date(n.scheduled_for, (SELECT tz FROM zone))) - julianday(local_date(switchboard_now(), (SELECT tz FROM zone))) AS INTEGER) || ' days'
       END AS due,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(n.title, '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS title_md
FROM notifications AS n JOIN notification_types AS t ON t.type = n.type
WHERE n.user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND n.read_at IS NULL AND n.type IN ('deadline_alert', 'follow_up_reminder')
  -- the window and the order by scheduled_for's instant (schema/0014_instants.sql), not its text
  -- after now and at most 7 days later, as the summary counts them (notification_due_this_week)
  AND n.scheduled_for_ms > strftime('%s', switchboard_now()) * 1000
  AND n.scheduled_for_ms <= strftime('%s', switchboard_now(), '+7 days') * 1000
ORDER BY n.scheduled_for_ms, n.seq
LIMIT 50;
