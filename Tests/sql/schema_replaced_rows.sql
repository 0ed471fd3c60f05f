-- Schema: the rows a REPLACE replaces (0024_replaced_rows.sql) through the sqlite3 shell with its default
-- pragmas: recursive_triggers and foreign_keys off, as the shell, sqlite-utils and most tools leave them.
-- INSERT OR REPLACE (under a new rowid and under the old one), REPLACE INTO, UPDATE OR REPLACE of every
-- unique key, OR IGNORE and both upserts keep every counter equal to count(*) of its rows and every
-- search index equal to its table (search_index_status, FTS5's integrity-check against the content, and
-- a search for the replaced text); then the same with recursive_triggers on.
.read Tests/schema/schema.sql
.output /dev/null
PRAGMA recursive_triggers = OFF;
PRAGMA foreign_keys = OFF;
SELECT switchboard_now('2026-02-10T12:00:00Z');
.read Tests/schema/counted.sql
-- 0 when every counter agrees with its rows and every index holds exactly its table's rowids.
CREATE TEMP VIEW drift AS
SELECT (SELECT count(*) FROM (SELECT * FROM counters_now EXCEPT SELECT * FROM counted_now))
     + (SELECT count(*) FROM (SELECT * FROM counted_now EXCEPT SELECT * FROM counters_now))
     + (SELECT count(*) FROM search_index_status WHERE ok = 0) AS n;
INSERT INTO users (id, name) VALUES ('u1', 'Ann'), ('u2', 'Bo');
INSERT INTO social_media_posts (seq, id, user_id, platform, post_url, post_date, author_handle, author_name, post_content,
                                flagged_for_review) VALUES
    (1, 'a', 'u1', 'twitter', 'https://x.com/a', '2026-02-10T10:00:00Z', '@ann', 'Ann', 'first scholarship', 1),
    (2, 'b', 'u1', 'twitter', 'https://x.com/b', '2026-02-10T10:00:00Z', '@ann', 'Ann', 'second camp', 0),
    (3, 'c', 'u2', 'instagram', 'https://x.com/c', '2026-02-10T10:00:00Z', '@bo', 'Bo', 'third visit', 0);
INSERT INTO notifications (seq, id, user_id, type, title, message, scheduled_for) VALUES
    (1, 'n1', 'u1', 'offer', 'Offer one', 'alpha', '2026-02-09T10:00:00Z'),
    (2, 'n2', 'u1', 'event', 'Event two', 'beta', '2026-02-12T10:00:00Z');
INSERT INTO communication_templates (seq, id, user_id, name, type, body) VALUES
    (1, 't1', 'u1', 'Intro', 'email', 'Hello coach'), (2, 't2', 'u1', 'Follow', 'text', 'Thanks coach');
INSERT INTO tg_groups (id, title) VALUES (-1001, 'Family Chat'), (-1002, 'Running Club');
.output stdout
SELECT 'replaced_rows_start_exact', (SELECT n FROM drift) = 0 AND (SELECT count(*) FROM pragma_recursive_triggers WHERE recursive_triggers = 0) = 1;
.output /dev/null
-- Same id and URL, a new rowid: the old post (flagged, twitter) is gone and counted away; it moves to instagram.
INSERT OR REPLACE INTO social_media_posts (id, user_id, platform, post_url, post_date, author_handle, author_name, post_content)
VALUES ('a', 'u1', 'instagram', 'https://x.com/a', '2026-02-10T10:00:00Z', '@ann', 'Ann', 'replaced offer');
INSERT INTO social_posts_fts (social_posts_fts, rank) VALUES ('integrity-check', 1);
INSERT INTO social_posts_trigram (social_posts_trigram, rank) VALUES ('integrity-check', 1);
.output stdout
SELECT 'replace_under_a_new_rowid', (SELECT n FROM drift) = 0
    AND (SELECT group_concat(user_id || ':' || platform || '=' || posts || '/' || flagged, ' ') FROM social_media_post_counters)
        = 'u1:instagram=1/0 u1:twitter=1/0 u2:instagram=1/0'
    AND (SELECT count(*) FROM social_media_posts_replaced) = 1
    AND NOT EXISTS (SELECT 1 FROM social_posts_fts WHERE social_posts_fts MATCH 'scholarship')
    AND (SELECT group_concat(id) FROM social_media_posts WHERE seq IN (SELECT rowid FROM social_posts_fts WHERE social_posts_fts MATCH 'replaced')) = 'a';
.output /dev/null
-- REPLACE INTO under the same rowid: the index deletes the old text before the new text takes the rowid.
REPLACE INTO social_media_posts (seq, id, user_id, platform, post_url, post_date, author_handle, author_name, post_content)
VALUES (2, 'b2', 'u2', 'twitter', 'https://x.com/b2', '2026-02-10T10:00:00Z', '@bo', 'Bo', 'new words');
INSERT INTO social_posts_fts (social_posts_fts, rank) VALUES ('integrity-check', 1);
INSERT INTO social_posts_trigram (social_posts_trigram, rank) VALUES ('integrity-check', 1);
.output stdout
SELECT 'replace_under_the_same_rowid', (SELECT n FROM drift) = 0
    AND (SELECT group_concat(user_id || ':' || platform || '=' || posts, ' ') FROM social_media_post_counters)
        = 'u1:instagram=1 u2:instagram=1 u2:twitter=1'
    AND NOT EXISTS (SELECT 1 FROM social_posts_fts WHERE social_posts_fts MATCH 'camp')
    AND NOT EXISTS (SELECT 1 FROM social_posts_trigram WHERE social_posts_trigram MATCH '"cam"');
.output /dev/null
-- One new row colliding with three: seq 1's, id 'c' and u2's URL https://x.com/b2 (seq 2).
INSERT OR REPLACE INTO social_media_posts (seq, id, user_id, platform, post_url, post_date, author_handle, author_name)
VALUES ((SELECT seq FROM social_media_posts WHERE id = 'a'), 'c', 'u2', 'twitter', 'https://x.com/b2', '2026-02-10T10:00:00Z', '@x', 'X');
INSERT INTO social_posts_fts (social_posts_fts, rank) VALUES ('integrity-check', 1);
INSERT INTO social_posts_trigram (social_posts_trigram, rank) VALUES ('integrity-check', 1);
.output stdout
SELECT 'replace_of_three_rows', (SELECT n FROM drift) = 0 AND (SELECT count(*) FROM social_media_posts) = 1
    AND (SELECT group_concat(user_id || ':' || platform || '=' || posts, ' ') FROM social_media_post_counters) = 'u2:twitter=1';
.output /dev/null
INSERT INTO social_media_posts (id, user_id, platform, post_url, post_date, author_handle, author_name, post_content) VALUES
    ('d', 'u1', 'twitter', 'https://x.com/d', '2026-02-10T10:00:00Z', '@ann', 'Ann', 'dee'),
    ('e', 'u1', 'twitter', 'https://x.com/e', '2026-02-10T10:00:00Z', '@ann', 'Ann', 'eee');
-- OR IGNORE and DO NOTHING keep the row they collide with, though it was put aside; an upsert updates it.
INSERT OR IGNORE INTO social_media_posts (id, user_id, platform, post_url, post_date, author_handle, author_name)
VALUES ('d', 'u1', 'instagram', 'https://x.com/d', '2026-02-10T10:00:00Z', '@ann', 'Ann');
INSERT INTO social_media_posts (id, user_id, platform, post_url, post_date, author_handle, author_name)
VALUES ('zz', 'u1', 'instagram', 'https://x.com/d', '2026-02-10T10:00:00Z', '@ann', 'Ann') ON CONFLICT DO NOTHING;
INSERT INTO social_media_posts (id, user_id, platform, post_url, post_date, author_handle, author_name, post_content, flagged_for_review)
VALUES ('d', 'u1', 'instagram', 'https://x.com/d', '2026-02-10T10:00:00Z', '@ann', 'Ann', 'upserted', 1)
ON CONFLICT (user_id, post_url) DO UPDATE SET platform = excluded.platform, post_content = excluded.post_content,
    flagged_for_review = excluded.flagged_for_review;
.output stdout
SELECT 'ignore_and_upsert_keep_the_row', (SELECT n FROM drift) = 0
    AND (SELECT group_concat(user_id || ':' || platform || '=' || posts || '/' || flagged, ' ') FROM social_media_post_counters)
        = 'u1:instagram=1/1 u1:twitter=1/0 u2:twitter=1/0'
    AND (SELECT group_concat(id) FROM social_media_posts WHERE seq IN (SELECT rowid FROM social_posts_fts WHERE social_posts_fts MATCH 'upserted')) = 'd';
.output /dev/null
-- UPDATE OR REPLACE onto another row's URL, id and seq.
UPDATE OR REPLACE social_media_posts SET post_url = 'https://x.com/d' WHERE id = 'e';
INSERT INTO social_media_posts (id, user_id, platform, post_url, post_date, author_handle, author_name, post_content) VALUES
    ('f', 'u1', 'instagram', 'https://x.com/f', '2026-02-10T10:00:00Z', '@ann', 'Ann', 'fff'),
    ('g', 'u1', 'twitter', 'https://x.com/g', '2026-02-10T10:00:00Z', '@ann', 'Ann', 'ggg');
UPDATE OR REPLACE social_media_posts SET id = 'f', post_content = 'gee' WHERE id = 'g';
UPDATE OR REPLACE social_media_posts SET seq = (SELECT seq FROM social_media_posts WHERE id = 'c') WHERE id = 'e';
INSERT INTO social_posts_fts (social_posts_fts, rank) VALUES ('integrity-check', 1);
INSERT INTO social_posts_trigram (social_posts_trigram, rank) VALUES ('integrity-check', 1);
.output stdout
SELECT 'update_or_replace_of_each_key', (SELECT n FROM drift) = 0
    AND (SELECT group_concat(id || '@' || seq, ' ') FROM (SELECT id, seq FROM social_media_posts ORDER BY id)) = 'e@4 f@8'
    AND NOT EXISTS (SELECT 1 FROM social_posts_fts WHERE social_posts_fts MATCH 'fff OR upserted OR dee');
.output /dev/null
-- Notifications: a replace under the same seq changes type, read state and bucket; by id under a new seq.
INSERT OR REPLACE INTO notifications (seq, id, user_id, type, title, message, read_at, scheduled_for)
VALUES (1, 'n1b', 'u2', 'event', 'Event again', 'gamma', '2026-02-10T09:00:00Z', '1960-01-01T00:00:00Z');
INSERT OR REPLACE INTO notifications (id, user_id, type, title, message, scheduled_for)
VALUES ('n2', 'u1', 'offer', 'Offer again', 'delta', '2026-03-01T10:00:00Z');
INSERT OR REPLACE INTO notifications (id, user_id, type, title, scheduled_for) VALUES ('n3', NULL, 'offer', 'Nobody''s', '2026-03-01T10:00:00Z');
INSERT OR REPLACE INTO notifications (id, user_id, type, title, scheduled_for) VALUES ('n3', 'u1', 'offer', 'Mine now', '2026-03-02T10:00:00Z');
UPDATE OR REPLACE notifications SET id = 'n2', title = 'took n2' WHERE id = 'n1b';
INSERT INTO notifications_trigram (notifications_trigram, rank) VALUES ('integrity-check', 1);
.output stdout
SELECT 'notifications_replaced', (SELECT n FROM drift) = 0
    AND (SELECT group_concat(user_id || ':' || type || '=' || notifications || '/' || unread, ' ') FROM notification_counters)
        = 'u1:offer=1/1 u2:event=1/0'
    AND (SELECT count(*) FROM notifications) = 2
    AND NOT EXISTS (SELECT 1 FROM notifications_trigram WHERE notifications_trigram MATCH 'alp OR bet OR del');
.output /dev/null
-- Templates and groups.
INSERT OR REPLACE INTO communication_templates (seq, id, user_id, name, type, body) VALUES (1, 't1', 'u2', 'Intro', 'twitter', 'Hey');
INSERT OR REPLACE INTO communication_templates (id, user_id, name, type, body) VALUES ('t2', 'u1', 'Follow', 'email', 'Again');
UPDATE OR REPLACE communication_templates SET id = 't2' WHERE id = 't1';
INSERT OR REPLACE INTO tg_groups (id, title) VALUES (-1001, 'Work');
UPDATE OR REPLACE tg_groups SET id = -1001 WHERE id = -1002;
.output stdout
SELECT 'templates_and_groups_replaced', (SELECT n FROM drift) = 0
    AND (SELECT group_concat(user_id || ':' || type || '=' || templates, ' ') FROM communication_template_counters) = 'u2:twitter=1'
    AND (SELECT group_concat(id || ' ' || title) FROM tg_groups) = '-1001 Running Club';
.output /dev/null
-- With recursive_triggers on, the replaced rows' DELETE triggers take them away, and nothing twice.
PRAGMA recursive_triggers = ON;
INSERT OR REPLACE INTO social_media_posts (id, user_id, platform, post_url, post_date, author_handle, author_name, post_content)
VALUES ('e', 'u1', 'instagram', 'https://x.com/d', '2026-02-10T10:00:00Z', '@ann', 'Ann', 'recursive');
REPLACE INTO notifications (seq, id, user_id, type, title, scheduled_for) VALUES (1, 'n2', 'u1', 'event', 'Recursive', '2026-02-11T10:00:00Z');
INSERT OR REPLACE INTO communication_templates (id, user_id, name, type, body) VALUES ('t2', 'u2', 'Intro', 'text', 'Hey');
INSERT OR REPLACE INTO tg_groups (id, title) VALUES (-1001, 'Again');
INSERT INTO social_posts_fts (social_posts_fts, rank) VALUES ('integrity-check', 1);
INSERT INTO notifications_trigram (notifications_trigram, rank) VALUES ('integrity-check', 1);
.output stdout
SELECT 'recursive_triggers_on_counts_once', (SELECT n FROM drift) = 0
    AND (SELECT sum(posts) FROM social_media_post_counters) = 2 AND (SELECT sum(notifications) FROM notification_counters) = 2
    AND (SELECT count(*) FROM social_media_posts_replaced) + (SELECT count(*) FROM notifications_replaced)
        + (SELECT count(*) FROM communication_templates_replaced) = 0;
