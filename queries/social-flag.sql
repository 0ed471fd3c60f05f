-- name: social-flag!
-- Flags one post for follow-up. Reports 1 changed row, or 0 when the post is not the user's or already flagged.
-- :id       text: the post's id
-- :user_id  text, optional: the acting user (defaults to the database's only user)
UPDATE social_media_posts SET is_flagged = 1
WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND is_flagged = 0;
