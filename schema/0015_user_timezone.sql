-- 0015_user_timezone.sql — each user's time zone, so calendar days are the user's, not UTC's.
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0015_user_timezone.sql   (after 0001–0014)
--
-- Every instant is stored in UTC, and until now every calendar day was UTC's too: 2026-01-15T02:00:00Z
-- read "Jan 15" where the app, in New York, shows "Jan 14". users.timezone holds the user's IANA zone
-- name ('America/New_York'); the CLI sets it on its connection (SELECT switchboard_timezone(name)), and
-- the feed's and inbox's dates, the reports' days and "due today" follow it (local_date(ts)). --tz and
-- $SWITCHBOARD_TZ override it for one command.
-- The CHECK keeps the value shaped like a zone name with built-in functions only (letters, digits,
-- '_', '+', '-' and '/'-separated parts, no empty part): whether the zone exists depends on the
-- machine's zone files, so an unknown name is the CLI's error when it is used, not a constraint.
-- Existing users get 'UTC', which keeps what they saw.
-- Plain SQLite: no Switchboard function is needed to apply it.

BEGIN;

ALTER TABLE users ADD COLUMN timezone TEXT NOT NULL DEFAULT 'UTC' CONSTRAINT user_timezone_valid
    CHECK (length(timezone) BETWEEN 1 AND 255 AND timezone NOT GLOB '*[^A-Za-z0-9_+/-]*'
           AND timezone NOT GLOB '/*' AND timezone NOT GLOB '*/' AND timezone NOT GLOB '*//*'
           AND timezone NOT GLOB '-*' AND timezone NOT GLOB '*/-*');

PRAGMA user_version = 15;
COMMIT;
