-- name: templates-log-interaction!
-- Logs an outbound interaction with a coach from a template, its body the template rendered for that coach.
-- channel = the template's type, subject = the template's name, body = message_drafts.message. Returns the new row.
-- Nothing is logged (no row) when the template or coach is not the user's, or when a variable has no
-- value (see templates-render's missing) unless :allow_missing is true.
-- :id             text: the template's id
-- :coach_id       text: the coach's id
-- :occurred_at    text, optional: when it happened, 'YYYY-MM-DDTHH:MM:SSZ' (default now)
-- :allow_missing  boolean, default false: log it even when a variable has no value
-- :user_id        text, optional: the acting user (defaults to the database's only user)
INSERT INTO interactions (user_id, coach_id, school_id, channel, direction, subject, body, template_id, occurred_at)
SELECT user_id, coach_id, school_id, type, 'outbound', template_name, message, template_id,
       COALESCE(:occurred_at, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
FROM message_drafts
WHERE template_id = :id AND coach_id = :coach_id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
  AND (COALESCE(:allow_missing, 0) OR missing = '[]')
RETURNING id, coach_id, channel, subject, body, occurred_at;
