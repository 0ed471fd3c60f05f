-- name: social-schools(user_id)
-- The school filter's choices, with how many of the user's posts are about each school.
-- "All Schools" (id NULL, no filter) and then every school, by name (zeros included).
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- display: id, name, post_count
SELECT id, name, post_count
-- All Schools: every post of the user, from the counters (schema/0018_counters.sql); a count(*) read the user's
-- whole index range (0.7 s at 1M posts, loaded machine).
FROM (SELECT NULL AS id, 'All Schools' AS name,
             (SELECT coalesce(sum(posts), 0) FROM social_media_post_counters
              WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))) AS post_count
      UNION ALL
      SELECT s.id, s.name, count(p.seq)
      FROM schools AS s
      LEFT JOIN social_media_posts AS p
          ON p.school_id = s.id AND p.user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
      GROUP BY s.id)
ORDER BY id IS NOT NULL, name COLLATE NOCASE, id;
