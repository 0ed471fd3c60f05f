-- name: posts-show
-- One post with its template's placeholders, author and reply count.
-- :id  text: the post's id
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
WHERE p.id = :id;
