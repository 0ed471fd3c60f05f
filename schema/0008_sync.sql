BEGIN; PRAGMA user_version = 8; COMMIT;
