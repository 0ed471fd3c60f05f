-- 0016_spec_gaps.sql — what the source said is kept as it said it (issue 18, items 4 and 6).
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0016_spec_gaps.sql   (after 0001–0013)
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

-- Part 2: the classifier's guess, beside the source's sentiment.
ALTER TABLE social_media_posts ADD COLUMN sentiment_guess TEXT CONSTRAINT social_sentiment_guess_valid
    CHECK (sentiment_guess IS NULL OR sentiment_guess IN ('very_positive', 'positive', 'neutral', 'negative'));

PRAGMA user_version = 16;
COMMIT;
