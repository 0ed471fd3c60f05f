-- name: posts-with-placeholders(template_name, parent_id, limit)
-- Posts in the posts API's shape (Post), newest first, with their template's placeholders, author and reply count.
-- placeholder_title, placeholder_summary and placeholder_body are null when the post has no template or names one
-- that does not exist, as the API's LEFT JOIN gives them; title_label, summary_label and body_label apply the
-- editor's fallbacks "Title", "Summary" and "Body"; template_display_name is the name as the template picker
-- shows it (template.name.capitalized: "profile" is "Profile").
-- :template_name  text, optional: only posts of this template
-- :parent_id      integer, optional: only replies to this post
-- :limit          integer, between 1 and 10000, default 50: at most this many
-- returns boolean: ai_generated
-- display: id, title, summary, author_name, template_name, created_at
SELECT id, user_id, parent_id, title, summary, body, image_url, created_at, timezone, location_tag, ai_generated,
       author_name, author_email, child_count, placeholder_title, placeholder_summary, placeholder_body, template_name,
       title_label, summary_label, body_label, updated_at, template_display_name
FROM posts_with_placeholders
WHERE (:template_name IS NULL OR template_name = :template_name)
  AND (:parent_id IS NULL OR parent_id = :parent_id)
ORDER BY created_at DESC, id DESC
LIMIT COALESCE(:limit, 50);
