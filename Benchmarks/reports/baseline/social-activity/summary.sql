-- name: summary
-- The dashboard's headline numbers over the last :days days, one row.
-- :days     integer, between 1 and 3650, default 30: the window, the last N days up to now
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- returns boolean: has_posts, has_flagged
WITH p AS (
    SELECT count(*) AS total, count(CASE WHEN platform = 'twitter' THEN 1 END) AS twitter,
           count(CASE WHEN platform = 'instagram' THEN 1 END) AS instagram,
           count(CASE WHEN is_recruiting_related = 1 THEN 1 END) AS recruiting,
           count(CASE WHEN flagged_for_review = 1 THEN 1 END) AS flagged
    FROM social_media_posts WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND date(post_date) > date(switchboard_now(), '-' || :days || ' days') AND julianday(post_date) <= julianday(switchboard_now()))
SELECT :days AS days, date(switchboard_now(), '-' || (:days - 1) || ' days') AS from_date, date(switchboard_now()) AS to_date,
       total AS post_count, CASE total WHEN 1 THEN 'post' ELSE 'posts' END AS posts_word, twitter AS twitter_count, instagram AS instagram_count,
       recruiting AS recruiting_count, total - recruiting AS other_count,
       CASE WHEN total > 0 THEN CAST(round(100.0 * recruiting / total) AS INTEGER) ELSE 0 END AS recruiting_percent,
       CASE WHEN total > 0 THEN CAST(round(300.0 * recruiting / total) AS INTEGER) ELSE 0 END AS recruiting_bar,
       CASE WHEN total > 0 THEN 300 - CAST(round(300.0 * recruiting / total) AS INTEGER) ELSE 0 END AS other_bar,
       CASE WHEN total > 0 THEN 10 + CAST(round(300.0 * recruiting / total) AS INTEGER) ELSE 10 END AS other_x,
       flagged AS flagged_count, total > 0 AS has_posts, flagged > 0 AS has_flagged
FROM p;
