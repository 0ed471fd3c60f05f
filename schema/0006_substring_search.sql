-- PLACEHOLDER for the substring-search migration being built on another branch. It exists only so
-- that schema numbers stay consecutive (Migration.all) while 0007_outbox.sql is developed; the
-- merge of the real 0006_substring_search.sql replaces this file.
BEGIN;
PRAGMA user_version = 6;
COMMIT;
