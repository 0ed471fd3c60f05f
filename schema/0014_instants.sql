-- 0014_instants.sql — times sort and compare as instants, not as text.
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0014_instants.sql   (after 0001–0013)
--
-- Timestamps are text as the source wrote them, and text order is not time order: a post at
-- 2026-02-10T15:00:00+05:00 (10:00 UTC) sorted above one at 12:00Z, and ...30.500Z below the older
-- ...30Z. Each time that is sorted or compared now has an instant key beside it, an INTEGER of
-- Unix milliseconds, and the views, the feed and inbox queries and the digest order and compare by it:
--   * social_media_posts.post_date_ms (the feed, the reports' windows and the days of the posts
--     date() cannot read);
--   * notifications.scheduled_for_ms (the inbox, the digest's "due this week").
-- Not keyed: read_at (only tested for NULL), created_at/updated_at (never sorted or compared where
-- the source's spelling reaches them) and the outbox's times (all written by SQLite's strftime in
-- one form, where text order is time order).
--
-- The key's rule, written out wherever a key is computed (a CHECK, a trigger, a query's cursor; plain
-- SQL has no way to name it once; InstantKeyTests checks that every copy is the same text):
--   * a Unix time, a number (digits, at most one '.', a sign only first): seconds below 1e11 in
--     magnitude, milliseconds from there on. 1e11 s is the year 5138 and 1e11 ms is 3 March 1973,
--     so no real post is misread;
--   * ISO 8601: what julianday() reads (a date, then T, t or a space and HH:MM[:SS[.fraction of any
--     length]], then nothing (UTC), Z, z or ±HH:MM), with ±HHMM (Instagram's +0000) and ±HH first
--     rewritten to ±HH:MM. julianday() rounds to the millisecond; offsets reach ±14:59.
-- Anything else gives NULL. The key uses only SQLite's built-in functions, so any SQLite tool can
-- write the database and the triggers keep the keys in step. Sources/SwitchboardCore/Dates/
-- TimeParser.swift (Instant(text:)) reads the same forms; ingest refuses what it cannot read.
--
-- social_media_posts is rebuilt as 0013 rebuilt it (same columns, CHECKs, defaults, key, indexes and
-- triggers), because its post_date CHECK refused +0000, a space for T and Unix times: the CHECK is
-- now that the key reads the text. Rows keep their seq, so the search indexes stay in step. The new
-- index social_media_posts_instants (user_id, post_date_ms, id) serves the feed's pages in
-- (post_date_ms, id) order. notifications gains its key by ALTER TABLE (its CHECK already wants the
-- T form and a zone julianday() reads), backfilled, and the inbox index becomes (user_id,
-- scheduled_for_ms, id). social_feed and notification_inbox order by the keys and show them as their
-- last column.
-- Plain SQLite: no Switchboard function is needed to apply it.

BEGIN;

CREATE TABLE social_media_posts_0014 (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    coach_id TEXT,
    school_id TEXT,
    platform TEXT CONSTRAINT social_platform_valid CHECK (platform IN ('twitter', 'instagram')),
    post_url TEXT NOT NULL CONSTRAINT social_post_url_required CHECK (trim(post_url) <> ''),
    post_content TEXT NOT NULL DEFAULT '',
    post_date TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        -- Any form the instant key reads (schema/0014_instants.sql); the text is kept as written.
        CONSTRAINT social_post_date_format CHECK (
            CASE
                -- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude
                -- (1e11 s is the year 5138), milliseconds from there on (1e11 ms is 3 March 1973).
                WHEN post_date NOT GLOB '*[^0-9.+-]*' AND post_date GLOB '*[0-9]*' AND post_date NOT GLOB '?*[+-]*' AND post_date NOT GLOB '*.*.*'
                THEN CAST(round(CASE WHEN abs(CAST(post_date AS REAL)) < 1e11 THEN CAST(post_date AS REAL) * 1000 ELSE CAST(post_date AS REAL) END)
                          AS INTEGER)
                -- ISO 8601 as julianday() reads it (T or space, any fraction, Z, ±HH:MM; upper() for t and z),
                -- after ±HHMM becomes ±HH:MM and ±HH becomes ±HH:00; julianday() counts whole milliseconds.
                WHEN post_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
                THEN CAST(round((julianday(CASE
                         WHEN post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9][0-9][0-9]'
                         THEN upper(substr(post_date, 1, length(post_date) - 2)) || ':' || substr(post_date, -2)
                         WHEN post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9]' THEN upper(post_date) || ':00'
                         ELSE upper(post_date) END) - 2440587.5) * 86400000) AS INTEGER)
            END
            IS NOT NULL),
    author_handle TEXT NOT NULL CONSTRAINT social_author_handle_required CHECK (author_handle IS NOT NULL),
    author_name TEXT NOT NULL CONSTRAINT social_author_name_required CHECK (author_name IS NOT NULL),
    author_avatar_url TEXT,
    media_urls TEXT NOT NULL DEFAULT '[]' CONSTRAINT social_media_urls_array CHECK (media_urls GLOB '[[]*]'),
    likes_count INTEGER NOT NULL DEFAULT 0 CONSTRAINT social_likes_nonnegative CHECK (likes_count >= 0),
    shares_count INTEGER NOT NULL DEFAULT 0 CONSTRAINT social_shares_nonnegative CHECK (shares_count >= 0),
    replies_count INTEGER NOT NULL DEFAULT 0 CONSTRAINT social_replies_nonnegative CHECK (replies_count >= 0),
    is_recruiting_related INTEGER NOT NULL DEFAULT 0 CONSTRAINT social_recruiting_flag
        CHECK (is_recruiting_related IN (0, 1)),
    flagged_for_review INTEGER NOT NULL DEFAULT 0 CONSTRAINT social_flagged_flag
        CHECK (flagged_for_review IN (0, 1)),
    sentiment TEXT CONSTRAINT social_sentiment_valid
        CHECK (sentiment IS NULL OR sentiment IN ('very_positive', 'positive', 'neutral', 'negative')),
    notes TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        CONSTRAINT social_created_at_format
        CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(created_at) IS NOT NULL),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        CONSTRAINT social_updated_at_format
        CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(updated_at) IS NOT NULL),
    search_tags TEXT,
    -- post_date as an instant: Unix milliseconds, kept by the social_media_posts_instant_* triggers.
    post_date_ms INTEGER,
    CONSTRAINT social_platform_required CHECK (platform IS NOT NULL),
    -- One post per URL in each user's feed (spec 001 deduplicates a feed, not the database).
    CONSTRAINT social_post_url_per_user UNIQUE (user_id, post_url)
);
INSERT INTO social_media_posts_0014
SELECT *,
       CASE
           -- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude
           -- (1e11 s is the year 5138), milliseconds from there on (1e11 ms is 3 March 1973).
           WHEN post_date NOT GLOB '*[^0-9.+-]*' AND post_date GLOB '*[0-9]*' AND post_date NOT GLOB '?*[+-]*' AND post_date NOT GLOB '*.*.*'
           THEN CAST(round(CASE WHEN abs(CAST(post_date AS REAL)) < 1e11 THEN CAST(post_date AS REAL) * 1000 ELSE CAST(post_date AS REAL) END)
                     AS INTEGER)
           -- ISO 8601 as julianday() reads it (T or space, any fraction, Z, ±HH:MM; upper() for t and z),
           -- after ±HHMM becomes ±HH:MM and ±HH becomes ±HH:00; julianday() counts whole milliseconds.
           WHEN post_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
           THEN CAST(round((julianday(CASE
                    WHEN post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9][0-9][0-9]'
                    THEN upper(substr(post_date, 1, length(post_date) - 2)) || ':' || substr(post_date, -2)
                    WHEN post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9]' THEN upper(post_date) || ':00'
                    ELSE upper(post_date) END) - 2440587.5) * 86400000) AS INTEGER)
       END
FROM social_media_posts;
DROP TABLE social_media_posts;
PRAGMA legacy_alter_table = ON;
ALTER TABLE social_media_posts_0014 RENAME TO social_media_posts;
PRAGMA legacy_alter_table = OFF;

-- The reports' indexes (0012) with post_date_ms, which their windows now compare: a post's day is
-- date(post_date) as before, else (a form date() cannot read) the UTC day of its instant.
CREATE INDEX social_media_posts_authors ON social_media_posts(user_id, school_id, coach_id,
    author_handle, author_name, post_date, post_date_ms);
CREATE INDEX social_media_posts_counts ON social_media_posts(user_id, platform, flagged_for_review);
CREATE INDEX social_media_posts_days ON social_media_posts(user_id,
    coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')), post_date, post_date_ms,
    platform, sentiment, is_recruiting_related, flagged_for_review);
CREATE INDEX social_media_posts_feed ON social_media_posts(user_id, post_date, seq);
-- The feed's order: its first page (and each next one, from the cursor) is a walk of this index.
CREATE INDEX social_media_posts_instants ON social_media_posts(user_id, post_date_ms, id);

CREATE TRIGGER social_media_posts_updated_at AFTER UPDATE OF id, user_id, coach_id, school_id, platform,
    post_url, post_content, post_date, author_handle, author_name, author_avatar_url, media_urls, likes_count,
    shares_count, replies_count, is_recruiting_related, flagged_for_review, sentiment, notes
ON social_media_posts WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE social_media_posts SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE seq = NEW.seq;
END;

CREATE TRIGGER social_posts_fts_delete AFTER DELETE ON social_media_posts BEGIN
    INSERT INTO social_posts_fts (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    VALUES ('delete', OLD.seq, OLD.post_content, OLD.author_name, OLD.author_handle, OLD.search_tags);
END;

CREATE TRIGGER social_posts_fts_insert AFTER INSERT ON social_media_posts BEGIN
    UPDATE social_media_posts SET search_tags = (SELECT tags FROM social_posts_search_tags WHERE seq = NEW.seq)
    WHERE seq = NEW.seq;
    INSERT INTO social_posts_fts (rowid, post_content, author_name, author_handle, search_tags)
    SELECT seq, post_content, author_name, author_handle, search_tags
    FROM social_media_posts WHERE seq = NEW.seq;
END;

CREATE TRIGGER social_posts_fts_update AFTER UPDATE OF seq, post_content, author_name,
    author_handle ON social_media_posts BEGIN
    INSERT INTO social_posts_fts (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    VALUES ('delete', OLD.seq, OLD.post_content, OLD.author_name, OLD.author_handle, OLD.search_tags);
    UPDATE social_media_posts SET search_tags = (SELECT tags FROM social_posts_search_tags WHERE seq = NEW.seq)
    WHERE seq = NEW.seq;
    INSERT INTO social_posts_fts (rowid, post_content, author_name, author_handle, search_tags)
    SELECT seq, post_content, author_name, author_handle, search_tags
    FROM social_media_posts WHERE seq = NEW.seq;
END;

CREATE TRIGGER social_posts_trigram_delete AFTER DELETE ON social_media_posts BEGIN
    INSERT INTO social_posts_trigram (social_posts_trigram, rowid, text)
    VALUES ('delete', OLD.seq, coalesce(OLD.post_content, '') || char(10) || coalesce(OLD.author_name, '')
                               || char(10) || coalesce(OLD.author_handle, '') || char(10, 10));
END;

CREATE TRIGGER social_posts_trigram_insert AFTER INSERT ON social_media_posts BEGIN
    INSERT INTO social_posts_trigram (rowid, text)
    SELECT seq, text FROM social_posts_trigram_text WHERE seq = NEW.seq;
END;

CREATE TRIGGER social_posts_trigram_update AFTER UPDATE OF seq, post_content, author_name,
    author_handle ON social_media_posts BEGIN
    INSERT INTO social_posts_trigram (social_posts_trigram, rowid, text)
    VALUES ('delete', OLD.seq, coalesce(OLD.post_content, '') || char(10) || coalesce(OLD.author_name, '')
                               || char(10) || coalesce(OLD.author_handle, '') || char(10, 10));
    INSERT INTO social_posts_trigram (rowid, text)
    SELECT seq, text FROM social_posts_trigram_text WHERE seq = NEW.seq;
END;

-- The key follows the text: set after an insert and after an update of post_date (setting only the
-- key fires no other trigger: none lists post_date_ms).
CREATE TRIGGER social_media_posts_instant_insert AFTER INSERT ON social_media_posts BEGIN
    UPDATE social_media_posts SET post_date_ms =
        CASE
            -- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude
            -- (1e11 s is the year 5138), milliseconds from there on (1e11 ms is 3 March 1973).
            WHEN NEW.post_date NOT GLOB '*[^0-9.+-]*' AND NEW.post_date GLOB '*[0-9]*' AND NEW.post_date NOT GLOB '?*[+-]*' AND NEW.post_date NOT GLOB '*.*.*'
            THEN CAST(round(CASE WHEN abs(CAST(NEW.post_date AS REAL)) < 1e11 THEN CAST(NEW.post_date AS REAL) * 1000 ELSE CAST(NEW.post_date AS REAL) END)
                      AS INTEGER)
            -- ISO 8601 as julianday() reads it (T or space, any fraction, Z, ±HH:MM; upper() for t and z),
            -- after ±HHMM becomes ±HH:MM and ±HH becomes ±HH:00; julianday() counts whole milliseconds.
            WHEN NEW.post_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
            THEN CAST(round((julianday(CASE
                     WHEN NEW.post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9][0-9][0-9]'
                     THEN upper(substr(NEW.post_date, 1, length(NEW.post_date) - 2)) || ':' || substr(NEW.post_date, -2)
                     WHEN NEW.post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9]' THEN upper(NEW.post_date) || ':00'
                     ELSE upper(NEW.post_date) END) - 2440587.5) * 86400000) AS INTEGER)
        END
    WHERE seq = NEW.seq;
END;

CREATE TRIGGER social_media_posts_instant_update AFTER UPDATE OF post_date ON social_media_posts BEGIN
    UPDATE social_media_posts SET post_date_ms =
        CASE
            -- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude
            -- (1e11 s is the year 5138), milliseconds from there on (1e11 ms is 3 March 1973).
            WHEN NEW.post_date NOT GLOB '*[^0-9.+-]*' AND NEW.post_date GLOB '*[0-9]*' AND NEW.post_date NOT GLOB '?*[+-]*' AND NEW.post_date NOT GLOB '*.*.*'
            THEN CAST(round(CASE WHEN abs(CAST(NEW.post_date AS REAL)) < 1e11 THEN CAST(NEW.post_date AS REAL) * 1000 ELSE CAST(NEW.post_date AS REAL) END)
                      AS INTEGER)
            -- ISO 8601 as julianday() reads it (T or space, any fraction, Z, ±HH:MM; upper() for t and z),
            -- after ±HHMM becomes ±HH:MM and ±HH becomes ±HH:00; julianday() counts whole milliseconds.
            WHEN NEW.post_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
            THEN CAST(round((julianday(CASE
                     WHEN NEW.post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9][0-9][0-9]'
                     THEN upper(substr(NEW.post_date, 1, length(NEW.post_date) - 2)) || ':' || substr(NEW.post_date, -2)
                     WHEN NEW.post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9]' THEN upper(NEW.post_date) || ':00'
                     ELSE upper(NEW.post_date) END) - 2440587.5) * 86400000) AS INTEGER)
        END
    WHERE seq = NEW.seq;
END;

ALTER TABLE notifications ADD COLUMN scheduled_for_ms INTEGER;
UPDATE notifications SET scheduled_for_ms =
    CASE
        -- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude
        -- (1e11 s is the year 5138), milliseconds from there on (1e11 ms is 3 March 1973).
        WHEN scheduled_for NOT GLOB '*[^0-9.+-]*' AND scheduled_for GLOB '*[0-9]*' AND scheduled_for NOT GLOB '?*[+-]*' AND scheduled_for NOT GLOB '*.*.*'
        THEN CAST(round(CASE WHEN abs(CAST(scheduled_for AS REAL)) < 1e11 THEN CAST(scheduled_for AS REAL) * 1000 ELSE CAST(scheduled_for AS REAL) END)
                  AS INTEGER)
        -- ISO 8601 as julianday() reads it (T or space, any fraction, Z, ±HH:MM; upper() for t and z),
        -- after ±HHMM becomes ±HH:MM and ±HH becomes ±HH:00; julianday() counts whole milliseconds.
        WHEN scheduled_for GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
        THEN CAST(round((julianday(CASE
                 WHEN scheduled_for GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9][0-9][0-9]'
                 THEN upper(substr(scheduled_for, 1, length(scheduled_for) - 2)) || ':' || substr(scheduled_for, -2)
                 WHEN scheduled_for GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9]' THEN upper(scheduled_for) || ':00'
                 ELSE upper(scheduled_for) END) - 2440587.5) * 86400000) AS INTEGER)
    END;

CREATE TRIGGER notifications_instant_insert AFTER INSERT ON notifications BEGIN
    UPDATE notifications SET scheduled_for_ms =
        CASE
            -- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude
            -- (1e11 s is the year 5138), milliseconds from there on (1e11 ms is 3 March 1973).
            WHEN NEW.scheduled_for NOT GLOB '*[^0-9.+-]*' AND NEW.scheduled_for GLOB '*[0-9]*' AND NEW.scheduled_for NOT GLOB '?*[+-]*' AND NEW.scheduled_for NOT GLOB '*.*.*'
            THEN CAST(round(CASE WHEN abs(CAST(NEW.scheduled_for AS REAL)) < 1e11 THEN CAST(NEW.scheduled_for AS REAL) * 1000 ELSE CAST(NEW.scheduled_for AS REAL) END)
                      AS INTEGER)
            -- ISO 8601 as julianday() reads it (T or space, any fraction, Z, ±HH:MM; upper() for t and z),
            -- after ±HHMM becomes ±HH:MM and ±HH becomes ±HH:00; julianday() counts whole milliseconds.
            WHEN NEW.scheduled_for GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
            THEN CAST(round((julianday(CASE
                     WHEN NEW.scheduled_for GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9][0-9][0-9]'
                     THEN upper(substr(NEW.scheduled_for, 1, length(NEW.scheduled_for) - 2)) || ':' || substr(NEW.scheduled_for, -2)
                     WHEN NEW.scheduled_for GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9]' THEN upper(NEW.scheduled_for) || ':00'
                     ELSE upper(NEW.scheduled_for) END) - 2440587.5) * 86400000) AS INTEGER)
        END
    WHERE seq = NEW.seq;
END;

CREATE TRIGGER notifications_instant_update AFTER UPDATE OF scheduled_for ON notifications BEGIN
    UPDATE notifications SET scheduled_for_ms =
        CASE
            -- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude
            -- (1e11 s is the year 5138), milliseconds from there on (1e11 ms is 3 March 1973).
            WHEN NEW.scheduled_for NOT GLOB '*[^0-9.+-]*' AND NEW.scheduled_for GLOB '*[0-9]*' AND NEW.scheduled_for NOT GLOB '?*[+-]*' AND NEW.scheduled_for NOT GLOB '*.*.*'
            THEN CAST(round(CASE WHEN abs(CAST(NEW.scheduled_for AS REAL)) < 1e11 THEN CAST(NEW.scheduled_for AS REAL) * 1000 ELSE CAST(NEW.scheduled_for AS REAL) END)
                      AS INTEGER)
            -- ISO 8601 as julianday() reads it (T or space, any fraction, Z, ±HH:MM; upper() for t and z),
            -- after ±HHMM becomes ±HH:MM and ±HH becomes ±HH:00; julianday() counts whole milliseconds.
            WHEN NEW.scheduled_for GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
            THEN CAST(round((julianday(CASE
                     WHEN NEW.scheduled_for GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9][0-9][0-9]'
                     THEN upper(substr(NEW.scheduled_for, 1, length(NEW.scheduled_for) - 2)) || ':' || substr(NEW.scheduled_for, -2)
                     WHEN NEW.scheduled_for GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9]' THEN upper(NEW.scheduled_for) || ':00'
                     ELSE upper(NEW.scheduled_for) END) - 2440587.5) * 86400000) AS INTEGER)
        END
    WHERE seq = NEW.seq;
END;

DROP INDEX notifications_inbox;
CREATE INDEX notifications_inbox ON notifications(user_id, scheduled_for_ms, id);

-- The views, as 0011 and 0005 wrote them, ordered by the keys and showing them last.
DROP VIEW social_feed;
CREATE VIEW social_feed AS
SELECT
    p.id,
    p.coach_id,
    p.school_id,
    p.platform,
    p.post_url,
    p.post_content,
    p.post_date,
    p.author_handle,
    p.author_name,
    p.is_recruiting_related,
    p.flagged_for_review,
    p.sentiment,
    p.notes,
    p.created_at,
    p.updated_at,
    p.seq,
    p.user_id,
    (SELECT CASE WHEN n5 = 0 THEN t ELSE substr(t, 1, n5 - 1) END
     FROM (SELECT t, CASE WHEN n4 = 0 OR instr(substr(t, n4 + 1), char(10)) = 0 THEN 0
                     ELSE n4 + instr(substr(t, n4 + 1), char(10)) END AS n5
     FROM (SELECT t, CASE WHEN n3 = 0 OR instr(substr(t, n3 + 1), char(10)) = 0 THEN 0
                     ELSE n3 + instr(substr(t, n3 + 1), char(10)) END AS n4
     FROM (SELECT t, CASE WHEN n2 = 0 OR instr(substr(t, n2 + 1), char(10)) = 0 THEN 0
                     ELSE n2 + instr(substr(t, n2 + 1), char(10)) END AS n3
     FROM (SELECT t, CASE WHEN n1 = 0 OR instr(substr(t, n1 + 1), char(10)) = 0 THEN 0
                     ELSE n1 + instr(substr(t, n1 + 1), char(10)) END AS n2
     FROM (SELECT p.post_content AS t, instr(p.post_content, char(10)) AS n1)))))) AS preview,
    coalesce(s.name, 'Unknown School') AS school_name,
    c.name AS coach_name,
    coalesce(c.name, nullif(p.author_name, ''), p.author_handle) AS display_name,
    p.author_avatar_url,
    relative_date_abbreviated(p.post_date) AS relative_time,
    sentiment_label(p.sentiment) AS sentiment_label,
    sentiment_label(p.sentiment, 'emoji') AS sentiment_emoji,
    CASE p.platform WHEN 'twitter' THEN 'Twitter/X' WHEN 'instagram' THEN 'Instagram' END AS platform_label,
    CASE p.platform WHEN 'twitter' THEN '#1DA1F2' WHEN 'instagram' THEN '#E1306C' END AS platform_color,
    CASE WHEN trim(coalesce(p.notes, '')) <> '' THEN 1 ELSE 0 END AS has_notes,
    CASE p.platform WHEN 'twitter' THEN 'Twitter' ELSE 'Instagram' END || ' post from '
        || coalesce(nullif(p.author_name, ''), p.author_handle) || '. '
        || relative_date_abbreviated(p.post_date) || '. '
        || text_preview(p.post_content, 100) || '. '
        || coalesce(sentiment_label(p.sentiment, 'text'), 'No sentiment') || '. '
        || CASE WHEN p.flagged_for_review = 1 THEN 'Flagged for review' ELSE 'Not flagged' END || '.'
        AS accessibility_label,
    p.likes_count,
    p.shares_count,
    p.replies_count,
    p.media_urls,
    p.post_date_ms
FROM social_media_posts AS p
LEFT JOIN schools AS s ON s.id = p.school_id
LEFT JOIN coaches AS c ON c.id = p.coach_id AND c.user_id = p.user_id
ORDER BY p.post_date_ms DESC, p.seq DESC;
DROP VIEW notification_inbox;
CREATE VIEW notification_inbox AS
SELECT
    n.id,
    n.user_id,
    n.type,
    n.title,
    n.message,
    n.priority,
    n.read_at,
    n.scheduled_for,
    n.sent_at,
    n.email_sent,
    n.email_sent_at,
    n.action_url,
    n.related_entity_type,
    n.related_entity_id,
    n.related_school_id,
    n.related_coach_id,
    n.related_offer_id,
    n.related_event_id,
    n.created_at,
    n.updated_at,
    n.seq,
    n.read_at IS NOT NULL AS is_read,
    t.label AS type_label,
    t.emoji AS type_emoji,
    upper(n.priority) AS priority_badge,
    relative_date(n.scheduled_for) AS relative_time,
    route_map(n.action_url, (
        SELECT '[' || coalesce(group_concat(
            '{"pattern":"' || pattern || '","screen":"' || screen || '"}', ','), '') || ']'
        FROM (SELECT pattern, screen FROM routes ORDER BY sort_order, id))) AS route,
    CASE WHEN n.read_at IS NULL THEN 'Unread ' ELSE '' END
        || upper(substr(n.priority, 1, 1)) || substr(n.priority, 2) || ' '
        || coalesce(t.label, n.type) || ': ' || n.title || '. '
        || coalesce(relative_date(n.scheduled_for), '') AS accessibility_label,
    n.metadata,
    n.scheduled_for_ms
FROM notifications AS n
LEFT JOIN notification_types AS t ON t.type = n.type
ORDER BY n.scheduled_for_ms DESC, n.seq DESC;
PRAGMA user_version = 14;
COMMIT;
