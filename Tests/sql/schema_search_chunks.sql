-- Schema: the vocabulary of the posts' chunks (0027_search_chunks.sql) through the sqlite3 shell. After inserts,
-- updates, deletes, INSERT OR REPLACE (new rowid and same rowid), UPDATE OR REPLACE, upserts and a rolled-back
-- write, with recursive_triggers off (the shell's default) and then on, social_post_chunk_counters holds exactly the
-- chunks of the posts there are, each with the number of posts holding it, and its trigram index agrees with it.
-- The split keeps quotes, backslashes, emoji, invalid UTF-8 and the text after a NUL; drops empty chunks.
.read Tests/schema/schema.sql
.output /dev/null
PRAGMA recursive_triggers = OFF;
PRAGMA foreign_keys = OFF;
-- What the vocabulary should be, from the posts themselves; 0 when it is.
CREATE TEMP VIEW chunk_drift AS
SELECT (SELECT count(*) FROM (SELECT chunk, posts FROM social_post_chunk_counters
                              EXCEPT SELECT chunk, count(*) FROM social_post_chunk_list GROUP BY chunk))
     + (SELECT count(*) FROM (SELECT chunk, count(*) FROM social_post_chunk_list GROUP BY chunk
                              EXCEPT SELECT chunk, posts FROM social_post_chunk_counters)) AS n;
INSERT INTO users (id, name) VALUES ('u1', 'Ann'), ('u2', 'Bo');
INSERT INTO social_media_posts (seq, id, user_id, platform, post_url, post_date, author_handle, author_name, post_content) VALUES
    (1, 'a', 'u1', 'twitter', 'https://x.com/a', '2026-02-10T10:00:00Z', '@ann', 'Ann Lee', 'camp offer  camp' || char(10) || 'Visit'),
    (2, 'b', 'u1', 'twitter', 'https://x.com/b', '2026-02-10T10:00:00Z', '@ann', 'Ann Lee', 'say "hi" to C:\dir\u0000 😀ok'),
    (3, 'c', 'u2', 'instagram', 'https://x.com/c', '2026-02-10T10:00:00Z', '@bo', 'Bo', 'camp' || char(9) || 'visit' || char(13) || 'x');
INSERT INTO social_media_posts (seq, id, user_id, platform, post_url, post_date, author_handle, author_name, post_content)
VALUES (4, 'd', 'u2', 'twitter', 'https://x.com/d', '2026-02-10T10:00:00Z', '', '',
        CAST(x'6E756C00616674657220F09F988062FF63' AS TEXT));
.output stdout
SELECT 'chunks_after_inserts', (SELECT n FROM chunk_drift) = 0
    AND (SELECT group_concat(chunk || '=' || posts, ' ') FROM (SELECT chunk, posts FROM social_post_chunk_counters
                                                             WHERE chunk IN ('camp', 'Ann', 'Lee', '@ann', 'Visit', 'visit', 'x', 'offer')
                                                             ORDER BY chunk))
        = '@ann=2 Ann=2 Lee=2 Visit=1 camp=2 offer=1 visit=1 x=1';
SELECT 'chunks_keep_quotes_backslashes_emoji', (SELECT count(*) FROM social_post_chunk_counters
                                                WHERE chunk IN ('"hi"', 'C:\dir\u0000', '😀ok', 'say', 'to')) = 5;
-- The NUL is U+FFFD in the chunk, the text after it kept; invalid UTF-8 kept as it is; no empty chunk.
SELECT 'chunks_after_nul_and_invalid_utf8', (SELECT count(*) FROM social_post_chunk_counters
                                            WHERE chunk IN ('nul' || char(65533) || 'after', CAST(x'F09F988062FF63' AS TEXT))) = 2
    AND (SELECT count(*) FROM social_post_chunk_counters WHERE chunk = '') = 0;
SELECT 'chunks_trigram_index_agrees', (SELECT count(*) FROM social_post_chunks_trigram WHERE social_post_chunks_trigram MATCH '"visi"') = 2;
.output /dev/null
UPDATE social_media_posts SET post_content = 'camp only' WHERE seq = 1;
UPDATE social_media_posts SET author_name = 'Ann' WHERE seq = 2;
UPDATE social_media_posts SET platform = 'instagram' WHERE seq = 3;
.output stdout
SELECT 'chunks_after_updates', (SELECT n FROM chunk_drift) = 0
    AND (SELECT count(*) FROM social_post_chunk_counters WHERE chunk IN ('offer', 'Visit')) = 0
    AND (SELECT posts FROM social_post_chunk_counters WHERE chunk = 'Lee') = 1
    AND (SELECT count(*) FROM social_post_chunks_trigram WHERE social_post_chunks_trigram MATCH '"offer"') = 0;
.output /dev/null
-- Same id and URL under a new rowid, then under the same rowid.
INSERT OR REPLACE INTO social_media_posts (id, user_id, platform, post_url, post_date, author_handle, author_name, post_content)
VALUES ('a', 'u1', 'twitter', 'https://x.com/a', '2026-02-10T10:00:00Z', '@ann', 'Ann', 'replaced words');
REPLACE INTO social_media_posts (seq, id, user_id, platform, post_url, post_date, author_handle, author_name, post_content)
VALUES (3, 'c', 'u2', 'instagram', 'https://x.com/c', '2026-02-10T10:00:00Z', '@bo', 'Bo', 'same rowid');
.output stdout
SELECT 'chunks_after_replace', (SELECT n FROM chunk_drift) = 0
    AND (SELECT count(*) FROM social_post_chunk_counters WHERE chunk IN ('only', 'x')) = 0
    AND (SELECT count(*) FROM social_post_chunk_counters WHERE chunk IN ('replaced', 'rowid')) = 2;
.output /dev/null
-- UPDATE OR REPLACE onto another post's URL (it replaces that post), an upsert, an ignored insert.
UPDATE OR REPLACE social_media_posts SET post_url = 'https://x.com/b' WHERE id = 'a';
INSERT INTO social_media_posts (id, user_id, platform, post_url, post_date, author_handle, author_name, post_content)
VALUES ('c2', 'u2', 'instagram', 'https://x.com/c', '2026-02-10T10:00:00Z', '@bo', 'Bo', 'upserted text')
ON CONFLICT (user_id, post_url) DO UPDATE SET post_content = excluded.post_content;
INSERT OR IGNORE INTO social_media_posts (seq, id, user_id, platform, post_url, post_date, author_handle, author_name, post_content)
VALUES (3, 'zz', 'u2', 'twitter', 'https://x.com/zz', '2026-02-10T10:00:00Z', '@bo', 'Bo', 'ignored words');
.output stdout
SELECT 'chunks_after_update_or_replace_and_upsert', (SELECT n FROM chunk_drift) = 0
    AND (SELECT count(*) FROM social_post_chunk_counters WHERE chunk IN ('"hi"', 'rowid', 'ignored')) = 0
    AND (SELECT count(*) FROM social_post_chunk_counters WHERE chunk = 'upserted') = 1;
.output /dev/null
-- A write rolled back leaves the vocabulary as it was.
BEGIN;
INSERT INTO social_media_posts (seq, id, user_id, platform, post_url, post_date, author_handle, author_name, post_content)
VALUES (10, 'e', 'u1', 'twitter', 'https://x.com/e', '2026-02-10T10:00:00Z', '@ann', 'Ann', 'fresh chunk');
ROLLBACK;
.output stdout
SELECT 'chunks_after_rollback', (SELECT n FROM chunk_drift) = 0 AND (SELECT count(*) FROM social_post_chunk_counters WHERE chunk = 'fresh') = 0;
.output /dev/null
PRAGMA recursive_triggers = ON;
INSERT OR REPLACE INTO social_media_posts (id, user_id, platform, post_url, post_date, author_handle, author_name, post_content)
VALUES ('a', 'u1', 'twitter', 'https://x.com/b', '2026-02-10T10:00:00Z', '@ann', 'Ann', 'recursive words');
UPDATE OR REPLACE social_media_posts SET seq = 4 WHERE id = 'a';
DELETE FROM social_media_posts WHERE user_id = 'u2';
.output stdout
SELECT 'chunks_with_recursive_triggers', (SELECT n FROM chunk_drift) = 0
    AND (SELECT group_concat(chunk, ' ') FROM (SELECT chunk FROM social_post_chunk_counters ORDER BY chunk)) = '@ann Ann recursive words';
.output /dev/null
DELETE FROM social_media_posts;
.output stdout
SELECT 'chunks_empty_with_no_post', (SELECT count(*) FROM social_post_chunk_counters) = 0
    AND (SELECT count(*) FROM social_post_chunks_trigram_docsize) = 0;
INSERT INTO social_post_chunks_trigram (social_post_chunks_trigram, rank) VALUES ('integrity-check', 1);
