-- name: templates-render(id, coach_id, partial, user_id)
-- A template rendered for one of the user's coaches.
-- When the coach lacks a value the template uses, this is an error naming the variables and the coach
-- (missing value for {{school_name}} for coach 'Ana Chen'), unless partial is true: then the text renders
-- with those variables empty and missing lists them. The message includes the user's template_partials
-- ({{> signature}}).
-- :id        text: the template's id
-- :coach_id  text: the coach's id
-- :partial   boolean, default false: render even when a variable has no value
-- :user_id   text, optional: the acting user (defaults to the database's only user)
-- returns json: missing
-- display: template_name, coach_name, school_name, message, missing
SELECT template_id, template_name, type, coach_id, coach_name, school_name,
       CASE WHEN COALESCE(:partial, 0) OR missing = '[]' THEN message
            ELSE template_render_strict(body, vars, 'coach ''' || coach_name || '''') END AS message,
       missing, template_error
FROM message_drafts
WHERE template_id = :id AND coach_id = :coach_id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
