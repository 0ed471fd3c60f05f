-- name: sentiment_by_week
-- Sentiment per week (weeks start on Monday) over the last :days days, oldest first: counts per
-- PostSentiment value and a 100% stacked bar of 216 pixels (posts without a sentiment are left out).
-- The sentiment the source gave: the classifier's sentiment_guess is not counted.
-- :days     integer, between 1 and 3650, default 30: the window, the last N days up to now
-- :user_id  text, optional: the acting user (defaults to the database's only user)

-- The window's test: see summary.sql (a range of the index social_media_posts_days, which holds the
-- sentiment). The week is the Monday on or before the post's day in the user's calendar: its
-- local_date, or for text local_date does not read as an instant (the hour 24, a day past the
-- month's end) what date() makes of post_date with these modifiers, as before.
WITH
    zone(tz) AS (SELECT display_timezone(coalesce((SELECT timezone FROM users WHERE id = COALESCE(:user_id, (SELECT id FROM sole_user))), 'UTC'))),
    span AS (SELECT date(today, '-' || :days || ' days') AS day_before, today, tz, date(today, '+1 day') AS utc_last,
                    date(today, '-7 days') AS recent, strftime('%s', switchboard_now()) * 1000 AS now_ms
             FROM (SELECT local_date(switchboard_now(), tz) AS today, tz FROM zone)),
    counts AS (
        SELECT date(coalesce(local_date(post_date, (SELECT tz FROM span)), post_date), 'weekday 1', '-7 days') AS week,
               count(CASE WHEN sentiment = 'very_positive' THEN 1 END) AS very_positive,
               count(CASE WHEN sentiment = 'positive' THEN 1 END) AS positive,
               count(CASE WHEN sentiment = 'neutral' THEN 1 END) AS neutral,
               count(CASE WHEN sentiment = 'negative' THEN 1 END) AS negative,
               count(sentiment) AS total
        FROM social_media_posts
        WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
          AND coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) >= (SELECT day_before FROM span) AND coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) <= (SELECT utc_last FROM span)
          AND (coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) < (SELECT recent FROM span) OR post_date_ms <= (SELECT now_ms FROM span))
          AND coalesce(local_date(post_date, (SELECT tz FROM span)), coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch'))) > (SELECT day_before FROM span)
          AND sentiment IS NOT NULL
        GROUP BY 1)
SELECT week,
       'Week of ' || substr('JanFebMarAprMayJunJulAugSepOctNovDec', 3 * strftime('%m', week) - 2, 3) || ' ' || CAST(strftime('%d', week) AS INTEGER) AS label,
       very_positive, positive, neutral, negative, total,
       CAST(round(100.0 * (very_positive + positive) / total) AS INTEGER) AS positive_percent,
       CAST(round(216.0 * very_positive / total) AS INTEGER) AS w1,
       CAST(round(216.0 * (very_positive + positive) / total) AS INTEGER) - CAST(round(216.0 * very_positive / total) AS INTEGER) AS w2,
       CAST(round(216.0 * (very_positive + positive + neutral) / total) AS INTEGER) - CAST(round(216.0 * (very_positive + positive) / total) AS INTEGER) AS w3,
       216 - CAST(round(216.0 * (very_positive + positive + neutral) / total) AS INTEGER) AS w4,
       104 + CAST(round(216.0 * very_positive / total) AS INTEGER) AS x2,
       104 + CAST(round(216.0 * (very_positive + positive) / total) AS INTEGER) AS x3,
       104 + CAST(round(216.0 * (very_positive + positive + neutral) / total) AS INTEGER) AS x4,
       24 * (row_number() OVER (ORDER BY week) - 1) AS y
FROM counts ORDER BY week;
