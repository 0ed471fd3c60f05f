-- name: social-clear-notes(id, user_id)<!
-- Removes one post's notes (notes = NULL). Returns the updated post; an id that is not the user's is an error.
-- missing: Post not found
-- :id       text: the post's id
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- returns boolean: is_recruiting_related, flagged_for_review
-- display: id, author_name, post_date, flagged_for_review, notes
UPDATE social_media_posts SET notes = NULL, updated_at = switchboard_now()
WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
RETURNING id, coach_id, school_id, platform, post_url, post_content, post_date, author_handle, author_name,
          is_recruiting_related, flagged_for_review, sentiment, notes, created_at, updated_at;
