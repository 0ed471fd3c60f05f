-- name: schools-create(name, city, state, division, conference, twitter_handle, instagram_handle, website, id)<!
-- Adds a school and returns it. A blank name fails with school_name_required.
-- :name              text: the school's name ({{school_name}} in templates)
-- :city              text, optional: its city
-- :state             text, optional: its state
-- :division          text, optional: e.g. D1
-- :conference        text, optional: e.g. Big West
-- :twitter_handle    text, optional: e.g. @StateUSoccer
-- :instagram_handle  text, optional: e.g. stateusoccer
-- :website           text, optional: its website
-- :id                text, optional: the school's id (default: a new UUID)
-- display: id, name, city, state, division, conference
INSERT INTO schools (id, name, city, state, division, conference, twitter_handle, instagram_handle, website,
                     created_at, updated_at)
VALUES (COALESCE(:id, random_uuid()),
        :name, :city, :state, :division, :conference, :twitter_handle, :instagram_handle, :website,
        switchboard_now(), switchboard_now())
RETURNING id, name, city, state, division, conference, twitter_handle, instagram_handle, website, created_at, updated_at;
