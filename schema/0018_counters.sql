-- 0018_counters.sql — counts that do not scan (issue 22, item 2).
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0018_counters.sql   (after 0001–0017)
-- Plain SQLite: no Switchboard function is needed to apply it, and no trigger here calls one.
--
-- The inbox's type chips and unread count, the feed's statistics cards and the templates' type buttons
-- counted the user's rows on every page load: about 115 ms at 1M rows, ×10 per ×10 of data. They now
-- read counters: one row per user and kind (a platform, a notification type, a template type) holding
-- how many of the user's rows have that kind, kept by the triggers below.
--
--   social_media_post_counters       (user_id, platform) -> posts, flagged (flagged_for_review = 1)
--   notification_counters            (user_id, type)     -> notifications, unread (read_at IS NULL)
--   communication_template_counters  (user_id, type)     -> templates
--
-- A NULL platform or type (their CHECKs refuse it, but a tool may ignore CHECKs) counts under ''. A
-- notification without a user_id belongs to no user's inbox and is not counted.
--
-- Exact by construction: a counter row exists exactly while the user has rows of that kind, and holds
-- exactly their count. Every write of the three tables, from any tool, goes through the triggers:
--   * INSERT adds one (INSERT … ON CONFLICT DO UPDATE: a user's first row of a kind creates its
--     counter, so nothing has to be set up for a new user and no tool ever writes a counter);
--   * DELETE takes one away, and deletes the counter when it reaches zero (the user's last row);
--     a user's deletion cascades to the rows (foreign_keys = ON), each taking its count away;
--   * UPDATE of a counted column moves the row between counters, or adjusts flagged/unread in place;
--     an UPDATE that sets the same values (sync's upsert re-sending a post) changes nothing;
--   * INSERT OR REPLACE and UPSERT: the replaced row's DELETE triggers fire (recursive_triggers = ON,
--     per connection, as 0001_core.sql asks for the search indexes), the DO UPDATE is an UPDATE;
--   * ROLLBACK (of a transaction, a savepoint, or a failed statement) undoes the counters with the
--     rows: triggers write inside the statement's transaction.
-- The counter tables are not workspace tables: `export --all` leaves them out and `import` keeps
-- their triggers (named *_counters_*) while it turns other side-effect triggers off.
--
-- The inbox's when=due|upcoming depends on the clock, which a counter cannot hold. notifications-
-- type-counts and notifications-unread-count take `all` from the counters; `upcoming` counts the
-- notifications scheduled after now by a range of notifications_schedule (user_id, scheduled_for_ms,
-- type, read_at: the index alone answers), and `due` is all minus the rest (the upcoming ones and any
-- without an instant). The future holds a few reminders, so that range stays short.
-- The indexes of 0010 (notifications_counts, social_media_posts_counts) stay: the digest report and
-- notifications-generate-follow-ups still read them.

BEGIN;

CREATE TABLE social_media_post_counters (
    user_id TEXT NOT NULL,
    platform TEXT NOT NULL,
    posts INTEGER NOT NULL,
    flagged INTEGER NOT NULL,
    PRIMARY KEY (user_id, platform)
) WITHOUT ROWID;

CREATE TABLE notification_counters (
    user_id TEXT NOT NULL,
    type TEXT NOT NULL,
    notifications INTEGER NOT NULL,
    unread INTEGER NOT NULL,
    PRIMARY KEY (user_id, type)
) WITHOUT ROWID;

CREATE TABLE communication_template_counters (
    user_id TEXT NOT NULL,
    type TEXT NOT NULL,
    templates INTEGER NOT NULL,
    PRIMARY KEY (user_id, type)
) WITHOUT ROWID;

-- The rows already stored.
INSERT INTO social_media_post_counters (user_id, platform, posts, flagged)
SELECT user_id, coalesce(platform, ''), count(*), count(CASE WHEN flagged_for_review IS 1 THEN 1 END)
FROM social_media_posts GROUP BY user_id, coalesce(platform, '');

INSERT INTO notification_counters (user_id, type, notifications, unread)
SELECT user_id, coalesce(type, ''), count(*), count(CASE WHEN read_at IS NULL THEN 1 END)
FROM notifications WHERE user_id IS NOT NULL GROUP BY user_id, coalesce(type, '');

INSERT INTO communication_template_counters (user_id, type, templates)
SELECT user_id, coalesce(type, ''), count(*)
FROM communication_templates GROUP BY user_id, coalesce(type, '');

-- social_media_posts: by platform, flagged.
CREATE TRIGGER social_media_post_counters_insert AFTER INSERT ON social_media_posts BEGIN
    INSERT INTO social_media_post_counters (user_id, platform, posts, flagged)
    VALUES (NEW.user_id, coalesce(NEW.platform, ''), 1, NEW.flagged_for_review IS 1)
    ON CONFLICT (user_id, platform) DO UPDATE SET posts = posts + 1, flagged = flagged + excluded.flagged;
END;

CREATE TRIGGER social_media_post_counters_delete AFTER DELETE ON social_media_posts BEGIN
    DELETE FROM social_media_post_counters
    WHERE user_id = OLD.user_id AND platform = coalesce(OLD.platform, '') AND posts = 1;
    UPDATE social_media_post_counters SET posts = posts - 1, flagged = flagged - (OLD.flagged_for_review IS 1)
    WHERE user_id = OLD.user_id AND platform = coalesce(OLD.platform, '');
END;

CREATE TRIGGER social_media_post_counters_move AFTER UPDATE OF user_id, platform ON social_media_posts
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.platform IS NOT NEW.platform BEGIN
    INSERT INTO social_media_post_counters (user_id, platform, posts, flagged)
    VALUES (NEW.user_id, coalesce(NEW.platform, ''), 1, NEW.flagged_for_review IS 1)
    ON CONFLICT (user_id, platform) DO UPDATE SET posts = posts + 1, flagged = flagged + excluded.flagged;
    DELETE FROM social_media_post_counters
    WHERE user_id = OLD.user_id AND platform = coalesce(OLD.platform, '') AND posts = 1;
    UPDATE social_media_post_counters SET posts = posts - 1, flagged = flagged - (OLD.flagged_for_review IS 1)
    WHERE user_id = OLD.user_id AND platform = coalesce(OLD.platform, '');
END;

CREATE TRIGGER social_media_post_counters_flag AFTER UPDATE OF flagged_for_review ON social_media_posts
WHEN OLD.user_id IS NEW.user_id AND OLD.platform IS NEW.platform
     AND (OLD.flagged_for_review IS 1) <> (NEW.flagged_for_review IS 1) BEGIN
    UPDATE social_media_post_counters SET flagged = flagged + (NEW.flagged_for_review IS 1) - (OLD.flagged_for_review IS 1)
    WHERE user_id = NEW.user_id AND platform = coalesce(NEW.platform, '');
END;

-- notifications: by type, unread; only those with a user.
CREATE TRIGGER notification_counters_insert AFTER INSERT ON notifications WHEN NEW.user_id IS NOT NULL BEGIN
    INSERT INTO notification_counters (user_id, type, notifications, unread)
    VALUES (NEW.user_id, coalesce(NEW.type, ''), 1, NEW.read_at IS NULL)
    ON CONFLICT (user_id, type) DO UPDATE SET notifications = notifications + 1, unread = unread + excluded.unread;
END;

CREATE TRIGGER notification_counters_delete AFTER DELETE ON notifications WHEN OLD.user_id IS NOT NULL BEGIN
    DELETE FROM notification_counters
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '') AND notifications = 1;
    UPDATE notification_counters SET notifications = notifications - 1, unread = unread - (OLD.read_at IS NULL)
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '');
END;

CREATE TRIGGER notification_counters_move AFTER UPDATE OF user_id, type ON notifications
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.type IS NOT NEW.type BEGIN
    INSERT INTO notification_counters (user_id, type, notifications, unread)
    SELECT NEW.user_id, coalesce(NEW.type, ''), 1, NEW.read_at IS NULL WHERE NEW.user_id IS NOT NULL
    ON CONFLICT (user_id, type) DO UPDATE SET notifications = notifications + 1, unread = unread + excluded.unread;
    DELETE FROM notification_counters
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '') AND notifications = 1;
    UPDATE notification_counters SET notifications = notifications - 1, unread = unread - (OLD.read_at IS NULL)
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '');
END;

CREATE TRIGGER notification_counters_read AFTER UPDATE OF read_at ON notifications
WHEN OLD.user_id IS NEW.user_id AND OLD.type IS NEW.type AND (OLD.read_at IS NULL) <> (NEW.read_at IS NULL) BEGIN
    UPDATE notification_counters SET unread = unread + (NEW.read_at IS NULL) - (OLD.read_at IS NULL)
    WHERE user_id = NEW.user_id AND type = coalesce(NEW.type, '');
END;

-- communication_templates: by type.
CREATE TRIGGER communication_template_counters_insert AFTER INSERT ON communication_templates BEGIN
    INSERT INTO communication_template_counters (user_id, type, templates)
    VALUES (NEW.user_id, coalesce(NEW.type, ''), 1)
    ON CONFLICT (user_id, type) DO UPDATE SET templates = templates + 1;
END;

CREATE TRIGGER communication_template_counters_delete AFTER DELETE ON communication_templates BEGIN
    DELETE FROM communication_template_counters
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '') AND templates = 1;
    UPDATE communication_template_counters SET templates = templates - 1
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '');
END;

CREATE TRIGGER communication_template_counters_move AFTER UPDATE OF user_id, type ON communication_templates
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.type IS NOT NEW.type BEGIN
    INSERT INTO communication_template_counters (user_id, type, templates)
    VALUES (NEW.user_id, coalesce(NEW.type, ''), 1)
    ON CONFLICT (user_id, type) DO UPDATE SET templates = templates + 1;
    DELETE FROM communication_template_counters
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '') AND templates = 1;
    UPDATE communication_template_counters SET templates = templates - 1
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '');
END;

-- The inbox's upcoming notifications by type and read state, from the index alone.
CREATE INDEX notifications_schedule ON notifications(user_id, scheduled_for_ms, type, read_at);

-- The views read the counters; their columns and rows are as before.
DROP VIEW IF EXISTS social_stats;
CREATE VIEW social_stats AS
SELECT
    user_id,
    totalPosts, twitterPosts, instagramPosts, flaggedPosts,
    count_badge(totalPosts) AS totalPostsBadge,
    count_badge(twitterPosts) AS twitterPostsBadge,
    count_badge(instagramPosts) AS instagramPostsBadge,
    count_badge(flaggedPosts) AS flaggedPostsBadge
FROM (
    SELECT
        u.id AS user_id,
        coalesce(sum(c.posts), 0) AS totalPosts,
        coalesce(sum(CASE WHEN c.platform = 'twitter' THEN c.posts END), 0) AS twitterPosts,
        coalesce(sum(CASE WHEN c.platform = 'instagram' THEN c.posts END), 0) AS instagramPosts,
        coalesce(sum(c.flagged), 0) AS flaggedPosts
    FROM users AS u
    LEFT JOIN social_media_post_counters AS c ON c.user_id = u.id
    GROUP BY u.id
);

DROP VIEW IF EXISTS template_type_counts;
CREATE VIEW template_type_counts AS
SELECT
    u.id AS user_id,
    b.type,
    b.label,
    coalesce(sum(c.templates), 0) AS count,
    b.label || ' (' || coalesce(sum(c.templates), 0) || ')' AS button_label,
    b.sort_order
FROM users AS u
CROSS JOIN (SELECT NULL AS type, 'All' AS label, 0 AS sort_order
            UNION ALL SELECT 'email', 'Email', 1
            UNION ALL SELECT 'text', 'Text', 2
            UNION ALL SELECT 'twitter', 'Twitter', 3) AS b
LEFT JOIN communication_template_counters AS c ON c.user_id = u.id AND (b.type IS NULL OR c.type = b.type)
GROUP BY u.id, b.sort_order
ORDER BY u.id, b.sort_order;

DROP VIEW IF EXISTS notification_counts;
CREATE VIEW notification_counts AS
SELECT
    user_id, total, unread, total - unread AS read, unread || ' unread' AS unread_label,
    unread > 0 AS has_unread, total - unread > 0 AS has_read,
    follow_up_reminder, deadline_alert, inbound_interaction, daily_digest, offer, event
FROM (
    SELECT
        u.id AS user_id,
        coalesce(sum(c.notifications), 0) AS total,
        coalesce(sum(c.unread), 0) AS unread,
        coalesce(sum(CASE WHEN c.type = 'follow_up_reminder' THEN c.notifications END), 0) AS follow_up_reminder,
        coalesce(sum(CASE WHEN c.type = 'deadline_alert' THEN c.notifications END), 0) AS deadline_alert,
        coalesce(sum(CASE WHEN c.type = 'inbound_interaction' THEN c.notifications END), 0) AS inbound_interaction,
        coalesce(sum(CASE WHEN c.type = 'daily_digest' THEN c.notifications END), 0) AS daily_digest,
        coalesce(sum(CASE WHEN c.type = 'offer' THEN c.notifications END), 0) AS offer,
        coalesce(sum(CASE WHEN c.type = 'event' THEN c.notifications END), 0) AS event
    FROM users AS u
    LEFT JOIN notification_counters AS c ON c.user_id = u.id
    GROUP BY u.id
);

DROP VIEW IF EXISTS notification_type_counts;
CREATE VIEW notification_type_counts AS
SELECT user_id, type, label, emoji, count, unread, label || ' (' || count || ')' AS chip, sort_order
FROM (
    SELECT u.id AS user_id, NULL AS type, 'All' AS label, NULL AS emoji, 0 AS sort_order,
           coalesce(sum(c.notifications), 0) AS count, coalesce(sum(c.unread), 0) AS unread
    FROM users AS u
    LEFT JOIN notification_counters AS c ON c.user_id = u.id
    GROUP BY u.id
    UNION ALL
    SELECT u.id, t.type, t.label, t.emoji, t.sort_order, coalesce(c.notifications, 0), coalesce(c.unread, 0)
    FROM users AS u
    CROSS JOIN notification_types AS t
    LEFT JOIN notification_counters AS c ON c.user_id = u.id AND c.type = t.type
)
ORDER BY user_id, sort_order;

PRAGMA user_version = 18;
COMMIT;
