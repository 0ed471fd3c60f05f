-- Schema: tables, defaults, triggers and foreign keys (0001_core.sql, 0002_search.sql), on small
-- hand-made rows. Constraint *errors* are checked in Tests/SwitchboardDBTests/MigrationConstraintTests.swift.
.read Tests/schema/schema.sql

SELECT 'tables_version', (SELECT user_version FROM pragma_user_version) = 3;
SELECT 'tables_pragmas_from_file', (SELECT foreign_keys FROM pragma_foreign_keys) = 1
    AND (SELECT recursive_triggers FROM pragma_recursive_triggers) = 1;
SELECT 'tables_notification_types', (SELECT group_concat(emoji || label, ',') FROM (SELECT * FROM notification_types ORDER BY sort_order))
    = '🔔Follow-ups,⏰Deadlines,📊Digests,📧Messages,🎉Achievements,📅Events';
SELECT 'tables_variables_guide', (SELECT group_concat(name || '=' || source, ',') FROM (SELECT * FROM template_variables ORDER BY sort_order))
    = 'coach_name=coaches.name,athlete_name=users.name,school_name=schools.name,sport=users.sport';
SELECT 'tables_icons', (SELECT count(*) FROM tg_icons) = 24 AND (SELECT name FROM tg_icons ORDER BY sort_order LIMIT 1) = 'paperplane.fill';

-- sole_user: no user, one user, two users.
SELECT 'sole_user_none', (SELECT count(*) FROM sole_user) = 0;
INSERT INTO users (id, name, sport) VALUES ('u1', 'Jordan Lee', 'Soccer');
SELECT 'sole_user_one', (SELECT id FROM sole_user) = 'u1';
INSERT INTO users (id, name) VALUES ('u2', 'Sam');
SELECT 'sole_user_two', (SELECT count(*) FROM sole_user) = 0;
DELETE FROM users WHERE id = 'u2';

-- Defaults.
INSERT INTO schools (id, name) VALUES ('s1', 'State University');
INSERT INTO coaches (id, user_id, school_id, name) VALUES ('c1', 'u1', 's1', 'Coach Smith');
INSERT INTO communication_templates (user_id, name, type, body, updated_at)
VALUES ('u1', 'Intro', 'email', 'Hi {{coach_name}}', '2000-01-01T00:00:00Z');
SELECT 'default_uuid', (SELECT id GLOB '????????-????-4???-[89ab]???-????????????' AND id NOT GLOB '*[^0-9a-f-]*'
    FROM communication_templates);
SELECT 'default_timestamp_format', (SELECT created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'
    FROM communication_templates);
INSERT INTO tg_groups (id, title) VALUES (-1001, 'Team Chat');
INSERT INTO tg_templates (id, name, message_text, target_group_id) VALUES ('t1', 'Late', 'Running late', -1001);
SELECT 'default_icon', (SELECT icon FROM tg_templates WHERE id = 't1') = 'paperplane.fill';
SELECT 'default_member_count', (SELECT member_count FROM tg_groups) = 0;
INSERT INTO notifications (user_id, type, title) VALUES ('u1', 'achievement', 'Award');
SELECT 'default_notification', (SELECT priority = 'normal' AND is_read = 0 AND read_at IS NULL AND metadata = '{}'
    AND message = '' FROM notifications WHERE title = 'Award');
INSERT INTO social_media_posts (user_id, platform, post_url) VALUES ('u1', 'twitter', 'https://x.com/a/1');
INSERT INTO social_media_posts (user_id, platform, post_url) VALUES ('u1', 'twitter', 'https://x.com/a/0');
SELECT 'default_uuid_distinct', (SELECT count(DISTINCT id) FROM social_media_posts) = 2;
DELETE FROM social_media_posts WHERE post_url = 'https://x.com/a/0';
SELECT 'default_post', (SELECT media_urls = '[]' AND likes_count = 0 AND is_flagged = 0 AND is_recruiting_related = 0
    AND post_content = '' AND sentiment IS NULL FROM social_media_posts);

-- updated_at: kept by triggers, unless the statement sets it.
UPDATE communication_templates SET body = 'Hello {{coach_name}}';
SELECT 'updated_at_touched', (SELECT updated_at > '2000-01-01T00:00:00Z' FROM communication_templates);
UPDATE communication_templates SET body = 'Hey', updated_at = '2001-02-03T04:05:06Z';
SELECT 'updated_at_explicit_kept', (SELECT updated_at FROM communication_templates) = '2001-02-03T04:05:06Z';
UPDATE tg_templates SET updated_at = '2000-01-01T00:00:00Z';
UPDATE tg_templates SET icon = 'car.fill';
SELECT 'updated_at_tg', (SELECT updated_at > '2000-01-01T00:00:00Z' FROM tg_templates);

-- tg_templates.sort_order: NULL means last.
INSERT INTO tg_templates (id, name, message_text) VALUES ('t2', 'Home', 'Home safe');
INSERT INTO tg_templates (id, name, message_text, sort_order) VALUES ('t3', 'Pinned', 'Hi', 10);
INSERT INTO tg_templates (id, name, message_text) VALUES ('t4', 'After', 'Bye');
SELECT 'sort_order_filled', (SELECT group_concat(id || '=' || sort_order, ',') FROM (SELECT * FROM tg_templates ORDER BY sort_order))
    = 't1=0,t2=1,t3=10,t4=11';

-- read_at follows is_read.
UPDATE notifications SET is_read = 1 WHERE title = 'Award';
SELECT 'read_at_stamped', (SELECT read_at GLOB '2*Z' FROM notifications WHERE title = 'Award');
UPDATE notifications SET is_read = 0 WHERE title = 'Award';
SELECT 'read_at_cleared', (SELECT read_at IS NULL FROM notifications WHERE title = 'Award');
UPDATE notifications SET is_read = 1, read_at = '2026-01-01T00:00:00Z' WHERE title = 'Award';
SELECT 'read_at_given_kept', (SELECT read_at FROM notifications WHERE title = 'Award') = '2026-01-01T00:00:00Z';

-- Inbound interactions notify; outbound ones don't.
INSERT INTO interactions (user_id, coach_id, channel, direction, subject, occurred_at)
VALUES ('u1', 'c1', 'email', 'outbound', 'Hello', '2026-02-01T10:00:00Z');
SELECT 'inbound_none_for_outbound', (SELECT count(*) FROM notifications WHERE type = 'inbound_interaction') = 0;
INSERT INTO interactions (user_id, coach_id, channel, direction, subject, body, occurred_at)
VALUES ('u1', 'c1', 'email', 'inbound', 'Re: Hello', 'Thanks!', '2026-02-02T10:00:00Z');
SELECT 'inbound_notification', (SELECT title = 'New email from Coach Smith' AND message = 'Re: Hello' AND priority = 'high'
    AND action_url = '/coaches?highlight=c1' AND scheduled_for = '2026-02-02T10:00:00Z' AND coach_id = 'c1' AND is_read = 0
    FROM notifications WHERE type = 'inbound_interaction');
INSERT INTO interactions (user_id, coach_id, channel, direction, subject, body, occurred_at)
VALUES ('u1', NULL, 'phone', 'inbound', '  ', 'Voicemail about the camp', '2026-02-03T10:00:00Z');
SELECT 'inbound_without_coach', (SELECT title = 'New call from a coach' AND message = 'Voicemail about the camp'
    AND action_url IS NULL FROM notifications WHERE scheduled_for = '2026-02-03T10:00:00Z');

-- Foreign keys: cascades and SET NULL.
INSERT INTO social_media_posts (user_id, coach_id, school_id, platform, post_url, post_content)
VALUES ('u1', 'c1', 's1', 'instagram', 'https://instagram.com/p/2', 'Visit day');
DELETE FROM schools WHERE id = 's1';
SELECT 'fk_school_set_null', (SELECT school_id IS NULL FROM coaches WHERE id = 'c1')
    AND (SELECT school_id IS NULL FROM social_media_posts WHERE post_url = 'https://instagram.com/p/2');
DELETE FROM coaches WHERE id = 'c1';
SELECT 'fk_coach_cascade', (SELECT count(*) FROM interactions WHERE coach_id IS NOT NULL) = 0
    AND (SELECT count(*) FROM notifications WHERE coach_id IS NOT NULL) = 0
    AND (SELECT coach_id IS NULL FROM social_media_posts WHERE post_url = 'https://instagram.com/p/2');
DELETE FROM tg_groups WHERE id = -1001;
SELECT 'fk_group_set_null', (SELECT target_group_id IS NULL FROM tg_templates WHERE id = 't1');
INSERT INTO post_templates (name) VALUES ('recap');
INSERT INTO posts (id, user_id, title, template_name) VALUES ('p1', 'u1', 'Top', 'recap');
INSERT INTO posts (id, user_id, parent_id, title) VALUES ('p2', 'u1', 'p1', 'Reply');
UPDATE post_templates SET name = 'game_recap';
SELECT 'fk_template_rename_cascades', (SELECT template_name FROM posts WHERE id = 'p1') = 'game_recap';
DELETE FROM posts WHERE id = 'p1';
SELECT 'fk_replies_cascade', (SELECT count(*) FROM posts) = 0;
SELECT 'fk_check_clean', (SELECT count(*) FROM pragma_foreign_key_check) = 0;
DELETE FROM users;
SELECT 'fk_user_cascade', (SELECT count(*) FROM social_media_posts) + (SELECT count(*) FROM notifications)
    + (SELECT count(*) FROM communication_templates) + (SELECT count(*) FROM interactions) = 0;
SELECT 'fts_emptied_with_user', (SELECT count(*) FROM notifications_fts WHERE notifications_fts MATCH 'award') = 0;
SELECT 'index_status_ok', (SELECT min(ok) FROM search_index_status) = 1;
