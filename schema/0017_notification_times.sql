-- 0017_notification_times.sql — a notification's scheduled_for takes every form a post's post_date takes.
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0017_notification_times.sql   (after 0001–0016)
--
-- 0014 gave scheduled_for its instant key but kept its CHECK, which wanted the T form and a zone
-- julianday() reads: Instagram's +0000, ±HH, a space for T and Unix times were refused, so a
-- notification exported with `"scheduled_for": "2026-11-24T17:00:00+0000"` could not be imported
-- although the same text is a post's date. The CHECK is now the instant key's rule (0014): the text
-- is kept as written and refused only when the key cannot read it. SQLite cannot change a CHECK in
-- place, so the table is rebuilt as 0014 rebuilt social_media_posts: same columns, defaults, key,
-- rows (seq kept, so notifications_fts stays in step), indexes and triggers. Views name the table and
-- are untouched. read_at keeps its CHECK: the apps write it, always in the T form.
-- Plain SQLite: no Switchboard function is needed to apply it.

BEGIN;

CREATE TABLE notifications_0017 (
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
        -- Any form the instant key reads (schema/0014_instants.sql); the text is kept as written.
        CONSTRAINT notification_scheduled_for_format CHECK (
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
            END
            IS NOT NULL),
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
    -- scheduled_for as an instant: Unix milliseconds, kept by the notifications_instant_* triggers.
    scheduled_for_ms INTEGER,
    CONSTRAINT notification_type_required CHECK (type IS NOT NULL)
);
INSERT INTO notifications_0017 SELECT * FROM notifications;
DROP TABLE notifications;
PRAGMA legacy_alter_table = ON;
ALTER TABLE notifications_0017 RENAME TO notifications;
PRAGMA legacy_alter_table = OFF;

-- The indexes and triggers, as their migrations wrote them (0002, 0004, 0008, 0010, 0014).
CREATE INDEX notifications_by_coach ON notifications(related_coach_id, type);

CREATE INDEX notifications_counts ON notifications(user_id, type, read_at);

CREATE INDEX notifications_inbox ON notifications(user_id, scheduled_for_ms, id);

CREATE TRIGGER notifications_fts_delete AFTER DELETE ON notifications BEGIN
    INSERT INTO notifications_fts (notifications_fts, rowid, title, message)
    VALUES ('delete', OLD.seq, OLD.title, OLD.message);
END;

CREATE TRIGGER notifications_fts_insert AFTER INSERT ON notifications BEGIN
    INSERT INTO notifications_fts (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
END;

CREATE TRIGGER notifications_fts_update AFTER UPDATE OF seq, title, message ON notifications BEGIN
    INSERT INTO notifications_fts (notifications_fts, rowid, title, message)
    VALUES ('delete', OLD.seq, OLD.title, OLD.message);
    INSERT INTO notifications_fts (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
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

CREATE TRIGGER notifications_updated_at AFTER UPDATE OF id, user_id, type, title, message, priority, read_at,
    scheduled_for, sent_at, email_sent, email_sent_at, action_url, related_entity_type, related_entity_id,
    related_school_id, related_coach_id, related_offer_id, related_event_id, metadata
ON notifications WHEN NEW.updated_at IS OLD.updated_at BEGIN
    UPDATE notifications SET updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE seq = NEW.seq;
END;

CREATE TRIGGER report_notification_records_run AFTER INSERT ON notifications
FOR EACH ROW WHEN NEW.related_entity_type = 'report' AND NEW.related_entity_id IS NOT NULL
BEGIN
    INSERT INTO report_runs (report, ran_at, user_id, summary)
    VALUES (NEW.related_entity_id, NEW.created_at, NEW.user_id, NEW.message);
END;

PRAGMA user_version = 17;
COMMIT;
