-- name: top_coaches
-- The 10 coaches with the most posts over the last :days days, with bar geometry. Only posts tied to one of the
-- user's coaches (coach_id) count: a program account such as a team's own is no coach.
-- :days     integer, between 1 and 3650, default 30: the window, the last N days up to now
-- :user_id  text, optional: the acting user (defaults to the database's only user)

-- The window's test: see summary.sql. The posts are counted per coach_id, school_id and author
-- (by_author) from the index social_media_posts_authors (user_id, school_id, coach_id, author_handle,
-- author_name, post_date), read in its order, so the counts need no sort. Names are looked up once
-- per such group, not once per post: display_name is the coach's name and school_name as social_feed
-- makes it ("Unknown School"); posts without a coach, or with a coach id that is not one of the user's
-- coaches, are left out by the join. The groups are then summed by display_name, with the first
-- school_name in order, and the top 10 kept.
-- *_md: the same text made safe for report.md.mustache, which copies it into Markdown: `\` first
-- (so no escape below can be undone), then `&`, `<` and `>` as HTML entities (no raw HTML, no
-- <autolink>), `[` and `]` backslash-escaped (no link, image or reference: each needs a `[...]`),
-- `|` backslash-escaped (a table cell stays one cell), and line breaks as spaces (one line, one
-- list item or row). The html template escapes the plain columns itself (html mode).
-- Instants (schema/0014_instants.sql): a post's day is date(post_date), as before, or for the forms
-- date() cannot read (+0000, ±HH, Unix times) the UTC day of post_date_ms; times compare as
-- post_date_ms (Unix milliseconds), the clock as strftime('%s', now) * 1000.
WITH
    me(id) AS (SELECT COALESCE(:user_id, (SELECT id FROM sole_user))),
    zone(tz) AS (SELECT display_timezone(coalesce((SELECT timezone FROM users WHERE id = COALESCE(:user_id, (SELECT id FROM sole_user))), 'UTC'))),
    span AS (SELECT date(today, '-' || :days || ' days') AS day_before, today, tz, date(today, '+1 day') AS utc_last,
                    date(today, '-7 days') AS recent, strftime('%s', switchboard_now()) * 1000 AS now_ms
             FROM (SELECT local_date(switchboard_now(), tz) AS today, tz FROM zone)),
    by_author AS (
        SELECT coach_id, school_id, author_name, author_handle, count(*) AS count
        FROM social_media_posts
        WHERE user_id = (SELECT id FROM me)
          AND coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) >= (SELECT day_before FROM span) AND coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) <= (SELECT utc_last FROM span)
          AND (coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch')) < (SELECT recent FROM span) OR post_date_ms <= (SELECT now_ms FROM span))
          AND coalesce(local_date(post_date, (SELECT tz FROM span)), coalesce(date(post_date), date(post_date_ms / 1000, 'unixepoch'))) > (SELECT day_before FROM span)
        GROUP BY coach_id, school_id, author_name, author_handle),
    counts AS (
        SELECT c.name AS display_name, min(coalesce(s.name, 'Unknown School')) AS school_name, sum(b.count) AS count
        FROM by_author AS b
        JOIN coaches AS c ON c.id = b.coach_id AND c.user_id = (SELECT id FROM me)
        LEFT JOIN schools AS s ON s.id = b.school_id
        GROUP BY 1 ORDER BY count DESC, display_name LIMIT 10)
SELECT display_name, school_name, count,
       CAST(round(140.0 * count / (SELECT max(count) FROM counts)) AS INTEGER) AS bar,
       CAST(round(140.0 * count / (SELECT max(count) FROM counts)) AS INTEGER) + 176 AS label_x,
       24 * (row_number() OVER (ORDER BY count DESC, display_name) - 1) AS y,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(display_name, '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS display_name_md,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(school_name, '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS school_name_md
FROM counts ORDER BY count DESC, display_name;
