-- name: summary
-- The dashboard's headline numbers over the last :days days, one row.
-- :days     integer, between 1 and 3650, default 30: the window, the last N days up to now
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- returns boolean: has_posts, has_flagged

-- The window, the same in every query of this report: the posts with
-- date(post_date) > date(now, '-:days days') and julianday(post_date) <= julianday(now), now being
-- switchboard_now(): the last :days days, today included, up to now. post_date is kept as the
-- source wrote it (mostly UTC, '...Z'), so these are the report's day boundaries exactly as they
-- were. Written as (span holds the clock's values, computed once):
--   date(post_date) > day_before    the first day, as before;
--   date(post_date) <= today        implied by the time test (a post whose date() is after today is
--                                   after now), and the end of the range;
--   date(post_date) < recent OR julianday(post_date) <= now_jd
--                                   the time test, only for the last week's posts: date() can name a
--                                   day before the post's instant (the hour 24, or a day past the
--                                   month's end such as 02-31, stay as written), by at most 4 days,
--                                   so a post whose date() is a week old is before now.
-- The first two are a range of the index social_media_posts_days (user_id, date(post_date), ...),
-- which also holds every column counted here: the posts of the window are read from the index
-- alone, and the others not at all (schema/0012_activity_indexes.sql). top_schools and top_coaches
-- read social_media_posts_authors instead, flagged social_media_posts_feed.
WITH
    span AS (SELECT date(switchboard_now(), '-' || :days || ' days') AS day_before, date(switchboard_now()) AS today,
                    date(switchboard_now(), '-7 days') AS recent, julianday(switchboard_now()) AS now_jd),
    p AS (
        SELECT count(*) AS total, count(CASE WHEN platform = 'twitter' THEN 1 END) AS twitter,
               count(CASE WHEN platform = 'instagram' THEN 1 END) AS instagram,
               count(CASE WHEN is_recruiting_related = 1 THEN 1 END) AS recruiting,
               count(CASE WHEN flagged_for_review = 1 THEN 1 END) AS flagged
        FROM social_media_posts
        WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
          AND date(post_date) > (SELECT day_before FROM span) AND date(post_date) <= (SELECT today FROM span)
          AND (date(post_date) < (SELECT recent FROM span) OR julianday(post_date) <= (SELECT now_jd FROM span)))
SELECT :days AS days, date(switchboard_now(), '-' || (:days - 1) || ' days') AS from_date, (SELECT today FROM span) AS to_date,
       total AS post_count, CASE total WHEN 1 THEN 'post' ELSE 'posts' END AS posts_word,
       twitter AS twitter_count, instagram AS instagram_count,
       recruiting AS recruiting_count, total - recruiting AS other_count,
       CASE WHEN total > 0 THEN CAST(round(100.0 * recruiting / total) AS INTEGER) ELSE 0 END AS recruiting_percent,
       CASE WHEN total > 0 THEN CAST(round(300.0 * recruiting / total) AS INTEGER) ELSE 0 END AS recruiting_bar,
       CASE WHEN total > 0 THEN 300 - CAST(round(300.0 * recruiting / total) AS INTEGER) ELSE 0 END AS other_bar,
       CASE WHEN total > 0 THEN 10 + CAST(round(300.0 * recruiting / total) AS INTEGER) ELSE 10 END AS other_x,
       flagged AS flagged_count, total > 0 AS has_posts, flagged > 0 AS has_flagged
FROM p;
