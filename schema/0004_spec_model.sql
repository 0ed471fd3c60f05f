-- 0004_spec_model.sql — the apps' own data model (specs 000–004 in the specifications folder),
-- for new databases and for every version-3 database, with its data.
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0004_spec_model.sql   (after 0001–0003)
--
-- What changes, and why (the specs' field names, enum values and optionality win):
--   * Timestamps are ISO-8601 as the apps' back ends write them: 'YYYY-MM-DDTHH:MM:SS' with an
--     optional fraction and 'Z' or '±HH:MM' ('2026-02-10T14:30:00Z', '…00.123Z', '…00+00:00').
--     They are stored exactly as given, so a record reads back as it went in. The CHECKs accept
--     any such text that SQLite's julianday() can read. Lists sort by the text, which is exact
--     for UTC times written the same way.
--   * Ids that point at the apps' back ends (a social post's school and coach, a notification's
--     related ids, a Telegram template's chat id, a post's template) are plain values, not
--     foreign keys: the referenced row may live elsewhere or not exist yet (imports, deleted
--     Telegram groups, "a post might reference a non-existent template" in 004). The views
--     LEFT JOIN them and fall back ("Unknown School", the stored group name, the placeholders).
--   * communication_templates (000): `variables`, the optional JSON array of supported variable
--     names; `type` defaults to 'email' (TemplateFormData).
--   * social_media_posts (001): posted_at → post_date, is_flagged → flagged_for_review;
--     author_name and author_handle are required, as SocialPost has them.
--   * notifications (002): the six NotificationType raw values; read_at alone is the read state
--     (is_read is gone; views compute it as read_at IS NOT NULL); sent_at, email_sent,
--     email_sent_at, related_entity_type, related_entity_id, related_school_id, related_coach_id
--     (was coach_id), related_offer_id, related_event_id and updated_at; user_id optional.
--     Old values map: weekly_digest → daily_digest, achievement → offer, event_reminder → event.
--   * tg_templates (003): target_group_id is Telegram's chat id, not a foreign key; a template
--     keeps the id and name it was saved with; a new template's sort_order defaults to 0, as
--     Template's init does. tg_groups gets sort_order (the chat list's order). tg_icons holds
--     the icon picker's 36 symbols, in its order.
--   * post_templates and posts (004): the placeholders are required strings (Template); posts
--     have integer ids, the author's integer user_id, and every field of Post (image_url,
--     timezone, location_tag, ai_generated, author_name, author_email). Old text ids are
--     numbered in (created_at, id) order; the old author's name and email are copied.
--   * interactions: occurred_at takes the same ISO forms; the trigger that turns an inbound
--     interaction into a notification fills the new related_* columns.
--
-- Plain SQLite, as in 0001: no CHECK, default or trigger calls a Switchboard function.
-- Tables are rebuilt with SQLite's documented procedure (create new, copy, drop, rename), which
-- needs foreign_keys off outside the transaction; it is switched back on after COMMIT. The
-- views of 0003 are dropped first (a rename checks every view) and created again by 0005_views.sql.
-- The FTS indexes keep their rowids (seq is copied) and are rebuilt at the end.

PRAGMA foreign_keys = OFF;
PRAGMA recursive_triggers = ON;

BEGIN;

DROP VIEW IF EXISTS social_feed;
DROP VIEW IF EXISTS social_stats;
DROP VIEW IF EXISTS notification_inbox;
DROP VIEW IF EXISTS notification_counts;
DROP VIEW IF EXISTS notification_type_counts;
DROP VIEW IF EXISTS template_library;
DROP VIEW IF EXISTS template_type_counts;
DROP VIEW IF EXISTS message_drafts;
DROP VIEW IF EXISTS posts_with_placeholders;
DROP VIEW IF EXISTS tg_template_buttons;
DROP VIEW IF EXISTS widget_templates;
DROP VIEW IF EXISTS search_index_status;  -- re-created by 0006 with the trigram index
DROP TRIGGER IF EXISTS social_posts_fts_insert;
DROP TRIGGER IF EXISTS social_posts_fts_update;
DROP VIEW IF EXISTS social_posts_search_tags;

-- communication_templates (000) ----------------------------------------------------------------
-- Fields: seq (FTS rowid), id, user_id, name, type (email|text|twitter, default email), body,
-- variables (optional JSON array of the supported variable names), created_at, updated_at.
CREATE TABLE communication_templates_0004 (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT CONSTRAINT template_name_required CHECK (trim(coalesce(name, '')) <> ''),
    type TEXT NOT NULL DEFAULT 'email' CONSTRAINT template_type_valid CHECK (type IN ('email', 'text', 'twitter')),
    body TEXT CONSTRAINT template_body_required CHECK (trim(coalesce(body, '')) <> ''),
    variables TEXT CONSTRAINT template_variables_array CHECK (variables IS NULL OR variables GLOB '[[]*]'),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        CONSTRAINT template_created_at_format
        CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(created_at) IS NOT NULL),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        CONSTRAINT template_updated_at_format
        CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(updated_at) IS NOT NULL)
);
INSERT INTO communication_templates_0004 (seq, id, user_id, name, type, body, created_at, updated_at)
SELECT seq, id, user_id, name, type, body, created_at, updated_at FROM communication_templates;
DROP TABLE communication_templates;
ALTER TABLE communication_templates_0004 RENAME TO communication_templates;
CREATE INDEX communication_templates_by_user ON communication_templates(user_id, type, updated_at);

-- interactions -----------------------------------------------------------------------------------
CREATE TABLE interactions_0004 (
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
        CHECK (occurred_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(occurred_at) IS NOT NULL),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
INSERT INTO interactions_0004 SELECT id, user_id, coach_id, school_id, channel, direction, subject, body,
    template_id, occurred_at, created_at FROM interactions;
DROP TABLE interactions;
ALTER TABLE interactions_0004 RENAME TO interactions;
CREATE INDEX interactions_by_coach ON interactions(user_id, coach_id, direction, occurred_at);

-- social_media_posts (001) -----------------------------------------------------------------------
-- Fields of SocialPost: id, coach_id, school_id, platform (twitter|instagram), post_url,
-- post_content, post_date, author_handle, author_name, is_recruiting_related, flagged_for_review,
-- sentiment (very_positive|positive|neutral|negative|NULL), notes, created_at, updated_at.
-- Beyond the app: seq (FTS rowid), user_id, author_avatar_url, media_urls (JSON array text),
-- likes_count, shares_count, replies_count, search_tags (search support, see 0002).
CREATE TABLE social_media_posts_0004 (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    coach_id TEXT,
    school_id TEXT,
    platform TEXT CONSTRAINT social_platform_valid CHECK (platform IN ('twitter', 'instagram')),
    post_url TEXT NOT NULL UNIQUE CONSTRAINT social_post_url_required CHECK (trim(post_url) <> ''),
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
    CONSTRAINT social_platform_required CHECK (platform IS NOT NULL)
);
INSERT INTO social_media_posts_0004 (seq, id, user_id, coach_id, school_id, platform, post_url, post_content,
    post_date, author_handle, author_name, author_avatar_url, media_urls, likes_count, shares_count, replies_count,
    is_recruiting_related, flagged_for_review, sentiment, notes, created_at, updated_at, search_tags)
SELECT seq, id, user_id, coach_id, school_id, platform, post_url, post_content,
    posted_at, coalesce(author_handle, ''), coalesce(author_name, ''), author_avatar_url, media_urls, likes_count,
    shares_count, replies_count, is_recruiting_related, is_flagged, sentiment, notes, created_at, updated_at, search_tags
FROM social_media_posts;
DROP TABLE social_media_posts;
ALTER TABLE social_media_posts_0004 RENAME TO social_media_posts;
CREATE INDEX social_media_posts_feed ON social_media_posts(user_id, post_date, seq);

-- notification_types (002): NotificationType's raw values, labels and emoji, in the chips' order
-- (All | Follow-ups | Deadlines | Inbound | Digest | Offers | Events; "All" is no type).
DELETE FROM notification_types;
INSERT INTO notification_types (type, label, emoji, sort_order) VALUES
    ('follow_up_reminder', 'Follow-ups', '🔔', 1),
    ('deadline_alert', 'Deadlines', '⏰', 2),
    ('inbound_interaction', 'Inbound', '📧', 3),
    ('daily_digest', 'Digest', '📊', 4),
    ('offer', 'Offers', '🎉', 5),
    ('event', 'Events', '📅', 6);

-- notifications (002) ----------------------------------------------------------------------------
-- Fields of AppNotification: id, user_id, type, title, message, priority (low|normal|high),
-- read_at (NULL = unread), scheduled_for, sent_at, email_sent, email_sent_at, action_url,
-- related_entity_type, related_entity_id, related_school_id, related_coach_id, related_offer_id,
-- related_event_id, created_at, updated_at. Beyond the app: seq (FTS rowid), metadata (JSON object).
CREATE TABLE notifications_0004 (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
    type TEXT CONSTRAINT notification_type_valid CHECK (type IN ('follow_up_reminder', 'deadline_alert',
        'daily_digest', 'inbound_interaction', 'offer', 'event')),
    title TEXT CONSTRAINT notification_title_required CHECK (trim(coalesce(title, '')) <> ''),
    message TEXT NOT NULL DEFAULT '',
    priority TEXT NOT NULL DEFAULT 'normal' CONSTRAINT notification_priority_valid
        CHECK (priority IN ('low', 'normal', 'high')),
    read_at TEXT CONSTRAINT notification_read_at_format
        CHECK (read_at IS NULL OR (read_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*'
            AND julianday(read_at) IS NOT NULL)),
    scheduled_for TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        CONSTRAINT notification_scheduled_for_format
        CHECK (scheduled_for GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(scheduled_for) IS NOT NULL),
    sent_at TEXT,
    email_sent INTEGER CONSTRAINT notification_email_sent_flag CHECK (email_sent IS NULL OR email_sent IN (0, 1)),
    email_sent_at TEXT,
    action_url TEXT,
    related_entity_type TEXT,
    related_entity_id TEXT,
    related_school_id TEXT,
    related_coach_id TEXT,
    related_offer_id TEXT,
    related_event_id TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    metadata TEXT NOT NULL DEFAULT '{}' CONSTRAINT notification_metadata_object CHECK (metadata GLOB '{*}'),
    CONSTRAINT notification_type_required CHECK (type IS NOT NULL)
);
INSERT INTO notifications_0004 (seq, id, user_id, type, title, message, priority, read_at, scheduled_for,
    action_url, related_entity_type, related_entity_id, related_coach_id, created_at, updated_at, metadata)
SELECT seq, id, user_id,
    CASE type WHEN 'weekly_digest' THEN 'daily_digest' WHEN 'achievement' THEN 'offer'
              WHEN 'event_reminder' THEN 'event' ELSE type END,
    title, message, priority,
    CASE WHEN is_read = 1 THEN coalesce(read_at, created_at) END,
    scheduled_for, action_url,
    CASE WHEN coach_id IS NOT NULL THEN 'coach' END, coach_id, coach_id,
    created_at, coalesce(read_at, created_at), metadata
FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_0004 RENAME TO notifications;
CREATE INDEX notifications_inbox ON notifications(user_id, scheduled_for, seq);
CREATE INDEX notifications_by_coach ON notifications(related_coach_id, type);

-- tg_groups (003): TelegramGroup {id, title, memberCount}; sort_order is the chat list's order
-- (getChats), which the group picker keeps.
ALTER TABLE tg_groups ADD COLUMN sort_order INTEGER NOT NULL DEFAULT 0;

-- tg_templates (003) -----------------------------------------------------------------------------
-- Fields of Template: id, name, icon (default paperplane.fill), message_text, target_group_id
-- (Telegram's chat id), target_group_name, include_location, sort_order (default 0),
-- created_at, updated_at.
CREATE TABLE tg_templates_0004 (
    id TEXT PRIMARY KEY NOT NULL DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    name TEXT CONSTRAINT tg_template_name_required CHECK (trim(coalesce(name, '')) <> ''),
    icon TEXT NOT NULL DEFAULT 'paperplane.fill' CONSTRAINT tg_template_icon_required CHECK (trim(icon) <> ''),
    message_text TEXT CONSTRAINT tg_template_message_required CHECK (trim(coalesce(message_text, '')) <> ''),
    target_group_id INTEGER,
    target_group_name TEXT,
    include_location INTEGER NOT NULL DEFAULT 0 CONSTRAINT tg_template_location_flag
        CHECK (include_location IN (0, 1)),
    sort_order INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
INSERT INTO tg_templates_0004 SELECT id, name, icon, message_text, target_group_id,
    coalesce(target_group_name, (SELECT title FROM tg_groups WHERE tg_groups.id = target_group_id)),
    include_location, coalesce(sort_order, 0), created_at, updated_at FROM tg_templates;
DROP TABLE tg_templates;
ALTER TABLE tg_templates_0004 RENAME TO tg_templates;
CREATE INDEX tg_templates_order ON tg_templates(sort_order, created_at);

-- tg_icons (003): the icon picker's 36 SF Symbols, in its order.
DELETE FROM tg_icons;
INSERT INTO tg_icons (name, sort_order) VALUES
    ('paperplane.fill', 1), ('location.fill', 2), ('car.fill', 3), ('bed.double.fill', 4),
    ('fork.knife', 5), ('cup.and.saucer.fill', 6), ('figure.walk', 7), ('figure.run', 8),
    ('bicycle', 9), ('tram.fill', 10), ('airplane', 11), ('house.fill', 12),
    ('building.2.fill', 13), ('cart.fill', 14), ('bag.fill', 15), ('creditcard.fill', 16),
    ('phone.fill', 17), ('envelope.fill', 18), ('calendar', 19), ('clock.fill', 20),
    ('sun.max.fill', 21), ('moon.fill', 22), ('cloud.fill', 23), ('bolt.fill', 24),
    ('heart.fill', 25), ('star.fill', 26), ('flag.fill', 27), ('bookmark.fill', 28),
    ('tag.fill', 29), ('folder.fill', 30), ('doc.fill', 31), ('pencil', 32),
    ('checkmark.circle.fill', 33), ('xmark.circle.fill', 34), ('exclamationmark.triangle.fill', 35),
    ('info.circle.fill', 36);

-- post_templates (004): Template {name, placeholder_title, placeholder_summary, placeholder_body},
-- every placeholder a string. Old NULL placeholders take the editor's fallbacks.
CREATE TABLE post_templates_0004 (
    name TEXT PRIMARY KEY NOT NULL CONSTRAINT post_template_name_required CHECK (trim(name) <> ''),
    placeholder_title TEXT NOT NULL,
    placeholder_summary TEXT NOT NULL,
    placeholder_body TEXT NOT NULL
);
INSERT INTO post_templates_0004 SELECT name, coalesce(placeholder_title, 'Title'),
    coalesce(placeholder_summary, 'Summary'), coalesce(placeholder_body, 'Body') FROM post_templates;

-- posts (004) ------------------------------------------------------------------------------------
-- Fields of Post: id, user_id, parent_id, title, summary, body, image_url, created_at, timezone,
-- location_tag, ai_generated, author_name, author_email; template_name (the API's key).
-- Beyond the app: updated_at. child_count and the placeholders come from posts_with_placeholders.
CREATE TABLE posts_0004 (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    parent_id INTEGER REFERENCES posts(id) ON DELETE CASCADE CONSTRAINT post_not_own_parent
        CHECK (parent_id IS NULL OR parent_id <> id),
    title TEXT NOT NULL DEFAULT '',
    summary TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL DEFAULT '',
    image_url TEXT,
    template_name TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    timezone TEXT NOT NULL DEFAULT 'UTC' CONSTRAINT post_timezone_required CHECK (trim(timezone) <> ''),
    location_tag TEXT,
    ai_generated INTEGER NOT NULL DEFAULT 0 CONSTRAINT post_ai_generated_flag CHECK (ai_generated IN (0, 1)),
    author_name TEXT,
    author_email TEXT,
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE TEMP TABLE post_ids_0004 AS
SELECT id AS old_id, row_number() OVER (ORDER BY created_at, id) AS new_id FROM posts;
CREATE TEMP TABLE post_users_0004 AS
SELECT user_id AS old_id, row_number() OVER (ORDER BY user_id) AS new_id
FROM (SELECT DISTINCT user_id FROM posts WHERE user_id IS NOT NULL);
INSERT INTO posts_0004 (id, user_id, parent_id, title, summary, body, template_name, created_at, author_name,
    author_email, updated_at)
SELECT i.new_id, coalesce(pu.new_id, 0), pi.new_id, coalesce(p.title, ''), coalesce(p.summary, ''),
    coalesce(p.body, ''), p.template_name, p.created_at, u.name, u.email, p.updated_at
FROM posts AS p
JOIN temp.post_ids_0004 AS i ON i.old_id = p.id
LEFT JOIN temp.post_ids_0004 AS pi ON pi.old_id = p.parent_id
LEFT JOIN temp.post_users_0004 AS pu ON pu.old_id = p.user_id
LEFT JOIN users AS u ON u.id = p.user_id;
DROP TABLE temp.post_ids_0004;
DROP TABLE temp.post_users_0004;
DROP TABLE posts;
DROP TABLE post_templates;
ALTER TABLE post_templates_0004 RENAME TO post_templates;
ALTER TABLE posts_0004 RENAME TO posts;
CREATE INDEX posts_by_parent ON posts(parent_id);
CREATE INDEX posts_by_template ON posts(template_name);

-- updated_at triggers of the rebuilt tables (each lists every other column; see 0001).
CREATE TRIGGER communication_templates_updated_at AFTER UPDATE OF id, user_id, name, type, body, variables
ON communication_templates WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE communication_templates SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE seq = NEW.seq;
END;
CREATE TRIGGER social_media_posts_updated_at AFTER UPDATE OF id, user_id, coach_id, school_id, platform,
    post_url, post_content, post_date, author_handle, author_name, author_avatar_url, media_urls, likes_count,
    shares_count, replies_count, is_recruiting_related, flagged_for_review, sentiment, notes
ON social_media_posts WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE social_media_posts SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE seq = NEW.seq;
END;
CREATE TRIGGER notifications_updated_at AFTER UPDATE OF id, user_id, type, title, message, priority, read_at,
    scheduled_for, sent_at, email_sent, email_sent_at, action_url, related_entity_type, related_entity_id,
    related_school_id, related_coach_id, related_offer_id, related_event_id, metadata
ON notifications WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE notifications SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE seq = NEW.seq;
END;
CREATE TRIGGER tg_templates_updated_at AFTER UPDATE OF id, name, icon, message_text, target_group_id,
    target_group_name, include_location, sort_order
ON tg_templates WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE tg_templates SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = NEW.id;
END;
CREATE TRIGGER posts_updated_at AFTER UPDATE OF id, user_id, parent_id, title, summary, body, image_url,
    template_name, created_at, timezone, location_tag, ai_generated, author_name, author_email
ON posts WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE posts SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = NEW.id;
END;

-- Generated notifications: an inbound interaction tells the user, linking to the coach
-- (route_map turns /coaches?highlight=ID into the coach_detail screen).
CREATE TRIGGER interactions_inbound_notification AFTER INSERT ON interactions
WHEN NEW.direction = 'inbound' BEGIN
    INSERT INTO notifications (user_id, type, title, message, priority, action_url, scheduled_for,
        related_entity_type, related_entity_id, related_coach_id, related_school_id)
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
        CASE WHEN NEW.coach_id IS NOT NULL THEN 'coach' END,
        NEW.coach_id,
        NEW.coach_id,
        coalesce(NEW.school_id, (SELECT school_id FROM coaches WHERE id = NEW.coach_id)));
END;

-- Search (0002's design, on the rebuilt tables) --------------------------------------------------
CREATE VIEW social_posts_search_tags AS
SELECT
    p.seq,
    (SELECT group_concat(substr(t.tag, k.value), ' ')
     FROM (SELECT substr(w.value, instr(replace(w.value, '@', '#'), '#') + 1, 30) AS tag
           FROM json_each('[' || replace(json_quote(
                    ' @' || ltrim(coalesce(p.author_handle, ''), '@') || ' '
                    || replace(replace(replace(p.post_content, char(10), ' '), char(13), ' '), char(9), ' ')
                ), ' ', '","') || ']') AS w
           WHERE w.value GLOB '*[#@]??*'
           LIMIT 11) AS t,
          json_each('[2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29]') AS k
     WHERE k.value < length(t.tag)) AS tags
FROM social_media_posts AS p;

CREATE TRIGGER social_posts_fts_insert AFTER INSERT ON social_media_posts BEGIN
    UPDATE social_media_posts SET search_tags = (SELECT tags FROM social_posts_search_tags WHERE seq = NEW.seq)
    WHERE seq = NEW.seq;
    INSERT INTO social_posts_fts (rowid, post_content, author_name, author_handle, search_tags)
    SELECT seq, post_content, author_name, author_handle, search_tags
    FROM social_media_posts WHERE seq = NEW.seq;
END;
CREATE TRIGGER social_posts_fts_delete AFTER DELETE ON social_media_posts BEGIN
    INSERT INTO social_posts_fts (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    VALUES ('delete', OLD.seq, OLD.post_content, OLD.author_name, OLD.author_handle, OLD.search_tags);
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

CREATE TRIGGER notifications_fts_insert AFTER INSERT ON notifications BEGIN
    INSERT INTO notifications_fts (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
END;
CREATE TRIGGER notifications_fts_delete AFTER DELETE ON notifications BEGIN
    INSERT INTO notifications_fts (notifications_fts, rowid, title, message)
    VALUES ('delete', OLD.seq, OLD.title, OLD.message);
END;
CREATE TRIGGER notifications_fts_update AFTER UPDATE OF seq, title, message ON notifications BEGIN
    INSERT INTO notifications_fts (notifications_fts, rowid, title, message)
    VALUES ('delete', OLD.seq, OLD.title, OLD.message);
    INSERT INTO notifications_fts (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
END;

CREATE TRIGGER communication_templates_fts_insert AFTER INSERT ON communication_templates BEGIN
    INSERT INTO communication_templates_fts (rowid, name, body) VALUES (NEW.seq, NEW.name, NEW.body);
END;
CREATE TRIGGER communication_templates_fts_delete AFTER DELETE ON communication_templates BEGIN
    INSERT INTO communication_templates_fts (communication_templates_fts, rowid, name, body)
    VALUES ('delete', OLD.seq, OLD.name, OLD.body);
END;
CREATE TRIGGER communication_templates_fts_update AFTER UPDATE OF seq, name, body
ON communication_templates BEGIN
    INSERT INTO communication_templates_fts (communication_templates_fts, rowid, name, body)
    VALUES ('delete', OLD.seq, OLD.name, OLD.body);
    INSERT INTO communication_templates_fts (rowid, name, body) VALUES (NEW.seq, NEW.name, NEW.body);
END;

INSERT INTO social_posts_fts (social_posts_fts) VALUES ('rebuild');
INSERT INTO notifications_fts (notifications_fts) VALUES ('rebuild');
INSERT INTO communication_templates_fts (communication_templates_fts) VALUES ('rebuild');

PRAGMA user_version = 4;
COMMIT;

PRAGMA foreign_keys = ON;
