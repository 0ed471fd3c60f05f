-- name: social-schools
-- The school filter's choices: every school the user's posts mention, by name, with its post count.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
SELECT s.id, s.name, count(*) AS post_count
FROM social_media_posts AS p
JOIN schools AS s ON s.id = p.school_id
WHERE p.user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
GROUP BY s.id
ORDER BY s.name COLLATE NOCASE, s.id;
