-- name: templates-render
-- A template rendered for one of the user's coaches, with the variables that had no value.
-- missing is a JSON array, [] when complete, so a caller can refuse to send "Dear ,".
-- :id        text: the template's id
-- :coach_id  text: the coach's id
-- :user_id   text, optional: the acting user (defaults to the database's only user)
SELECT template_id, template_name, type, coach_id, coach_name, school_name, message, missing
FROM message_drafts
WHERE template_id = :id AND coach_id = :coach_id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
