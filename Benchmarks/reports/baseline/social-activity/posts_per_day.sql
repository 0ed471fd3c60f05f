-- name: posts_per_day
-- Posts per day and platform over the last :days days (every day, zeros included), oldest first, as a
-- stacked bar per day: twitter_bar then instagram_bar, out of 180 pixels for the busiest day.
-- :days     integer, between 1 and 3650, default 30: the window, the last N days up to now
-- :user_id  text, optional: the acting user (defaults to the database's only user)
WITH RECURSIVE
    days(n, day) AS (SELECT 0, date(switchboard_now()) UNION ALL SELECT n + 1, date(day, '-1 day') FROM days WHERE n + 1 < :days),
    counts AS (
        SELECT d.day,
               count(CASE WHEN p.platform = 'twitter' THEN 1 END) AS twitter,
               count(CASE WHEN p.platform = 'instagram' THEN 1 END) AS instagram
        FROM days AS d
        LEFT JOIN social_media_posts AS p ON p.user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND date(p.post_date) = d.day
             AND julianday(p.post_date) <= julianday(switchboard_now())
        GROUP BY d.day),
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
