-- name: template_gaps
-- Templates that lack a variable for at least one coach: which variables, for how many coaches, one example;
-- the first 50 by name (the report's cap on a list; summary.template_gaps_more counts the rest).
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- returns json: variables

-- *_md: the same text made safe for report.md.mustache, which copies it into Markdown: `\` first
-- (so no escape below can be undone), then `&`, `<` and `>` as HTML entities (no raw HTML, no
-- <autolink>), `[` and `]` backslash-escaped (no link, image or reference: each needs a `[...]`),
-- `|` backslash-escaped (a table cell stays one cell), and line breaks as spaces (one line, one
-- list item or row). The html template escapes the plain columns itself (html mode).
WITH drafts AS MATERIALIZED (  -- each template against each coach, rendered once (not once more per template)
    SELECT template_id, template_name, type, coach_name, missing FROM message_drafts
    WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND missing IS NOT NULL AND missing <> '[]'),
gaps AS (
    SELECT template_name, type,
           (SELECT json_group_array(DISTINCT j.value) FROM drafts AS d2, json_each(d2.missing) AS j
            WHERE d2.template_id = d.template_id) AS variables,
           (SELECT group_concat(v, ', ') FROM (SELECT DISTINCT '{{' || j.value || '}}' AS v FROM drafts AS d2, json_each(d2.missing) AS j
            WHERE d2.template_id = d.template_id ORDER BY 1)) AS variables_label,
           count(*) AS coaches, min(coach_name) AS example_coach
    FROM drafts AS d
    GROUP BY template_id
    ORDER BY template_name
    LIMIT 50)
SELECT template_name, type, variables, variables_label, coaches, example_coach,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(template_name, '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS template_name_md,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(variables_label, '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS variables_label_md,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(example_coach, '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS example_coach_md
FROM gaps
ORDER BY template_name;
