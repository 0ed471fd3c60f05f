-- Schema: the counters (0018_counters.sql, 0021_schedule_counters.sql) through the sqlite3 shell, a tool that knows nothing of them:
-- plain INSERT, UPDATE, DELETE, INSERT OR REPLACE, upsert, a rolled-back transaction and a user's
-- deletion keep every counter equal to count(*) of its rows (foreign_keys and recursive_triggers on,
-- as 0001_core.sql asks of every connection).
.read Tests/schema/schema.sql
.output /dev/null
PRAGMA foreign_keys = ON;
PRAGMA recursive_triggers = ON;
SELECT switchboard_now('2026-02-10T12:00:00Z');
-- Every counter row beside the same figures counted from the rows: counter_errors is empty when they agree.
.read Tests/schema/counted.sql
CREATE TEMP VIEW counter_errors AS
SELECT * FROM (SELECT * FROM counters_now EXCEPT SELECT * FROM counted_now)
UNION ALL
SELECT * FROM (SELECT * FROM counted_now EXCEPT SELECT * FROM counters_now);
INSERT INTO users (id, name) VALUES ('u1', 'Ann'), ('u2', 'Bo');
.output stdout
SELECT 'new_user_has_no_counter_rows', (SELECT count(*) FROM social_media_post_counters) = 0
    AND (SELECT totalPosts = 0 AND totalPostsBadge = '0' FROM social_stats WHERE user_id = 'u1');
.output /dev/null
INSERT INTO social_media_posts (id, user_id, platform, post_url, post_date, author_handle, author_name, flagged_for_review) VALUES
    ('a', 'u1', 'twitter', 'https://x.com/a', '2026-02-10T10:00:00Z', '@a', 'A', 0),
    ('b', 'u1', 'twitter', 'https://x.com/b', '2026-02-10T10:00:00Z', '@a', 'A', 1),
    ('c', 'u1', 'instagram', 'https://x.com/c', '2026-02-10T10:00:00Z', '@a', 'A', 0),
    ('d', 'u2', 'instagram', 'https://x.com/d', '2026-02-10T10:00:00Z', '@a', 'A', 1);
INSERT INTO notifications (id, user_id, type, title, read_at, scheduled_for) VALUES
    ('n1', 'u1', 'offer', 'One', NULL, '2026-02-09T10:00:00Z'),
    ('n2', 'u1', 'offer', 'Two', '2026-02-09T11:00:00Z', '2026-02-09T10:00:00Z'),
    ('n3', 'u1', 'event', 'Three', NULL, '2026-02-12T10:00:00Z'),
    ('n4', NULL, 'event', 'Nobody''s', NULL, '2026-02-09T10:00:00Z');
INSERT INTO communication_templates (user_id, name, type, body) VALUES ('u1', 'A', 'email', 'Hi'), ('u1', 'B', 'text', 'Hi');
.output stdout
SELECT 'inserts_counted', (SELECT count(*) FROM counter_errors) = 0
    AND (SELECT group_concat(user_id || ':' || platform || '=' || posts || '/' || flagged, ' ') FROM social_media_post_counters)
        = 'u1:instagram=1/0 u1:twitter=2/1 u2:instagram=1/1';
SELECT 'notification_without_user_not_counted', (SELECT sum(notifications) FROM notification_counters) = 3;
SELECT 'stats_from_counters', (SELECT totalPosts = 3 AND twitterPosts = 2 AND instagramPosts = 1 AND flaggedPosts = 1
    FROM social_stats WHERE user_id = 'u1');
SELECT 'chips_from_counters', (SELECT group_concat(chip, ',') FROM notification_type_counts WHERE user_id = 'u1')
    = 'All (3),Follow-ups (0),Deadlines (0),Inbound (0),Digest (0),Offers (2),Events (1)';
SELECT 'unread_from_counters', (SELECT unread = 2 AND read = 1 AND has_read = 1 FROM notification_counts WHERE user_id = 'u1');
SELECT 'type_buttons_from_counters', (SELECT group_concat(button_label, ',') FROM template_type_counts WHERE user_id = 'u1')
    = 'All (2),Email (1),Text (1),Twitter (0)';
.output /dev/null
UPDATE social_media_posts SET flagged_for_review = 1 - flagged_for_review;
UPDATE social_media_posts SET platform = 'instagram' WHERE id = 'a';
UPDATE social_media_posts SET user_id = 'u2' WHERE id = 'b';
UPDATE notifications SET read_at = '2026-02-10T11:00:00Z' WHERE id = 'n1';
UPDATE notifications SET type = 'deadline_alert' WHERE id = 'n2';
UPDATE notifications SET user_id = 'u2' WHERE id = 'n4';
UPDATE notifications SET scheduled_for = '2026-02-10T12:00:01Z', read_at = NULL WHERE id = 'n2';
UPDATE communication_templates SET type = 'twitter' WHERE name = 'A';
.output stdout
SELECT 'updates_counted', (SELECT count(*) FROM counter_errors) = 0
    AND (SELECT group_concat(user_id || ':' || platform || '=' || posts || '/' || flagged, ' ') FROM social_media_post_counters)
        = 'u1:instagram=2/2 u2:instagram=1/0 u2:twitter=1/0';
.output /dev/null
BEGIN;
INSERT INTO social_media_posts (user_id, platform, post_url, post_date, author_handle, author_name) VALUES
    ('u1', 'twitter', 'https://x.com/e', '2026-02-10T10:00:00Z', '@a', 'A');
DELETE FROM notifications;
UPDATE communication_templates SET user_id = 'u2';
ROLLBACK;
.output stdout
SELECT 'rollback_undoes_the_counters', (SELECT count(*) FROM counter_errors) = 0
    AND (SELECT sum(posts) FROM social_media_post_counters) = 4 AND (SELECT sum(notifications) FROM notification_counters) = 4;
.output /dev/null
INSERT OR REPLACE INTO social_media_posts (id, user_id, platform, post_url, post_date, author_handle, author_name) VALUES
    ('c', 'u1', 'twitter', 'https://x.com/c', '2026-02-10T10:00:00Z', '@a', 'A');
INSERT INTO social_media_posts (id, user_id, platform, post_url, post_date, author_handle, author_name, flagged_for_review) VALUES
    ('x', 'u2', 'twitter', 'https://x.com/d', '2026-02-10T10:00:00Z', '@a', 'A', 0)
    ON CONFLICT (user_id, post_url) DO UPDATE SET platform = excluded.platform, flagged_for_review = excluded.flagged_for_review;
.output stdout
SELECT 'replace_and_upsert_counted', (SELECT count(*) FROM counter_errors) = 0
    AND (SELECT sum(posts) FROM social_media_post_counters) = 4
    AND (SELECT group_concat(user_id || ':' || platform || '=' || posts || '/' || flagged, ' ') FROM social_media_post_counters)
        = 'u1:instagram=1/1 u1:twitter=1/0 u2:twitter=2/0';
.output /dev/null
UPDATE notifications SET read_at = '2026-02-10T12:00:00Z', updated_at = '2026-02-10T12:00:00Z' WHERE user_id = 'u1' AND read_at IS NULL;
.output stdout
SELECT 'mark_all_read_counted', (SELECT count(*) FROM counter_errors) = 0
    AND (SELECT sum(unread) FROM notification_counters WHERE user_id = 'u1') = 0;
.output /dev/null
DELETE FROM notifications WHERE user_id = 'u1' AND read_at IS NOT NULL;
.output stdout
SELECT 'clear_read_deletes_the_counter_rows', (SELECT count(*) FROM counter_errors) = 0
    AND (SELECT count(*) FROM notification_counters WHERE user_id = 'u1') = 0;
.output /dev/null
DELETE FROM users WHERE id = 'u2';
.output stdout
SELECT 'deleted_user_leaves_no_counter', (SELECT count(*) FROM counter_errors) = 0
    AND (SELECT count(*) FROM social_media_post_counters WHERE user_id = 'u2') = 0
    AND (SELECT count(*) FROM notification_counters WHERE user_id = 'u2') = 0;
