BEGIN; PRAGMA user_version = 6; COMMIT;
