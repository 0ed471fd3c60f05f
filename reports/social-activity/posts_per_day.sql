-- name: posts_per_day
-- Posts per day and platform over the last :days days (every day, zeros included), oldest first, as a
-- stacked bar per day: twitter_bar then instagram_bar, out of 180 pixels for the busiest day.
-- :days     integer, between 1 and 3650, default 30: the window, the last N days up to now
-- :user_id  text, optional: the acting user (defaults to the database's only user)

-- The window's test: see summary.sql. The posts are counted in one pass over the index
-- social_media_posts_days, in its order (date(post_date), the UTC day, is its second column, so
-- nothing is sorted): per UTC day, split between the two days of the user's calendar it can span
-- (no zone is a whole day from UTC), the local day of its midnight (first) and the next (second);
-- a post's own day is the one summary.sql describes. Each day of the window then adds up the UTC
-- days that start and end on it, zeros where there are none (days LEFT JOIN per_utc_day, twice):
-- each post of the window is read once from the index, whatever :days.
-- Instants (schema/0014_instants.sql): a post's UTC day is date(post_date), as before, or for the forms
-- date() cannot read (+0000, ±HH, Unix times) the UTC day of post_date_ms; times compare as
-- post_date_ms (Unix milliseconds), the clock as strftime('%s', now) * 1000.
WITH RECURSIVE
    zone(tz) AS (SELECT display_timezone(coalesce((SELECT timezone FROM users WHERE id = COALESCE(:user_id, (SELECT id FROM sole_user))), 'UTC'))),
    span AS (SELECT date(today, '-' || :days || ' days') AS day_before, today, tz, date(today, '+1 day') AS utc_last,
                    date(today, '-7 days') AS recent, strftime('%s', switchboard_now()) * 1000 AS now_ms
             FROM (SELECT local_date(switchboard_now(), tz) AS today, tz FROM zone)),
    days(n, day) AS (SELECT 0, (SELECT today FROM span) UNION ALL SELECT n + 1, date(day, '-1 day') FROM days WHERE n + 1 < :days),
    per_utc_day AS (
        SELECT local_date(coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')), (SELECT tz FROM span)) AS first, date(local_date(coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')), (SELECT tz FROM span)), '+1 day') AS second,
               count(CASE WHEN platform = 'twitter' THEN 1 END) AS twitter,
               count(CASE WHEN platform = 'instagram' THEN 1 END) AS instagram,
               -- the posts whose own day is after the first
               count(CASE WHEN platform = 'twitter'
                           AND coalesce(local_date(post_date, (SELECT tz FROM span)), coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch'))) > local_date(coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')), (SELECT tz FROM span)) THEN 1 END)
                   AS twitter_second,
               count(CASE WHEN platform = 'instagram'
                           AND coalesce(local_date(post_date, (SELECT tz FROM span)), coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch'))) > local_date(coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')), (SELECT tz FROM span)) THEN 1 END)
                   AS instagram_second
        FROM social_media_posts
        WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
          AND coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) >= (SELECT day_before FROM span) AND coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) <= (SELECT utc_last FROM span)
          AND (coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) < (SELECT recent FROM span) OR post_date_ms <= (SELECT now_ms FROM span))
          AND coalesce(local_date(post_date, (SELECT tz FROM span)), coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch'))) > (SELECT day_before FROM span)
        GROUP BY coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch'))),
    counts AS (
        SELECT d.day,
               coalesce(a.twitter - a.twitter_second, 0) + coalesce(b.twitter_second, 0) AS twitter,
               coalesce(a.instagram - a.instagram_second, 0) + coalesce(b.instagram_second, 0) AS instagram
        FROM days AS d LEFT JOIN per_utc_day AS a ON a.first = d.day LEFT JOIN per_utc_day AS b ON b.second = d.day),
    top(m) AS (SELECT max(max(twitter + instagram), 1) FROM counts)
SELECT day,
       substr('JanFebMarAprMayJunJulAugSepOctNovDec', 3 * strftime('%m', day) - 2, 3) || ' ' || CAST(strftime('%d', day) AS INTEGER) AS label,
       twitter, instagram, twitter + instagram AS total,
       CAST(round(180.0 * twitter / (SELECT m FROM top)) AS INTEGER) AS twitter_bar,
       CAST(round(180.0 * instagram / (SELECT m FROM top)) AS INTEGER) AS instagram_bar,
       76 + CAST(round(180.0 * twitter / (SELECT m FROM top)) AS INTEGER) AS instagram_x,
       80 + CAST(round(180.0 * twitter / (SELECT m FROM top)) AS INTEGER) + CAST(round(180.0 * instagram / (SELECT m FROM top)) AS INTEGER) AS label_x,
       20 * (row_number() OVER (ORDER BY day) - 1) AS y
FROM counts
ORDER BY day;
