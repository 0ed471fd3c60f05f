-- name: tg-groups(search)
-- The group picker: the Telegram groups a template can target, as TelegramGroup {id, title, memberCount}, in the
-- chat list's order (sort_order, then title), with search. "Title (N members)" is its displayTitle.
-- :search  text, optional: words to find in the title (prefix match, all words)
SELECT id, title, member_count AS memberCount
FROM tg_groups
WHERE fts_query(:search) IS NULL
   OR id IN (SELECT rowid FROM tg_groups_fts WHERE tg_groups_fts MATCH fts_query(:search))
ORDER BY sort_order, title COLLATE NOCASE, id;
