-- name: flagged
-- Flagged posts of the last :days days with their notes, newest first (at most 20).
-- :days     integer, between 1 and 3650, default 30: the window, the last N days up to now
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- returns boolean: has_notes
SELECT display_name, school_name, platform_label, platform_color, replace(text_preview(post_content, 100), char(10), ' ') AS preview,
       relative_time, date(post_date) AS day, post_url, notes, has_notes
FROM social_feed WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND flagged_for_review = 1 AND date(post_date) > date(switchboard_now(), '-' || :days || ' days') AND julianday(post_date) <= julianday(switchboard_now())
ORDER BY post_date DESC, seq DESC LIMIT 20;
