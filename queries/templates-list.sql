-- name: templates-list
-- The templates page: the user's communication templates, most recently updated first, by type and search.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- :type     text, one of email|text|twitter, optional: only this type (the filter button)
-- :search   text, optional: words to find in the name or body (prefix match, all words)
SELECT t.id, t.name, t.type, CASE t.type WHEN 'email' THEN 'Email' WHEN 'text' THEN 'Text' ELSE 'Twitter' END AS type_name,
       t.body, t.updated_at, template_variables(t.body) AS variables
FROM communication_templates AS t
WHERE t.user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
  AND (:type IS NULL OR t.type = :type)
  AND (fts_query(:search) IS NULL
       OR t.seq IN (SELECT rowid FROM communication_templates_fts
                    WHERE communication_templates_fts MATCH fts_query(:search)))
ORDER BY t.updated_at DESC, t.seq DESC;
