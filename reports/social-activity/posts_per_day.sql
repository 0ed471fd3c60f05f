-- name: posts_per_day
-- Posts per day and platform over the last :days days (every day, zeros included), oldest first, as a
-- stacked bar per day: twitter_bar then instagram_bar, out of 180 pixels for the busiest day.
-- :days     integer, between 1 and 3650, default 30: the window, the last N days up to now
-- :user_id  text, optional: the acting user (defaults to the database's only user)

-- The window's test: see summary.sql. The posts are counted per day in one pass, in the order of the
-- index social_media_posts_days (date(post_date) is its second column, so there is nothing to sort),
-- then the days without posts are filled in with zeros (days LEFT JOIN per_day): each post of the
-- window is read once from the index, whatever :days.
-- Instants (schema/0014_instants.sql): a post's day is date(post_date), as before, or for the forms
-- date() cannot read (+0000, ±HH, Unix times) the UTC day of post_date_ms; times compare as
-- post_date_ms (Unix milliseconds), the clock as strftime('%s', now) * 1000.
WITH RECURSIVE
    span AS (SELECT date(switchboard_now(), '-' || :days || ' days') AS day_before, date(switchboard_now()) AS today,
                    date(switchboard_now(), '-7 days') AS recent, strftime('%s', switchboard_now()) * 1000 AS now_ms),
    days(n, day) AS (SELECT 0, (SELECT today FROM span) UNION ALL SELECT n + 1, date(day, '-1 day') FROM days WHERE n + 1 < :days),
    per_day AS (
        SELECT coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) AS day,
               count(CASE WHEN platform = 'twitter' THEN 1 END) AS twitter,
               count(CASE WHEN platform = 'instagram' THEN 1 END) AS instagram
        FROM social_media_posts
        WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
          AND coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) > (SELECT day_before FROM span) AND coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) <= (SELECT today FROM span)
          AND (coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) < (SELECT recent FROM span) OR post_date_ms <= (SELECT now_ms FROM span))
        GROUP BY 1),
    counts AS (
        SELECT d.day, coalesce(c.twitter, 0) AS twitter, coalesce(c.instagram, 0) AS instagram
        FROM days AS d LEFT JOIN per_day AS c ON c.day = d.day),
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
