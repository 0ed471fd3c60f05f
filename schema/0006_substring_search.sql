-- 0006_substring_search.sql — substring search for social posts: a trigram index beside 0002's
-- word-prefix index, so that search finds whatever the apps' own filter finds.
--
--   social_posts_trigram        social_media_posts (post_content, author_name, author_handle) as one text
--   social_posts_trigram_vocab  its terms (fts5vocab), to look up 1- and 2-character words
--
-- What search must find (specs 001 §2/Appendix A, 002 §5, 003 Phase 4): a case-insensitive
-- substring test, field.toLowerCase().includes(query.toLowerCase()) on post_content, author_name
-- or author_handle (notifications: title, message; Telegram groups: title). 0002's unicode61
-- index only finds word prefixes (`line` misses "Deadline"; `ith` found 15 of 85), so it misses
-- rows the apps show. Switchboard's search is now:
--   * search_contains(:search, post_content, author_name, author_handle) (extension function): every
--     word of the query (split on whitespace), lowercased, a substring of one of the fields,
--     lowercased. Unicode lowercasing, so `zoë` finds `ZOË` (SQLite's LIKE folds ASCII only); no
--     LIKE wildcards, so `%` and `_` are plain characters. The whole query in one field implies
--     every word in some field: nothing the apps find is missed, and the only extras are the
--     query's words in any order;
--   * plus 0002's unicode61 MATCH fts_query(:search) when that has under 5000 hits and the words are
--     letters and digits: accent folding (`cafe` finds `café`), the deliberate extra that a trigram
--     index (no remove_diacritics on 3.40) cannot give.
-- Tests/host/test_search_recall.py checks both against the apps' filter in Python: 0 misses on the
-- demo data and on a generated corpus of tricky text, and no extra outside those two kinds.
--
-- (The feed's plan has since been refined; queries/social-feed.sql and BENCHMARKS.md, "Substring search",
-- describe and measure the current one. What follows is the design this index was built for.)
-- How it is fast at 1M posts (top 50 by date; queries/social-feed.sql, Benchmarks/fts/substring.sh,
-- BENCHMARKS.md "Substring search"): the path is chosen once per query.
--   * rare: the trigram MATCH search_trigrams(:search) (runs of 3 characters of each word, ANDed) gives
--     a superset of the hits; under 10000 of them, each is checked with search_contains and the hits
--     are sorted by date. Cost grows with the candidates (~3-6 us each at 1M), hence the bound.
--   * common (10000+ candidates, or a word of 1-2 characters): the feed in date order, each post
--     checked, for at most 7000 posts; a full page found there is the answer (a term in p of the
--     posts needs ~50/p posts). If the page is not full (the term is rarer than its candidates
--     suggested, or absent from recent posts), the index path runs after all.
--   Measured at 1M posts (CPU ms, prepare included): hybrid p50 13.8 / p95 70 over 40 queries
--   (8.0 / 64 without the ~5.8 ms prepare); the index path alone 77 / 2817 (it sorts every hit:
--   `mu`, 634k posts, 1.8 s), the scan alone 40 / 3864 (a rare term reads the whole table).
--   Slow cases left: a word whose trigrams are all common but which is itself rare or absent
--   (`line`, `ranmela` in the benchmark's made-up words: 97k and 268k candidates, 0 hits) checks
--   every candidate after the scan window (0.26-0.64 s); a 1-2 character word rare in recent posts
--   (`z`, `ze`: 5000 posts) pays the window and then the index (60-70 ms).
--   1- and 2-character words: trigrams need 3 characters, so the indexed text ends every field
--   with a line break and the whole with two (social_posts_trigram_text): every character of every
--   field then starts a trigram, and the posts containing `mu` are exactly those with a trigram
--   beginning `mu`, read from social_posts_trigram_vocab (term >= 'mu' AND term < 'mu' ||
--   char(1114111)) and ORed. That lookup reads every posting of those trigrams, so it runs only
--   when the date-order scan did not fill the page (the word is rare).
--
-- Size and writes at 1M posts: 135 MiB (+20% of the 678 MiB table with its indexes; 0002's index is
-- 556 MiB), built in 40 s; inserting through the triggers costs 1.19x the same load with 0002's
-- triggers only (7.0x a load without any search trigger).
--
-- detail='none': the index keeps only which posts hold each trigram (no positions), the smallest
-- form. (0020_positional_trigrams.sql has since rebuilt it with detail='full': post_search proves a
-- word with common runs absent by matching four of its characters as a phrase.) detail='full' (phrase queries, exact candidates) measured 446 MiB against 135 MiB at 1M posts,
-- and counting exact phrase hits of common trigrams cost 20-50 ms per query, more than checking
-- detail='none' candidates with search_contains. One column for the three fields: a single MATCH;
-- a trigram that spans two fields holds a line break, which query words never do.
--
-- Check and rebuild (sqlite3 shell; works without the extension):
--   SELECT * FROM search_index_status;   -- now also social_posts_trigram
--   INSERT INTO social_posts_trigram(social_posts_trigram) VALUES ('rebuild');   -- re-index from the table
--   INSERT INTO social_posts_trigram(social_posts_trigram) VALUES ('optimize');  -- merge segments
--
-- Notifications and Telegram groups get no trigram index: the inbox is read per user and the
-- groups are a short list, so queries/notifications-inbox.sql and tg-groups.sql check
-- search_contains on each row, plus the unicode61 MATCH for accent folding.
--
-- Plain SQLite: the built-in trigram tokenizer and fts5vocab; triggers call no extension function.
-- Searching needs the extension (search_contains, search_trigrams, search_short_word, fts_query).
-- trusted_schema=OFF: writes to social_media_posts fail there, as with 0002's index.

PRAGMA foreign_keys = ON;
PRAGMA recursive_triggers = ON;

BEGIN;

-- The text the trigram index holds for each post: the three fields, each followed by a line break,
-- and one more at the end, so that every character of every field starts a trigram.
CREATE VIEW IF NOT EXISTS social_posts_trigram_text AS
SELECT seq,
       coalesce(post_content, '') || char(10) || coalesce(author_name, '') || char(10)
       || coalesce(author_handle, '') || char(10, 10) AS text
FROM social_media_posts;

CREATE VIRTUAL TABLE IF NOT EXISTS social_posts_trigram USING fts5(
    text,
    content = 'social_posts_trigram_text', content_rowid = 'seq',
    tokenize = 'trigram', detail = 'none'
);
CREATE VIRTUAL TABLE IF NOT EXISTS social_posts_trigram_vocab USING fts5vocab(social_posts_trigram, 'row');

CREATE TRIGGER IF NOT EXISTS social_posts_trigram_insert AFTER INSERT ON social_media_posts BEGIN
    INSERT INTO social_posts_trigram (rowid, text)
    SELECT seq, text FROM social_posts_trigram_text WHERE seq = NEW.seq;
END;
CREATE TRIGGER IF NOT EXISTS social_posts_trigram_delete AFTER DELETE ON social_media_posts BEGIN
    INSERT INTO social_posts_trigram (social_posts_trigram, rowid, text)
    VALUES ('delete', OLD.seq, coalesce(OLD.post_content, '') || char(10) || coalesce(OLD.author_name, '')
                               || char(10) || coalesce(OLD.author_handle, '') || char(10, 10));
END;
CREATE TRIGGER IF NOT EXISTS social_posts_trigram_update AFTER UPDATE OF seq, post_content, author_name,
    author_handle ON social_media_posts BEGIN
    INSERT INTO social_posts_trigram (social_posts_trigram, rowid, text)
    VALUES ('delete', OLD.seq, coalesce(OLD.post_content, '') || char(10) || coalesce(OLD.author_name, '')
                               || char(10) || coalesce(OLD.author_handle, '') || char(10, 10));
    INSERT INTO social_posts_trigram (rowid, text)
    SELECT seq, text FROM social_posts_trigram_text WHERE seq = NEW.seq;
END;

-- search_index_status (0002) with the trigram index added.
DROP VIEW IF EXISTS search_index_status;
CREATE VIEW search_index_status AS
SELECT index_name, table_name, rows, indexed_rows, missing, orphaned,
       CASE WHEN missing = 0 AND orphaned = 0 AND rows = indexed_rows THEN 1 ELSE 0 END AS ok
FROM (
    SELECT 'social_posts_fts' AS index_name, 'social_media_posts' AS table_name,
           (SELECT count(*) FROM social_media_posts) AS rows,
           (SELECT count(*) FROM social_posts_fts_docsize) AS indexed_rows,
           (SELECT count(*) FROM social_media_posts WHERE seq NOT IN (SELECT id FROM social_posts_fts_docsize)) AS missing,
           (SELECT count(*) FROM social_posts_fts_docsize WHERE id NOT IN (SELECT seq FROM social_media_posts)) AS orphaned
    UNION ALL
    SELECT 'social_posts_trigram', 'social_media_posts',
           (SELECT count(*) FROM social_media_posts),
           (SELECT count(*) FROM social_posts_trigram_docsize),
           (SELECT count(*) FROM social_media_posts WHERE seq NOT IN (SELECT id FROM social_posts_trigram_docsize)),
           (SELECT count(*) FROM social_posts_trigram_docsize WHERE id NOT IN (SELECT seq FROM social_media_posts))
    UNION ALL
    SELECT 'notifications_fts', 'notifications',
           (SELECT count(*) FROM notifications),
           (SELECT count(*) FROM notifications_fts_docsize),
           (SELECT count(*) FROM notifications WHERE seq NOT IN (SELECT id FROM notifications_fts_docsize)),
           (SELECT count(*) FROM notifications_fts_docsize WHERE id NOT IN (SELECT seq FROM notifications))
    UNION ALL
    SELECT 'communication_templates_fts', 'communication_templates',
           (SELECT count(*) FROM communication_templates),
           (SELECT count(*) FROM communication_templates_fts_docsize),
           (SELECT count(*) FROM communication_templates
            WHERE seq NOT IN (SELECT id FROM communication_templates_fts_docsize)),
           (SELECT count(*) FROM communication_templates_fts_docsize
            WHERE id NOT IN (SELECT seq FROM communication_templates))
    UNION ALL
    SELECT 'tg_groups_fts', 'tg_groups',
           (SELECT count(*) FROM tg_groups),
           (SELECT count(*) FROM tg_groups_fts_docsize),
           (SELECT count(*) FROM tg_groups WHERE id NOT IN (SELECT id FROM tg_groups_fts_docsize)),
           (SELECT count(*) FROM tg_groups_fts_docsize WHERE id NOT IN (SELECT id FROM tg_groups))
);

-- Index whatever the table already holds (a no-op on a fresh database).
INSERT INTO social_posts_trigram (social_posts_trigram) VALUES ('rebuild');

PRAGMA user_version = 6;
COMMIT;
