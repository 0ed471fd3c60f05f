-- name: posts-template-placeholders(template_name)
-- The placeholders the post editor shows for a template (fetchTemplate), falling back to Title, Summary and Body.
-- Always one row: known tells whether the template exists; the fallbacks fill everything for an unknown one.
-- :template_name  text: the template's name
-- returns boolean: known
-- display: template_name, known, placeholder_title, placeholder_summary, placeholder_body
SELECT :template_name AS template_name, pt.name IS NOT NULL AS known,
       COALESCE(pt.placeholder_title, 'Title') AS placeholder_title,
       COALESCE(pt.placeholder_summary, 'Summary') AS placeholder_summary,
       COALESCE(pt.placeholder_body, 'Body') AS placeholder_body
FROM (SELECT 1) LEFT JOIN post_templates AS pt ON pt.name = :template_name;
