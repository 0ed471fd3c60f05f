-- name: new_posts
-- New posts since the last digest (report_runs; else the last 24 hours), per school and platform,
-- most first, with stacked-bar geometry (twitter_bar then instagram_bar, out of 180 pixels).
-- :user_id  text, optional: the acting user (defaults to the database's only user)
WITH
    since(ts) AS (SELECT coalesce((SELECT max(ran_at) FROM report_runs WHERE report = 'digest'
                                   AND (user_id IS NULL OR user_id = COALESCE(:user_id, (SELECT id FROM sole_user)))),
                                  strftime('%Y-%m-%dT%H:%M:%SZ', switchboard_now(), '-1 day'))),
    counts AS (
        SELECT school_name, count(CASE WHEN platform = 'twitter' THEN 1 END) AS twitter,
               count(CASE WHEN platform = 'instagram' THEN 1 END) AS instagram, count(*) AS total
        FROM social_feed
        WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND julianday(post_date) > julianday((SELECT ts FROM since))
          AND julianday(post_date) <= julianday(switchboard_now())
        GROUP BY school_name)
SELECT school_name, twitter, instagram, total,
       CAST(round(180.0 * twitter / (SELECT max(total) FROM counts)) AS INTEGER) AS twitter_bar,
       CAST(round(180.0 * instagram / (SELECT max(total) FROM counts)) AS INTEGER) AS instagram_bar,
       136 + CAST(round(180.0 * twitter / (SELECT max(total) FROM counts)) AS INTEGER) AS instagram_x,
       140 + CAST(round(180.0 * twitter / (SELECT max(total) FROM counts)) AS INTEGER)
           + CAST(round(180.0 * instagram / (SELECT max(total) FROM counts)) AS INTEGER) AS label_x,
       24 * (row_number() OVER (ORDER BY total DESC, school_name) - 1) AS y
FROM counts
ORDER BY total DESC, school_name;
