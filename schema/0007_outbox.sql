BEGIN; PRAGMA user_version = 7; COMMIT;
