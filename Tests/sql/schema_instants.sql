-- Schema: the instant keys (0014_instants.sql) through the sqlite3 shell. The triggers keep
-- post_date_ms and scheduled_for_ms in step with the text, which stays as written, and the views
-- list in time order, not text order. The clock is pinned for the relative times.
.read Tests/schema/schema.sql
.output /dev/null
SELECT switchboard_now('2026-02-10T12:00:00Z');
INSERT INTO users (id, name) VALUES ('u1', 'Ann');
INSERT INTO social_media_posts (id, user_id, platform, post_url, post_date, author_handle, author_name) VALUES
    ('a', 'u1', 'twitter', 'https://x.com/a', '2026-02-10T15:00:00+05:00', '@a', 'A'),  -- 10:00Z
    ('b', 'u1', 'twitter', 'https://x.com/b', '2026-02-10T11:30:00Z', '@a', 'A'),
    ('c', 'u1', 'instagram', 'https://x.com/c', '2026-02-10T11:30:00.500Z', '@a', 'A'),
    ('d', 'u1', 'instagram', 'https://x.com/d', '2026-02-10T10:30:00+0000', '@a', 'A'),
    ('e', 'u1', 'twitter', 'https://x.com/e', '1770717000', '@a', 'A'),  -- 09:50Z
    ('f', 'u1', 'twitter', 'https://x.com/f', '2026-02-10T06:00:00-05', '@a', 'A');  -- 11:00Z
INSERT INTO notifications (id, user_id, type, title, scheduled_for) VALUES
    ('n1', 'u1', 'event', 'Ahead', '2026-02-10T15:00:00+05:00'),  -- 10:00Z
    ('n2', 'u1', 'event', 'Fraction', '2026-02-10T11:00:00.5Z'),
    ('n3', 'u1', 'event', 'Whole', '2026-02-10T11:00:00Z');
.output stdout

-- social_feed
SELECT 'feed_time_order', (SELECT group_concat(id, ',') FROM (SELECT id FROM social_feed)) = 'c,b,f,d,a,e';
SELECT 'feed_keys', (SELECT group_concat(post_date_ms, ',') FROM (SELECT post_date_ms FROM social_feed))
    = '1770723000500,1770723000000,1770721200000,1770719400000,1770717600000,1770717000000';
SELECT 'feed_text_as_written', (SELECT post_date FROM social_feed WHERE id = 'd') = '2026-02-10T10:30:00+0000'
    AND (SELECT post_date FROM social_feed WHERE id = 'e') = '1770717000';
SELECT 'feed_relative_times', (SELECT group_concat(relative_time, ',') FROM (SELECT relative_time FROM social_feed))
    = '30 min. ago,30 min. ago,1 hr. ago,2 hr. ago,2 hr. ago,2 hr. ago';
.output /dev/null
UPDATE social_media_posts SET post_date = '2026-02-10 11:59:00' WHERE id = 'e';
.output stdout
SELECT 'feed_update_moves_the_key', (SELECT id FROM social_feed LIMIT 1) = 'e'
    AND (SELECT post_date_ms FROM social_media_posts WHERE id = 'e') = 1770724740000;

-- notification_inbox
SELECT 'inbox_time_order', (SELECT group_concat(id, ',') FROM (SELECT id FROM notification_inbox)) = 'n2,n3,n1';
.output /dev/null
UPDATE notifications SET scheduled_for = '2026-02-10T12:00:00+00:30' WHERE id = 'n1';
.output stdout
SELECT 'inbox_update_moves_the_key', (SELECT group_concat(id, ',') FROM (SELECT id FROM notification_inbox)) = 'n1,n2,n3'
    AND (SELECT scheduled_for_ms FROM notifications WHERE id = 'n1') = 1770723000000;
