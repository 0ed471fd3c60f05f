-- name: posts-with-placeholders
-- Posts in the posts API's shape, newest first, with their template's placeholders, author and reply count.
-- Placeholders fall back to Title, Summary and Body when the post has no template or the template leaves one unset.
-- :template_name  text, optional: only posts of this template
-- :parent_id      text, optional: only replies to this post
-- :limit          integer, default 50: at most this many
SELECT id, parent_id, title, summary, body, template_name, placeholder_title, placeholder_summary, placeholder_body,
       author_id, author_name, author_email, child_count, created_at, updated_at
FROM posts_with_placeholders
WHERE (:template_name IS NULL OR template_name = :template_name)
  AND (:parent_id IS NULL OR parent_id = :parent_id)
ORDER BY created_at DESC, id
LIMIT COALESCE(:limit, 50);
