-- name: social-delete(id, user_id)!
-- Deletes one post (its search index entry goes with it). Reports 1 changed row; an id that is not the user's is an error.
-- missing: Post not found
-- :id       text: the post's id
-- :user_id  text, optional: the acting user (defaults to the database's only user)
DELETE FROM social_media_posts
WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user));
