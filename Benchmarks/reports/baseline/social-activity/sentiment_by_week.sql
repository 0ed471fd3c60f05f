-- name: sentiment_by_week
-- Sentiment per week (weeks start on Monday) over the last :days days, oldest first: counts per
-- PostSentiment value and a 100% stacked bar of 216 pixels (posts without a sentiment are left out).
-- :days     integer, between 1 and 3650, default 30: the window, the last N days up to now
-- :user_id  text, optional: the acting user (defaults to the database's only user)
WITH counts AS (
    SELECT date(post_date, 'weekday 1', '-7 days') AS week,
           count(CASE WHEN sentiment = 'very_positive' THEN 1 END) AS very_positive,
           count(CASE WHEN sentiment = 'positive' THEN 1 END) AS positive,
           count(CASE WHEN sentiment = 'neutral' THEN 1 END) AS neutral,
           count(CASE WHEN sentiment = 'negative' THEN 1 END) AS negative,
           count(sentiment) AS total
    FROM social_media_posts WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND date(post_date) > date(switchboard_now(), '-' || :days || ' days') AND julianday(post_date) <= julianday(switchboard_now()) AND sentiment IS NOT NULL
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
