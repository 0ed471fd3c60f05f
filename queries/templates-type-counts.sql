-- name: templates-type-counts
-- The filter buttons of the templates page: All (N), Email (N), Text (N), Twitter (N), zeros included.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
SELECT k.type, k.label || ' (' || count(t.seq) || ')' AS label, count(t.seq) AS count
FROM (SELECT NULL AS type, 'All' AS label, 0 AS sort_order
      UNION ALL SELECT 'email', 'Email', 1 UNION ALL SELECT 'text', 'Text', 2 UNION ALL SELECT 'twitter', 'Twitter', 3) AS k
LEFT JOIN communication_templates AS t
       ON t.user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND (k.type IS NULL OR t.type = k.type)
GROUP BY k.sort_order
ORDER BY k.sort_order;
