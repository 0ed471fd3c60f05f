-- name: schools-list(user_id)
-- Every school (shared reference data), by name, with how many of the user's coaches work there.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- display: id, name, city, state, division, coach_count
SELECT s.id, s.name, s.city, s.state, s.division, s.conference, s.twitter_handle, s.instagram_handle, s.website,
       s.created_at, s.updated_at,
       (SELECT count(*) FROM coaches AS c
        WHERE c.school_id = s.id AND c.user_id = COALESCE(:user_id, (SELECT id FROM sole_user))) AS coach_count
FROM schools AS s
ORDER BY s.name COLLATE NOCASE, s.id;
