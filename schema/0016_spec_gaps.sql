-- 0016_spec_gaps.sql — what the source said is kept as it said it (issue 18, items 4 and 6).
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0016_spec_gaps.sql   (after 0001–0015)
-- Plain SQLite: no Switchboard function is needed to apply it.
--
-- Part 1. A UUID is one id in any case; the database keeps it lower-case (issue 18.4).
-- Spec 003's widget builds tgtemplates://send?id= from Swift's uuidString, which is upper-case, and
-- the apps' UUID(uuidString:) reads either case; Switchboard compared ids as text, so an id imported
-- in upper case could not be opened in lower case, nor the other way round. From this version on,
-- import, sync, `-p id=`, `--user` and deep links lower-case every UUID-shaped id and reference
-- (CanonicalID in Sources/SwitchboardDB). Here the rows already stored get the same form: every
-- UUID-shaped value (8-4-4-4-12 hexadecimal digits) with an upper-case letter, in a column named id
-- or ending in _id, is lower-cased. Other ids (u1, c9, Telegram's integer chat ids) are left as
-- written, and so is text that merely contains an id (a notification's action_url).
--   1. the upper-case UUIDs found in those columns are collected in temp.uuid_upper;
--   2. the four triggers that keep an interaction's coach and template the same user's are dropped:
--      a parent and its children are lower-cased one statement after the other, and in between the
--      triggers would see a user id in two spellings; they are created again, as 0011 wrote them;
--   3. foreign keys are checked at COMMIT (defer_foreign_keys), when parents and children agree again;
--   4. a table's updated_at is kept: the id's spelling changes, not the record (its updated_at
--      trigger would stamp now, so the old values are saved first and put back after).
-- Nothing changes in a database whose ids are all lower-case already.
--
-- Part 2. The sentiment classifier's guess gets a column of its own (issue 18.6).
-- Spec 001's sentiment may be null ("analysis has not run"; the app then shows no badge), but sync
-- filled a null sentiment with sentiment_classify's guess, so the record came back "positive". Now
-- social_media_posts.sentiment is only ever what the source said, and sync puts the guess for a post
-- whose source gave none in sentiment_guess. Rows stored before this version keep their sentiment:
-- a guess and a source value cannot be told apart there.
--
-- Part 3. A name, body or message is required as the apps require it (issue 18.9): Swift's isEmpty,
-- on the text as typed, so "" is refused and "  " is not (specs 000 and 003 check !name.isEmpty,
-- !body.isEmpty, !messageText.isEmpty, none of them trimmed). The CHECKs of communication_templates
-- and tg_templates trimmed first; see part 3 below for how the tables are rebuilt.

BEGIN;

PRAGMA defer_foreign_keys = ON;

-- 1. The upper-case UUIDs, wherever they are.
CREATE TEMP TABLE uuid_upper (old TEXT PRIMARY KEY);
WITH shape (pattern) AS (SELECT '[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]-[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]-[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]-[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]-[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]'),
ids (value) AS (
    SELECT id FROM schools
    UNION ALL
    SELECT id FROM users
    UNION ALL
    SELECT id FROM coaches
    UNION ALL
    SELECT user_id FROM coaches
    UNION ALL
    SELECT school_id FROM coaches
    UNION ALL
    SELECT id FROM communication_templates
    UNION ALL
    SELECT user_id FROM communication_templates
    UNION ALL
    SELECT id FROM interactions
    UNION ALL
    SELECT user_id FROM interactions
    UNION ALL
    SELECT coach_id FROM interactions
    UNION ALL
    SELECT school_id FROM interactions
    UNION ALL
    SELECT template_id FROM interactions
    UNION ALL
    SELECT id FROM notifications
    UNION ALL
    SELECT user_id FROM notifications
    UNION ALL
    SELECT related_entity_id FROM notifications
    UNION ALL
    SELECT related_school_id FROM notifications
    UNION ALL
    SELECT related_coach_id FROM notifications
    UNION ALL
    SELECT related_offer_id FROM notifications
    UNION ALL
    SELECT related_event_id FROM notifications
    UNION ALL
    SELECT id FROM social_media_posts
    UNION ALL
    SELECT user_id FROM social_media_posts
    UNION ALL
    SELECT coach_id FROM social_media_posts
    UNION ALL
    SELECT school_id FROM social_media_posts
    UNION ALL
    SELECT id FROM tg_templates
    UNION ALL
    SELECT template_id FROM outbox
    UNION ALL
    SELECT user_id FROM report_runs
    UNION ALL
    SELECT user_id FROM template_partials
)
INSERT OR IGNORE INTO temp.uuid_upper (old)
SELECT value FROM ids, shape WHERE value GLOB pattern AND value <> lower(value);

-- 2. The ownership triggers of 0011, created again below.
DROP TRIGGER coaches_own_interactions;
DROP TRIGGER communication_templates_own_interactions;
DROP TRIGGER interactions_own_coach_update;
DROP TRIGGER interactions_own_template_update;

-- schools: id
CREATE TEMP TABLE kept AS SELECT rowid AS r, updated_at FROM schools WHERE id IN (SELECT old FROM temp.uuid_upper);
UPDATE schools SET id = lower(id) WHERE id IN (SELECT old FROM temp.uuid_upper);
UPDATE schools SET updated_at = (SELECT k.updated_at FROM temp.kept AS k WHERE k.r = schools.rowid)
WHERE rowid IN (SELECT r FROM temp.kept);
DROP TABLE temp.kept;

-- users: id
CREATE TEMP TABLE kept AS SELECT rowid AS r, updated_at FROM users WHERE id IN (SELECT old FROM temp.uuid_upper);
UPDATE users SET id = lower(id) WHERE id IN (SELECT old FROM temp.uuid_upper);
UPDATE users SET updated_at = (SELECT k.updated_at FROM temp.kept AS k WHERE k.r = users.rowid)
WHERE rowid IN (SELECT r FROM temp.kept);
DROP TABLE temp.kept;

-- coaches: id, user_id, school_id
CREATE TEMP TABLE kept AS SELECT rowid AS r, updated_at FROM coaches WHERE id IN (SELECT old FROM temp.uuid_upper) OR user_id IN (SELECT old FROM temp.uuid_upper) OR school_id IN (SELECT old FROM temp.uuid_upper);
UPDATE coaches SET id = lower(id) WHERE id IN (SELECT old FROM temp.uuid_upper);
UPDATE coaches SET user_id = lower(user_id) WHERE user_id IN (SELECT old FROM temp.uuid_upper);
UPDATE coaches SET school_id = lower(school_id) WHERE school_id IN (SELECT old FROM temp.uuid_upper);
UPDATE coaches SET updated_at = (SELECT k.updated_at FROM temp.kept AS k WHERE k.r = coaches.rowid)
WHERE rowid IN (SELECT r FROM temp.kept);
DROP TABLE temp.kept;

-- communication_templates: id, user_id
CREATE TEMP TABLE kept AS SELECT rowid AS r, updated_at FROM communication_templates WHERE id IN (SELECT old FROM temp.uuid_upper) OR user_id IN (SELECT old FROM temp.uuid_upper);
UPDATE communication_templates SET id = lower(id) WHERE id IN (SELECT old FROM temp.uuid_upper);
UPDATE communication_templates SET user_id = lower(user_id) WHERE user_id IN (SELECT old FROM temp.uuid_upper);
UPDATE communication_templates SET updated_at = (SELECT k.updated_at FROM temp.kept AS k WHERE k.r = communication_templates.rowid)
WHERE rowid IN (SELECT r FROM temp.kept);
DROP TABLE temp.kept;

-- interactions: id, user_id, coach_id, school_id, template_id
UPDATE interactions SET id = lower(id) WHERE id IN (SELECT old FROM temp.uuid_upper);
UPDATE interactions SET user_id = lower(user_id) WHERE user_id IN (SELECT old FROM temp.uuid_upper);
UPDATE interactions SET coach_id = lower(coach_id) WHERE coach_id IN (SELECT old FROM temp.uuid_upper);
UPDATE interactions SET school_id = lower(school_id) WHERE school_id IN (SELECT old FROM temp.uuid_upper);
UPDATE interactions SET template_id = lower(template_id) WHERE template_id IN (SELECT old FROM temp.uuid_upper);

-- notifications: id, user_id, related_entity_id, related_school_id, related_coach_id, related_offer_id, related_event_id
CREATE TEMP TABLE kept AS SELECT rowid AS r, updated_at FROM notifications WHERE id IN (SELECT old FROM temp.uuid_upper) OR user_id IN (SELECT old FROM temp.uuid_upper) OR related_entity_id IN (SELECT old FROM temp.uuid_upper) OR related_school_id IN (SELECT old FROM temp.uuid_upper) OR related_coach_id IN (SELECT old FROM temp.uuid_upper) OR related_offer_id IN (SELECT old FROM temp.uuid_upper) OR related_event_id IN (SELECT old FROM temp.uuid_upper);
UPDATE notifications SET id = lower(id) WHERE id IN (SELECT old FROM temp.uuid_upper);
UPDATE notifications SET user_id = lower(user_id) WHERE user_id IN (SELECT old FROM temp.uuid_upper);
UPDATE notifications SET related_entity_id = lower(related_entity_id) WHERE related_entity_id IN (SELECT old FROM temp.uuid_upper);
UPDATE notifications SET related_school_id = lower(related_school_id) WHERE related_school_id IN (SELECT old FROM temp.uuid_upper);
UPDATE notifications SET related_coach_id = lower(related_coach_id) WHERE related_coach_id IN (SELECT old FROM temp.uuid_upper);
UPDATE notifications SET related_offer_id = lower(related_offer_id) WHERE related_offer_id IN (SELECT old FROM temp.uuid_upper);
UPDATE notifications SET related_event_id = lower(related_event_id) WHERE related_event_id IN (SELECT old FROM temp.uuid_upper);
UPDATE notifications SET updated_at = (SELECT k.updated_at FROM temp.kept AS k WHERE k.r = notifications.rowid)
WHERE rowid IN (SELECT r FROM temp.kept);
DROP TABLE temp.kept;

-- social_media_posts: id, user_id, coach_id, school_id
CREATE TEMP TABLE kept AS SELECT rowid AS r, updated_at FROM social_media_posts WHERE id IN (SELECT old FROM temp.uuid_upper) OR user_id IN (SELECT old FROM temp.uuid_upper) OR coach_id IN (SELECT old FROM temp.uuid_upper) OR school_id IN (SELECT old FROM temp.uuid_upper);
UPDATE social_media_posts SET id = lower(id) WHERE id IN (SELECT old FROM temp.uuid_upper);
UPDATE social_media_posts SET user_id = lower(user_id) WHERE user_id IN (SELECT old FROM temp.uuid_upper);
UPDATE social_media_posts SET coach_id = lower(coach_id) WHERE coach_id IN (SELECT old FROM temp.uuid_upper);
UPDATE social_media_posts SET school_id = lower(school_id) WHERE school_id IN (SELECT old FROM temp.uuid_upper);
UPDATE social_media_posts SET updated_at = (SELECT k.updated_at FROM temp.kept AS k WHERE k.r = social_media_posts.rowid)
WHERE rowid IN (SELECT r FROM temp.kept);
DROP TABLE temp.kept;

-- tg_templates: id
CREATE TEMP TABLE kept AS SELECT rowid AS r, updated_at FROM tg_templates WHERE id IN (SELECT old FROM temp.uuid_upper);
UPDATE tg_templates SET id = lower(id) WHERE id IN (SELECT old FROM temp.uuid_upper);
UPDATE tg_templates SET updated_at = (SELECT k.updated_at FROM temp.kept AS k WHERE k.r = tg_templates.rowid)
WHERE rowid IN (SELECT r FROM temp.kept);
DROP TABLE temp.kept;

-- outbox: template_id
CREATE TEMP TABLE kept AS SELECT rowid AS r, updated_at FROM outbox WHERE template_id IN (SELECT old FROM temp.uuid_upper);
UPDATE outbox SET template_id = lower(template_id) WHERE template_id IN (SELECT old FROM temp.uuid_upper);
UPDATE outbox SET updated_at = (SELECT k.updated_at FROM temp.kept AS k WHERE k.r = outbox.rowid)
WHERE rowid IN (SELECT r FROM temp.kept);
DROP TABLE temp.kept;

-- report_runs: user_id
UPDATE report_runs SET user_id = lower(user_id) WHERE user_id IN (SELECT old FROM temp.uuid_upper);

-- template_partials: user_id
UPDATE template_partials SET user_id = lower(user_id) WHERE user_id IN (SELECT old FROM temp.uuid_upper);

DROP TABLE temp.uuid_upper;

-- Part 2: the classifier's guess, beside the source's sentiment.
ALTER TABLE social_media_posts ADD COLUMN sentiment_guess TEXT CONSTRAINT social_sentiment_guess_valid
    CHECK (sentiment_guess IS NULL OR sentiment_guess IN ('very_positive', 'positive', 'neutral', 'negative'));

-- Part 3: the apps' isEmpty, on the untrimmed text. SQLite cannot change a CHECK in place, so the
-- two tables are rebuilt as 0013 rebuilt social_media_posts: a new table with the same columns, every
-- row copied (communication_templates with its seq, the rowid its search index is keyed on), the old
-- one dropped, the new one renamed into its place (legacy_alter_table keeps the views that name it as
-- they are), its indexes and triggers created again as 0001, 0002, 0004 and 0005 wrote them.
-- interactions.template_id references communication_templates ON DELETE SET NULL, and DROP TABLE
-- deletes the rows first when foreign keys are on: the links are saved before and put back after.
CREATE TEMP TABLE template_links AS SELECT rowid AS r, template_id FROM interactions WHERE template_id IS NOT NULL;

CREATE TABLE communication_templates_0016 (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    name TEXT CONSTRAINT template_name_required CHECK (coalesce(name, '') <> ''),
    type TEXT NOT NULL DEFAULT 'email' CONSTRAINT template_type_valid CHECK (type IN ('email', 'text', 'twitter')),
    body TEXT CONSTRAINT template_body_required CHECK (coalesce(body, '') <> ''),
    variables TEXT CONSTRAINT template_variables_array CHECK (variables IS NULL OR variables GLOB '[[]*]'),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        CONSTRAINT template_created_at_format
        CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(created_at) IS NOT NULL),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
        CONSTRAINT template_updated_at_format
        CHECK (updated_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*' AND julianday(updated_at) IS NOT NULL)
);
INSERT INTO communication_templates_0016 (seq, id, user_id, name, type, body, variables, created_at, updated_at)
SELECT seq, id, user_id, name, type, body, variables, created_at, updated_at FROM communication_templates;
DROP TABLE communication_templates;
PRAGMA legacy_alter_table = ON;
ALTER TABLE communication_templates_0016 RENAME TO communication_templates;
PRAGMA legacy_alter_table = OFF;
CREATE INDEX communication_templates_by_user ON communication_templates(user_id, type, updated_at);
CREATE TRIGGER communication_templates_fts_delete AFTER DELETE ON communication_templates BEGIN
    INSERT INTO communication_templates_fts (communication_templates_fts, rowid, name, body)
    VALUES ('delete', OLD.seq, OLD.name, OLD.body);
END;
CREATE TRIGGER communication_templates_fts_insert AFTER INSERT ON communication_templates BEGIN
    INSERT INTO communication_templates_fts (rowid, name, body) VALUES (NEW.seq, NEW.name, NEW.body);
END;
CREATE TRIGGER communication_templates_fts_update AFTER UPDATE OF seq, name, body
ON communication_templates BEGIN
    INSERT INTO communication_templates_fts (communication_templates_fts, rowid, name, body)
    VALUES ('delete', OLD.seq, OLD.name, OLD.body);
    INSERT INTO communication_templates_fts (rowid, name, body) VALUES (NEW.seq, NEW.name, NEW.body);
END;
CREATE TRIGGER communication_templates_updated_at AFTER UPDATE OF id, user_id, name, type, body, variables
ON communication_templates WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE communication_templates SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE seq = NEW.seq;
END;
-- The links the drop unset (none when foreign keys are off).
UPDATE interactions SET template_id = (SELECT l.template_id FROM temp.template_links AS l WHERE l.r = interactions.rowid)
WHERE rowid IN (SELECT r FROM temp.template_links) AND template_id IS NULL;
DROP TABLE temp.template_links;

CREATE TABLE tg_templates_0016 (
    id TEXT PRIMARY KEY NOT NULL DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4'
        || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1)
        || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
    name TEXT CONSTRAINT tg_template_name_required CHECK (coalesce(name, '') <> ''),
    icon TEXT NOT NULL DEFAULT 'paperplane.fill' CONSTRAINT tg_template_icon_required CHECK (trim(icon) <> ''),
    message_text TEXT CONSTRAINT tg_template_message_required CHECK (coalesce(message_text, '') <> ''),
    target_group_id INTEGER,
    target_group_name TEXT,
    include_location INTEGER NOT NULL DEFAULT 0 CONSTRAINT tg_template_location_flag
        CHECK (include_location IN (0, 1)),
    sort_order INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
INSERT INTO tg_templates_0016 (id, name, icon, message_text, target_group_id, target_group_name, include_location,
                               sort_order, created_at, updated_at)
SELECT id, name, icon, message_text, target_group_id, target_group_name, include_location, sort_order, created_at, updated_at
FROM tg_templates;
DROP TABLE tg_templates;
PRAGMA legacy_alter_table = ON;
ALTER TABLE tg_templates_0016 RENAME TO tg_templates;
PRAGMA legacy_alter_table = OFF;
CREATE INDEX tg_templates_order ON tg_templates(sort_order, created_at);
CREATE TRIGGER tg_templates_updated_at AFTER UPDATE OF id, name, icon, message_text, target_group_id,
    target_group_name, include_location, sort_order
ON tg_templates WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE tg_templates SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = NEW.id;
END;

-- The ownership triggers, as 0011_user_references.sql created them.
CREATE TRIGGER coaches_own_interactions BEFORE UPDATE OF user_id ON coaches
WHEN EXISTS (SELECT 1 FROM interactions WHERE coach_id = OLD.id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.coach_id names another user''s coach');
END;

CREATE TRIGGER communication_templates_own_interactions BEFORE UPDATE OF user_id ON communication_templates
WHEN EXISTS (SELECT 1 FROM interactions WHERE template_id = OLD.id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.template_id names another user''s template');
END;

CREATE TRIGGER interactions_own_coach_update BEFORE UPDATE OF user_id, coach_id ON interactions
WHEN EXISTS (SELECT 1 FROM coaches WHERE id = NEW.coach_id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.coach_id names another user''s coach');
END;

CREATE TRIGGER interactions_own_template_update BEFORE UPDATE OF user_id, template_id ON interactions
WHEN EXISTS (SELECT 1 FROM communication_templates WHERE id = NEW.template_id AND user_id IS NOT NEW.user_id) BEGIN
    SELECT RAISE(ABORT, 'interactions.template_id names another user''s template');
END;

PRAGMA user_version = 16;
COMMIT;
