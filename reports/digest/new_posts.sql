-- name: new_posts
-- New posts since the last digest (report_runs; else the last 24 hours), per school and platform,
-- most first, with stacked-bar geometry (twitter_bar then instagram_bar, out of 180 pixels): the first
-- 50 schools (the report's cap on a list; summary.new_schools_more counts the rest).
-- :user_id  text, optional: the acting user (defaults to the database's only user)

-- The new posts: post_date's instant (post_date_ms, schema/0014_instants.sql) after the last digest
-- and not after now, a range of the index social_media_posts_instants (user_id, post_date_ms, id).
-- new (MATERIALIZED: read once, by that range) holds their school and platform; they are counted
-- per school_id, and the schools' names looked up once per school_id, not once per post (a missing
-- or unknown school is "Unknown School", and two ids with one name are one school, as in social_feed).
-- *_md: the same text made safe for report.md.mustache, which copies it into Markdown: `\` first
-- (so no escape below can be undone), then `&`, `<` and `>` as HTML entities (no raw HTML, no
-- <autolink>), `[` and `]` backslash-escaped (no link, image or reference: each needs a `[...]`),
-- `|` backslash-escaped (a table cell stays one cell), and line breaks as spaces (one line, one
-- list item or row). The html template escapes the plain columns itself (html mode).
WITH
    since(ts) AS (SELECT coalesce((SELECT max(ran_at) FROM report_runs WHERE report = 'digest'
                                   AND (user_id IS NULL OR user_id = COALESCE(:user_id, (SELECT id FROM sole_user)))
                                   AND julianday(ran_at) <= julianday('now')),
                                  strftime('%Y-%m-%dT%H:%M:%SZ', switchboard_now(), '-1 day'))),
    -- the last digest and now in Unix milliseconds (julianday() counts whole milliseconds)
    span AS (SELECT instant_ms((SELECT ts FROM since)) AS since_ms,
                    strftime('%s', switchboard_now()) * 1000 AS now_ms),
    new AS MATERIALIZED (
        SELECT school_id, platform FROM social_media_posts
        WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
          AND post_date_ms > (SELECT since_ms FROM span) AND post_date_ms <= (SELECT now_ms FROM span)),
    by_school AS (
        SELECT school_id, count(CASE WHEN platform = 'twitter' THEN 1 END) AS twitter,
               count(CASE WHEN platform = 'instagram' THEN 1 END) AS instagram, count(*) AS total
        FROM new GROUP BY school_id),
    counts AS (
        SELECT coalesce(s.name, 'Unknown School') AS school_name, sum(b.twitter) AS twitter,
               sum(b.instagram) AS instagram, sum(b.total) AS total
        FROM by_school AS b LEFT JOIN schools AS s ON s.id = b.school_id
        GROUP BY 1)
SELECT school_name, twitter, instagram, total,
       CAST(round(180.0 * twitter / (SELECT max(total) FROM counts)) AS INTEGER) AS twitter_bar,
       CAST(round(180.0 * instagram / (SELECT max(total) FROM counts)) AS INTEGER) AS instagram_bar,
       136 + CAST(round(180.0 * twitter / (SELECT max(total) FROM counts)) AS INTEGER) AS instagram_x,
       140 + CAST(round(180.0 * twitter / (SELECT max(total) FROM counts)) AS INTEGER)
           + CAST(round(180.0 * instagram / (SELECT max(total) FROM counts)) AS INTEGER) AS label_x,
       24 * (row_number() OVER (ORDER BY total DESC, school_name) - 1) AS y,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(school_name, '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS school_name_md
FROM counts
ORDER BY total DESC, school_name
LIMIT 50;
