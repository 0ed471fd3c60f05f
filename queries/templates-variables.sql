-- name: templates-variables()
-- The variables guide: each variable a template body can use, its tag, what it means and where its value comes from.
-- display: tag, description, source, example
SELECT name, '{{' || name || '}}' AS tag, description, source, example
FROM template_variables
ORDER BY sort_order, name;
