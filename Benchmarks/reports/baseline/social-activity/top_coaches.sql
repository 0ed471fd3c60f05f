-- name: top_coaches
-- The 10 coaches with the most posts over the last :days days (posts tied to one of the user's coaches), with bar geometry.
-- :days     integer, between 1 and 3650, default 30: the window, the last N days up to now
-- :user_id  text, optional: the acting user (defaults to the database's only user)
WITH counts AS (
    SELECT display_name, min(school_name) AS school_name, count(*) AS count FROM social_feed WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND coach_name IS NOT NULL AND date(post_date) > date(switchboard_now(), '-' || :days || ' days') AND julianday(post_date) <= julianday(switchboard_now())
    GROUP BY display_name ORDER BY count DESC, display_name LIMIT 10)
SELECT display_name, school_name, count,
       CAST(round(140.0 * count / (SELECT max(count) FROM counts)) AS INTEGER) AS bar,
       CAST(round(140.0 * count / (SELECT max(count) FROM counts)) AS INTEGER) + 176 AS label_x,
       24 * (row_number() OVER (ORDER BY count DESC, display_name) - 1) AS y
FROM counts ORDER BY count DESC, display_name;
