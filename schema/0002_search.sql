-- Superseded in part: 0009_search_detection.sql re-creates the four FTS5 tables (spelled
-- content="T"), and search_index_status is 0006_substring_search.sql's (0004 dropped this one); the
-- triggers and social_posts_search_tags stand as declared here. Kept as history, never edit:
-- schema/current.sql is the reference for the current schema.
--
-- 0002_search.sql — full-text search: external-content FTS5 indexes kept in sync by triggers.
--
--   social_posts_fts             social_media_posts (post_content, author_name, author_handle, search_tags)
--   notifications_fts            notifications (title, message)
--   communication_templates_fts  communication_templates (name, body)
--   tg_groups_fts                tg_groups (title)
--
-- Query them with fts_query(), which turns any user text into a safe MATCH expression (each
-- term a quoted prefix phrase, terms ANDed; NULL for blank text), and join by rowid through IN,
-- never through a JOIN (without ANALYZE the planner may run the MATCH once per row):
--
--   SELECT * FROM social_media_posts
--   WHERE (fts_query(:q) IS NULL
--          OR seq IN (SELECT rowid FROM social_posts_fts WHERE social_posts_fts MATCH fts_query(:q)))
--   ORDER BY posted_at DESC LIMIT 50;
--
-- (fts_query gives NULL for text with no searchable term, and MATCH NULL is an error, hence the
-- guard; it also makes a blank search mean "no filter".)
--
-- Check and rebuild an index (sqlite3 shell; works without the extension):
--   SELECT * FROM search_index_status;    -- per index: rows, indexed_rows, missing, orphaned, ok
--   INSERT INTO social_posts_fts(social_posts_fts) VALUES ('integrity-check');  -- error if the index is corrupt
--   INSERT INTO social_posts_fts(social_posts_fts) VALUES ('rebuild');          -- re-index from the table
--   (for social_posts_fts, first refresh the stored suffixes if they could be stale:
--    UPDATE social_media_posts SET search_tags =
--        (SELECT tags FROM social_posts_search_tags AS v WHERE v.seq = social_media_posts.seq);)
--   INSERT INTO social_posts_fts(social_posts_fts) VALUES ('optimize');         -- merge segments
-- On SQLite 3.40 'integrity-check' checks the index's own structures, not that it matches an
-- external content table; search_index_status compares the indexed rowids with the table's, which
-- catches rows written while the triggers were missing (or with another tool). A row whose text
-- changed behind the triggers' back is not detected: when in doubt, 'rebuild' (fast: ~20 s at 1M).
-- (likewise notifications_fts, communication_templates_fts, tg_groups_fts).
--
-- Tokenizer choice (built-in tokenizers only, see "Plain SQLite" in 0001):
--   unicode61 remove_diacritics 2 with prefix='2 3', on every index.
--   * case-insensitive, and accents folded: `jose` finds `José` (trigram on SQLite 3.40 does not
--     fold accents);
--   * prefix as you type: fts_query emits "term"* and the 2- and 3-character prefix indexes keep
--     short prefixes cheap; terms of 1-2 characters work (trigram needs 3);
--   * multi-word searches AND their terms (fts_query);
--   * a term inside a hashtag or handle: unicode61 splits `@coachsmith` to the token
--     `coachsmith`, so the prefix query `scholarship` already finds `#ScholarshipOffer`, but
--     `smith` would not find `@coachsmith`. The extra `search_tags` column of social_posts_fts holds
--     every suffix (2+ characters) of the author's handle and of the first 10 hashtags/mentions
--     (#word or @word, up to 30 characters each after the marker) in post_content:
--     `@coachsmith` adds `oachsmith achsmith chsmith hsmith smith mith ith th`, and "smith"*
--     matches `smith`. Limits: only the first 10 tags of a post and the first 30 characters
--     of each; words are split on spaces, tabs and line breaks.
--   * Measured at 1M posts (Benchmarks/fts/run.sh, BENCHMARKS.md "Search"): top 50 by date for a
--     term in 0.5% of posts 5.5 ms CPU (LIKE scan over the 3 columns: 325 ms), in 0.01% 0.08 ms,
--     inside a handle 0.2 ms; index +82% of the table; inserts through the triggers ~9k rows/s
--     (55k without). Trigram (issue 3's numbers): ~30 ms per query, +234% index, 3.5x slower
--     inserts, no accent folding on 3.40 and no terms under 3 characters.
--
-- The suffixes are computed in one place, the view social_posts_search_tags (json_quote and
-- json_each split the words, because triggers cannot use CTEs), and stored by the triggers in
-- social_media_posts.search_tags, so the base table is the index's content= table and 'rebuild'
-- and 'integrity-check' read exactly what the triggers indexed. (A view cannot be the content
-- table here: FTS5 reads content with virtual tables such as json_each disallowed.)
--
-- trusted_schema=OFF: writes to the four indexed tables fail there (unsafe use of virtual table
-- "social_posts_fts", ...), because triggers may not write FTS5 tables then, and so do writes to
-- interactions (its trigger inserts notifications). Searching (MATCH) and reading work. See
-- Tests/sql/schema_trusted.sql.

PRAGMA foreign_keys = ON;
PRAGMA recursive_triggers = ON;

BEGIN;

-- Social posts --------------------------------------------------------------------------------

-- The suffixes of the handle and hashtags/mentions of each post (see the tokenizer notes above).
CREATE VIEW IF NOT EXISTS social_posts_search_tags AS
SELECT
    p.seq,
    (SELECT group_concat(substr(t.tag, k.value), ' ')
     FROM (SELECT substr(w.value, instr(replace(w.value, '@', '#'), '#') + 1, 30) AS tag
           FROM json_each('[' || replace(json_quote(
                    ' @' || ltrim(coalesce(p.author_handle, ''), '@') || ' '
                    || replace(replace(replace(p.post_content, char(10), ' '), char(13), ' '), char(9), ' ')
                ), ' ', '","') || ']') AS w
           WHERE w.value GLOB '*[#@]??*'
           LIMIT 11) AS t,
          json_each('[2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29]') AS k
     WHERE k.value < length(t.tag)) AS tags
FROM social_media_posts AS p;

CREATE VIRTUAL TABLE IF NOT EXISTS social_posts_fts USING fts5(
    post_content, author_name, author_handle, search_tags,
    content = 'social_media_posts', content_rowid = 'seq',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);

CREATE TRIGGER IF NOT EXISTS social_posts_fts_insert AFTER INSERT ON social_media_posts BEGIN
    UPDATE social_media_posts SET search_tags = (SELECT tags FROM social_posts_search_tags WHERE seq = NEW.seq)
    WHERE seq = NEW.seq;
    INSERT INTO social_posts_fts (rowid, post_content, author_name, author_handle, search_tags)
    SELECT seq, post_content, author_name, author_handle, search_tags
    FROM social_media_posts WHERE seq = NEW.seq;
END;
CREATE TRIGGER IF NOT EXISTS social_posts_fts_delete AFTER DELETE ON social_media_posts BEGIN
    INSERT INTO social_posts_fts (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    VALUES ('delete', OLD.seq, OLD.post_content, OLD.author_name, OLD.author_handle, OLD.search_tags);
END;
CREATE TRIGGER IF NOT EXISTS social_posts_fts_update AFTER UPDATE OF seq, post_content, author_name,
    author_handle ON social_media_posts BEGIN
    INSERT INTO social_posts_fts (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    VALUES ('delete', OLD.seq, OLD.post_content, OLD.author_name, OLD.author_handle, OLD.search_tags);
    UPDATE social_media_posts SET search_tags = (SELECT tags FROM social_posts_search_tags WHERE seq = NEW.seq)
    WHERE seq = NEW.seq;
    INSERT INTO social_posts_fts (rowid, post_content, author_name, author_handle, search_tags)
    SELECT seq, post_content, author_name, author_handle, search_tags
    FROM social_media_posts WHERE seq = NEW.seq;
END;

-- Notifications -------------------------------------------------------------------------------

CREATE VIRTUAL TABLE IF NOT EXISTS notifications_fts USING fts5(
    title, message,
    content = 'notifications', content_rowid = 'seq',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER IF NOT EXISTS notifications_fts_insert AFTER INSERT ON notifications BEGIN
    INSERT INTO notifications_fts (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
END;
CREATE TRIGGER IF NOT EXISTS notifications_fts_delete AFTER DELETE ON notifications BEGIN
    INSERT INTO notifications_fts (notifications_fts, rowid, title, message)
    VALUES ('delete', OLD.seq, OLD.title, OLD.message);
END;
CREATE TRIGGER IF NOT EXISTS notifications_fts_update AFTER UPDATE OF seq, title, message ON notifications BEGIN
    INSERT INTO notifications_fts (notifications_fts, rowid, title, message)
    VALUES ('delete', OLD.seq, OLD.title, OLD.message);
    INSERT INTO notifications_fts (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
END;

-- Communication templates ---------------------------------------------------------------------

CREATE VIRTUAL TABLE IF NOT EXISTS communication_templates_fts USING fts5(
    name, body,
    content = 'communication_templates', content_rowid = 'seq',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER IF NOT EXISTS communication_templates_fts_insert AFTER INSERT ON communication_templates BEGIN
    INSERT INTO communication_templates_fts (rowid, name, body) VALUES (NEW.seq, NEW.name, NEW.body);
END;
CREATE TRIGGER IF NOT EXISTS communication_templates_fts_delete AFTER DELETE ON communication_templates BEGIN
    INSERT INTO communication_templates_fts (communication_templates_fts, rowid, name, body)
    VALUES ('delete', OLD.seq, OLD.name, OLD.body);
END;
CREATE TRIGGER IF NOT EXISTS communication_templates_fts_update AFTER UPDATE OF seq, name, body
ON communication_templates BEGIN
    INSERT INTO communication_templates_fts (communication_templates_fts, rowid, name, body)
    VALUES ('delete', OLD.seq, OLD.name, OLD.body);
    INSERT INTO communication_templates_fts (rowid, name, body) VALUES (NEW.seq, NEW.name, NEW.body);
END;

-- Telegram groups -----------------------------------------------------------------------------

CREATE VIRTUAL TABLE IF NOT EXISTS tg_groups_fts USING fts5(
    title,
    content = 'tg_groups', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER IF NOT EXISTS tg_groups_fts_insert AFTER INSERT ON tg_groups BEGIN
    INSERT INTO tg_groups_fts (rowid, title) VALUES (NEW.id, NEW.title);
END;
CREATE TRIGGER IF NOT EXISTS tg_groups_fts_delete AFTER DELETE ON tg_groups BEGIN
    INSERT INTO tg_groups_fts (tg_groups_fts, rowid, title) VALUES ('delete', OLD.id, OLD.title);
END;
CREATE TRIGGER IF NOT EXISTS tg_groups_fts_update AFTER UPDATE OF id, title ON tg_groups BEGIN
    INSERT INTO tg_groups_fts (tg_groups_fts, rowid, title) VALUES ('delete', OLD.id, OLD.title);
    INSERT INTO tg_groups_fts (rowid, title) VALUES (NEW.id, NEW.title);
END;

-- Whether each index holds exactly the rows of its table (ok = 1). FTS5 keeps one row per indexed
-- document in the <index>_docsize shadow table.
CREATE VIEW IF NOT EXISTS search_index_status AS
SELECT index_name, table_name, rows, indexed_rows, missing, orphaned,
       CASE WHEN missing = 0 AND orphaned = 0 AND rows = indexed_rows THEN 1 ELSE 0 END AS ok
FROM (
    SELECT 'social_posts_fts' AS index_name, 'social_media_posts' AS table_name,
           (SELECT count(*) FROM social_media_posts) AS rows,
           (SELECT count(*) FROM social_posts_fts_docsize) AS indexed_rows,
           (SELECT count(*) FROM social_media_posts WHERE seq NOT IN (SELECT id FROM social_posts_fts_docsize)) AS missing,
           (SELECT count(*) FROM social_posts_fts_docsize WHERE id NOT IN (SELECT seq FROM social_media_posts)) AS orphaned
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

-- Index whatever the tables already hold (a no-op on a fresh database).
UPDATE social_media_posts
SET search_tags = (SELECT tags FROM social_posts_search_tags AS v WHERE v.seq = social_media_posts.seq);
INSERT INTO social_posts_fts (social_posts_fts) VALUES ('rebuild');
INSERT INTO notifications_fts (notifications_fts) VALUES ('rebuild');
INSERT INTO communication_templates_fts (communication_templates_fts) VALUES ('rebuild');
INSERT INTO tg_groups_fts (tg_groups_fts) VALUES ('rebuild');

PRAGMA user_version = 2;
COMMIT;
