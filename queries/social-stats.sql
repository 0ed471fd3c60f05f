-- name: social-stats
-- The statistics cards of the social page: total, Twitter, Instagram and flagged posts, each also as a badge (99+).
-- :user_id  text, optional: the acting user (defaults to the database's only user)
SELECT count(*) AS total, count_badge(count(*)) AS total_badge,
       count(*) FILTER (WHERE platform = 'twitter') AS twitter,
       count_badge(count(*) FILTER (WHERE platform = 'twitter')) AS twitter_badge,
       count(*) FILTER (WHERE platform = 'instagram') AS instagram,
       count_badge(count(*) FILTER (WHERE platform = 'instagram')) AS instagram_badge,
       count(*) FILTER (WHERE is_flagged = 1) AS flagged,
       count_badge(count(*) FILTER (WHERE is_flagged = 1)) AS flagged_badge
FROM social_media_posts
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
