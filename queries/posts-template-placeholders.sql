-- name: posts-template-placeholders
-- The placeholders the post editor shows for a template, falling back to Title, Summary and Body.
-- Always one row: the fallbacks fill what the template leaves unset, and everything for an unknown template.
-- :template_name  text: the template's name
SELECT :template_name AS template_name, pt.name IS NOT NULL AS known,
       COALESCE(pt.placeholder_title, 'Title') AS placeholder_title,
       COALESCE(pt.placeholder_summary, 'Summary') AS placeholder_summary,
       COALESCE(pt.placeholder_body, 'Body') AS placeholder_body
FROM (SELECT 1) LEFT JOIN post_templates AS pt ON pt.name = :template_name;
