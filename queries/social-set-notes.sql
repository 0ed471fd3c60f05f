-- name: social-set-notes!
-- Sets one post's notes; blank text clears them (stored as NULL). Reports the changed row count.
-- :id       text: the post's id
-- :notes    text: the notes
-- :user_id  text, optional: the acting user (defaults to the database's only user)
UPDATE social_media_posts SET notes = CASE WHEN trim(:notes) <> '' THEN :notes END
WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
