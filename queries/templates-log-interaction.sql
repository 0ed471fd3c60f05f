-- name: templates-log-interaction!
-- Logs an outbound interaction with a coach from a template: channel = the template's type, subject =
-- the template's name, body = the template rendered for the coach. Returns the new interaction.
-- Nothing is logged (no row) when the template or coach is not the user's, or when a variable has no
-- value (see templates-render's missing) unless :allow_missing is true.
-- :id             text: the template's id
-- :coach_id       text: the coach's id
-- :occurred_at    text, optional: when it happened, 'YYYY-MM-DDTHH:MM:SSZ' (default now)
-- :allow_missing  boolean, default false: log it even when a variable has no value
-- :user_id        text, optional: the acting user (defaults to the database's only user)
INSERT INTO interactions (user_id, coach_id, school_id, channel, direction, subject, body, template_id, occurred_at)
SELECT user_id, coach_id, school_id, type, 'outbound', template_name, template_render(body, vars), template_id,
       COALESCE(:occurred_at, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
FROM (SELECT t.user_id, t.id AS template_id, t.name AS template_name, t.type, t.body, c.id AS coach_id, c.school_id,
             json_object('coach_name', c.name, 'athlete_name', u.name, 'school_name', s.name, 'sport', u.sport) AS vars
      FROM communication_templates AS t
      JOIN users AS u ON u.id = t.user_id
      JOIN coaches AS c ON c.user_id = t.user_id
      LEFT JOIN schools AS s ON s.id = c.school_id
      WHERE t.id = :id AND c.id = :coach_id AND t.user_id = COALESCE(:user_id, (SELECT id FROM sole_user)))
WHERE COALESCE(:allow_missing, 0) OR template_missing(body, vars) = '[]'
RETURNING id, coach_id, channel, subject, body, occurred_at;
