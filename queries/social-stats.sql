-- name: social-stats(user_id)
-- The statistics cards of the social page (SocialStatistics).
-- totalPosts, twitterPosts, instagramPosts and flaggedPosts, each also as a badge (the number up to 100, 99+
-- above).
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- display: totalPosts, twitterPosts, instagramPosts, flaggedPosts, totalPostsBadge, twitterPostsBadge, instagramPostsBadge, flaggedPostsBadge
SELECT totalPosts, twitterPosts, instagramPosts, flaggedPosts,
       totalPostsBadge, twitterPostsBadge, instagramPostsBadge, flaggedPostsBadge
FROM social_stats
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
