-- name: flagged
-- Flagged posts awaiting review, newest first (the 10 latest; summary.flagged counts them all).
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- returns boolean: has_notes
SELECT display_name, school_name, platform, platform_label, platform_color, replace(text_preview(post_content, 100), char(10), ' ') AS preview,
       relative_time, post_date, post_url, notes, has_notes, sentiment_label
FROM social_feed
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND flagged_for_review = 1
ORDER BY post_date DESC, seq DESC
LIMIT 10;
