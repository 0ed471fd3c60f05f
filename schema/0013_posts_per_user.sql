-- 0013_posts_per_user.sql — the same post URL may live in every user's feed.
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0013_posts_per_user.sql   (after 0001–0012)
--
-- social_media_posts.post_url was UNIQUE across the database, so user B's sync of a public post
-- that user A already had reported a duplicate and stored nothing. Spec 001 deduplicates a feed,
-- and a feed is one user's: the key is now (user_id, post_url). SQLite cannot drop a column's
-- UNIQUE in place, so the table is rebuilt (SQLite's "other kinds of table schema changes"):
--   1. a new table with the same columns, CHECKs and defaults, and UNIQUE (user_id, post_url);
--   2. every row copied with its seq, which is the rowid both search indexes (social_posts_fts,
--      social_posts_trigram) are keyed on, so they stay in step without a rebuild;
--   3. the old table dropped (its indexes and triggers with it; DROP TABLE fires no trigger, so
--      the indexes lose nothing) and the new one renamed into its place; legacy_alter_table keeps
--      the rename from re-parsing the views that name social_media_posts (they read the new
--      table unchanged);
--   4. its indexes and triggers created again, as 0002, 0004, 0006, 0010 and 0012 wrote them.
-- Nothing references social_media_posts by a foreign key, so the drop cascades nowhere.
-- Plain SQLite: no Switchboard function is needed to apply it.

BEGIN;

CREATE TABLE social_media_posts_0013 (
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
        CONSTRAINT social_post_date_format
        CHECK (post_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(post_date) IS NOT NULL),
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
    CONSTRAINT social_platform_required CHECK (platform IS NOT NULL),
    -- One post per URL in each user's feed (spec 001 deduplicates a feed, not the database).
    CONSTRAINT social_post_url_per_user UNIQUE (user_id, post_url)
);

INSERT INTO social_media_posts_0013 SELECT * FROM social_media_posts;
DROP TABLE social_media_posts;
PRAGMA legacy_alter_table = ON;
ALTER TABLE social_media_posts_0013 RENAME TO social_media_posts;
PRAGMA legacy_alter_table = OFF;

CREATE INDEX social_media_posts_authors ON social_media_posts(user_id, school_id, coach_id,
    author_handle, author_name, post_date);
CREATE INDEX social_media_posts_counts ON social_media_posts(user_id, platform, flagged_for_review);
CREATE INDEX social_media_posts_days ON social_media_posts(user_id, date(post_date), post_date,
    platform, sentiment, is_recruiting_related, flagged_for_review);
CREATE INDEX social_media_posts_feed ON social_media_posts(user_id, post_date, seq);

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

PRAGMA user_version = 13;
COMMIT;
