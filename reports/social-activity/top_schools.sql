-- name: top_schools
-- The 10 schools with the most posts over the last :days days ("Unknown School" included), with bar geometry.
-- :days     integer, between 1 and 3650, default 30: the window, the last N days up to now
-- :user_id  text, optional: the acting user (defaults to the database's only user)

-- The window's test: see summary.sql. The posts are counted per school_id from the index
-- social_media_posts_authors (user_id, school_id, ..., post_date), read in its order, so the counts
-- need no sort; the schools' names are looked up once per school_id, not once per post, and summed by
-- name (a missing or unknown school is "Unknown School", and two ids with one name are one school,
-- as in social_feed), then the top 10 kept.
-- *_md: the same text made safe for report.md.mustache, which copies it into Markdown: `\` first
-- (so no escape below can be undone), then `&`, `<` and `>` as HTML entities (no raw HTML, no
-- <autolink>), `[` and `]` backslash-escaped (no link, image or reference: each needs a `[...]`),
-- `|` backslash-escaped (a table cell stays one cell), and line breaks as spaces (one line, one
-- list item or row). The html template escapes the plain columns itself (html mode).
-- Instants (schema/0014_instants.sql): a post's day is date(post_date), as before, or for the forms
-- date() cannot read (+0000, ±HH, Unix times) the UTC day of post_date_ms; times compare as
-- post_date_ms (Unix milliseconds), the clock as strftime('%s', now) * 1000.
WITH
    zone(tz) AS (SELECT display_timezone(coalesce((SELECT timezone FROM users WHERE id = COALESCE(:user_id, (SELECT id FROM sole_user))), 'UTC'))),
    span AS (SELECT date(today, '-' || :days || ' days') AS day_before, today, tz, date(today, '+1 day') AS utc_last,
                    date(today, '-7 days') AS recent, strftime('%s', switchboard_now()) * 1000 AS now_ms
             FROM (SELECT local_date(switchboard_now(), tz) AS today, tz FROM zone)),
    by_school AS (
        SELECT school_id, count(*) AS count
        FROM social_media_posts
        WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
          AND coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) >= (SELECT day_before FROM span) AND coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) <= (SELECT utc_last FROM span)
          AND (coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) < (SELECT recent FROM span) OR post_date_ms <= (SELECT now_ms FROM span))
          AND coalesce(local_date(post_date, (SELECT tz FROM span)), coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch'))) > (SELECT day_before FROM span)
        GROUP BY school_id),
    counts AS (
        SELECT coalesce(s.name, 'Unknown School') AS school_name, sum(b.count) AS count
        FROM by_school AS b LEFT JOIN schools AS s ON s.id = b.school_id
        GROUP BY 1 ORDER BY count DESC, school_name LIMIT 10)
SELECT school_name, count,
       CAST(round(140.0 * count / (SELECT max(count) FROM counts)) AS INTEGER) AS bar,
       CAST(round(140.0 * count / (SELECT max(count) FROM counts)) AS INTEGER) + 176 AS label_x,
       24 * (row_number() OVER (ORDER BY count DESC, school_name) - 1) AS y,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(school_name, '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS school_name_md
FROM counts ORDER BY count DESC, school_name;
