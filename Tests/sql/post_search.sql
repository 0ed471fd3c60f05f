-- post_search (the extension's table-valued function): its plan per term class, its hits against
-- search_contains (the apps' filter), its order, its arguments and bad input. 12,000 posts of one user:
-- `common` in every post; `lin` and `ine` apart in every other one (`line` nowhere: an absent word with
-- common trigrams); `zephyr` in 1 in 200; `qv` in 1 in 3000 (a rare 2-character word).
.read Tests/schema/schema.sql

INSERT INTO users (id, name) VALUES ('u1', 'Jordan'), ('u2', 'Sam');
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12000)
INSERT INTO social_media_posts (user_id, platform, post_url, post_content, author_name, author_handle, post_date)
SELECT 'u1', 'twitter', 'https://x.com/' || i,
       'common post ' || i || CASE WHEN i % 2 = 0 THEN ' Lincoln nine' ELSE '' END
           || CASE WHEN i % 200 = 7 THEN ' ZEPHYR cup' ELSE '' END || CASE WHEN i % 3000 = 11 THEN ' aqvb' ELSE '' END,
       'Author ' || (i % 7), '@coach' || (i % 5),
       strftime('%Y-%m-%dT%H:%M:%SZ', '2026-02-10T12:00:00Z', '-' || ((i * 7919) % 100003) || ' minutes')
FROM n;
INSERT INTO social_media_posts (user_id, platform, post_url, post_content, author_name, author_handle, post_date)
VALUES ('u2', 'twitter', 'https://x.com/u2', 'zephyr of another user', 'Sam', '@sam', '2026-02-10T11:00:00Z');
INSERT INTO users (id, name) VALUES ('u3', 'Ayşe');
INSERT INTO social_media_posts (user_id, platform, post_url, post_content, author_name, author_handle, post_date)
VALUES ('u3', 'twitter', 'https://x.com/u3', 'İLKAY ᲡᲐᲥᲐᲠᲗᲕᲔᲚᲝ STRAẞE ᏣᎳᎩ', 'Ayşe', '@ayse', '2026-02-10T11:00:00Z');

-- The plan of each class (the first row's): common words scan in date order and stop at the page;
-- a rare word reads its trigram candidates; a medium one (`@coach3`, 20%: over 2000 candidates) walks
-- the feed index reading only its candidates; a rare 1-2 character word goes through the vocabulary's
-- trigrams; a blank search lists everything; an absent word is empty, alone or among common words, and
-- so is `e ü` (`ü` is rarer than `e` in the probe, and no trigram starts with it). (SearchPlanTests: the
-- choice from other measurements.)
SELECT 'plan_common', (SELECT plan FROM post_search('common', 'u1')) = 'ordered scan';
SELECT 'plan_common_short', (SELECT plan FROM post_search('co', 'u1')) = 'ordered scan';
SELECT 'plan_rare', (SELECT plan FROM post_search('zephyr', 'u1')) = 'trigram index';
SELECT 'plan_medium_in_date_order', (SELECT plan FROM post_search('@coach3', 'u1')) = 'trigram index, date order';
SELECT 'plan_rare_short', (SELECT plan FROM post_search('qv', 'u1')) = 'trigram prefixes';
SELECT 'plan_multi_word', (SELECT plan FROM post_search('cup zephyr', 'u1')) = 'trigram index'
    AND (SELECT plan FROM post_search('post common', 'u1')) = 'ordered scan';
SELECT 'plan_blank', (SELECT plan FROM post_search('', 'u1')) = 'everything' AND (SELECT plan FROM post_search(NULL, 'u1')) = 'everything'
    AND (SELECT plan FROM post_search(' ', 'u1')) = 'everything';
SELECT 'plan_absent_among_common', (SELECT count(*) FROM post_search('common post line', 'u1')) = 0
    AND (SELECT count(*) FROM post_search('common post line', 'u1', 5)) = 0;
SELECT 'plan_short_absent', (SELECT count(*) FROM post_search('e ü', 'u1')) = 0;
-- Absent: no row, whether a trigram is missing or all are common (`line`: its runs in 6000 posts together).
SELECT 'absent_missing_trigram', (SELECT count(*) FROM post_search('zzz', 'u1')) = 0;
SELECT 'absent_common_trigrams', (SELECT count(*) FROM post_search('line', 'u1')) = 0
    AND (SELECT count(*) FROM social_posts_trigram WHERE social_posts_trigram MATCH '"lin" "ine"') = 6000;
-- The vocabulary of chunks (schema 0027) holds no chunk with `line` in it, so post_search ends there; a word
-- in another user's post only is in a chunk, and the search goes on to find none of this user's posts.
SELECT 'chunks_prove_absent', (SELECT count(*) FROM social_post_chunks_trigram WHERE social_post_chunks_trigram MATCH '"line"') = 0
    AND (SELECT count(*) FROM post_search('line common', 'u1')) = 0;
SELECT 'chunks_of_another_user', (SELECT count(*) FROM post_search('another', 'u1')) = 0
    AND (SELECT count(*) FROM post_search('another', 'u2')) = 1
    AND (SELECT posts FROM social_post_chunk_counters WHERE chunk = 'another') = 1;
-- The index keeps positions (schema 0020), so post_search matches the word "line" as one phrase (`lin` then
-- `ine`, next to each other) and reads no candidate: no post holds it, while `coln` (of Lincoln) is in 6000.
SELECT 'positional_pair', (SELECT count(*) FROM social_posts_trigram WHERE social_posts_trigram MATCH '"line"') = 0
    AND (SELECT count(*) FROM social_posts_trigram WHERE social_posts_trigram MATCH '"coln"') = 6000;

-- Hits: exactly the posts search_contains accepts, for every class, in date order.
CREATE TEMP TABLE searches (q TEXT PRIMARY KEY);
INSERT INTO searches VALUES ('common'), ('co'), ('zephyr'), ('ZEPH'), ('qv'), ('q'), ('cup zephyr'), ('post common'), ('zzz'),
    ('line'), ('lin'), ('nine lincoln'), ('@coach3'), ('author 6'), ('1199'), ('%'), ('_');
CREATE TEMP VIEW compared AS
SELECT s.q,
       (SELECT group_concat(rowid) FROM (SELECT rowid FROM post_search(s.q, 'u1'))) AS found,
       (SELECT group_concat(seq) FROM (SELECT seq FROM social_media_posts
                                       WHERE user_id = 'u1' AND search_contains(s.q, post_content, author_name, author_handle)
                                       ORDER BY post_date_ms DESC, id DESC)) AS expected
FROM searches AS s;
SELECT 'hits_are_search_contains', (SELECT count(*) FROM compared WHERE found IS NOT expected) = 0;
SELECT 'hits_newest_first', (SELECT count(*) FROM (SELECT post_date_ms, lag(post_date_ms) OVER (ORDER BY rank) AS before
                                                   FROM post_search('common', 'u1')) WHERE before < post_date_ms) = 0;
SELECT 'rank_counts_rows', (SELECT group_concat(rank) FROM (SELECT rank FROM post_search('zephyr', 'u1') LIMIT 3)) = '1,2,3';

-- Letters as Swift lowers them (SearchRecallTests: every script): `i` is in `İLKAY` (i + U+0307), `ilkay`
-- is not (the dot stands between), `İlkay` is; Mtavruli is Mkhedruli, ẞ is ß, Cherokee capitals small letters.
SELECT 'folding_as_swift', (SELECT count(*) FROM post_search('i', 'u3')) = 1 AND (SELECT count(*) FROM post_search('ilkay', 'u3')) = 0
    AND (SELECT count(*) FROM post_search('İlkay', 'u3')) = 1 AND (SELECT count(*) FROM post_search('საქართველო', 'u3')) = 1
    AND (SELECT count(*) FROM post_search('straße', 'u3')) = 1 AND (SELECT count(*) FROM post_search('ꮳꮃꭹ', 'u3')) = 1
    AND (SELECT count(*) FROM post_search('AYŞE', 'u3')) = 1 AND (SELECT count(*) FROM post_search('ayse', 'u3')) = 1;

-- Arguments: the user (NULL: the only user, here none, so nothing), the page size, the date bound.
SELECT 'user_scoped', (SELECT count(*) FROM post_search('zephyr', 'u2')) = 1 AND (SELECT count(*) FROM post_search('zephyr', 'u1')) = 60
    AND (SELECT count(*) FROM post_search('zephyr')) = 0;
SELECT 'page_size_is_a_hint', (SELECT count(*) FROM post_search('common', 'u1', 5)) = 12000;
SELECT 'date_bound', (SELECT count(*) FROM post_search('zephyr', 'u1') WHERE post_date_ms <= 1770500000000)
    = (SELECT count(*) FROM social_media_posts WHERE user_id = 'u1' AND post_date_ms <= 1770500000000
       AND search_contains('zephyr', post_content, author_name, author_handle));
SELECT 'columns', (SELECT id || '|' || author_handle || '|' || instr(post_content, 'ZEPHYR') FROM post_search('zephyr', 'u2')) = (
    SELECT id || '|@sam|0' FROM social_media_posts WHERE user_id = 'u2');
SELECT 'joins_the_feed_view', (SELECT count(*) FROM post_search('zephyr', 'u1') AS s JOIN social_feed AS f ON f.seq = s.rowid) = 60;

-- Bad input never traps: NULL, numbers, BLOBs, invalid UTF-8, a huge query, quotes and FTS5 syntax.
SELECT 'bad_input_invalid_utf8', (SELECT count(*) FROM post_search(x'fffe7a', 'u1')) = 0;
SELECT 'bad_input_number', (SELECT count(*) FROM post_search(1199, 'u1')) = 12;
SELECT 'bad_input_blob', (SELECT count(*) FROM post_search(CAST('zephyr' AS BLOB), 'u1')) = 60;
SELECT 'bad_input_huge', (SELECT count(*) FROM post_search(replace(printf('%.*c', 500000, 'x'), 'x', 'xyz '), 'u1')) = 0;
SELECT 'bad_input_fts_syntax', (SELECT count(*) FROM post_search('"co" OR NEAR(', 'u1')) = 0;
SELECT 'bad_input_page_null', (SELECT count(*) FROM post_search('zephyr', 'u1', NULL)) = 60;
SELECT 'bad_input_page_negative', (SELECT count(*) FROM post_search('zephyr', 'u1', -5)) = 60;
SELECT 'bad_input_page_text', (SELECT count(*) FROM post_search('zephyr', 'u1', 'x')) = 60;
SELECT 'bad_input_user_blob', (SELECT count(*) FROM post_search('zephyr', x'00')) = 0;
SELECT 'null_date_bound', (SELECT count(*) FROM post_search('zephyr', 'u1') WHERE post_date_ms <= NULL) = 0;

-- It writes nothing, and works in a view under trusted_schema=OFF (innocuous).
CREATE VIEW zephyr_posts AS SELECT rowid FROM post_search('zephyr', 'u1');
PRAGMA trusted_schema = OFF;
SELECT 'trusted_schema_off', (SELECT count(*) FROM zephyr_posts) = 60;
PRAGMA trusted_schema = ON;
SELECT 'read_only', (SELECT count(*) FROM pragma_module_list WHERE name = 'post_search') = 1;

-- A database before 0020, whose index keeps no positions (a phrase of two runs is an error there): no pair
-- is tried, and every search finds the same posts.
PRAGMA user_version = 19;
DROP TABLE social_posts_trigram;
CREATE VIRTUAL TABLE social_posts_trigram USING fts5(text, content = 'social_posts_trigram_text', content_rowid = 'seq',
    tokenize = 'trigram', detail = 'none');
INSERT INTO social_posts_trigram(social_posts_trigram) VALUES ('rebuild');
SELECT 'before_positions', (SELECT count(*) FROM post_search('line', 'u1')) = 0
    AND (SELECT count(*) FROM compared WHERE found IS NOT expected) = 0;

-- The school and the keyset cursor (the social feed's school_id, cursor_post_date and cursor_id): a school's
-- posts come by the school's index, each tested, newest first; the cursor's post_date is read by the instant
-- rule (instant_ms) and the rows go on after (its instant, its id), NULL id as ''; an unreadable one lists nothing.
.output /dev/null
UPDATE social_media_posts SET school_id = 's' || (seq % 40) WHERE user_id = 'u1';
.output stdout
SELECT 'school_plan', (SELECT plan FROM post_search(NULL, 'u1', 50, 's7')) = 'school index'
    AND (SELECT plan FROM post_search('zephyr', 'u1', 50, 's7')) = 'school index';
SELECT 'school_rows', (SELECT group_concat(id) FROM (SELECT id FROM post_search('lincoln', 'u1', 50, 's8')))
    = (SELECT group_concat(id) FROM (SELECT id FROM social_media_posts WHERE user_id = 'u1' AND school_id = 's8'
                                      AND search_contains('lincoln', post_content, author_name, author_handle)
                                      ORDER BY post_date_ms DESC, id DESC));
SELECT 'school_of_another_user', (SELECT count(*) FROM post_search(NULL, 'u2', 50, 's8')) = 0
    AND (SELECT count(*) FROM post_search(NULL, 'u1', 50, 'no-such-school')) = 0;
SELECT 'no_school_no_cursor', (SELECT group_concat(rowid) FROM (SELECT rowid FROM post_search('zephyr', 'u1', 50, NULL, NULL, NULL)))
    = (SELECT group_concat(rowid) FROM (SELECT rowid FROM post_search('zephyr', 'u1', 50)));
SELECT 'cursor_goes_on_after', (SELECT group_concat(id) FROM (SELECT s.id FROM post_search('common', 'u1', 5, NULL, c.post_date, c.id) AS s LIMIT 5))
    = (SELECT group_concat(id) FROM (SELECT id FROM social_media_posts WHERE user_id = 'u1'
                                      AND (post_date_ms, id) < (c.post_date_ms, c.id) ORDER BY post_date_ms DESC, id DESC LIMIT 5))
FROM (SELECT post_date, post_date_ms, id FROM social_media_posts WHERE user_id = 'u1' ORDER BY post_date_ms DESC LIMIT 1 OFFSET 70) AS c;
SELECT 'cursor_in_another_form', (SELECT group_concat(s.id) FROM post_search(NULL, 'u1', 3, NULL, CAST(c.post_date_ms AS TEXT), c.id) AS s)
    = (SELECT group_concat(s.id) FROM post_search(NULL, 'u1', 3, NULL, c.post_date, c.id) AS s)
FROM (SELECT post_date, post_date_ms, id FROM social_media_posts WHERE user_id = 'u1' ORDER BY post_date_ms DESC LIMIT 1 OFFSET 9000) AS c;
-- Ties at the cursor's instant: below its id only, and with no id none of them.
.output /dev/null
INSERT INTO social_media_posts (id, user_id, platform, post_url, post_content, author_name, author_handle, post_date, school_id)
VALUES ('tie-a', 'u1', 'twitter', 'https://x.com/tie-a', 'tied zephyr', 'T', '@t', '2030-01-01T00:00:00Z', 's1'),
       ('tie-b', 'u1', 'twitter', 'https://x.com/tie-b', 'tied zephyr', 'T', '@t', '2030-01-01T05:00:00+05:00', 's1'),
       ('tie-c', 'u1', 'twitter', 'https://x.com/tie-c', 'tied zephyr', 'T', '@t', '1893456000', 's1');
.output stdout
SELECT 'cursor_ties', (SELECT group_concat(id) FROM (SELECT id FROM post_search('tied', 'u1', 50, NULL, '2030-01-01T00:00:00Z', 'tie-c'))) = 'tie-b,tie-a'
    AND (SELECT count(*) FROM post_search('tied', 'u1', 50, NULL, '2030-01-01T00:00:00Z', NULL)) = 0
    AND (SELECT group_concat(id) FROM (SELECT id FROM post_search('tied', 'u1', 50, 's1', '2030-01-01 00:00', 'tie-b'))) = 'tie-a';
SELECT 'cursor_unreadable', (SELECT count(*) FROM post_search(NULL, 'u1', 50, NULL, 'soon', 'x')) = 0
    AND (SELECT count(*) FROM post_search(NULL, 'u1', 50, 's1', '', NULL)) = 0;
