-- 0021_schedule_counters.sql — the inbox's due and upcoming counts read counters too (issue 22, item 2).
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0021_schedule_counters.sql   (after 0001–0020)
-- Plain SQLite: no Switchboard function is needed to apply it, and no trigger here calls one.
--
-- 0018 gave `when=all` its counters, but `due` and `upcoming` depend on the clock, which a counter cannot
-- hold: they counted the notifications scheduled after now by a range of the index notifications_schedule,
-- 72.6 ms at 1M rows with 1 in 5 upcoming, growing with the upcoming rows. Time buckets can hold counts:
--
--   notification_schedule_counters  (user_id, level, bucket, type) -> notifications, unread (read_at IS NULL)
--
-- A notification is due at second s = ceil(scheduled_for_ms / 1000), so it is upcoming exactly when
-- s > now, now being the clock's whole second (the queries compare scheduled_for_ms with
-- strftime('%s', switchboard_now()) * 1000). Each notification counts in 7 buckets, one per level:
-- level L holds bucket s >> 6L, a block of 64^L seconds (level 0: 1 s, 1: 64 s, 2: 68 min, 3: 3 days,
-- 4: 194 days, 5: 34 years, 6: 2,177 years). The blocks nest: a level-L bucket's 64 children are the
-- level-(L-1) buckets with the same s >> 6L. The notifications after now are those in the buckets after
-- now's own at each level, inside now's parent block, and at level 6 all the buckets after now's:
--
--   upcoming = Σ over L in 0..5 of the buckets b with now >> 6L < b ≤ (now >> 6L) | 63
--            + the level-6 buckets b > now >> 36
--   due      = every level-6 bucket − upcoming   (the notifications with an instant, minus those after now)
--
-- So a count reads at most 63 buckets per type at each of levels 0–5, whatever the distribution (a million
-- notifications in one second are one bucket), plus the level-6 buckets: one per 2,177-year epoch holding a
-- notification, at most 5 for the years 0000–9999 that ISO 8601 writes (only a Unix time beyond the year
-- 10000 can add more). That is at most 383 buckets per type, 2,298 for the six types. Only buckets holding
-- notifications exist. s >> 6L is floor division, dates before 1970 included.
--
-- Exact by construction, like 0018's counters: every write of notifications, from any tool, goes through
-- the triggers below, in the statement's transaction (a ROLLBACK undoes them), with the same cases
-- (INSERT OR REPLACE needs recursive_triggers = ON, per connection, as 0018 documents). A notification
-- counts while it has a user_id and a scheduled_for_ms. One difference: scheduled_for_ms is written by
-- the notifications_instant_* triggers, in an UPDATE nested inside the INSERT or UPDATE, so two triggers
-- of one statement each move the row by part of the change (an UPDATE of type and scheduled_for: the
-- type here, the instant there), in an order SQLite does not promise. Each trigger therefore adds its
-- change as a difference (INSERT … ON CONFLICT DO UPDATE, creating a bucket when it is missing, even
-- with a count below 0 for a moment): differences add up in any order, so the counts are exact whatever
-- the order. A change that takes notifications away (a DELETE, the old side of a move) then deletes the
-- buckets it emptied (0 notifications, 0 unread), so a bucket exists while it holds notifications. The
-- changes that only add do not look for empty buckets (that look cost as much as the counting): a
-- bucket can be left at 0 only if SQLite ran a nested instant UPDATE's trigger before the outer
-- statement's, which it does not today (it fires the newest trigger first, and these are newer); such a
-- bucket would still count 0, and the workload test would report it.
-- The counter table is not a workspace table (its name ends in _counters) and `import` keeps its
-- triggers (named *_counters_*).
--
-- The covering index notifications_schedule (user_id, scheduled_for_ms, type, read_at) of 0018 only
-- served those counts: it is dropped. The writes pay for the bound: a notification's insert, move or
-- change of read state updates 7 buckets where it updated one index entry, so inserting notifications
-- takes about 1.4x and `notifications-mark-all-read` about 2.2x what they took before this migration
-- (Benchmarks/scale/mark-all-read.sh).

BEGIN;

CREATE TABLE notification_schedule_counters (
    user_id TEXT NOT NULL,
    level INTEGER NOT NULL,
    bucket INTEGER NOT NULL,
    type TEXT NOT NULL,
    notifications INTEGER NOT NULL,
    unread INTEGER NOT NULL,
    PRIMARY KEY (user_id, level, bucket, type)
) WITHOUT ROWID;

-- The rows already stored.
INSERT INTO notification_schedule_counters (user_id, level, bucket, type, notifications, unread)
SELECT n.user_id, l.column1, (n.scheduled_for_ms / 1000 + (n.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
       coalesce(n.type, ''), count(*), count(CASE WHEN n.read_at IS NULL THEN 1 END)
FROM notifications AS n, (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l
WHERE n.user_id IS NOT NULL AND n.scheduled_for_ms IS NOT NULL
GROUP BY 1, 2, 3, 4;

CREATE TRIGGER notification_schedule_counters_insert AFTER INSERT ON notifications
WHEN NEW.user_id IS NOT NULL AND NEW.scheduled_for_ms IS NOT NULL BEGIN
    INSERT INTO notification_schedule_counters (user_id, level, bucket, type, notifications, unread)
    SELECT NEW.user_id, l.column1, (NEW.scheduled_for_ms / 1000 + (NEW.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
           coalesce(NEW.type, ''), 1, NEW.read_at IS NULL
    FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l WHERE true
    ON CONFLICT DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
END;

CREATE TRIGGER notification_schedule_counters_delete AFTER DELETE ON notifications
WHEN OLD.user_id IS NOT NULL AND OLD.scheduled_for_ms IS NOT NULL BEGIN
    INSERT INTO notification_schedule_counters (user_id, level, bucket, type, notifications, unread)
    SELECT OLD.user_id, l.column1, (OLD.scheduled_for_ms / 1000 + (OLD.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
           coalesce(OLD.type, ''), -1, -(OLD.read_at IS NULL)
    FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l WHERE true
    ON CONFLICT DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
    DELETE FROM notification_schedule_counters
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '') AND notifications = 0 AND unread = 0
      AND (level, bucket) IN (SELECT l.column1, (OLD.scheduled_for_ms / 1000 + (OLD.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1)
                              FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l);
END;

CREATE TRIGGER notification_schedule_counters_move AFTER UPDATE OF user_id, type, scheduled_for_ms ON notifications
WHEN OLD.user_id IS NOT NEW.user_id OR OLD.type IS NOT NEW.type OR OLD.scheduled_for_ms IS NOT NEW.scheduled_for_ms BEGIN
    INSERT INTO notification_schedule_counters (user_id, level, bucket, type, notifications, unread)
    SELECT NEW.user_id, l.column1, (NEW.scheduled_for_ms / 1000 + (NEW.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
           coalesce(NEW.type, ''), 1, NEW.read_at IS NULL
    FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l WHERE NEW.user_id IS NOT NULL AND NEW.scheduled_for_ms IS NOT NULL
    ON CONFLICT DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
    INSERT INTO notification_schedule_counters (user_id, level, bucket, type, notifications, unread)
    SELECT OLD.user_id, l.column1, (OLD.scheduled_for_ms / 1000 + (OLD.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
           coalesce(OLD.type, ''), -1, -(OLD.read_at IS NULL)
    FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l WHERE OLD.user_id IS NOT NULL AND OLD.scheduled_for_ms IS NOT NULL
    ON CONFLICT DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
    DELETE FROM notification_schedule_counters
    WHERE user_id = OLD.user_id AND type = coalesce(OLD.type, '') AND notifications = 0 AND unread = 0
      AND (level, bucket) IN (SELECT l.column1, (OLD.scheduled_for_ms / 1000 + (OLD.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1)
                              FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l WHERE OLD.scheduled_for_ms IS NOT NULL);
END;

CREATE TRIGGER notification_schedule_counters_read AFTER UPDATE OF read_at ON notifications
WHEN NEW.user_id IS NOT NULL AND NEW.scheduled_for_ms IS NOT NULL AND OLD.user_id IS NEW.user_id AND OLD.type IS NEW.type
     AND OLD.scheduled_for_ms IS NEW.scheduled_for_ms AND (OLD.read_at IS NULL) <> (NEW.read_at IS NULL) BEGIN
    INSERT INTO notification_schedule_counters (user_id, level, bucket, type, notifications, unread)
    SELECT NEW.user_id, l.column1, (NEW.scheduled_for_ms / 1000 + (NEW.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
           coalesce(NEW.type, ''), 0, (NEW.read_at IS NULL) - (OLD.read_at IS NULL)
    FROM (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l WHERE true
    ON CONFLICT DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
END;

DROP INDEX IF EXISTS notifications_schedule;

PRAGMA user_version = 21;
COMMIT;
