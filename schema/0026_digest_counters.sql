-- 0026_digest_counters.sql — the digest reads counters, as the pages do.
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0026_digest_counters.sql   (after 0001–0025)
-- Plain SQLite: no Switchboard function is needed to apply it, and no trigger here calls one.
--
-- `switchboard report digest` counted every post by sentiment and every unread notification by priority:
-- 2.87 s at 1M posts, linear in the workspace. 0018's counters hold posts by platform and flagged, and
-- notifications by type and unread; the digest also needs
--
--   social_media_post_sentiment_counters  (user_id, sentiment) -> posts      ('' for a post with no sentiment)
--   notification_priority_counters        (user_id, priority)  -> notifications, unread (read_at IS NULL)
--
-- kept as 0018's are: plain-SQL triggers in the statement's transaction, AFTER INSERT adding the row,
-- AFTER DELETE taking it away (and deleting a counter row it empties), an AFTER UPDATE moving it between
-- keys, and, for a REPLACE under recursive_triggers off, 0024's rows put aside, which now carry the
-- sentiment and the priority (social_media_posts_replaced.sentiment, notifications_replaced.priority; the
-- BEFORE triggers that fill them are created again). A notification counts while it has a user, as in 0018.
-- `switchboard check` compares both with count(*), and `check --repair` rebuilds them.
--
-- The digest's "due this week" reads 0021's schedule counters: the notifications due after now and at most
-- 7 days later, (now, now + 7 days] in whole seconds, the inbox's "upcoming" cut at a week.
--
-- Cost: two more counter rows written per post and per notification (BENCHMARKS.md, "Reports at scale").

PRAGMA foreign_keys = ON;
PRAGMA recursive_triggers = ON;

BEGIN;

CREATE TABLE social_media_post_sentiment_counters (
    user_id TEXT NOT NULL,
    sentiment TEXT NOT NULL,
    posts INTEGER NOT NULL,
    PRIMARY KEY (user_id, sentiment)
) WITHOUT ROWID;

INSERT INTO social_media_post_sentiment_counters (user_id, sentiment, posts)
SELECT user_id, coalesce(sentiment, ''), count(*) FROM social_media_posts GROUP BY 1, 2;

CREATE TABLE notification_priority_counters (
    user_id TEXT NOT NULL,
    priority TEXT NOT NULL,
    notifications INTEGER NOT NULL,
    unread INTEGER NOT NULL,
    PRIMARY KEY (user_id, priority)
) WITHOUT ROWID;

INSERT INTO notification_priority_counters (user_id, priority, notifications, unread)
SELECT user_id, priority, count(*), count(CASE WHEN read_at IS NULL THEN 1 END)
FROM notifications WHERE user_id IS NOT NULL GROUP BY 1, 2;

-- The posts' sentiment.

CREATE TRIGGER social_media_post_sentiment_counters_insert AFTER INSERT ON social_media_posts BEGIN
    INSERT INTO social_media_post_sentiment_counters (user_id, sentiment, posts)
    VALUES (NEW.user_id, coalesce(NEW.sentiment, ''), 1)
    ON CONFLICT (user_id, sentiment) DO UPDATE SET posts = posts + 1;
END;

CREATE TRIGGER social_media_post_sentiment_counters_delete AFTER DELETE ON social_media_posts BEGIN
    DELETE FROM social_media_post_sentiment_counters
    WHERE user_id = OLD.user_id AND sentiment = coalesce(OLD.sentiment, '') AND posts = 1;
    UPDATE social_media_post_sentiment_counters SET posts = posts - 1
    WHERE user_id = OLD.user_id AND sentiment = coalesce(OLD.sentiment, '');
END;

CREATE TRIGGER social_media_post_sentiment_counters_move AFTER UPDATE OF user_id, sentiment ON social_media_posts
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.sentiment IS NOT NEW.sentiment BEGIN
    INSERT INTO social_media_post_sentiment_counters (user_id, sentiment, posts)
    VALUES (NEW.user_id, coalesce(NEW.sentiment, ''), 1)
    ON CONFLICT (user_id, sentiment) DO UPDATE SET posts = posts + 1;
    DELETE FROM social_media_post_sentiment_counters
    WHERE user_id = OLD.user_id AND sentiment = coalesce(OLD.sentiment, '') AND posts = 1;
    UPDATE social_media_post_sentiment_counters SET posts = posts - 1
    WHERE user_id = OLD.user_id AND sentiment = coalesce(OLD.sentiment, '');
END;

ALTER TABLE social_media_posts_replaced ADD COLUMN sentiment TEXT;

DROP TRIGGER social_media_posts_replaced_insert;
CREATE TRIGGER social_media_posts_replaced_insert BEFORE INSERT ON social_media_posts
WHEN EXISTS (SELECT 1 FROM social_media_posts WHERE seq = NEW.seq) OR EXISTS (SELECT 1 FROM social_media_posts WHERE id = NEW.id)
     OR EXISTS (SELECT 1 FROM social_media_posts WHERE user_id = NEW.user_id AND post_url = NEW.post_url)
     OR EXISTS (SELECT 1 FROM social_media_posts_replaced) BEGIN
    DELETE FROM social_media_posts_replaced;
    INSERT INTO social_media_posts_replaced (seq, user_id, platform, flagged_for_review, post_content, author_name,
                                             author_handle, search_tags, sentiment)
    SELECT seq, user_id, platform, flagged_for_review, post_content, author_name, author_handle, search_tags, sentiment
    FROM social_media_posts
    WHERE seq = NEW.seq OR id = NEW.id OR (user_id = NEW.user_id AND post_url = NEW.post_url);
END;

DROP TRIGGER social_media_posts_replaced_update;
CREATE TRIGGER social_media_posts_replaced_update BEFORE UPDATE OF seq, id, user_id, post_url ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id OR OLD.user_id IS NOT NEW.user_id OR OLD.post_url IS NOT NEW.post_url BEGIN
    DELETE FROM social_media_posts_replaced;
    INSERT INTO social_media_posts_replaced (seq, user_id, platform, flagged_for_review, post_content, author_name,
                                             author_handle, search_tags, sentiment)
    SELECT seq, user_id, platform, flagged_for_review, post_content, author_name, author_handle, search_tags, sentiment
    FROM social_media_posts
    WHERE seq <> OLD.seq AND (seq = NEW.seq OR id = NEW.id OR (user_id = NEW.user_id AND post_url = NEW.post_url));
END;

CREATE TRIGGER social_media_post_sentiment_counters_replaced_insert AFTER INSERT ON social_media_posts
WHEN EXISTS (SELECT 1 FROM social_media_posts_replaced) BEGIN
    INSERT INTO social_media_post_sentiment_counters (user_id, sentiment, posts)
    SELECT r.user_id, coalesce(r.sentiment, ''), -count(*) FROM social_media_posts_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq)
    GROUP BY 1, 2
    ON CONFLICT (user_id, sentiment) DO UPDATE SET posts = posts + excluded.posts;
    DELETE FROM social_media_post_sentiment_counters
    WHERE posts = 0 AND (user_id, sentiment) IN (SELECT r.user_id, coalesce(r.sentiment, '') FROM social_media_posts_replaced AS r);
END;

CREATE TRIGGER social_media_post_sentiment_counters_replaced_update AFTER UPDATE OF seq, id, user_id, post_url ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id OR OLD.user_id IS NOT NEW.user_id OR OLD.post_url IS NOT NEW.post_url BEGIN
    INSERT INTO social_media_post_sentiment_counters (user_id, sentiment, posts)
    SELECT r.user_id, coalesce(r.sentiment, ''), -count(*) FROM social_media_posts_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq)
    GROUP BY 1, 2
    ON CONFLICT (user_id, sentiment) DO UPDATE SET posts = posts + excluded.posts;
    DELETE FROM social_media_post_sentiment_counters
    WHERE posts = 0 AND (user_id, sentiment) IN (SELECT r.user_id, coalesce(r.sentiment, '') FROM social_media_posts_replaced AS r);
END;

-- The notifications' priority.

CREATE TRIGGER notification_priority_counters_insert AFTER INSERT ON notifications WHEN NEW.user_id IS NOT NULL BEGIN
    INSERT INTO notification_priority_counters (user_id, priority, notifications, unread)
    VALUES (NEW.user_id, NEW.priority, 1, NEW.read_at IS NULL)
    ON CONFLICT (user_id, priority) DO UPDATE SET notifications = notifications + 1, unread = unread + excluded.unread;
END;

CREATE TRIGGER notification_priority_counters_delete AFTER DELETE ON notifications WHEN OLD.user_id IS NOT NULL BEGIN
    DELETE FROM notification_priority_counters
    WHERE user_id = OLD.user_id AND priority = OLD.priority AND notifications = 1;
    UPDATE notification_priority_counters SET notifications = notifications - 1, unread = unread - (OLD.read_at IS NULL)
    WHERE user_id = OLD.user_id AND priority = OLD.priority;
END;

CREATE TRIGGER notification_priority_counters_move AFTER UPDATE OF user_id, priority ON notifications
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.priority IS NOT NEW.priority BEGIN
    INSERT INTO notification_priority_counters (user_id, priority, notifications, unread)
    SELECT NEW.user_id, NEW.priority, 1, NEW.read_at IS NULL WHERE NEW.user_id IS NOT NULL
    ON CONFLICT (user_id, priority) DO UPDATE SET notifications = notifications + 1, unread = unread + excluded.unread;
    DELETE FROM notification_priority_counters
    WHERE user_id = OLD.user_id AND priority = OLD.priority AND notifications = 1;
    UPDATE notification_priority_counters SET notifications = notifications - 1, unread = unread - (OLD.read_at IS NULL)
    WHERE user_id = OLD.user_id AND priority = OLD.priority;
END;

CREATE TRIGGER notification_priority_counters_read AFTER UPDATE OF read_at ON notifications
WHEN OLD.user_id IS NEW.user_id AND OLD.priority IS NEW.priority AND (OLD.read_at IS NULL) <> (NEW.read_at IS NULL) BEGIN
    UPDATE notification_priority_counters SET unread = unread + (NEW.read_at IS NULL) - (OLD.read_at IS NULL)
    WHERE user_id = NEW.user_id AND priority = NEW.priority;
END;

ALTER TABLE notifications_replaced ADD COLUMN priority TEXT;

DROP TRIGGER notifications_replaced_insert;
CREATE TRIGGER notifications_replaced_insert BEFORE INSERT ON notifications
WHEN EXISTS (SELECT 1 FROM notifications WHERE seq = NEW.seq) OR EXISTS (SELECT 1 FROM notifications WHERE id = NEW.id)
     OR EXISTS (SELECT 1 FROM notifications_replaced) BEGIN
    DELETE FROM notifications_replaced;
    INSERT INTO notifications_replaced (seq, user_id, type, read_at, scheduled_for_ms, title, message, priority)
    SELECT seq, user_id, type, read_at, scheduled_for_ms, title, message, priority
    FROM notifications WHERE seq = NEW.seq OR id = NEW.id;
END;

DROP TRIGGER notifications_replaced_update;
CREATE TRIGGER notifications_replaced_update BEFORE UPDATE OF seq, id ON notifications
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    DELETE FROM notifications_replaced;
    INSERT INTO notifications_replaced (seq, user_id, type, read_at, scheduled_for_ms, title, message, priority)
    SELECT seq, user_id, type, read_at, scheduled_for_ms, title, message, priority
    FROM notifications WHERE seq <> OLD.seq AND (seq = NEW.seq OR id = NEW.id);
END;

CREATE TRIGGER notification_priority_counters_replaced_insert AFTER INSERT ON notifications
WHEN EXISTS (SELECT 1 FROM notifications_replaced) BEGIN
    INSERT INTO notification_priority_counters (user_id, priority, notifications, unread)
    SELECT r.user_id, r.priority, -count(*), -count(CASE WHEN r.read_at IS NULL THEN 1 END)
    FROM notifications_replaced AS r
    WHERE r.user_id IS NOT NULL AND (r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq))
    GROUP BY 1, 2
    ON CONFLICT (user_id, priority) DO UPDATE SET notifications = notifications + excluded.notifications,
                                                  unread = unread + excluded.unread;
    DELETE FROM notification_priority_counters
    WHERE notifications = 0 AND (user_id, priority) IN (SELECT r.user_id, r.priority FROM notifications_replaced AS r);
END;

CREATE TRIGGER notification_priority_counters_replaced_update AFTER UPDATE OF seq, id ON notifications
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    INSERT INTO notification_priority_counters (user_id, priority, notifications, unread)
    SELECT r.user_id, r.priority, -count(*), -count(CASE WHEN r.read_at IS NULL THEN 1 END)
    FROM notifications_replaced AS r
    WHERE r.user_id IS NOT NULL AND (r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq))
    GROUP BY 1, 2
    ON CONFLICT (user_id, priority) DO UPDATE SET notifications = notifications + excluded.notifications,
                                                  unread = unread + excluded.unread;
    DELETE FROM notification_priority_counters
    WHERE notifications = 0 AND (user_id, priority) IN (SELECT r.user_id, r.priority FROM notifications_replaced AS r);
END;

-- The unread deadline alerts and follow-up reminders due this week, per user: after now and at most 7 days
-- later, (now, now + 7 days] in the clock's whole seconds. From 0021's buckets: those after now minus those
-- after now + 7 days, each "after t" read as notifications-unread-count reads "upcoming" (the buckets after
-- t's own at levels 0-5 inside its parent, and every level-6 bucket after t's): at most 383 buckets per end
-- and type, whatever the number of notifications. The digest's summary and --notify read it.
CREATE VIEW notification_due_this_week AS
WITH RECURSIVE
    clock(now) AS (SELECT CAST(strftime('%s', switchboard_now()) AS INTEGER)),
    ends(t, level, bucket) AS (
        SELECT now, 0, now FROM clock
        UNION ALL SELECT now + 604800, 0, now + 604800 FROM clock
        UNION ALL SELECT t, level + 1, bucket >> 6 FROM ends WHERE level < 6)
SELECT u.id AS user_id,
       coalesce(sum(CASE WHEN e.t = (SELECT now FROM clock) THEN c.unread ELSE -c.unread END), 0) AS unread
FROM users AS u
JOIN ends AS e
LEFT JOIN notification_schedule_counters AS c
  ON c.user_id = u.id AND c.level = e.level AND c.type IN ('deadline_alert', 'follow_up_reminder')
 AND c.bucket BETWEEN e.bucket + 1 AND CASE WHEN e.level < 6 THEN e.bucket | 63 ELSE 9223372036854775807 END
GROUP BY u.id;

PRAGMA user_version = 26;
COMMIT;
