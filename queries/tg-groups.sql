-- name: tg-groups
-- The Telegram groups a template can target, by title, as 'Title (N members)', with search.
-- :search  text, optional: words to find in the title (prefix match, all words)
SELECT id, title, member_count, title || ' (' || member_count || ' members)' AS display
FROM tg_groups
WHERE fts_query(:search) IS NULL
   OR id IN (SELECT rowid FROM tg_groups_fts WHERE tg_groups_fts MATCH fts_query(:search))
ORDER BY title COLLATE NOCASE, id;
