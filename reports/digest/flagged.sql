-- name: flagged
-- Flagged posts awaiting review, newest first (the 10 latest; summary.flagged counts them all).
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- returns boolean: has_notes

-- *_md: the same text made safe for report.md.mustache, which copies it into Markdown: `\` first
-- (so no escape below can be undone), then `&`, `<` and `>` as HTML entities (no raw HTML, no
-- <autolink>), `[` and `]` backslash-escaped (no link, image or reference: each needs a `[...]`),
-- `|` backslash-escaped (a table cell stays one cell), and line breaks as spaces (one line, one
-- list item or row). The html template escapes the plain columns itself (html mode).
SELECT display_name, school_name, platform, platform_label, platform_color, replace(text_preview(post_content, 100), char(10), ' ') AS preview,
       relative_time, post_date, post_url, notes, has_notes, sentiment_label,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(display_name, '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS display_name_md,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(school_name, '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS school_name_md,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(text_preview(post_content, 100), '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS preview_md,
       replace(replace(replace(replace(replace(replace(replace(replace(replace(notes, '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS notes_md
FROM social_feed
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND flagged_for_review = 1
ORDER BY post_date_ms DESC, seq DESC  -- by post_date's instant (schema/0014_instants.sql)
LIMIT 10;
