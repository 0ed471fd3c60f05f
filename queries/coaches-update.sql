-- name: coaches-update(id, name, school_id, title, email, phone, twitter_handle, instagram_handle, user_id)<!
-- Changes one of the user's coaches; what is not given stays as it is. Returns it; an id that is not the user's is an error.
-- missing: Coach not found
-- :id                text: the coach's id
-- :name              text, optional: the new name
-- :school_id         text, optional: the new school
-- :title             text, optional: the new title
-- :email             text, optional: the new email
-- :phone             text, optional: the new phone
-- :twitter_handle    text, optional: the new Twitter handle
-- :instagram_handle  text, optional: the new Instagram handle
-- :user_id           text, optional: the acting user (defaults to the database's only user)
-- display: id, name, title, school_id, email
UPDATE coaches
SET name = COALESCE(:name, name), school_id = COALESCE(:school_id, school_id), title = COALESCE(:title, title),
    email = COALESCE(:email, email), phone = COALESCE(:phone, phone),
    twitter_handle = COALESCE(:twitter_handle, twitter_handle),
    instagram_handle = COALESCE(:instagram_handle, instagram_handle), updated_at = switchboard_now()
WHERE id = :id AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
RETURNING id, user_id, school_id, name, title, email, phone, twitter_handle, instagram_handle, created_at, updated_at;
