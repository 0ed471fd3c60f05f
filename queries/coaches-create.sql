-- name: coaches-create(name, school_id, title, email, phone, twitter_handle, instagram_handle, id, user_id)<!
-- Adds a coach for the user and returns it.
-- A blank name fails with coach_name_required; an unknown school id fails with "school 'ID' does not exist
-- (coaches.school_id)".
-- :name              text: the coach's name ({{coach_name}} in templates)
-- :school_id         text, optional: their school (ids from schools-list)
-- :title             text, optional: e.g. Head Coach
-- :email             text, optional: their email
-- :phone             text, optional: their phone
-- :twitter_handle    text, optional: e.g. @coachsmith
-- :instagram_handle  text, optional: e.g. coachsmith
-- :id                text, optional: the coach's id (default: a new UUID)
-- :user_id           text, optional: the acting user (defaults to the database's only user)
-- display: id, name, title, school_id, email
INSERT INTO coaches (id, user_id, school_id, name, title, email, phone, twitter_handle, instagram_handle,
                     created_at, updated_at)
VALUES (COALESCE(:id, random_uuid()),
        COALESCE(:user_id, (SELECT id FROM sole_user)), :school_id, :name, :title, :email, :phone,
        :twitter_handle, :instagram_handle, switchboard_now(), switchboard_now())
RETURNING id, user_id, school_id, name, title, email, phone, twitter_handle, instagram_handle, created_at, updated_at;
