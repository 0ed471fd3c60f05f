-- name: templates-list(user_id, type, search)
-- The templates page: the user's communication templates, most recently updated first, by type and search.
-- Columns: CommunicationTemplate's fields (variables: the stored list, or null), then type_display,
-- body_preview, formatted_date (created_at as "Feb 10, 2026"), body_variables (the names the body uses) and
-- template_error (null, or why the body is not a valid template; such a template still lists).
-- empty: No templates found
-- empty filtered: No templates found
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- :type     text, one of email|text|twitter, optional: only this type (the filter button)
-- :search   text, optional: text to find in the name or body (case-insensitive substring; every word, in any order)
-- returns json: variables, body_variables
-- display: id, name, type_display, body_preview, formatted_date
SELECT id, user_id, name, type, body, variables, created_at, updated_at,
       type_display, body_preview, formatted_date, body_variables, template_error
FROM template_library
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
  AND (:type IS NULL OR type = :type)
  AND search_contains(:search, name, body)
ORDER BY updated_at DESC, seq DESC;
