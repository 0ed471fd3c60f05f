-- name: tg-widget
-- The widget export: the first 4 quick-send templates as one JSON array in the widget's shape
-- ([{"id","name","icon","target_group","include_location"}, ...]).
SELECT json_group_array(json_object('id', id, 'name', name, 'icon', icon, 'target_group', target_group,
                                    'include_location', json(CASE include_location WHEN 1 THEN 'true' ELSE 'false' END))) AS widget
FROM (SELECT t.id, t.name, t.icon, COALESCE(g.title, t.target_group_name) AS target_group, t.include_location
      FROM tg_templates AS t LEFT JOIN tg_groups AS g ON g.id = t.target_group_id
      ORDER BY t.sort_order, t.created_at, t.id LIMIT 4);
