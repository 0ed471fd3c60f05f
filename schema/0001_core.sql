-- Superseded in part: 0004_spec_model.sql rebuilds communication_templates, interactions,
-- social_media_posts, notifications, tg_groups, tg_templates, post_templates and posts, with their
-- indexes and triggers (notifications_read_at and tg_templates_sort_order_default are gone); the
-- other tables, indexes and triggers stand as declared here. Kept as history, never edit:
-- schema/current.sql is the reference for the current schema.
--
-- 0001_core.sql — the tables of the five workspaces (social, notifications, communication
-- templates, Telegram quick-send, posts), their rules as named constraints, and the triggers
-- that keep updated_at and generated notifications right.
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0001_core.sql   (then 0002, 0003, ... in order)
-- or from Swift:   try migrate(writer)     (Sources/SwitchboardDB/Migrations.swift)
-- Without -bail the sqlite3 shell keeps going after an error and the COMMIT below would keep
-- a partial migration; with -bail it stops and the open transaction is rolled back.
--
-- Connection settings:
--   * journal_mode = WAL is PERSISTENT: it is stored in the database file, so setting it once
--     here is enough (an in-memory database silently stays in 'memory' mode).
--   * foreign_keys and recursive_triggers are PER-CONNECTION and off by default in SQLite:
--     every connection must set them (the Swift `configureConnection(_:)` does; shell users
--     run `PRAGMA foreign_keys = ON; PRAGMA recursive_triggers = ON;` or put them in ~/.sqliterc).
--     recursive_triggers makes the REPLACE conflict resolution fire DELETE triggers, so the FTS
--     indexes (0002) stay right under INSERT OR REPLACE.
--   * They come before BEGIN: foreign_keys is a no-op inside a transaction, and journal_mode
--     cannot change to WAL inside one.
--
-- Plain SQLite: nothing in this file (CHECK, DEFAULT, index or trigger) calls a Switchboard
-- function, nor a JSON function (SQLite 3.40's JSON functions are not INNOCUOUS, so they would
-- break writes under PRAGMA trusted_schema=OFF). Only built-ins: strftime, trim, randomblob,
-- hex, lower, substr, length, GLOB.
--
-- Conventions:
--   * Timestamps: ISO-8601 UTC text 'YYYY-MM-DDTHH:MM:SSZ', default strftime(...,'now').
--   * Ids: UUID text (random version 4, lower case) where the apps use UUIDs.
--   * Tables with an FTS index (0002) also have `seq INTEGER PRIMARY KEY`, a stable integer
--     rowid for the external-content index: an implicit rowid may be renumbered by VACUUM.
--   * Flags are INTEGER 0/1. Every rule is a named CONSTRAINT, so a failing write reads e.g.
--     `CHECK constraint failed: template_name_required`.
--   * updated_at is kept by AFTER UPDATE OF <every other column> triggers; they skip the write
--     when the statement sets updated_at itself (sync keeps its timestamps), and they can't
--     recurse under recursive_triggers because they only update updated_at.
--   * Per-user data has user_id (the apps' row-level security); views expose it and queries
--     filter on it. `sole_user` names the user of a single-user database.

PRAGMA journal_mode = WAL;
PRAGMA foreign_keys = ON;
PRAGMA recursive_triggers = ON;

BEGIN;

-- users: the athlete (profile).
-- Fields: id, name, email, sport, graduation_year, created_at, updated_at.
CREATE TABLE IF NOT EXISTS users (
    id TEXT PRIMARY KEY NOT NULL DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    name TEXT NOT NULL CONSTRAINT user_name_required CHECK (trim(name) <> ''),
    email TEXT,
    sport TEXT,
    graduation_year INTEGER CONSTRAINT user_graduation_year_valid
        CHECK (graduation_year IS NULL OR graduation_year BETWEEN 1900 AND 2200),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- The only user of a single-user database (no row when there are 0 or several users).
-- Canned queries use COALESCE(:user_id, (SELECT id FROM sole_user)).
CREATE VIEW IF NOT EXISTS sole_user AS
SELECT id FROM users WHERE (SELECT count(*) FROM users) = 1;

-- schools: shared reference data (no user_id).
-- Fields: id, name, city, state, division, conference, twitter_handle, instagram_handle,
-- website, created_at, updated_at.
CREATE TABLE IF NOT EXISTS schools (
    id TEXT PRIMARY KEY NOT NULL DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    name TEXT NOT NULL CONSTRAINT school_name_required CHECK (trim(name) <> ''),
    city TEXT,
    state TEXT,
    division TEXT,
    conference TEXT,
    twitter_handle TEXT,
    instagram_handle TEXT,
    website TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- coaches: a user's recruiting contacts; a coach belongs to a school (NULL when unknown).
-- Fields: id, user_id, school_id, name, title, email, phone, twitter_handle, instagram_handle,
-- created_at, updated_at.
CREATE TABLE IF NOT EXISTS coaches (
    id TEXT PRIMARY KEY NOT NULL DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    school_id TEXT REFERENCES schools(id) ON DELETE SET NULL,
    name TEXT NOT NULL CONSTRAINT coach_name_required CHECK (trim(name) <> ''),
    title TEXT,
    email TEXT,
    phone TEXT,
    twitter_handle TEXT,
    instagram_handle TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX IF NOT EXISTS coaches_by_user ON coaches(user_id, name);
CREATE INDEX IF NOT EXISTS coaches_by_school ON coaches(school_id);

-- communication_templates: the templates page. Mustache bodies ({{coach_name}}, ...).
-- Fields: seq (FTS rowid), id, user_id, name, type (email|text|twitter), body, created_at, updated_at.
CREATE TABLE IF NOT EXISTS communication_templates (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT CONSTRAINT template_name_required CHECK (trim(coalesce(name, '')) <> ''),
    type TEXT CONSTRAINT template_type_valid CHECK (type IN ('email', 'text', 'twitter')),
    body TEXT CONSTRAINT template_body_required CHECK (trim(coalesce(body, '')) <> ''),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    CONSTRAINT template_type_required CHECK (type IS NOT NULL)
);
CREATE INDEX IF NOT EXISTS communication_templates_by_user ON communication_templates(user_id, type, updated_at);

-- template_variables: the variables guide of the templates page, and where each value comes from.
-- Fields: name, description, source (table.column), example, sort_order.
CREATE TABLE IF NOT EXISTS template_variables (
    name TEXT PRIMARY KEY NOT NULL CONSTRAINT template_variable_name_valid
        CHECK (name <> '' AND name NOT GLOB '*[^a-z0-9_]*'),
    description TEXT NOT NULL,
    source TEXT NOT NULL,
    example TEXT,
    sort_order INTEGER NOT NULL DEFAULT 0
);
INSERT OR IGNORE INTO template_variables (name, description, source, example, sort_order) VALUES
    ('coach_name', 'The coach''s full name', 'coaches.name', 'Coach Smith', 1),
    ('athlete_name', 'Your name', 'users.name', 'Jordan Lee', 2),
    ('school_name', 'The coach''s school', 'schools.name', 'State University', 3),
    ('sport', 'Your sport', 'users.sport', 'Soccer', 4);

-- interactions: logged contact with a coach (the templates page logs them when a template is used).
-- Fields: id, user_id, coach_id, school_id, channel, direction (outbound|inbound), subject, body,
-- template_id, occurred_at, created_at.
CREATE TABLE IF NOT EXISTS interactions (
    id TEXT PRIMARY KEY NOT NULL DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    coach_id TEXT REFERENCES coaches(id) ON DELETE CASCADE,
    school_id TEXT REFERENCES schools(id) ON DELETE SET NULL,
    channel TEXT NOT NULL DEFAULT 'email' CONSTRAINT interaction_channel_valid
        CHECK (channel IN ('email', 'text', 'twitter', 'instagram', 'phone', 'in_person', 'other')),
    direction TEXT NOT NULL DEFAULT 'outbound' CONSTRAINT interaction_direction_valid
        CHECK (direction IN ('outbound', 'inbound')),
    subject TEXT,
    body TEXT,
    template_id TEXT REFERENCES communication_templates(id) ON DELETE SET NULL,
    occurred_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        CONSTRAINT interaction_occurred_at_format
        CHECK (occurred_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX IF NOT EXISTS interactions_by_coach ON interactions(user_id, coach_id, direction, occurred_at);

-- social_media_posts: the social page, every field of SocialPost. Sync deduplicates on post_url.
-- Fields: seq (FTS rowid), id, user_id, coach_id, school_id, platform (twitter|instagram), post_url,
-- post_content, author_name, author_handle, author_avatar_url, posted_at, media_urls (JSON array
-- text), likes_count, shares_count, replies_count, is_recruiting_related, is_flagged, notes,
-- sentiment (very_positive|positive|neutral|negative|NULL), created_at, updated_at;
-- plus search_tags (search support, see 0002).
CREATE TABLE IF NOT EXISTS social_media_posts (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    coach_id TEXT REFERENCES coaches(id) ON DELETE SET NULL,
    school_id TEXT REFERENCES schools(id) ON DELETE SET NULL,
    platform TEXT CONSTRAINT social_platform_valid CHECK (platform IN ('twitter', 'instagram')),
    post_url TEXT NOT NULL UNIQUE CONSTRAINT social_post_url_required CHECK (trim(post_url) <> ''),
    post_content TEXT NOT NULL DEFAULT '',
    author_name TEXT,
    author_handle TEXT,
    author_avatar_url TEXT,
    posted_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        CONSTRAINT social_posted_at_format
        CHECK (posted_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    media_urls TEXT NOT NULL DEFAULT '[]' CONSTRAINT social_media_urls_array CHECK (media_urls GLOB '[[]*]'),
    likes_count INTEGER NOT NULL DEFAULT 0 CONSTRAINT social_likes_nonnegative CHECK (likes_count >= 0),
    shares_count INTEGER NOT NULL DEFAULT 0 CONSTRAINT social_shares_nonnegative CHECK (shares_count >= 0),
    replies_count INTEGER NOT NULL DEFAULT 0 CONSTRAINT social_replies_nonnegative CHECK (replies_count >= 0),
    is_recruiting_related INTEGER NOT NULL DEFAULT 0 CONSTRAINT social_recruiting_flag
        CHECK (is_recruiting_related IN (0, 1)),
    is_flagged INTEGER NOT NULL DEFAULT 0 CONSTRAINT social_flagged_flag CHECK (is_flagged IN (0, 1)),
    notes TEXT,
    sentiment TEXT CONSTRAINT social_sentiment_valid
        CHECK (sentiment IS NULL OR sentiment IN ('very_positive', 'positive', 'neutral', 'negative')),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    -- Search support, written only by 0002's triggers: suffixes of the handle and hashtags, so
    -- that `smith` finds `@coachsmith`. Stored because FTS5 reads its content table with
    -- virtual tables (json_each) disallowed, so a computing view cannot be the content table.
    search_tags TEXT,
    CONSTRAINT social_platform_required CHECK (platform IS NOT NULL)
);
CREATE INDEX IF NOT EXISTS social_media_posts_feed ON social_media_posts(user_id, posted_at, seq);

-- notification_types: the six notification types with the chip label and emoji.
-- Fields: type, label, emoji, sort_order.
CREATE TABLE IF NOT EXISTS notification_types (
    type TEXT PRIMARY KEY NOT NULL,
    label TEXT NOT NULL,
    emoji TEXT NOT NULL,
    sort_order INTEGER NOT NULL
);
INSERT OR IGNORE INTO notification_types (type, label, emoji, sort_order) VALUES
    ('follow_up_reminder', 'Follow-ups', '🔔', 1),
    ('deadline_alert', 'Deadlines', '⏰', 2),
    ('weekly_digest', 'Digests', '📊', 3),
    ('inbound_interaction', 'Messages', '📧', 4),
    ('achievement', 'Achievements', '🎉', 5),
    ('event_reminder', 'Events', '📅', 6);

-- notifications: the notifications page, every field of AppNotification, plus coach_id (the coach
-- a generated notification is about; the follow-up script deduplicates on it).
-- Fields: seq (FTS rowid), id, user_id, type, title, message, priority (low|normal|high),
-- action_url, is_read, read_at, scheduled_for, created_at, metadata (JSON object text), coach_id.
CREATE TABLE IF NOT EXISTS notifications (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type TEXT CONSTRAINT notification_type_valid CHECK (type IN ('follow_up_reminder', 'deadline_alert',
        'weekly_digest', 'inbound_interaction', 'achievement', 'event_reminder')),
    title TEXT CONSTRAINT notification_title_required CHECK (trim(coalesce(title, '')) <> ''),
    message TEXT NOT NULL DEFAULT '',
    priority TEXT NOT NULL DEFAULT 'normal' CONSTRAINT notification_priority_valid
        CHECK (priority IN ('low', 'normal', 'high')),
    action_url TEXT,
    is_read INTEGER NOT NULL DEFAULT 0 CONSTRAINT notification_read_flag CHECK (is_read IN (0, 1)),
    read_at TEXT,
    scheduled_for TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        CONSTRAINT notification_scheduled_for_format
        CHECK (scheduled_for GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    metadata TEXT NOT NULL DEFAULT '{}' CONSTRAINT notification_metadata_object CHECK (metadata GLOB '{*}'),
    coach_id TEXT REFERENCES coaches(id) ON DELETE CASCADE,
    CONSTRAINT notification_type_required CHECK (type IS NOT NULL)
);
CREATE INDEX IF NOT EXISTS notifications_inbox ON notifications(user_id, scheduled_for, seq);
CREATE INDEX IF NOT EXISTS notifications_by_coach ON notifications(coach_id, type);

-- tg_groups: Telegram chats the quick-send app can post to. id is Telegram's int64 chat id
-- (negative for groups), so it is the INTEGER PRIMARY KEY and the FTS rowid.
-- Fields: id, title, member_count.
CREATE TABLE IF NOT EXISTS tg_groups (
    id INTEGER PRIMARY KEY NOT NULL,
    title TEXT CONSTRAINT tg_group_title_required CHECK (trim(coalesce(title, '')) <> ''),
    member_count INTEGER NOT NULL DEFAULT 0 CONSTRAINT tg_group_member_count_nonnegative
        CHECK (member_count >= 0)
);

-- tg_templates: the quick-send buttons. target_group_name is the name shown when the group
-- itself is unknown (the app stores both). sort_order left NULL on insert is filled with the
-- next position by a trigger.
-- Fields: id, name, icon (SF Symbol), message_text, target_group_id, target_group_name,
-- include_location, sort_order, created_at, updated_at.
CREATE TABLE IF NOT EXISTS tg_templates (
    id TEXT PRIMARY KEY NOT NULL DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    name TEXT CONSTRAINT tg_template_name_required CHECK (trim(coalesce(name, '')) <> ''),
    icon TEXT NOT NULL DEFAULT 'paperplane.fill' CONSTRAINT tg_template_icon_required CHECK (trim(icon) <> ''),
    message_text TEXT CONSTRAINT tg_template_message_required CHECK (trim(coalesce(message_text, '')) <> ''),
    target_group_id INTEGER REFERENCES tg_groups(id) ON DELETE SET NULL,
    target_group_name TEXT,
    include_location INTEGER NOT NULL DEFAULT 0 CONSTRAINT tg_template_location_flag
        CHECK (include_location IN (0, 1)),
    sort_order INTEGER,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX IF NOT EXISTS tg_templates_order ON tg_templates(sort_order, created_at);

-- tg_icons: the SF Symbol names offered by the icon picker.
-- Fields: name, sort_order.
CREATE TABLE IF NOT EXISTS tg_icons (
    name TEXT PRIMARY KEY NOT NULL CONSTRAINT tg_icon_name_required CHECK (trim(name) <> ''),
    sort_order INTEGER NOT NULL DEFAULT 0
);
INSERT OR IGNORE INTO tg_icons (name, sort_order) VALUES
    ('paperplane.fill', 1), ('bell.fill', 2), ('megaphone.fill', 3), ('calendar', 4),
    ('clock.fill', 5), ('location.fill', 6), ('house.fill', 7), ('car.fill', 8),
    ('cart.fill', 9), ('cup.and.saucer.fill', 10), ('fork.knife', 11), ('heart.fill', 12),
    ('star.fill', 13), ('flag.fill', 14), ('checkmark.circle.fill', 15),
    ('exclamationmark.triangle.fill', 16), ('hand.wave.fill', 17), ('sportscourt.fill', 18),
    ('figure.run', 19), ('phone.fill', 20), ('envelope.fill', 21), ('gift.fill', 22),
    ('moon.fill', 23), ('sun.max.fill', 24);

-- post_templates: a post's kind, with the placeholders its editor shows.
-- Fields: name, placeholder_title, placeholder_summary, placeholder_body.
CREATE TABLE IF NOT EXISTS post_templates (
    name TEXT PRIMARY KEY NOT NULL CONSTRAINT post_template_name_required CHECK (trim(name) <> ''),
    placeholder_title TEXT,
    placeholder_summary TEXT,
    placeholder_body TEXT
);

-- posts: every field of Post. user_id is the author; parent_id makes threads (child_count).
-- Fields: id, user_id, parent_id, title, summary, body, template_name, created_at, updated_at.
CREATE TABLE IF NOT EXISTS posts (
    id TEXT PRIMARY KEY NOT NULL DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
    parent_id TEXT REFERENCES posts(id) ON DELETE CASCADE CONSTRAINT post_not_own_parent
        CHECK (parent_id IS NULL OR parent_id <> id),
    title TEXT,
    summary TEXT,
    body TEXT,
    template_name TEXT REFERENCES post_templates(name) ON DELETE SET NULL ON UPDATE CASCADE,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX IF NOT EXISTS posts_by_parent ON posts(parent_id);

-- routes: the user's own rules for route_map(url, rules), tried before the built-in ones,
-- in sort_order. A pattern starts with / or scheme://, and neither field may hold ", \ or a
-- control character, so notification_inbox can assemble the rules' JSON without JSON functions. Example: INSERT INTO routes (pattern, screen) VALUES ('/teams/:id', 'team_detail');
-- Fields: id, pattern, screen, sort_order.
CREATE TABLE IF NOT EXISTS routes (
    id INTEGER PRIMARY KEY,
    pattern TEXT NOT NULL UNIQUE CONSTRAINT route_pattern_required CHECK (trim(pattern) <> '')
        CONSTRAINT route_pattern_format CHECK ((pattern GLOB '/*' OR pattern GLOB '*://*')
            AND pattern NOT GLOB '*["\' || char(1) || '-' || char(31) || ']*'),
    screen TEXT NOT NULL CONSTRAINT route_screen_required CHECK (trim(screen) <> '')
        CONSTRAINT route_screen_format CHECK (screen NOT GLOB '*["\' || char(1) || '-' || char(31) || ']*'),
    sort_order INTEGER NOT NULL DEFAULT 0
);

-- updated_at triggers: one per table that has the column. Each lists every other column.
CREATE TRIGGER IF NOT EXISTS users_updated_at AFTER UPDATE OF id, name, email, sport, graduation_year
ON users WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE users SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = NEW.id;
END;
CREATE TRIGGER IF NOT EXISTS schools_updated_at AFTER UPDATE OF id, name, city, state, division,
    conference, twitter_handle, instagram_handle, website
ON schools WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE schools SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = NEW.id;
END;
CREATE TRIGGER IF NOT EXISTS coaches_updated_at AFTER UPDATE OF id, user_id, school_id, name, title,
    email, phone, twitter_handle, instagram_handle
ON coaches WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE coaches SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = NEW.id;
END;
CREATE TRIGGER IF NOT EXISTS communication_templates_updated_at AFTER UPDATE OF id, user_id, name,
    type, body
ON communication_templates WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE communication_templates SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
    WHERE seq = NEW.seq;
END;
CREATE TRIGGER IF NOT EXISTS social_media_posts_updated_at AFTER UPDATE OF id, user_id, coach_id,
    school_id, platform, post_url, post_content, author_name, author_handle, author_avatar_url,
    posted_at, media_urls, likes_count, shares_count, replies_count, is_recruiting_related,
    is_flagged, notes, sentiment
ON social_media_posts WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE social_media_posts SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
    WHERE seq = NEW.seq;
END;
CREATE TRIGGER IF NOT EXISTS tg_templates_updated_at AFTER UPDATE OF id, name, icon, message_text,
    target_group_id, target_group_name, include_location, sort_order
ON tg_templates WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE tg_templates SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = NEW.id;
END;
CREATE TRIGGER IF NOT EXISTS posts_updated_at AFTER UPDATE OF id, user_id, parent_id, title, summary,
    body, template_name
ON posts WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE posts SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = NEW.id;
END;

-- A new Telegram template without a sort_order goes last.
CREATE TRIGGER IF NOT EXISTS tg_templates_sort_order_default AFTER INSERT ON tg_templates
WHEN NEW.sort_order IS NULL BEGIN
    UPDATE tg_templates
    SET sort_order = (SELECT coalesce(max(sort_order), -1) + 1 FROM tg_templates WHERE id <> NEW.id)
    WHERE id = NEW.id;
END;

-- Marking a notification read stamps read_at (unless given); marking it unread clears it.
CREATE TRIGGER IF NOT EXISTS notifications_read_at AFTER UPDATE OF is_read ON notifications
WHEN NEW.is_read IS NOT OLD.is_read BEGIN
    UPDATE notifications
    SET read_at = CASE WHEN NEW.is_read = 1
        THEN coalesce(NEW.read_at, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) END
    WHERE seq = NEW.seq;
END;

-- Generated notifications: an inbound interaction tells the user, linking to the coach
-- (route_map turns /coaches?highlight=ID into the coach_detail screen).
CREATE TRIGGER IF NOT EXISTS interactions_inbound_notification AFTER INSERT ON interactions
WHEN NEW.direction = 'inbound' BEGIN
    INSERT INTO notifications (user_id, type, title, message, priority, action_url, scheduled_for, coach_id)
    VALUES (
        NEW.user_id,
        'inbound_interaction',
        'New ' || CASE NEW.channel WHEN 'email' THEN 'email' WHEN 'text' THEN 'text'
            WHEN 'phone' THEN 'call' ELSE 'message' END
            || ' from ' || coalesce((SELECT name FROM coaches WHERE id = NEW.coach_id), 'a coach'),
        coalesce(nullif(trim(NEW.subject), ''), substr(coalesce(NEW.body, ''), 1, 140)),
        'high',
        CASE WHEN NEW.coach_id IS NOT NULL THEN '/coaches?highlight=' || NEW.coach_id END,
        NEW.occurred_at,
        NEW.coach_id);
END;

PRAGMA user_version = 1;
COMMIT;
