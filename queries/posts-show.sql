-- name: posts-show(id)
-- One post in the posts API's shape (Post), with its template's placeholders, author and reply count.
-- template_display_name is the picker's template.name.capitalized.
-- :id  integer: the post's id
-- returns boolean: ai_generated
-- display: id, title, summary, author_name, template_name, created_at
SELECT id, user_id, parent_id, title, summary, body, image_url, created_at, timezone, location_tag, ai_generated,
       author_name, author_email, child_count, placeholder_title, placeholder_summary, placeholder_body, template_name,
       title_label, summary_label, body_label, updated_at, template_display_name
FROM posts_with_placeholders
WHERE id = :id;
