-- 0025_unused_search_indexes.sql — the word indexes no search reads go, and every search index is shaped so that
-- plain sqlite-utils can optimize, rebuild and disable it.
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0025_unused_search_indexes.sql   (after 0001–0024)
-- Plain SQLite: no Switchboard function is needed to apply it, and no trigger here calls one.
--
-- 1. notifications_fts, communication_templates_fts and tg_groups_fts (0002 and 0009's unicode61 indexes) are read
--    by no query, report, view or host since every search became the apps' substring search (docs/search.md):
--    the inbox's reads notifications_trigram (0023), the templates' and groups' test their few rows. Each still
--    cost every insert, update and delete of its table a trigger and five shadow tables, and Datasette's database
--    page a trip per table. They go with their triggers, and tg_groups_replaced (0024), which only they read.
--    search_index_status lists the indexes that remain.
--
-- 2. sqlite-utils finds a table's search index by its SQL (`USING FTS...`), and its `optimize` and `rebuild-fts`
--    then write to every table whose SQL says `USING FTS5`: social_posts_trigram_vocab, an fts5vocab table, which
--    cannot be written ("table social_posts_trigram_vocab may not be modified"), so both stopped with that error.
--    The vocab table is created again with `USING` and `fts5vocab(` on two lines, which those patterns do not match.
--
-- 3. `sqlite-utils disable-fts` drops the index and then the triggers that write `INSERT INTO [index]`; the
--    triggers that wrote `INSERT INTO index` stayed, and every later write of the table failed on the missing
--    index. The triggers of notifications_trigram, social_posts_fts and social_posts_trigram are created again in
--    the bracketed form. A disabled index is then only missing: search through it fails,
--    `switchboard check` names it, and `switchboard check --rebuild` restores it (docs/reliability.md).

PRAGMA foreign_keys = ON;
PRAGMA recursive_triggers = ON;

BEGIN;

DROP VIEW search_index_status;

DROP TRIGGER notifications_fts_delete;
DROP TRIGGER notifications_fts_insert;
DROP TRIGGER notifications_fts_replaced;
DROP TRIGGER notifications_fts_update;
DROP TABLE notifications_fts;

DROP TRIGGER communication_templates_fts_delete;
DROP TRIGGER communication_templates_fts_insert;
DROP TRIGGER communication_templates_fts_replaced;
DROP TRIGGER communication_templates_fts_update;
DROP TABLE communication_templates_fts;

DROP TRIGGER tg_groups_fts_delete;
DROP TRIGGER tg_groups_fts_insert;
DROP TRIGGER tg_groups_fts_update;
DROP TABLE tg_groups_fts;
DROP TRIGGER tg_groups_replaced_delete;
DROP TRIGGER tg_groups_replaced_insert;
DROP TRIGGER tg_groups_replaced_update;
DROP TABLE tg_groups_replaced;

DROP TABLE social_posts_trigram_vocab;
CREATE VIRTUAL TABLE social_posts_trigram_vocab USING
    fts5vocab(social_posts_trigram, 'row');

DROP TRIGGER notifications_trigram_delete;
CREATE TRIGGER notifications_trigram_delete AFTER DELETE ON notifications BEGIN
    INSERT INTO [notifications_trigram] (notifications_trigram, rowid, title, message)
    VALUES ('delete', OLD.seq, OLD.title, OLD.message);
END;

DROP TRIGGER notifications_trigram_insert;
CREATE TRIGGER notifications_trigram_insert AFTER INSERT ON notifications BEGIN
    INSERT INTO [notifications_trigram] (notifications_trigram, rowid, title, message)
    SELECT 'delete', r.seq, r.title, r.message FROM notifications_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq);
    INSERT INTO [notifications_trigram] (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
END;

DROP TRIGGER notifications_trigram_replaced;
CREATE TRIGGER notifications_trigram_replaced AFTER UPDATE OF seq, id ON notifications
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id BEGIN
    INSERT INTO [notifications_trigram] (notifications_trigram, rowid, title, message)
    SELECT 'delete', r.seq, r.title, r.message FROM notifications_replaced AS r
    WHERE r.seq <> NEW.seq AND NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.seq = r.seq);
END;

DROP TRIGGER notifications_trigram_update;
CREATE TRIGGER notifications_trigram_update AFTER UPDATE OF seq, title, message ON notifications BEGIN
    INSERT INTO [notifications_trigram] (notifications_trigram, rowid, title, message)
    SELECT 'delete', r.seq, r.title, r.message FROM notifications_replaced AS r
    WHERE OLD.seq IS NOT NEW.seq AND r.seq = NEW.seq;
    INSERT INTO [notifications_trigram] (notifications_trigram, rowid, title, message)
    VALUES ('delete', OLD.seq, OLD.title, OLD.message);
    INSERT INTO [notifications_trigram] (rowid, title, message) VALUES (NEW.seq, NEW.title, NEW.message);
END;

-- The posts' indexes, as the notifications' above.

DROP TRIGGER social_posts_fts_delete;
CREATE TRIGGER social_posts_fts_delete AFTER DELETE ON social_media_posts BEGIN
    INSERT INTO [social_posts_fts] (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    VALUES ('delete', OLD.seq, OLD.post_content, OLD.author_name, OLD.author_handle, OLD.search_tags);
END;

DROP TRIGGER social_posts_fts_insert;
CREATE TRIGGER social_posts_fts_insert AFTER INSERT ON social_media_posts BEGIN
    INSERT INTO [social_posts_fts] (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    SELECT 'delete', r.seq, r.post_content, r.author_name, r.author_handle, r.search_tags
    FROM social_media_posts_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq);
    UPDATE social_media_posts SET search_tags = (SELECT tags FROM social_posts_search_tags WHERE seq = NEW.seq)
    WHERE seq = NEW.seq;
    INSERT INTO [social_posts_fts] (rowid, post_content, author_name, author_handle, search_tags)
    SELECT seq, post_content, author_name, author_handle, search_tags
    FROM social_media_posts WHERE seq = NEW.seq;
END;

DROP TRIGGER social_posts_fts_replaced;
CREATE TRIGGER social_posts_fts_replaced AFTER UPDATE OF seq, id, user_id, post_url ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id OR OLD.user_id IS NOT NEW.user_id OR OLD.post_url IS NOT NEW.post_url BEGIN
    INSERT INTO [social_posts_fts] (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    SELECT 'delete', r.seq, r.post_content, r.author_name, r.author_handle, r.search_tags
    FROM social_media_posts_replaced AS r
    WHERE r.seq <> NEW.seq AND NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq);
END;

DROP TRIGGER social_posts_fts_update;
CREATE TRIGGER social_posts_fts_update AFTER UPDATE OF seq, post_content, author_name,
    author_handle ON social_media_posts BEGIN
    INSERT INTO [social_posts_fts] (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    SELECT 'delete', r.seq, r.post_content, r.author_name, r.author_handle, r.search_tags
    FROM social_media_posts_replaced AS r WHERE OLD.seq IS NOT NEW.seq AND r.seq = NEW.seq;
    INSERT INTO [social_posts_fts] (social_posts_fts, rowid, post_content, author_name, author_handle, search_tags)
    VALUES ('delete', OLD.seq, OLD.post_content, OLD.author_name, OLD.author_handle, OLD.search_tags);
    UPDATE social_media_posts SET search_tags = (SELECT tags FROM social_posts_search_tags WHERE seq = NEW.seq)
    WHERE seq = NEW.seq;
    INSERT INTO [social_posts_fts] (rowid, post_content, author_name, author_handle, search_tags)
    SELECT seq, post_content, author_name, author_handle, search_tags
    FROM social_media_posts WHERE seq = NEW.seq;
END;

DROP TRIGGER social_posts_trigram_delete;
CREATE TRIGGER social_posts_trigram_delete AFTER DELETE ON social_media_posts BEGIN
    INSERT INTO [social_posts_trigram] (social_posts_trigram, rowid, text)
    VALUES ('delete', OLD.seq, coalesce(OLD.post_content, '') || char(10) || coalesce(OLD.author_name, '')
                               || char(10) || coalesce(OLD.author_handle, '') || char(10, 10));
END;

DROP TRIGGER social_posts_trigram_insert;
CREATE TRIGGER social_posts_trigram_insert AFTER INSERT ON social_media_posts BEGIN
    INSERT INTO [social_posts_trigram] (social_posts_trigram, rowid, text)
    SELECT 'delete', r.seq, coalesce(r.post_content, '') || char(10) || coalesce(r.author_name, '')
                            || char(10) || coalesce(r.author_handle, '') || char(10, 10)
    FROM social_media_posts_replaced AS r
    WHERE r.seq = NEW.seq OR NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq);
    INSERT INTO [social_posts_trigram] (rowid, text)
    SELECT seq, text FROM social_posts_trigram_text WHERE seq = NEW.seq;
END;

DROP TRIGGER social_posts_trigram_replaced;
CREATE TRIGGER social_posts_trigram_replaced AFTER UPDATE OF seq, id, user_id, post_url ON social_media_posts
WHEN OLD.seq IS NOT NEW.seq OR OLD.id IS NOT NEW.id OR OLD.user_id IS NOT NEW.user_id OR OLD.post_url IS NOT NEW.post_url BEGIN
    INSERT INTO [social_posts_trigram] (social_posts_trigram, rowid, text)
    SELECT 'delete', r.seq, coalesce(r.post_content, '') || char(10) || coalesce(r.author_name, '')
                            || char(10) || coalesce(r.author_handle, '') || char(10, 10)
    FROM social_media_posts_replaced AS r
    WHERE r.seq <> NEW.seq AND NOT EXISTS (SELECT 1 FROM social_media_posts AS p WHERE p.seq = r.seq);
END;

DROP TRIGGER social_posts_trigram_update;
CREATE TRIGGER social_posts_trigram_update AFTER UPDATE OF seq, post_content, author_name,
    author_handle ON social_media_posts BEGIN
    INSERT INTO [social_posts_trigram] (social_posts_trigram, rowid, text)
    SELECT 'delete', r.seq, coalesce(r.post_content, '') || char(10) || coalesce(r.author_name, '')
                            || char(10) || coalesce(r.author_handle, '') || char(10, 10)
    FROM social_media_posts_replaced AS r WHERE OLD.seq IS NOT NEW.seq AND r.seq = NEW.seq;
    INSERT INTO [social_posts_trigram] (social_posts_trigram, rowid, text)
    VALUES ('delete', OLD.seq, coalesce(OLD.post_content, '') || char(10) || coalesce(OLD.author_name, '')
                               || char(10) || coalesce(OLD.author_handle, '') || char(10, 10));
    INSERT INTO [social_posts_trigram] (rowid, text)
    SELECT seq, text FROM social_posts_trigram_text WHERE seq = NEW.seq;
END;

-- Each search index against its table: rows, rows indexed, rows missing from the index, index entries with no row.
CREATE VIEW search_index_status AS
SELECT index_name, table_name, rows, indexed_rows, missing, orphaned,
       CASE WHEN missing = 0 AND orphaned = 0 AND rows = indexed_rows THEN 1 ELSE 0 END AS ok
FROM (
    SELECT 'social_posts_fts' AS index_name, 'social_media_posts' AS table_name,
           (SELECT count(*) FROM social_media_posts) AS rows,
           (SELECT count(*) FROM social_posts_fts_docsize) AS indexed_rows,
           (SELECT count(*) FROM social_media_posts WHERE seq NOT IN (SELECT id FROM social_posts_fts_docsize)) AS missing,
           (SELECT count(*) FROM social_posts_fts_docsize WHERE id NOT IN (SELECT seq FROM social_media_posts)) AS orphaned
    UNION ALL
    SELECT 'social_posts_trigram', 'social_media_posts',
           (SELECT count(*) FROM social_media_posts),
           (SELECT count(*) FROM social_posts_trigram_docsize),
           (SELECT count(*) FROM social_media_posts WHERE seq NOT IN (SELECT id FROM social_posts_trigram_docsize)),
           (SELECT count(*) FROM social_posts_trigram_docsize WHERE id NOT IN (SELECT seq FROM social_media_posts))
    UNION ALL
    SELECT 'notifications_trigram', 'notifications',
           (SELECT count(*) FROM notifications),
           (SELECT count(*) FROM notifications_trigram_docsize),
           (SELECT count(*) FROM notifications WHERE seq NOT IN (SELECT id FROM notifications_trigram_docsize)),
           (SELECT count(*) FROM notifications_trigram_docsize WHERE id NOT IN (SELECT seq FROM notifications))
);

PRAGMA user_version = 25;
COMMIT;
