-- 0005_substring_search.sql — substring search for social posts: a trigram index beside 0002's
-- word-prefix index, so that search finds whatever the apps' own filter finds.
--
--   social_posts_trigram        social_media_posts (post_content, author_name, author_handle) as one text
--   social_posts_trigram_vocab  its terms (fts5vocab), to look up 1- and 2-character words
--
-- What search must find (specs 001 §2/Appendix A, 002 §5, 003 Phase 4): a case-insensitive
-- substring test, field.toLowerCase().includes(query.toLowerCase()) on post_content, author_name
-- or author_handle (notifications: title, message; Telegram groups: title). 0002's unicode61
-- index only finds word prefixes (`line` misses "Deadline", `smith` needs the search_tags
-- suffixes), so it misses some of those rows. Switchboard's search is now:
--   * every word of the query (split on whitespace), lowercased, a substring of one of the
--     fields, lowercased: search_contains(:search, post_content, author_name, author_handle)
--     (extension function; Unicode lowercasing, so `zoë` finds `ZOË`, which SQLite's LIKE, ASCII-only,
--     does not; no LIKE wildcards, so `%` and `_` are plain characters). The whole query in
--     one field implies every word in some field, so nothing the apps find is missed; the extra
--     hits are the query's words in any order;
--   * plus, when it has fewer than 5000 hits, 0002's unicode61 MATCH fts_query(:search): accent
--     folding (`cafe` finds `café`), the deliberate extra that the trigram index (no
--     remove_diacritics on 3.40) cannot give.
--
-- How it is fast at 1M posts (top 50 by date; Benchmarks/fts/substring.sh, BENCHMARKS.md
-- "Substring search"): a hybrid chosen per query by a bounded count, evaluated once:
--   n = (SELECT count(*) FROM (SELECT 1 FROM social_posts_trigram WHERE social_posts_trigram
--        MATCH search_trigrams(:search) LIMIT 5000))
--   * n < 5000 (rare): the index path. The trigram MATCH (every 3-character run of every word,
--     ANDed) gives a superset of the hits, each checked with search_contains, then sorted by date.
--     Cost grows with the hits, hence the bound.
--   * n = 5000 (common): an ordered scan of the feed index by date that tests search_contains on
--     each post and stops at 50 hits: a term in p of the posts costs about 50/p rows, i.e. at most
--     ~200 rows per 1% of the posts... (~10,000 rows at 0.5%).
--   Neither alone meets p95: the index path sorts 565k hits for `mu` (~300 ms) and the scan
--   reads the whole table for a rare term (~1 s). The count costs at most 5000 rowids of one
--   MATCH. (The scan path assumes the hits are spread over time; a term with 5000+ hits all in
--   old posts scans further.)
--   1- and 2-character words: trigrams need 3 characters, so the indexed text ends every field
--   with a line break and the whole with two (see social_posts_trigram_text): then every
--   character of every field starts a trigram, and the posts containing `mu` are exactly those
--   with a trigram beginning `mu`. The query ORs those trigrams, read from
--   social_posts_trigram_vocab (term >= 'mu' AND term < 'mu' || char(1114111)); the count and
--   the two paths are then the same.
--
-- detail='none': the index keeps only which posts hold each trigram (no positions), the smallest
-- form, +81% of the table against ~+234% for detail='full' (which phrase queries need; they are
-- not used: search_contains checks the hits). One column for the three fields: a single MATCH;
-- a trigram that spans two fields holds a line break, and query words never do.
--
-- Check and rebuild (sqlite3 shell; works without the extension):
--   SELECT * FROM search_index_status;   -- now also social_posts_trigram
--   INSERT INTO social_posts_trigram(social_posts_trigram) VALUES ('rebuild');   -- re-index from the table
--   INSERT INTO social_posts_trigram(social_posts_trigram) VALUES ('optimize');  -- merge segments
--
-- Notifications and Telegram groups get no trigram index: they are read per user (inbox) or are a
-- short list (groups), so queries/notifications-inbox.sql and tg-groups.sql test search_contains on
-- each row, plus the unicode61 MATCH for accent folding.
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

PRAGMA user_version = 5;
COMMIT;
