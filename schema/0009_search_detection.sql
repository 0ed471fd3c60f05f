-- 0009_search_detection.sql — lets Datasette and sqlite-utils find the full-text indexes.
--
-- Both look for an FTS table of table T by its declaration's text: `content="T"` or `content=[T]`
-- (Datasette's detect_fts_sql, sqlite-utils' Table.detect_fts). 0002 wrote `content = 'T'`, which
-- FTS5 reads the same way but neither tool matches, so `?_search=offer` was ignored and
-- `sqlite-utils search` said the table "is not configured for full-text search". This migration
-- re-creates the four indexes with the same columns and options, spelled `content="T"`, and rebuilds
-- them from their tables. The triggers of 0004 name the indexes, not their declarations, so they keep
-- working; rowids are the tables' own (seq, or tg_groups.id), which is what both tools join on.
-- Plain SQLite: no Switchboard function is needed to apply it.

PRAGMA foreign_keys = ON;
PRAGMA recursive_triggers = ON;

BEGIN;

DROP TABLE social_posts_fts;
CREATE VIRTUAL TABLE social_posts_fts USING fts5(
    post_content, author_name, author_handle, search_tags,
    content="social_media_posts", content_rowid='seq',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
INSERT INTO social_posts_fts (social_posts_fts) VALUES ('rebuild');

DROP TABLE notifications_fts;
CREATE VIRTUAL TABLE notifications_fts USING fts5(
    title, message,
    content="notifications", content_rowid='seq',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
INSERT INTO notifications_fts (notifications_fts) VALUES ('rebuild');

DROP TABLE communication_templates_fts;
CREATE VIRTUAL TABLE communication_templates_fts USING fts5(
    name, body,
    content="communication_templates", content_rowid='seq',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
INSERT INTO communication_templates_fts (communication_templates_fts) VALUES ('rebuild');

DROP TABLE tg_groups_fts;
CREATE VIRTUAL TABLE tg_groups_fts USING fts5(
    title,
    content="tg_groups", content_rowid='id',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
INSERT INTO tg_groups_fts (tg_groups_fts) VALUES ('rebuild');

PRAGMA user_version = 9;
COMMIT;
