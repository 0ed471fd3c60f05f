-- Plain SQLite: INSERT, UPDATE and DELETE on every table from the sqlite3 shell WITHOUT the
-- Switchboard extension, so no trigger, CHECK, default or index may call one of its functions.
-- Run (cwd = package root):  sqlite3 -bail :memory: < Tests/schema/plain_writes.sql
-- Every output row must be `case_id|1`. (Tests/SwitchboardDBTests/MigrationPlainSQLiteTests.swift)
.read Tests/schema/schema.sql

INSERT INTO users (name, email, sport, graduation_year) VALUES ('Jordan Lee', 'jordan@example.com', 'Soccer', 2027);
INSERT INTO schools (name, state) VALUES ('State University', 'CA');
INSERT INTO coaches (user_id, school_id, name, twitter_handle)
SELECT (SELECT id FROM users), (SELECT id FROM schools), 'Coach Smith', '@coachsmith';
INSERT INTO communication_templates (user_id, name, type, body)
VALUES ((SELECT id FROM users), 'Intro', 'email', 'Hi {{coach_name}}');
INSERT INTO template_variables (name, description, source) VALUES ('position', 'Your position', 'users.position');
INSERT INTO interactions (user_id, coach_id, direction, subject)
VALUES ((SELECT id FROM users), (SELECT id FROM coaches), 'inbound', 'Visit');
INSERT INTO social_media_posts (user_id, platform, post_url, post_content, post_date, author_name, author_handle,
    is_recruiting_related, flagged_for_review)
VALUES ((SELECT id FROM users), 'twitter', 'https://x.com/1', 'Big day #ScholarshipOffer', '2026-02-10T14:30:00.250+00:00',
    'Coach Smith', '@coachsmith', TRUE, FALSE);
INSERT OR REPLACE INTO social_media_posts (user_id, platform, post_url, post_content, author_name, author_handle)
VALUES ((SELECT id FROM users), 'instagram', 'https://x.com/1', 'Replaced', 'Fan Page', '@fanpage');
INSERT INTO notification_types (type, label, emoji, sort_order) VALUES ('custom', 'Custom', '✨', 7);
INSERT INTO notifications (user_id, type, title) VALUES ((SELECT id FROM users), 'offer', 'Award');
INSERT INTO tg_groups (id, title, member_count) VALUES (-1001, 'Team Chat', 12);
INSERT INTO tg_templates (name, message_text, target_group_id) VALUES ('On my way', 'Leaving now', -1001);
INSERT INTO tg_icons (name) VALUES ('soccerball');
INSERT INTO post_templates (name, placeholder_title, placeholder_summary, placeholder_body)
VALUES ('recap', 'Game recap', 'Score', 'Story');
INSERT INTO posts (user_id, title, template_name) VALUES (22, 'First', 'recap');
INSERT INTO posts (user_id, parent_id, title, template_name) VALUES (22, (SELECT id FROM posts), 'Reply', 'missing');
INSERT INTO routes (pattern, screen) VALUES ('/teams/:id', 'team_detail');

SELECT 'plain_uuid_default', (SELECT id GLOB '[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f]-4[0-9a-f][0-9a-f][0-9a-f]-[89ab][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]' FROM users);
SELECT 'plain_inbound_trigger', (SELECT count(*) FROM notifications WHERE type = 'inbound_interaction') = 1;
SELECT 'plain_replace_kept_one_post', (SELECT count(*) FROM social_media_posts) = 1;
SELECT 'plain_fts_after_replace', (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH 'replaced') = 1
    AND (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH 'smith') = 0;
SELECT 'plain_tg_sort_order', (SELECT sort_order FROM tg_templates) = 0;

UPDATE users SET sport = 'Tennis';
UPDATE schools SET city = 'Springfield';
UPDATE coaches SET title = 'Head Coach';
UPDATE communication_templates SET body = 'Hello {{coach_name}}';
UPDATE template_variables SET description = 'Position played' WHERE name = 'position';
UPDATE interactions SET body = 'See you soon';
UPDATE social_media_posts SET post_content = 'Updated #NewTag', flagged_for_review = 1;
UPDATE notification_types SET label = 'Customs' WHERE type = 'custom';
UPDATE notifications SET read_at = '2026-02-10T12:00:00Z';
UPDATE tg_groups SET member_count = 13, title = 'Team Room';
UPDATE tg_templates SET icon = 'car.fill';
UPDATE tg_icons SET sort_order = 99 WHERE name = 'soccerball';
UPDATE post_templates SET placeholder_body = 'What happened?';
UPDATE posts SET summary = 'Short' WHERE parent_id IS NULL;
UPDATE routes SET screen = 'team';

SELECT 'plain_read_at_kept', (SELECT count(*) FROM notifications WHERE read_at IS NULL) = 0;
SELECT 'plain_fts_after_update', (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH '"tag"*') = 1;

INSERT INTO social_posts_fts (social_posts_fts) VALUES ('integrity-check');
INSERT INTO notifications_trigram (notifications_trigram) VALUES ('integrity-check');

DELETE FROM routes;
DELETE FROM posts WHERE parent_id IS NOT NULL;
DELETE FROM posts;
DELETE FROM post_templates;
DELETE FROM tg_icons WHERE name = 'soccerball';
DELETE FROM tg_templates;
DELETE FROM tg_groups;
DELETE FROM notifications;
DELETE FROM notification_types WHERE type = 'custom';
DELETE FROM social_media_posts;
DELETE FROM interactions;
DELETE FROM template_variables WHERE name = 'position';
DELETE FROM communication_templates;
DELETE FROM coaches;
DELETE FROM schools;
DELETE FROM users;

SELECT 'plain_all_deleted', (SELECT count(*) FROM users) + (SELECT count(*) FROM posts)
    + (SELECT count(*) FROM social_media_posts) + (SELECT count(*) FROM notifications) = 0;
SELECT 'plain_fts_emptied', (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH 'updated') = 0;
INSERT INTO social_posts_fts (social_posts_fts) VALUES ('integrity-check');
SELECT 'plain_foreign_keys_clean', (SELECT count(*) FROM pragma_foreign_key_check) = 0;
SELECT 'plain_user_version', (SELECT user_version FROM pragma_user_version) >= 5;
