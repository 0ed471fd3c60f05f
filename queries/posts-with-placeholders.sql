-- name: posts-with-placeholders
-- Posts with their template's editor placeholders (Title/Summary/Body when the post has no template),
-- author and reply count, newest first.
-- :template_name  text, optional: only posts of this template
-- :parent_id      text, optional: only replies to this post
-- :limit          integer, default 50: at most this many
SELECT p.id, p.parent_id, p.title, p.summary, p.body, p.template_name,
       COALESCE(pt.placeholder_title, 'Title') AS placeholder_title,
       COALESCE(pt.placeholder_summary, 'Summary') AS placeholder_summary,
       COALESCE(pt.placeholder_body, 'Body') AS placeholder_body,
       u.name AS author_name, u.email AS author_email,
       (SELECT count(*) FROM posts AS child WHERE child.parent_id = p.id) AS child_count,
       p.created_at, p.updated_at
FROM posts AS p
LEFT JOIN post_templates AS pt ON pt.name = p.template_name
LEFT JOIN users AS u ON u.id = p.user_id
WHERE (:template_name IS NULL OR p.template_name = :template_name)
  AND (:parent_id IS NULL OR p.parent_id = :parent_id)
ORDER BY p.created_at DESC, p.id DESC
LIMIT COALESCE(:limit, 50);
