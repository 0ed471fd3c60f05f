-- name: social-clear-notes!
-- Clears one post's notes. Reports 1 changed row, or 0 when the post is not the user's or has no notes.
-- :id       text: the post's id
-- :user_id  text, optional: the acting user (defaults to the database's only user)
UPDATE social_media_posts SET notes = NULL
WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND notes IS NOT NULL;
