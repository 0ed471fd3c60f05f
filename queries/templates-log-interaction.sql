-- name: templates-log-interaction(id, coach_id, occurred_at, allow_missing, user_id)<!
-- Logs an outbound interaction with a coach from a template, its body the template rendered for that coach.
-- channel = the template's type, subject = the template's name, body = the rendered message. Returns the new row.
-- When the coach lacks a value the template uses, this is an error naming the variables and the coach
-- (nothing is logged), unless allow_missing is true. A template or coach that is not the user's is an error.
-- missing: Template or coach not found
-- :id             text: the template's id
-- :coach_id       text: the coach's id
-- :occurred_at    text, optional: when it happened, ISO-8601 (default now, the pinned clock)
-- :allow_missing  boolean, default false: log it even when a variable has no value
-- :user_id        text, optional: the acting user (defaults to the database's only user)
-- display: id, coach_id, channel, subject, occurred_at
INSERT INTO interactions (user_id, coach_id, school_id, channel, direction, subject, body, template_id, occurred_at,
                          created_at)
SELECT user_id, coach_id, school_id, type, 'outbound', template_name,
       CASE WHEN COALESCE(:allow_missing, 0) THEN message
            ELSE template_render_strict(body, vars, 'coach ''' || coach_name || '''') END,
       template_id, COALESCE(:occurred_at, switchboard_now()), switchboard_now()
FROM message_drafts
WHERE template_id = :id AND coach_id = :coach_id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
RETURNING id, coach_id, channel, subject, body, occurred_at;
