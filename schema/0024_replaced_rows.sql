-- 0024_replaced_rows.sql — counters and search indexes that every writer keeps exact, and a fencing counter
-- that only grows (issue 30, items 3 and 5).
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0024_replaced_rows.sql   (after 0001–0023)
-- Plain SQLite: no Switchboard function is needed to apply it, and no trigger here calls one.
--
-- The counters of 0018 and 0021 and the four FTS5 indexes of 0002/0006 take a row away in their AFTER
-- DELETE triggers. INSERT OR REPLACE (and UPDATE OR REPLACE) deletes the row it replaces, but SQLite
-- fires that deletion's triggers only under PRAGMA recursive_triggers = ON, per connection, which the
-- CLI sets and the sqlite3 shell, sqlite-utils, Datasette and most tools leave off. There, a REPLACE
-- left the old row counted (the counters drifted in 29 of 30 random batches) and indexed (its rowid
-- orphaned in search_index_status, or indexed twice under the same rowid when the new row took it).
--
-- The old row is still in the table when the statement's BEFORE triggers run, so they put it aside:
--
--   social_media_posts_replaced       (seq, user_id, platform, flagged_for_review, post_content, author_name,
--                                      author_handle, search_tags): what the counters and the two indexes took
--   notifications_replaced            (seq, user_id, type, read_at, scheduled_for_ms, title, message)
--   communication_templates_replaced  (seq, user_id, type, name, body)
--   tg_groups_replaced                (id, title)
--
--   * BEFORE INSERT (and BEFORE UPDATE of a unique column that changes) empties the table, then copies
--     into it every row that the new values collide with on a unique key (seq or the rowid, id, and a
--     post's user_id + post_url). Nothing is known yet of how the collision will be resolved. An insert
--     that collides with nothing, into an empty table, skips it (its WHEN: three index probes).
--   * AFTER DELETE takes the deleted row out of it: under recursive_triggers = ON the replaced row's own
--     DELETE triggers fired, so it is already taken away.
--   * AFTER INSERT (when something was put aside), and AFTER UPDATE of the same columns under the same
--     condition, a trigger per counter and index takes away the rows put aside that are gone from the
--     table (or whose seq the new row now holds): exactly the rows the statement replaced; 0018's and
--     0021's insert triggers add the new row as before. A row put aside that is still there was
--     not replaced: the insert failed (the statement, and the copy, are rolled back), was ignored (OR
--     IGNORE, DO NOTHING) or became an update (ON CONFLICT DO UPDATE); the next BEFORE trigger empties the
--     table of it. So the counters and indexes are exact with recursive_triggers on or off, under REPLACE,
--     UPSERT, failing multi-row statements, savepoints and rollbacks (Tests/sql/schema_replaced_rows.sql,
--     and through the sqlite3 shell and sqlite-utils with default pragmas, Tests/host/test_counter_drift.py).
--   * An index takes the replaced row away before it adds the new one, in the same trigger (the
--     *_fts_insert and *_fts_update triggers are created again here): a REPLACE that keeps the rowid must
--     delete the old text before the new text goes in under that rowid. Any trigger that adds a row to an
--     index must do the same; the counters add differences, so their order does not matter.
--
-- The tables hold at most the rows one statement's last row collided with (0 or 1, up to 3 for a post),
-- and are not workspace tables: `export --all` and `import` leave them out, `import` keeps their
-- triggers (named *_replaced_*), as it keeps the counters' (TableSchema.isDerivedTable).
--
-- Cost (BENCHMARKS.md, "Counters under any writer"): an insert runs the BEFORE trigger's lookup of its
-- unique keys, which the insert's own constraint checks then find in cache; measured against 0022's
-- triggers in the same run.
--
-- `switchboard check` compares every counter with count(*) of its rows and `check --repair` rebuilds
-- them (docs/reliability.md, "Counters").

BEGIN;

CREATE TABLE social_media_posts_replaced (
    seq INTEGER PRIMARY KEY,
    user_id TEXT,
    platform TEXT,
    flagged_for_review INTEGER,
    post_content TEXT,
    author_name TEXT,
    author_handle TEXT,
    search_tags TEXT
);

CREATE TABLE notifications_replaced (
    seq INTEGER PRIMARY KEY,
    user_id TEXT,
    type TEXT,
    read_at TEXT,
    scheduled_for_ms INTEGER,
    title TEXT,
    message TEXT
);

CREATE TABLE communication_templates_replaced (
    seq INTEGER PRIMARY KEY,
    user_id TEXT,
    type TEXT,
    name TEXT,
    body TEXT
);

CREATE TABLE tg_groups_replaced (
    id INTEGER PRIMARY KEY,
    title TEXT
);

-- ================================================================================================
-- social_media_posts: unique on seq, id, (user_id, post_url).

CREATE TRIGGER social_media_posts_replaced_insert BEFORE INSERT ON social_media_posts
WHEN EXISTS (SELECT 1 FROM social_media_posts WHERE seq = NEW.seq) OR EXISTS (SELECT 1 FROM social_media_posts WHERE id = NEW.id)
     OR EXISTS (SELECT 1 FROM social_media_posts WHERE user_id = NEW.user_id AND post_url = NEW.post_url)
     OR EXISTS (SELECT 1 FROM social_media_posts_replaced) BEGIN
    DELETE FROM social_media_posts_replaced;
    INSERT INTO social_media_posts_replaced (seq, user_id, platform, flagged_for_review, post_content, author_name,
                                             author_handle, search_tags)
    SELECT seq, user_id, platform, flagged_for_review, post_content, author_name, author_handle, search_tags
    FROM social_media_posts
    WHERE seq = NEW.seq OR id = NEW.id OR (user_id = NEW.user_id AND post_url = NEW.post_url);
END;

CREATE TRIGGER social_media_posts_replaced_update BEFORE UPDATE OF seq, id, user_id, post_url ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id OR OLD.user_id IS NOT NEW.user_id OR OLD.post_url IS NOT NEW.post_url BEGIN
    DELETE FROM social_media_posts_replaced;
    INSERT INTO social_media_posts_replaced (seq, user_id, platform, flagged_for_review, post_content, author_name,
                                             author_handle, search_tags)
    SELECT seq, user_id, platform, flagged_for_review, post_content, author_name, author_handle, search_tags
    FROM social_media_posts
    WHERE seq <> OLD.seq AND (seq = NEW.seq OR id = NEW.id OR (user_id = NEW.user_id AND post_url = NEW.post_url));
END;

CREATE TRIGGER social_media_posts_replaced_delete AFTER DELETE ON social_media_posts BEGIN
    DELETE FROM social_media_posts_replaced WHERE seq = OLD.seq;
END;

-- The counters: the replaced rows taken away, as differences (0021's way: in any order with 0018's trigger
-- that adds the new row), only when something was put aside.
CREATE TRIGGER social_media_post_counters_replaced_insert AFTER INSERT ON social_media_posts
WHEN EXISTS (SELECT 1 FROM social_media_posts_replaced) BEGIN
    INSERT INTO social_media_post_counters (user_id, platform, posts, flagged)
    SELECT r.user_id, coalesce(r.platform, ''), -count(*), -count(CASE WHEN r.flagged_for_review IS 1 THEN 1 END)
    FROM social_media_posts_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq)
    GROUP BY 1, 2
    ON CONFLICT (user_id, platform) DO UPDATE SET posts = posts + excluded.posts, flagged = flagged + excluded.flagged;
    DELETE FROM social_media_post_counters
    WHERE posts = 0 AND (user_id, platform) IN (SELECT r.user_id, coalesce(r.platform, '') FROM social_media_posts_replaced AS r);
END;

CREATE TRIGGER social_media_post_counters_replaced_update AFTER UPDATE OF seq, id, user_id, post_url ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id OR OLD.user_id IS NOT NEW.user_id OR OLD.post_url IS NOT NEW.post_url BEGIN
    INSERT INTO social_media_post_counters (user_id, platform, posts, flagged)
    SELECT r.user_id, coalesce(r.platform, ''), -count(*), -count(CASE WHEN r.flagged_for_review IS 1 THEN 1 END)
    FROM social_media_posts_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq)
    GROUP BY 1, 2
    ON CONFLICT (user_id, platform) DO UPDATE SET posts = posts + excluded.posts, flagged = flagged + excluded.flagged;
    DELETE FROM social_media_post_counters
    WHERE posts = 0 AND (user_id, platform) IN (SELECT r.user_id, coalesce(r.platform, '') FROM social_media_posts_replaced AS r);
END;

-- The word index: the replaced rows' text deleted before the new row's goes in.
DROP TRIGGER social_posts_fts_insert;
CREATE TRIGGER social_posts_fts_insert AFTER INSERT ON social_media_posts BEGIN
    INSERT INTO social_posts_fts (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    SELECT 'delete', r.seq, r.post_content, r.author_name, r.author_handle, r.search_tags
    FROM social_media_posts_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq);
    UPDATE social_media_posts SET search_tags = (SELECT tags FROM social_posts_search_tags WHERE seq = NEW.seq)
    WHERE seq = NEW.seq;
    INSERT INTO social_posts_fts (rowid, post_content, author_name, author_handle, search_tags)
    SELECT seq, post_content, author_name, author_handle, search_tags
    FROM social_media_posts WHERE seq = NEW.seq;
END;

-- An UPDATE OR REPLACE that gives a row the seq of another: that row's text goes before this row's comes in.
DROP TRIGGER social_posts_fts_update;
CREATE TRIGGER social_posts_fts_update AFTER UPDATE OF seq, post_content, author_name,
    author_handle ON social_media_posts BEGIN
    INSERT INTO social_posts_fts (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    SELECT 'delete', r.seq, r.post_content, r.author_name, r.author_handle, r.search_tags
    FROM social_media_posts_replaced AS r WHERE OLD.seq IS NOT NEW.seq AND r.seq = NEW.seq;
    INSERT INTO social_posts_fts (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    VALUES ('delete', OLD.seq, OLD.post_content, OLD.author_name, OLD.author_handle, OLD.search_tags);
    UPDATE social_media_posts SET search_tags = (SELECT tags FROM social_posts_search_tags WHERE seq = NEW.seq)
    WHERE seq = NEW.seq;
    INSERT INTO social_posts_fts (rowid, post_content, author_name, author_handle, search_tags)
    SELECT seq, post_content, author_name, author_handle, search_tags
    FROM social_media_posts WHERE seq = NEW.seq;
END;

-- The other rows an UPDATE OR REPLACE replaced (by id, or user_id + post_url), under another rowid.
CREATE TRIGGER social_posts_fts_replaced AFTER UPDATE OF seq, id, user_id, post_url ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id OR OLD.user_id IS NOT NEW.user_id OR OLD.post_url IS NOT NEW.post_url BEGIN
    INSERT INTO social_posts_fts (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    SELECT 'delete', r.seq, r.post_content, r.author_name, r.author_handle, r.search_tags
    FROM social_media_posts_replaced AS r
    WHERE r.seq <> NEW.seq AND NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq);
END;

-- The substring index, likewise.
DROP TRIGGER social_posts_trigram_insert;
CREATE TRIGGER social_posts_trigram_insert AFTER INSERT ON social_media_posts BEGIN
    INSERT INTO social_posts_trigram (social_posts_trigram, rowid, text)
    SELECT 'delete', r.seq, coalesce(r.post_content, '') || char(10) || coalesce(r.author_name, '')
                            || char(10) || coalesce(r.author_handle, '') || char(10, 10)
    FROM social_media_posts_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq);
    INSERT INTO social_posts_trigram (rowid, text)
    SELECT seq, text FROM social_posts_trigram_text WHERE seq = NEW.seq;
END;

DROP TRIGGER social_posts_trigram_update;
CREATE TRIGGER social_posts_trigram_update AFTER UPDATE OF seq, post_content, author_name,
    author_handle ON social_media_posts BEGIN
    INSERT INTO social_posts_trigram (social_posts_trigram, rowid, text)
    SELECT 'delete', r.seq, coalesce(r.post_content, '') || char(10) || coalesce(r.author_name, '')
                            || char(10) || coalesce(r.author_handle, '') || char(10, 10)
    FROM social_media_posts_replaced AS r WHERE OLD.seq IS NOT NEW.seq AND r.seq = NEW.seq;
    INSERT INTO social_posts_trigram (social_posts_trigram, rowid, text)
    VALUES ('delete', OLD.seq, coalesce(OLD.post_content, '') || char(10) || coalesce(OLD.author_name, '')
                               || char(10) || coalesce(OLD.author_handle, '') || char(10, 10));
    INSERT INTO social_posts_trigram (rowid, text)
    SELECT seq, text FROM social_posts_trigram_text WHERE seq = NEW.seq;
END;

CREATE TRIGGER social_posts_trigram_replaced AFTER UPDATE OF seq, id, user_id, post_url ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id OR OLD.user_id IS NOT NEW.user_id OR OLD.post_url IS NOT NEW.post_url BEGIN
    INSERT INTO social_posts_trigram (social_posts_trigram, rowid, text)
    SELECT 'delete', r.seq, coalesce(r.post_content, '') || char(10) || coalesce(r.author_name, '')
                            || char(10) || coalesce(r.author_handle, '') || char(10, 10)
    FROM social_media_posts_replaced AS r
    WHERE r.seq <> NEW.seq AND NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq);
END;

-- ================================================================================================
-- notifications: unique on seq, id.

CREATE TRIGGER notifications_replaced_insert BEFORE INSERT ON notifications
WHEN EXISTS (SELECT 1 FROM notifications WHERE seq = NEW.seq) OR EXISTS (SELECT 1 FROM notifications WHERE id = NEW.id)
     OR EXISTS (SELECT 1 FROM notifications_replaced) BEGIN
    DELETE FROM notifications_replaced;
    INSERT INTO notifications_replaced (seq, user_id, type, read_at, scheduled_for_ms, title, message)
    SELECT seq, user_id, type, read_at, scheduled_for_ms, title, message
    FROM notifications WHERE seq = NEW.seq OR id = NEW.id;
END;

CREATE TRIGGER notifications_replaced_update BEFORE UPDATE OF seq, id ON notifications
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    DELETE FROM notifications_replaced;
    INSERT INTO notifications_replaced (seq, user_id, type, read_at, scheduled_for_ms, title, message)
    SELECT seq, user_id, type, read_at, scheduled_for_ms, title, message
    FROM notifications WHERE seq <> OLD.seq AND (seq = NEW.seq OR id = NEW.id);
END;

CREATE TRIGGER notifications_replaced_delete AFTER DELETE ON notifications BEGIN
    DELETE FROM notifications_replaced WHERE seq = OLD.seq;
END;

-- The counters by type: a notification without a user is not counted (0018).
CREATE TRIGGER notification_counters_replaced_insert AFTER INSERT ON notifications
WHEN EXISTS (SELECT 1 FROM notifications_replaced) BEGIN
    INSERT INTO notification_counters (user_id, type, notifications, unread)
    SELECT r.user_id, coalesce(r.type, ''), -count(*), -count(CASE WHEN r.read_at IS NULL THEN 1 END)
    FROM notifications_replaced AS r
    WHERE r.user_id IS NOT NULL AND (r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq))
    GROUP BY 1, 2
    ON CONFLICT (user_id, type) DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
    DELETE FROM notification_counters
    WHERE notifications = 0 AND (user_id, type) IN (SELECT r.user_id, coalesce(r.type, '') FROM notifications_replaced AS r);
END;

CREATE TRIGGER notification_counters_replaced_update AFTER UPDATE OF seq, id ON notifications
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    INSERT INTO notification_counters (user_id, type, notifications, unread)
    SELECT r.user_id, coalesce(r.type, ''), -count(*), -count(CASE WHEN r.read_at IS NULL THEN 1 END)
    FROM notifications_replaced AS r
    WHERE r.user_id IS NOT NULL AND (r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq))
    GROUP BY 1, 2
    ON CONFLICT (user_id, type) DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
    DELETE FROM notification_counters
    WHERE notifications = 0 AND (user_id, type) IN (SELECT r.user_id, coalesce(r.type, '') FROM notifications_replaced AS r);
END;

-- The schedule's buckets (0021): the replaced rows' buckets less one each, and emptied buckets deleted.
-- 0021's insert trigger adds the new row; the nested UPDATE of its instant may run either side of this.
CREATE TRIGGER notification_schedule_counters_replaced_insert AFTER INSERT ON notifications
WHEN EXISTS (SELECT 1 FROM notifications_replaced) BEGIN
    INSERT INTO notification_schedule_counters (user_id, level, bucket, type, notifications, unread)
    SELECT r.user_id, l.column1, (r.scheduled_for_ms / 1000 + (r.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
           coalesce(r.type, ''), -count(*), -count(CASE WHEN r.read_at IS NULL THEN 1 END)
    FROM notifications_replaced AS r, (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l
    WHERE r.user_id IS NOT NULL AND r.scheduled_for_ms IS NOT NULL
      AND (r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq))
    GROUP BY 1, 2, 3, 4
    ON CONFLICT DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
    DELETE FROM notification_schedule_counters
    WHERE notifications = 0 AND unread = 0
      AND (user_id, level, bucket, type) IN (
          SELECT r.user_id, l.column1, (r.scheduled_for_ms / 1000 + (r.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
                 coalesce(r.type, '')
          FROM notifications_replaced AS r, (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l
          WHERE r.scheduled_for_ms IS NOT NULL);
END;

CREATE TRIGGER notification_schedule_counters_replaced_update AFTER UPDATE OF seq, id ON notifications
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    INSERT INTO notification_schedule_counters (user_id, level, bucket, type, notifications, unread)
    SELECT r.user_id, l.column1, (r.scheduled_for_ms / 1000 + (r.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
           coalesce(r.type, ''), -count(*), -count(CASE WHEN r.read_at IS NULL THEN 1 END)
    FROM notifications_replaced AS r, (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l
    WHERE r.user_id IS NOT NULL AND r.scheduled_for_ms IS NOT NULL
      AND (r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq))
    GROUP BY 1, 2, 3, 4
    ON CONFLICT DO UPDATE SET notifications = notifications + excluded.notifications, unread = unread + excluded.unread;
    DELETE FROM notification_schedule_counters
    WHERE notifications = 0 AND unread = 0
      AND (user_id, level, bucket, type) IN (
          SELECT r.user_id, l.column1, (r.scheduled_for_ms / 1000 + (r.scheduled_for_ms % 1000 > 0)) >> (6 * l.column1),
                 coalesce(r.type, '')
          FROM notifications_replaced AS r, (VALUES (0), (1), (2), (3), (4), (5), (6)) AS l
          WHERE r.scheduled_for_ms IS NOT NULL);
END;

DROP TRIGGER notifications_fts_insert;
CREATE TRIGGER notifications_fts_insert AFTER INSERT ON notifications BEGIN
    INSERT INTO notifications_fts (notifications_fts, rowid, title, message)
    SELECT 'delete', r.seq, r.title, r.message FROM notifications_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq);
    INSERT INTO notifications_fts (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
END;

DROP TRIGGER notifications_fts_update;
CREATE TRIGGER notifications_fts_update AFTER UPDATE OF seq, title, message ON notifications BEGIN
    INSERT INTO notifications_fts (notifications_fts, rowid, title, message)
    SELECT 'delete', r.seq, r.title, r.message FROM notifications_replaced AS r
    WHERE OLD.seq IS NOT NEW.seq AND r.seq = NEW.seq;
    INSERT INTO notifications_fts (notifications_fts, rowid, title, message)
    VALUES ('delete', OLD.seq, OLD.title, OLD.message);
    INSERT INTO notifications_fts (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
END;

CREATE TRIGGER notifications_fts_replaced AFTER UPDATE OF seq, id ON notifications
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    INSERT INTO notifications_fts (notifications_fts, rowid, title, message)
    SELECT 'delete', r.seq, r.title, r.message FROM notifications_replaced AS r
    WHERE r.seq <> NEW.seq AND NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq);
END;

-- The inbox's trigram index (0023) the same way.
DROP TRIGGER notifications_trigram_insert;
CREATE TRIGGER notifications_trigram_insert AFTER INSERT ON notifications BEGIN
    INSERT INTO notifications_trigram (notifications_trigram, rowid, title, message)
    SELECT 'delete', r.seq, r.title, r.message FROM notifications_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq);
    INSERT INTO notifications_trigram (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
END;

DROP TRIGGER notifications_trigram_update;
CREATE TRIGGER notifications_trigram_update AFTER UPDATE OF seq, title, message ON notifications BEGIN
    INSERT INTO notifications_trigram (notifications_trigram, rowid, title, message)
    SELECT 'delete', r.seq, r.title, r.message FROM notifications_replaced AS r
    WHERE OLD.seq IS NOT NEW.seq AND r.seq = NEW.seq;
    INSERT INTO notifications_trigram (notifications_trigram, rowid, title, message)
    VALUES ('delete', OLD.seq, OLD.title, OLD.message);
    INSERT INTO notifications_trigram (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
END;

CREATE TRIGGER notifications_trigram_replaced AFTER UPDATE OF seq, id ON notifications
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    INSERT INTO notifications_trigram (notifications_trigram, rowid, title, message)
    SELECT 'delete', r.seq, r.title, r.message FROM notifications_replaced AS r
    WHERE r.seq <> NEW.seq AND NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq);
END;

-- ================================================================================================
-- communication_templates: unique on seq, id.

CREATE TRIGGER communication_templates_replaced_insert BEFORE INSERT ON communication_templates
WHEN EXISTS (SELECT 1 FROM communication_templates WHERE seq = NEW.seq)
     OR EXISTS (SELECT 1 FROM communication_templates WHERE id = NEW.id) OR EXISTS (SELECT 1 FROM communication_templates_replaced) BEGIN
    DELETE FROM communication_templates_replaced;
    INSERT INTO communication_templates_replaced (seq, user_id, type, name, body)
    SELECT seq, user_id, type, name, body FROM communication_templates WHERE seq = NEW.seq OR id = NEW.id;
END;

CREATE TRIGGER communication_templates_replaced_update BEFORE UPDATE OF seq, id ON communication_templates
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    DELETE FROM communication_templates_replaced;
    INSERT INTO communication_templates_replaced (seq, user_id, type, name, body)
    SELECT seq, user_id, type, name, body FROM communication_templates
    WHERE seq <> OLD.seq AND (seq = NEW.seq OR id = NEW.id);
END;

CREATE TRIGGER communication_templates_replaced_delete AFTER DELETE ON communication_templates BEGIN
    DELETE FROM communication_templates_replaced WHERE seq = OLD.seq;
END;

CREATE TRIGGER communication_template_counters_replaced_insert AFTER INSERT ON communication_templates
WHEN EXISTS (SELECT 1 FROM communication_templates_replaced) BEGIN
    INSERT INTO communication_template_counters (user_id, type, templates)
    SELECT r.user_id, coalesce(r.type, ''), -count(*) FROM communication_templates_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM communication_templates AS t WHERE t.seq = r.seq)
    GROUP BY 1, 2
    ON CONFLICT (user_id, type) DO UPDATE SET templates = templates + excluded.templates;
    DELETE FROM communication_template_counters
    WHERE templates = 0 AND (user_id, type) IN (SELECT r.user_id, coalesce(r.type, '') FROM communication_templates_replaced AS r);
END;

CREATE TRIGGER communication_template_counters_replaced_update AFTER UPDATE OF seq, id ON communication_templates
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    INSERT INTO communication_template_counters (user_id, type, templates)
    SELECT r.user_id, coalesce(r.type, ''), -count(*) FROM communication_templates_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM communication_templates AS t WHERE t.seq = r.seq)
    GROUP BY 1, 2
    ON CONFLICT (user_id, type) DO UPDATE SET templates = templates + excluded.templates;
    DELETE FROM communication_template_counters
    WHERE templates = 0 AND (user_id, type) IN (SELECT r.user_id, coalesce(r.type, '') FROM communication_templates_replaced AS r);
END;

DROP TRIGGER communication_templates_fts_insert;
CREATE TRIGGER communication_templates_fts_insert AFTER INSERT ON communication_templates BEGIN
    INSERT INTO communication_templates_fts (communication_templates_fts, rowid, name, body)
    SELECT 'delete', r.seq, r.name, r.body FROM communication_templates_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM communication_templates AS t WHERE t.seq = r.seq);
    INSERT INTO communication_templates_fts (rowid, name, body) VALUES (NEW.seq, NEW.name, NEW.body);
END;

DROP TRIGGER communication_templates_fts_update;
CREATE TRIGGER communication_templates_fts_update AFTER UPDATE OF seq, name, body
ON communication_templates BEGIN
    INSERT INTO communication_templates_fts (communication_templates_fts, rowid, name, body)
    SELECT 'delete', r.seq, r.name, r.body FROM communication_templates_replaced AS r
    WHERE OLD.seq IS NOT NEW.seq AND r.seq = NEW.seq;
    INSERT INTO communication_templates_fts (communication_templates_fts, rowid, name, body)
    VALUES ('delete', OLD.seq, OLD.name, OLD.body);
    INSERT INTO communication_templates_fts (rowid, name, body) VALUES (NEW.seq, NEW.name, NEW.body);
END;

CREATE TRIGGER communication_templates_fts_replaced AFTER UPDATE OF seq, id ON communication_templates
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    INSERT INTO communication_templates_fts (communication_templates_fts, rowid, name, body)
    SELECT 'delete', r.seq, r.name, r.body FROM communication_templates_replaced AS r
    WHERE r.seq <> NEW.seq AND NOT EXISTS (SELECT 1 FROM communication_templates AS t WHERE t.seq = r.seq);
END;

-- ================================================================================================
-- tg_groups: unique on id (the rowid) only, so an index row is only ever replaced under its own rowid.

CREATE TRIGGER tg_groups_replaced_insert BEFORE INSERT ON tg_groups
WHEN EXISTS (SELECT 1 FROM tg_groups WHERE id = NEW.id) OR EXISTS (SELECT 1 FROM tg_groups_replaced) BEGIN
    DELETE FROM tg_groups_replaced;
    INSERT INTO tg_groups_replaced (id, title) SELECT id, title FROM tg_groups WHERE id = NEW.id;
END;

CREATE TRIGGER tg_groups_replaced_update BEFORE UPDATE OF id ON tg_groups WHEN OLD.id IS NOT NEW.id BEGIN
    DELETE FROM tg_groups_replaced;
    INSERT INTO tg_groups_replaced (id, title) SELECT id, title FROM tg_groups WHERE id = NEW.id;
END;

CREATE TRIGGER tg_groups_replaced_delete AFTER DELETE ON tg_groups BEGIN
    DELETE FROM tg_groups_replaced WHERE id = OLD.id;
END;

DROP TRIGGER tg_groups_fts_insert;
CREATE TRIGGER tg_groups_fts_insert AFTER INSERT ON tg_groups BEGIN
    INSERT INTO tg_groups_fts (tg_groups_fts, rowid, title)
    SELECT 'delete', r.id, r.title FROM tg_groups_replaced AS r WHERE r.id = NEW.id;
    INSERT INTO tg_groups_fts (rowid, title) VALUES (NEW.id, NEW.title);
END;

DROP TRIGGER tg_groups_fts_update;
CREATE TRIGGER tg_groups_fts_update AFTER UPDATE OF id, title ON tg_groups BEGIN
    INSERT INTO tg_groups_fts (tg_groups_fts, rowid, title)
    SELECT 'delete', r.id, r.title FROM tg_groups_replaced AS r WHERE OLD.id IS NOT NEW.id AND r.id = NEW.id;
    INSERT INTO tg_groups_fts (tg_groups_fts, rowid, title) VALUES ('delete', OLD.id, OLD.title);
    INSERT INTO tg_groups_fts (rowid, title) VALUES (NEW.id, NEW.title);
END;

-- ================================================================================================
-- The outbox's fencing counter only grows (issue 30, item 5). Every claim of a message takes the next
-- outbox_fence.token (0007_outbox.sql), and a deliverer's record of a send is refused when its token is
-- not the message's latest: a token that went back (`import outbox_fence` of an older backup, 3 -> 0, or
-- any tool) would hand a new claim a token an expired lease still holds. So no writer may lower it or
-- delete its row (without the row every claim fails); raising it is fine. import reports such a record as
-- skipped, with this message.

CREATE TRIGGER outbox_fence_only_grows_insert BEFORE INSERT ON outbox_fence
WHEN NEW.token < (SELECT max(token) FROM outbox_fence) BEGIN
    SELECT RAISE(ABORT, 'outbox_fence.token only grows (it fences deliveries); it is left as it is');
END;

CREATE TRIGGER outbox_fence_only_grows_update BEFORE UPDATE OF token ON outbox_fence WHEN NEW.token < OLD.token BEGIN
    SELECT RAISE(ABORT, 'outbox_fence.token only grows (it fences deliveries); it is left as it is');
END;

CREATE TRIGGER outbox_fence_only_grows_delete BEFORE DELETE ON outbox_fence BEGIN
    SELECT RAISE(ABORT, 'outbox_fence is never deleted (it fences deliveries)');
END;

PRAGMA user_version = 24;
COMMIT;
