-- name: posts-templates()
-- The post templates, as the templates API returns them (TemplatesResponse).
-- One row with status "ok" and templates, a JSON array of {name, placeholder_title, placeholder_summary,
-- placeholder_body} by name.
-- returns json: templates
-- display: status, templates
SELECT 'ok' AS status,
       (SELECT json_group_array(json_object('name', name, 'placeholder_title', placeholder_title,
                                            'placeholder_summary', placeholder_summary,
                                            'placeholder_body', placeholder_body))
        FROM (SELECT * FROM post_templates ORDER BY name)) AS templates;
