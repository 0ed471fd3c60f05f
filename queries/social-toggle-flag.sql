-- name: social-toggle-flag!
-- Flips one post's flag (the card's flag button) and returns the post's id and its new is_flagged.
-- Returns no row when the post is not the user's.
-- :id       text: the post's id
-- :user_id  text, optional: the acting user (defaults to the database's only user)
UPDATE social_media_posts SET is_flagged = 1 - is_flagged
WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
RETURNING id, is_flagged;
