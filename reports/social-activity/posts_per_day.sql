-- name: posts_per_day
-- Posts per day and platform over the last :days days (every day, zeros included), oldest first, as a
-- stacked bar per day: twitter_bar then instagram_bar, out of 180 pixels for the busiest day.
-- :days     integer, between 1 and 3650, default 30: the window, the last N days up to now
-- :user_id  text, optional: the acting user (defaults to the database's only user)

-- The window's test: see summary.sql. The posts are counted per day of the user's calendar
-- (local_date(post_date), in the connection's time zone) in one pass over the index
-- social_media_posts_days, then the days without posts are filled in with zeros (days LEFT JOIN
-- per_day): each post of the window is read once from the index, whatever :days.
WITH RECURSIVE
    span AS (SELECT date(today, '-' || :days || ' days') AS day_before, today, date(today, '+1 day') AS utc_last,
                    date(today, '-7 days') AS recent, julianday(switchboard_now()) AS now_jd
             FROM (SELECT local_date(switchboard_now()) AS today)),
    days(n, day) AS (SELECT 0, (SELECT today FROM span) UNION ALL SELECT n + 1, date(day, '-1 day') FROM days WHERE n + 1 < :days),
    per_day AS (
        SELECT local_date(post_date) AS day,
               count(CASE WHEN platform = 'twitter' THEN 1 END) AS twitter,
               count(CASE WHEN platform = 'instagram' THEN 1 END) AS instagram
        FROM social_media_posts
        WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
          AND date(post_date) >= (SELECT day_before FROM span) AND date(post_date) <= (SELECT utc_last FROM span)
          AND (date(post_date) < (SELECT recent FROM span) OR julianday(post_date) <= (SELECT now_jd FROM span))
          AND local_date(post_date) > (SELECT day_before FROM span)
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
