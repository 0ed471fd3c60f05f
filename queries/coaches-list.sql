-- name: coaches-list(user_id, school_id)
-- The user's coaches, by name, with their school ("Unknown School" when none) and last outbound contact.
-- :user_id    text, optional: the acting user (defaults to the database's only user)
-- :school_id  text, optional: only this school's coaches
-- display: id, name, title, school_name, email, last_contacted_at
SELECT c.id, c.user_id, c.school_id, c.name, c.title, c.email, c.phone, c.twitter_handle, c.instagram_handle,
       c.created_at, c.updated_at, coalesce(s.name, 'Unknown School') AS school_name,
       (SELECT max(occurred_at) FROM interactions AS i
        WHERE i.user_id = c.user_id AND i.coach_id = c.id AND i.direction = 'outbound') AS last_contacted_at
FROM coaches AS c
LEFT JOIN schools AS s ON s.id = c.school_id
WHERE c.user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
  AND (:school_id IS NULL OR c.school_id = :school_id)
ORDER BY c.name COLLATE NOCASE, c.id;
