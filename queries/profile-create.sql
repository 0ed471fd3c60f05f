-- name: profile-create(name, email, sport, graduation_year, id, timezone)<!
-- Creates the athlete's profile, the workspace's user: the first write after `switchboard init`. Returns it.
-- A blank name fails with user_name_required; a graduation year outside 1900-2100 is refused before it runs.
-- :name             text: the athlete's name ({{athlete_name}} in templates)
-- :email            text, optional: their email
-- :sport            text, optional: their sport ({{sport}} in templates)
-- :graduation_year  integer, between 1900 and 2100, optional: e.g. 2027
-- :id               text, optional: the user's id (default: a new UUID)
-- :timezone         text, optional: their IANA time zone, e.g. America/New_York (default UTC): calendar days
--                   (dates past a week, report days, "due today") are counted in it
-- display: id, name, email, sport, graduation_year
INSERT INTO users (id, name, email, sport, graduation_year, created_at, updated_at, timezone)
VALUES (COALESCE(:id, random_uuid()),
        :name, :email, :sport, :graduation_year, switchboard_now(), switchboard_now(),
        -- local_date checks the zone exists: a name that is none fails with "unknown time zone '...'"
        CASE WHEN :timezone IS NULL THEN 'UTC' WHEN local_date(0, :timezone) IS NOT NULL THEN :timezone END)
RETURNING id, name, email, sport, graduation_year, created_at, updated_at, timezone;
