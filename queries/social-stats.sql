-- name: social-stats
-- The statistics cards of the social page: total, Twitter, Instagram and flagged posts, each also as a badge (99+).
-- :user_id  text, optional: the acting user (defaults to the database's only user)
SELECT total, total_badge, twitter, twitter_badge, instagram, instagram_badge, flagged, flagged_badge
FROM social_stats
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
