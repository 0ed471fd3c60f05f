-- name: tg-groups(search)
-- The group picker: the Telegram groups a template can target, with search.
-- As TelegramGroup {id, title, memberCount}, in the chat list's order (sort_order, then title).
-- displayTitle is the picker's "Title (N members)".
-- empty: No Groups. You're not a member of any groups
-- :search  text, optional: text to find in the title (case-insensitive substring; every word, in any order)
-- display: id, displayTitle
SELECT id, title, member_count AS memberCount, title || ' (' || member_count || ' members)' AS displayTitle
FROM tg_groups
WHERE search_contains(:search, title)
ORDER BY sort_order, title COLLATE NOCASE, id;
