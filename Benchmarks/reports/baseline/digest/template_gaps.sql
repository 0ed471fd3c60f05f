-- name: template_gaps
-- Templates that lack a variable for at least one coach: which variables, for how many coaches, one example.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- returns json: variables
SELECT template_name, type,
       (SELECT json_group_array(DISTINCT j.value) FROM message_drafts AS d2, json_each(d2.missing) AS j
        WHERE d2.template_id = d.template_id AND d2.missing IS NOT NULL) AS variables,
       (SELECT group_concat(v, ', ') FROM (SELECT DISTINCT '{{' || j.value || '}}' AS v FROM message_drafts AS d2, json_each(d2.missing) AS j
        WHERE d2.template_id = d.template_id AND d2.missing IS NOT NULL ORDER BY 1)) AS variables_label,
       count(*) AS coaches, min(coach_name) AS example_coach
FROM message_drafts AS d
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND missing IS NOT NULL AND missing <> '[]'
GROUP BY template_id
ORDER BY template_name;
