-- name: posts-show
-- One post in the posts API's shape, with its template's placeholders, author and reply count.
-- :id  text: the post's id
SELECT id, parent_id, title, summary, body, template_name, placeholder_title, placeholder_summary, placeholder_body,
       author_id, author_name, author_email, child_count, created_at, updated_at
FROM posts_with_placeholders
WHERE id = :id;
