-- name: templates-render
-- A template rendered for one of the user's coaches: the text, and the variables that had no value
-- (missing, a JSON array; [] when complete), so a caller can refuse to send "Dear ,".
-- :id        text: the template's id
-- :coach_id  text: the coach's id
-- :user_id   text, optional: the acting user (defaults to the database's only user)
SELECT template_id, template_name, type, coach_id, coach_name,
       template_render(body, vars) AS rendered, template_missing(body, vars) AS missing
FROM (SELECT t.id AS template_id, t.name AS template_name, t.type, t.body, c.id AS coach_id, c.name AS coach_name,
             json_object('coach_name', c.name, 'athlete_name', u.name, 'school_name', s.name, 'sport', u.sport) AS vars
      FROM communication_templates AS t
      JOIN users AS u ON u.id = t.user_id
      JOIN coaches AS c ON c.user_id = t.user_id
      LEFT JOIN schools AS s ON s.id = c.school_id
      WHERE t.id = :id AND c.id = :coach_id AND t.user_id = COALESCE(:user_id, (SELECT id FROM sole_user)));
