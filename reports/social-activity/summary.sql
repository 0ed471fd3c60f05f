-- name: summary
-- The dashboard's headline numbers over the last :days days, one row.
-- :days     integer, between 1 and 3650, default 30: the window, the last N days up to now
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- returns boolean: has_posts, has_flagged

-- The window, the same in every query of this report: the posts with
-- local_date(post_date, tz) > today - :days days and julianday(post_date) <= julianday(now), now being
-- switchboard_now(), today local_date(now, tz) and tz the user's zone (zone: display_timezone of
-- users.timezone, the CLI's --tz or $SWITCHBOARD_TZ when given): the last :days days of the user's
-- calendar, today included, up to now. Written as (span holds the clock's values, computed once):
--   date(post_date) >= day_before AND date(post_date) <= utc_last
--                                   a range of UTC days a day wider on each side than the local
--                                   ones (no zone is a whole day from UTC), so it drops no post;
--   date(post_date) < recent OR julianday(post_date) <= now_jd
--                                   the time test, only for the last week's posts: date() can name a
--                                   day before the post's instant (the hour 24, or a day past the
--                                   month's end such as 02-31, stay as written), by at most 4 days,
--                                   so a post whose date() is a week old is before now;
--   coalesce(local_date(post_date, tz), date(post_date)) > day_before
--                                   the first day, in the user's zone (the last, today, is implied
--                                   by the time test). This is a post's day in every query of the
--                                   report: local_date, or for text it does not read as an instant
--                                   (the hour 24, a day past the month's end) date(), which keeps
--                                   the day as written, as before.
-- The range is one of the index social_media_posts_days (user_id, date(post_date), post_date, ...),
-- which also holds every column counted here: the posts of the window are read from the index
-- alone, and the others not at all (schema/0012_activity_indexes.sql). top_schools and top_coaches
-- read social_media_posts_authors instead, flagged social_media_posts_feed.
-- Instants (schema/0014_instants.sql): a post's day is date(post_date), as before, or for the forms
-- date() cannot read (+0000, ±HH, Unix times) the UTC day of post_date_ms; times compare as
-- post_date_ms (Unix milliseconds), the clock as strftime('%s', now) * 1000.
WITH
    zone(tz) AS (SELECT display_timezone(coalesce((SELECT timezone FROM users WHERE id = COALESCE(:user_id, (SELECT id FROM sole_user))), 'UTC'))),
    span AS (SELECT date(today, '-' || :days || ' days') AS day_before, today, tz, date(today, '+1 day') AS utc_last,
                    date(today, '-7 days') AS recent, strftime('%s', switchboard_now()) * 1000 AS now_ms
             FROM (SELECT local_date(switchboard_now(), tz) AS today, tz FROM zone)),
    p AS (
        SELECT count(*) AS total, count(CASE WHEN platform = 'twitter' THEN 1 END) AS twitter,
               count(CASE WHEN platform = 'instagram' THEN 1 END) AS instagram,
               count(CASE WHEN is_recruiting_related = 1 THEN 1 END) AS recruiting,
               count(CASE WHEN flagged_for_review = 1 THEN 1 END) AS flagged
        FROM social_media_posts
        WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
          AND coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) >= (SELECT day_before FROM span) AND coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) <= (SELECT utc_last FROM span)
          AND (coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) < (SELECT recent FROM span) OR post_date_ms <= (SELECT now_ms FROM span))
          AND coalesce(local_date(post_date, (SELECT tz FROM span)), coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch'))) > (SELECT day_before FROM span))
SELECT :days AS days, date((SELECT today FROM span), '-' || (:days - 1) || ' days') AS from_date, (SELECT today FROM span) AS to_date,
       total AS post_count, CASE total WHEN 1 THEN 'post' ELSE 'posts' END AS posts_word,
       twitter AS twitter_count, instagram AS instagram_count,
       recruiting AS recruiting_count, total - recruiting AS other_count,
       CASE WHEN total > 0 THEN CAST(round(100.0 * recruiting / total) AS INTEGER) ELSE 0 END AS recruiting_percent,
       CASE WHEN total > 0 THEN CAST(round(300.0 * recruiting / total) AS INTEGER) ELSE 0 END AS recruiting_bar,
       CASE WHEN total > 0 THEN 300 - CAST(round(300.0 * recruiting / total) AS INTEGER) ELSE 0 END AS other_bar,
       CASE WHEN total > 0 THEN 10 + CAST(round(300.0 * recruiting / total) AS INTEGER) ELSE 10 END AS other_x,
       flagged AS flagged_count, total > 0 AS has_posts, flagged > 0 AS has_flagged
FROM p;
