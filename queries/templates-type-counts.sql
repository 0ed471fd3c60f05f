-- name: templates-type-counts(user_id)
-- The filter buttons of the templates page: All (N), Email (N), Text (N), Twitter (N), zeros included (type is NULL for All).
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- display: type, label, count, button_label
SELECT type, label, count, button_label
FROM template_type_counts
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
ORDER BY sort_order;
