-- name: sentiment
-- Posts per sentiment (spec 001's PostSentiment order, then "No sentiment"), with percent of all posts and bar geometry.
-- The sentiment the source gave: the classifier's sentiment_guess is not counted (its posts are "No sentiment").
-- :user_id  text, optional: the acting user (defaults to the database's only user)
WITH counts AS (  -- from the counters (schema/0026_digest_counters.sql), '' for no sentiment
    SELECT nullif(sentiment, '') AS sentiment, posts AS count FROM social_media_post_sentiment_counters
    WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)))
SELECT coalesce(sentiment, 'none') AS sentiment, coalesce(sentiment_label(sentiment), 'No sentiment') AS label, count,
       CAST(round(100.0 * count / (SELECT sum(count) FROM counts)) AS INTEGER) AS percent,
       CAST(round(180.0 * count / (SELECT max(count) FROM counts)) AS INTEGER) AS bar,
       CAST(round(180.0 * count / (SELECT max(count) FROM counts)) AS INTEGER) + 136 AS label_x,
       24 * (row_number() OVER (ORDER BY CASE sentiment WHEN 'very_positive' THEN 0 WHEN 'positive' THEN 1
                                    WHEN 'neutral' THEN 2 WHEN 'negative' THEN 3 ELSE 4 END) - 1) AS y,
       CASE sentiment WHEN 'very_positive' THEN '#1DA1F2' WHEN 'positive' THEN '#1DA1F2' WHEN 'neutral' THEN '#F59E0B'
                      WHEN 'negative' THEN '#FF3333' ELSE '#9CA3AF' END AS color
FROM counts
ORDER BY CASE sentiment WHEN 'very_positive' THEN 0 WHEN 'positive' THEN 1 WHEN 'neutral' THEN 2
                        WHEN 'negative' THEN 3 ELSE 4 END;
