-- name: flagged
-- Flagged posts of the last :days days with their notes, newest first (at most 20).
-- :days     integer, between 1 and 3650, default 30: the window, the last N days up to now
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- returns boolean: has_notes

-- The window: see summary.sql. The page (the 20 newest flagged posts of the window) is found by
-- walking social_media_posts_feed (user_id, post_date, seq) newest first and stopping at the 20th;
-- INDEXED BY keeps that plan (through social_media_posts_days every flagged post of the window
-- would be sorted). The walk is bounded by post_date's text: a post of the window has a date()
-- within 5 days of the day its post_date starts with (an offset moves it by a day at most, the hour
-- 24 by one more, a day past the month's end by up to 3), so a week on either side drops none.
-- social_feed's display columns are computed for the 20 rows of the page only.
-- *_md: the same text made safe for report.md.mustache, which copies it into Markdown: `\` first
-- (so no escape below can be undone), then `&`, `<` and `>` as HTML entities (no raw HTML, no
-- <autolink>), `[` and `]` backslash-escaped (no link, image or reference: each needs a `[...]`),
-- `|` backslash-escaped (a table cell stays one cell), and line breaks as spaces (one line, one
-- list item or row). The html template escapes the plain columns itself (html mode).
WITH
    zone(tz) AS (SELECT display_timezone(coalesce((SELECT timezone FROM users WHERE id = COALESCE(:user_id, (SELECT id FROM sole_user))), 'UTC'))),
    span AS (SELECT date(today, '-' || :days || ' days') AS day_before, today, tz, julianday(switchboard_now()) AS now_jd
             FROM (SELECT local_date(switchboard_now(), tz) AS today, tz FROM zone)),
    page AS (
        SELECT seq
        FROM social_media_posts INDEXED BY social_media_posts_feed
        WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND flagged_for_review = 1
          AND post_date >= date((SELECT day_before FROM span), '-7 days') AND post_date < date((SELECT today FROM span), '+8 days')
          AND coalesce(local_date(post_date, (SELECT tz FROM span)), date(post_date)) > (SELECT day_before FROM span) AND julianday(post_date) <= (SELECT now_jd FROM span)
        ORDER BY post_date DESC, seq DESC LIMIT 20)
SELECT display_name, school_name, platform_label, platform_color, replace(text_preview(post_content, 100), char(10), ' ') AS preview,
       relative_time, coalesce(local_date(post_date, (SELECT tz FROM span)), date(post_date)) AS day, post_url, notes, has_notes,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(display_name, '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS display_name_md,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(school_name, '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS school_name_md,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(text_preview(post_content, 100), '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS preview_md,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(notes, '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS notes_md
FROM social_feed WHERE seq IN (SELECT seq FROM page)
ORDER BY post_date DESC, seq DESC;
