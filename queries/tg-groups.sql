-- name: tg-groups
-- The Telegram groups a template can target, by title, as 'Title (N members)', with search.
-- :search  text, optional: text to find in the title (case-insensitive substring; every word, in any order;
--          accents folded)
SELECT id, title, member_count, title || ' (' || member_count || ' members)' AS display
FROM tg_groups
WHERE search_contains(:search, title)
   OR id IN (SELECT rowid FROM tg_groups_fts  -- accents folded, for words of letters and digits
             WHERE fts_query(:search) IS NOT NULL AND NOT (:search GLOB ('*[^0-9A-Za-z ' || char(9, 10, 13) || 'À-ÖØ-öø-ɏ̀-ͯͰ-ӿḀ-ỿ]*'))
               AND tg_groups_fts MATCH fts_query(:search))
ORDER BY title COLLATE NOCASE, id;
