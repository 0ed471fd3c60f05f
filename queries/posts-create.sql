-- name: posts-create(author_user_id, title, summary, body, template_name, parent_id, image_url, timezone, location_tag, ai_generated, author_name, author_email, id)<!
-- Creates a post (NewPostView) and returns it.
-- The template may be one that does not exist yet: its placeholders then fall back to Title, Summary and Body.
-- :author_user_id  integer: the author's user id (Post.userId)
-- :title           text, default '': the title
-- :summary         text, default '': the summary
-- :body            text, default '': the body
-- :template_name   text, default post: the template whose placeholders the editor shows
-- :parent_id       integer, optional: the post this one replies to
-- :image_url       text, optional: an image
-- :timezone        text, default UTC: the author's time zone
-- :location_tag    text, optional: where it was written
-- :ai_generated    boolean, default false: whether it was written by AI
-- :author_name     text, optional: the author's name
-- :author_email    text, optional: the author's email
-- :id              integer, optional: the post's id (default: the next one)
-- returns boolean: ai_generated
-- display: id, title, summary, author_name, template_name, created_at
INSERT INTO posts (id, user_id, parent_id, title, summary, body, image_url, template_name, created_at, timezone,
                   location_tag, ai_generated, author_name, author_email, updated_at)
VALUES (:id, :author_user_id, :parent_id, COALESCE(:title, ''), COALESCE(:summary, ''), COALESCE(:body, ''),
        :image_url, COALESCE(:template_name, 'post'), switchboard_now(), COALESCE(:timezone, 'UTC'), :location_tag,
        COALESCE(:ai_generated, 0), :author_name, :author_email, switchboard_now())
RETURNING id, user_id, parent_id, title, summary, body, image_url, created_at, timezone, location_tag, ai_generated,
          author_name, author_email, template_name, updated_at;
