-- name: schools-update(id, name, city, state, division, conference, twitter_handle, instagram_handle, website)<!
-- Changes a school; what is not given stays as it is. Returns it; an unknown id is an error.
-- missing: School not found
-- :id                text: the school's id
-- :name              text, optional: the new name
-- :city              text, optional: the new city
-- :state             text, optional: the new state
-- :division          text, optional: the new division
-- :conference        text, optional: the new conference
-- :twitter_handle    text, optional: the new Twitter handle
-- :instagram_handle  text, optional: the new Instagram handle
-- :website           text, optional: the new website
-- display: id, name, city, state, division, conference
UPDATE schools
SET name = COALESCE(:name, name), city = COALESCE(:city, city), state = COALESCE(:state, state),
    division = COALESCE(:division, division), conference = COALESCE(:conference, conference),
    twitter_handle = COALESCE(:twitter_handle, twitter_handle),
    instagram_handle = COALESCE(:instagram_handle, instagram_handle), website = COALESCE(:website, website),
    updated_at = switchboard_now()
WHERE id = :id
RETURNING id, name, city, state, division, conference, twitter_handle, instagram_handle, website, created_at, updated_at;
