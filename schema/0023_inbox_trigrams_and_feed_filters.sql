-- 0023_inbox_trigrams_and_feed_filters.sql — the inbox's search reads a trigram index, as the feed's does, and
-- the feed's flagged and sentiment filters read an index in date order (issue 29, Datasette at scale).
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0023_inbox_trigrams_and_feed_filters.sql   (after 0001–0022)
-- Plain SQLite: the built-in trigram tokenizer; no Switchboard function is needed to apply it, and no trigger
-- here calls one.
--
-- notifications-inbox finds a notification when every word of the search is in its title or message
-- (search_contains, the apps' case-insensitive substring). It tested every notification it walked: a
-- search that finds few or none walked them all, 1-3 s at 300,000 notifications (Benchmarks/datasette).
-- notifications_trigram indexes the runs of three characters of the title and the message, so the query
-- and the hosts' search (python/switchboard/search.py) test only the notifications that hold every run of
-- every word (search_trigrams builds that MATCH); a word of one or two characters has no run, and its
-- search still tests every notification it walks (the common case of such words: the page fills fast).
-- The index decides nothing alone: its folding of case is SQLite's, and each candidate is tested.
--
-- No positions (detail='none': which notifications hold each run), as 0006 first built the posts' index:
-- notifications are short. The cost: inserting notifications takes about 1.11x the CPU it took (50,000 of
-- Benchmarks/scale/notifications.sql, 2.59 s against 2.33 s, three runs each), and the rebuild here took
-- 4.5 s at 300,000 notifications (switchboard init, loaded machine).
--
-- Check and rebuild, as 0006 says:
--   SELECT * FROM search_index_status;
--   INSERT INTO notifications_trigram(notifications_trigram) VALUES ('rebuild');
--
-- The feed's filters. A page of the posts (the social_feed view, the social_media_posts table: Datasette's pages,
-- `SELECT * FROM social_feed WHERE flagged_for_review = 1 LIMIT 50`) walked social_media_posts_newest (0019) and
-- read each post until the page was full: fast while the filter keeps many posts, but a user flags few, and a
-- sentiment no post has walked them all: 9 s at 1M posts (`sentiment = 'mixed'`, loaded machine). With an index
-- on (the filter's column, post_date_ms) SQLite reads the page, and counts the filter's posts, from the index.
-- Over every user's posts, as the views are. The price: inserting posts takes about 1.04x the CPU it took
-- (50,000 posts of Benchmarks/fts/generate.sql, 8.95 s against 8.59 s, three runs each).

PRAGMA foreign_keys = ON;
PRAGMA recursive_triggers = ON;

BEGIN;

CREATE VIRTUAL TABLE notifications_trigram USING fts5(
    title, message,
    content = 'notifications', content_rowid = 'seq',
    tokenize = 'trigram', detail = 'none'
);
INSERT INTO notifications_trigram(notifications_trigram) VALUES ('rebuild');

CREATE TRIGGER notifications_trigram_insert AFTER INSERT ON notifications BEGIN
    INSERT INTO notifications_trigram (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
END;

CREATE TRIGGER notifications_trigram_delete AFTER DELETE ON notifications BEGIN
    INSERT INTO notifications_trigram (notifications_trigram, rowid, title, message)
    VALUES ('delete', OLD.seq, OLD.title, OLD.message);
END;

CREATE TRIGGER notifications_trigram_update AFTER UPDATE OF seq, title, message ON notifications BEGIN
    INSERT INTO notifications_trigram (notifications_trigram, rowid, title, message)
    VALUES ('delete', OLD.seq, OLD.title, OLD.message);
    INSERT INTO notifications_trigram (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
END;

CREATE INDEX social_media_posts_flagged ON social_media_posts(flagged_for_review, post_date_ms);
CREATE INDEX social_media_posts_sentiment ON social_media_posts(sentiment, post_date_ms);

-- The status view of 0006, with the new index.
DROP VIEW search_index_status;
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
    SELECT 'notifications_trigram', 'notifications',
           (SELECT count(*) FROM notifications),
           (SELECT count(*) FROM notifications_trigram_docsize),
           (SELECT count(*) FROM notifications WHERE seq NOT IN (SELECT id FROM notifications_trigram_docsize)),
           (SELECT count(*) FROM notifications_trigram_docsize WHERE id NOT IN (SELECT seq FROM notifications))
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

PRAGMA user_version = 23;
COMMIT;
