-- name: posts-update(id, title, summary, body, image_url, location_tag, template_name)<!
-- Edits a post (PostView's edit mode) and returns it.
-- It changes the title, summary and body, and optionally the image, location tag and template; what is not
-- given stays as it is. An unknown id is an error.
-- missing: Post not found
-- :id             integer: the post's id
-- :title          text, optional: the new title
-- :summary        text, optional: the new summary
-- :body           text, optional: the new body
-- :image_url      text, optional: the new image
-- :location_tag   text, optional: the new location tag
-- :template_name  text, optional: the new template
-- returns boolean: ai_generated
-- display: id, title, summary, author_name, template_name, created_at
UPDATE posts
SET title = COALESCE(:title, title), summary = COALESCE(:summary, summary), body = COALESCE(:body, body),
    image_url = COALESCE(:image_url, image_url), location_tag = COALESCE(:location_tag, location_tag),
    template_name = COALESCE(:template_name, template_name), updated_at = switchboard_now()
WHERE id = :id
RETURNING id, user_id, parent_id, title, summary, body, image_url, created_at, timezone, location_tag, ai_generated,
          author_name, author_email, template_name, updated_at;
