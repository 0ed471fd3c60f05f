-- 0027_search_chunks.sql — the vocabulary of the posts' chunks, so that a search word in no post is proved absent
-- by reading a small index, not the trigram index's lists of common runs (issue 31, item 1).
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0027_search_chunks.sql   (after 0001–0026)
-- Plain SQLite: json_each, json_quote and the built-in trigram tokenizer; no Switchboard function is needed
-- to apply it, and no trigger here calls one.
--
-- A search word holds no whitespace (docs/search.md: the query is split on Unicode whitespace), so a field
-- holds the word only inside one of its chunks: its runs of characters between spaces, tabs, line breaks,
-- vertical tabs and form feeds (any other character, other Unicode spaces included, stays inside a chunk,
-- which only makes chunks longer). The chunks of every post's content, author name and handle (what 0006's
-- trigram index holds), each once, are
--
--   social_post_chunk_counters   (id, chunk, posts): a chunk exactly as the post has it (case and all), and
--                                how many posts hold it (a post counts once); a chunk leaves when no post does
--   social_post_chunks_trigram   the trigram index of the chunks, with positions (FTS5, external content)
--
-- post_search asks the chunks' index first for a word whose runs are in many posts (SearchPlanner, the step
-- lookUpChunks): the word as one phrase, folded as the posts' index folds it; when no chunk matches, or none
-- that does holds the word under search_contains' rule, no post holds it, and the search is empty at once.
-- At 1M posts of Benchmarks/fts/generate.sql the words of the generated class "absent, common runs" took
-- p95 81 ms through the posts' index; through the chunks' it is well under a millisecond (11,236 chunks);
-- a vocabulary of 2,000,000 chunks of English text, hashtags, links and handles proves such words absent in
-- p95 2 ms (BENCHMARKS.md, "Search by term class").
--
-- The split, in plain SQL: the three fields joined by spaces, the other four separators made spaces, the
-- whole quoted as a JSON string (json_quote escapes `"`, `\` and control characters; a space is never part
-- of an escape), each space made `","`, then read back as a JSON array by json_each; empty chunks (spaces
-- in a row) are dropped. NUL: json_each ends a string at an escaped NUL (`\u0000`), so before the split a
-- NUL becomes U+FFFD, whose escape-free form the JSON text cannot confuse with a typed backslash (every
-- `\\` is set aside first). A word holding NUL is not asked (post_search skips the vocabulary for it).
--
-- Reference counts: AFTER INSERT adds the post's chunks (an UPSERT each), AFTER DELETE takes them away and
-- deletes the chunks no post holds any more, AFTER UPDATE of the three fields moves the counts from the old
-- chunks to the new, and 0024's rows put aside take away the chunks of the rows a REPLACE deleted under
-- recursive_triggers off, as the trigram index's triggers do. The chunks' own triggers keep their index. The
-- table and the posts' triggers are named as counters (`*_counters`, `social_post_chunk_counters_*`): `export
-- --all` and `import --all` leave a counters table to the triggers, and `import` keeps a table's counter
-- triggers while it sets aside the ones with side effects (a post imported without its chunks would be missed
-- by every search for a word in it).
--
-- Cost: syncing 10,000 posts into a workspace of 200,000 takes 1.49x the CPU it takes without these triggers
-- (an UPSERT per distinct chunk of each post); keeping only which chunks exist, without the counts (a chunk
-- would then outlive its last post), would cost 1.10x. The tables take 1 MiB at 1M posts of the benchmark's
-- corpus (11,236 chunks), about 200 MiB for 2,000,000 chunks of real text (BENCHMARKS.md, "Search by term
-- class").
--
-- The vocabulary is the workspace's, as the trigram index is: it holds no user's rows, and what a search
-- returns does not depend on it (it only ends early a search that would find nothing).
--
-- Check and rebuild:
--   SELECT count(*) FROM social_post_chunk_counters;    -- the distinct chunks
--   DELETE FROM social_post_chunk_counters;
--   INSERT INTO social_post_chunk_counters (chunk, posts)
--   SELECT chunk, count(DISTINCT seq) FROM social_post_chunk_list GROUP BY chunk;

PRAGMA foreign_keys = ON;
PRAGMA recursive_triggers = ON;

BEGIN;

CREATE TABLE social_post_chunk_counters (
    id INTEGER PRIMARY KEY,
    chunk TEXT NOT NULL UNIQUE,
    posts INTEGER NOT NULL
);
-- The chunks no post holds any more (none, between statements): what the triggers below delete.
CREATE INDEX social_post_chunk_counters_unheld ON social_post_chunk_counters (posts) WHERE posts <= 0;

CREATE VIRTUAL TABLE social_post_chunks_trigram USING fts5(
    chunk,
    content = 'social_post_chunk_counters', content_rowid = 'id',
    tokenize = 'trigram', detail = 'full'
);

CREATE TRIGGER social_post_chunks_trigram_insert AFTER INSERT ON social_post_chunk_counters BEGIN
    INSERT INTO [social_post_chunks_trigram] (rowid, chunk) VALUES (NEW.id, NEW.chunk);
END;

CREATE TRIGGER social_post_chunks_trigram_delete AFTER DELETE ON social_post_chunk_counters BEGIN
    INSERT INTO [social_post_chunks_trigram] (social_post_chunks_trigram, rowid, chunk) VALUES ('delete', OLD.id, OLD.chunk);
END;

CREATE TRIGGER social_post_chunks_trigram_update AFTER UPDATE OF id, chunk ON social_post_chunk_counters BEGIN
    INSERT INTO [social_post_chunks_trigram] (social_post_chunks_trigram, rowid, chunk) VALUES ('delete', OLD.id, OLD.chunk);
    INSERT INTO [social_post_chunks_trigram] (rowid, chunk) VALUES (NEW.id, NEW.chunk);
END;

-- Every post's chunks (seq, chunk), a chunk once per post; the rows put aside by 0024 likewise.
CREATE VIEW social_post_chunk_list AS
SELECT DISTINCT p.seq, j.value AS chunk
FROM social_media_posts AS p,
     json_each('[' || replace(replace(replace(replace(json_quote(
         replace(replace(replace(replace(replace(
             coalesce(p.post_content, '') || ' ' || coalesce(p.author_name, '') || ' ' || coalesce(p.author_handle, ''),
             char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' ')),
         '\\', char(1)), '\u0000', '\ufffd'), char(1), '\\'), ' ', '","') || ']') AS j
WHERE j.value <> '';

CREATE VIEW social_post_replaced_chunk_list AS
SELECT DISTINCT r.seq, j.value AS chunk
FROM social_media_posts_replaced AS r,
     json_each('[' || replace(replace(replace(replace(json_quote(
         replace(replace(replace(replace(replace(
             coalesce(r.post_content, '') || ' ' || coalesce(r.author_name, '') || ' ' || coalesce(r.author_handle, ''),
             char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' ')),
         '\\', char(1)), '\u0000', '\ufffd'), char(1), '\\'), ' ', '","') || ']') AS j
WHERE j.value <> '';

INSERT INTO social_post_chunk_counters (chunk, posts)
SELECT chunk, count(*) FROM social_post_chunk_list GROUP BY chunk;

-- A row's chunks before it changed: OLD is no longer in the table, so its chunks are split here (as above).
CREATE TRIGGER social_post_chunk_counters_delete AFTER DELETE ON social_media_posts BEGIN
    UPDATE social_post_chunk_counters SET posts = posts - 1
    WHERE chunk IN (SELECT value FROM json_each('[' || replace(replace(replace(replace(json_quote(
        replace(replace(replace(replace(replace(
            coalesce(OLD.post_content, '') || ' ' || coalesce(OLD.author_name, '') || ' ' || coalesce(OLD.author_handle, ''),
            char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' ')),
        '\\', char(1)), '\u0000', '\ufffd'), char(1), '\\'), ' ', '","') || ']'));
    DELETE FROM social_post_chunk_counters WHERE posts <= 0;
END;

CREATE TRIGGER social_post_chunk_counters_insert AFTER INSERT ON social_media_posts BEGIN
    INSERT INTO social_post_chunk_counters (chunk, posts)
    SELECT chunk, 1 FROM social_post_chunk_list WHERE seq = NEW.seq
    ON CONFLICT (chunk) DO UPDATE SET posts = posts + 1;
END;

-- The rows an insert replaced (0024 put them aside), only when there are some: most inserts skip it.
CREATE TRIGGER social_post_chunk_counters_replaced_insert AFTER INSERT ON social_media_posts
WHEN EXISTS (SELECT 1 FROM social_media_posts_replaced) BEGIN
    UPDATE social_post_chunk_counters
    SET posts = posts - (SELECT count(*) FROM social_post_replaced_chunk_list AS r
                         WHERE r.chunk = social_post_chunk_counters.chunk
                           AND (r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq)))
    WHERE chunk IN (SELECT r.chunk FROM social_post_replaced_chunk_list AS r
                    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq));
    DELETE FROM social_post_chunk_counters WHERE posts <= 0;
END;

CREATE TRIGGER social_post_chunk_counters_update AFTER UPDATE OF seq, post_content, author_name, author_handle ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.post_content IS NOT NEW.post_content OR OLD.author_name IS NOT NEW.author_name
    OR OLD.author_handle IS NOT NEW.author_handle BEGIN
    -- A row whose seq this update took (UPDATE OR REPLACE, 0024), then the old chunks' counts to the new.
    UPDATE social_post_chunk_counters
    SET posts = posts - (SELECT count(*) FROM social_post_replaced_chunk_list AS r
                         WHERE r.chunk = social_post_chunk_counters.chunk AND OLD.seq IS NOT NEW.seq AND r.seq = NEW.seq)
    WHERE chunk IN (SELECT r.chunk FROM social_post_replaced_chunk_list AS r WHERE OLD.seq IS NOT NEW.seq AND r.seq = NEW.seq);
    INSERT INTO social_post_chunk_counters (chunk, posts)
    SELECT chunk, 1 FROM social_post_chunk_list WHERE seq = NEW.seq
    ON CONFLICT (chunk) DO UPDATE SET posts = posts + 1;
    UPDATE social_post_chunk_counters SET posts = posts - 1
    WHERE chunk IN (SELECT value FROM json_each('[' || replace(replace(replace(replace(json_quote(
        replace(replace(replace(replace(replace(
            coalesce(OLD.post_content, '') || ' ' || coalesce(OLD.author_name, '') || ' ' || coalesce(OLD.author_handle, ''),
            char(9), ' '), char(10), ' '), char(11), ' '), char(12), ' '), char(13), ' ')),
        '\\', char(1)), '\u0000', '\ufffd'), char(1), '\\'), ' ', '","') || ']'));
    DELETE FROM social_post_chunk_counters WHERE posts <= 0;
END;

-- An update of a unique column that replaced other rows (UPDATE OR REPLACE under recursive_triggers off, 0024).
CREATE TRIGGER social_post_chunk_counters_replaced_update AFTER UPDATE OF seq, id, user_id, post_url ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id OR OLD.user_id IS NOT NEW.user_id OR OLD.post_url IS NOT NEW.post_url BEGIN
    UPDATE social_post_chunk_counters
    SET posts = posts - (SELECT count(*) FROM social_post_replaced_chunk_list AS r
                         WHERE r.chunk = social_post_chunk_counters.chunk
                           AND r.seq <> NEW.seq AND NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq))
    WHERE chunk IN (SELECT r.chunk FROM social_post_replaced_chunk_list AS r
                    WHERE r.seq <> NEW.seq AND NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq));
    DELETE FROM social_post_chunk_counters WHERE posts <= 0;
END;

PRAGMA user_version = 27;
COMMIT;
