-- Schema: tables, defaults, triggers and foreign keys (0001_core.sql, 0002_search.sql, 0004_spec_model.sql), on small
-- hand-made rows. Constraint *errors* are checked in Tests/SwitchboardDBTests/MigrationConstraintTests.swift.
.read Tests/schema/schema.sql

SELECT 'tables_version', (SELECT user_version FROM pragma_user_version) >= 5;
SELECT 'tables_pragmas_from_file', (SELECT foreign_keys FROM pragma_foreign_keys) = 1
    AND (SELECT recursive_triggers FROM pragma_recursive_triggers) = 1;
SELECT 'tables_notification_types', (SELECT group_concat(emoji || label, ',') FROM (SELECT * FROM notification_types ORDER BY sort_order))
    = '🔔Follow-ups,⏰Deadlines,📧Inbound,📊Digest,🎉Offers,📅Events'
    AND (SELECT group_concat(type, ',') FROM (SELECT * FROM notification_types ORDER BY sort_order))
    = 'follow_up_reminder,deadline_alert,inbound_interaction,daily_digest,offer,event';
SELECT 'tables_variables_guide', (SELECT group_concat(name || '=' || source, ',') FROM (SELECT * FROM template_variables ORDER BY sort_order))
    = 'coach_name=coaches.name,athlete_name=users.name,school_name=schools.name,sport=users.sport';
SELECT 'tables_icons', (SELECT count(*) FROM tg_icons) = 36 AND (SELECT name FROM tg_icons ORDER BY sort_order LIMIT 1) = 'paperplane.fill'
    AND (SELECT name FROM tg_icons ORDER BY sort_order DESC LIMIT 1) = 'info.circle.fill';

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
INSERT INTO notifications (user_id, type, title) VALUES ('u1', 'offer', 'Award');
SELECT 'default_notification', (SELECT priority = 'normal' AND read_at IS NULL AND metadata = '{}' AND email_sent IS NULL
    AND message = '' AND updated_at = created_at FROM notifications WHERE title = 'Award');
INSERT INTO communication_templates (user_id, name, body) VALUES ('u1', 'Untyped', 'Hi');
SELECT 'default_template_type', (SELECT type = 'email' AND variables IS NULL FROM communication_templates WHERE name = 'Untyped');
DELETE FROM communication_templates WHERE name = 'Untyped';
INSERT INTO social_media_posts (user_id, platform, post_url, author_name, author_handle) VALUES ('u1', 'twitter', 'https://x.com/a/1', 'A', '@a');
INSERT INTO social_media_posts (user_id, platform, post_url, author_name, author_handle) VALUES ('u1', 'twitter', 'https://x.com/a/0', 'A', '@a');
SELECT 'default_uuid_distinct', (SELECT count(DISTINCT id) FROM social_media_posts) = 2;
DELETE FROM social_media_posts WHERE post_url = 'https://x.com/a/0';
SELECT 'default_post', (SELECT media_urls = '[]' AND likes_count = 0 AND flagged_for_review = 0 AND is_recruiting_related = 0
    AND post_content = '' AND sentiment IS NULL FROM social_media_posts);

-- updated_at: kept by triggers, unless the statement sets it.
UPDATE communication_templates SET body = 'Hello {{coach_name}}';
SELECT 'updated_at_touched', (SELECT updated_at > '2000-01-01T00:00:00Z' FROM communication_templates);
UPDATE communication_templates SET body = 'Hey', updated_at = '2001-02-03T04:05:06Z';
SELECT 'updated_at_explicit_kept', (SELECT updated_at FROM communication_templates) = '2001-02-03T04:05:06Z';
UPDATE tg_templates SET updated_at = '2000-01-01T00:00:00Z';
UPDATE tg_templates SET icon = 'car.fill';
SELECT 'updated_at_tg', (SELECT updated_at > '2000-01-01T00:00:00Z' FROM tg_templates);

-- tg_templates.sort_order defaults to 0, as the app's Template init gives it.
INSERT INTO tg_templates (id, name, message_text) VALUES ('t2', 'Home', 'Home safe');
INSERT INTO tg_templates (id, name, message_text, sort_order) VALUES ('t3', 'Pinned', 'Hi', 10);
SELECT 'sort_order_default_zero', (SELECT group_concat(id || '=' || sort_order, ',') FROM (SELECT * FROM tg_templates ORDER BY sort_order, id))
    = 't1=0,t2=0,t3=10';

-- read_at is the read state; writing it stamps updated_at unless the statement sets it.
UPDATE notifications SET updated_at = '2000-01-01T00:00:00Z' WHERE title = 'Award';
UPDATE notifications SET read_at = '2026-01-01T00:00:00Z' WHERE title = 'Award';
SELECT 'read_at_kept_updated_at_stamped', (SELECT read_at = '2026-01-01T00:00:00Z' AND updated_at > '2000-01-01T00:00:00Z'
    FROM notifications WHERE title = 'Award');

-- ISO timestamps as the apps' back ends write them: Z, +00:00, fractional seconds; stored as given.
INSERT INTO notifications (user_id, type, title, scheduled_for, read_at)
VALUES ('u1', 'event', 'Offset', '2026-02-10T12:00:00+00:00', '2026-02-10T12:05:00.123Z');
SELECT 'iso_offset_and_fraction_kept', (SELECT scheduled_for = '2026-02-10T12:00:00+00:00' AND read_at = '2026-02-10T12:05:00.123Z'
    FROM notifications WHERE title = 'Offset');
DELETE FROM notifications WHERE title = 'Offset';

-- Inbound interactions notify; outbound ones don't.
INSERT INTO interactions (user_id, coach_id, channel, direction, subject, occurred_at)
VALUES ('u1', 'c1', 'email', 'outbound', 'Hello', '2026-02-01T10:00:00Z');
SELECT 'inbound_none_for_outbound', (SELECT count(*) FROM notifications WHERE type = 'inbound_interaction') = 0;
INSERT INTO interactions (user_id, coach_id, channel, direction, subject, body, occurred_at)
VALUES ('u1', 'c1', 'email', 'inbound', 'Re: Hello', 'Thanks!', '2026-02-02T10:00:00Z');
SELECT 'inbound_notification', (SELECT title = 'New email from Coach Smith' AND message = 'Re: Hello' AND priority = 'high'
    AND action_url = '/coaches?highlight=c1' AND scheduled_for = '2026-02-02T10:00:00Z' AND related_coach_id = 'c1'
    AND related_entity_type = 'coach' AND related_entity_id = 'c1' AND related_school_id = 's1' AND read_at IS NULL
    FROM notifications WHERE type = 'inbound_interaction');
INSERT INTO interactions (user_id, coach_id, channel, direction, subject, body, occurred_at)
VALUES ('u1', NULL, 'phone', 'inbound', '  ', 'Voicemail about the camp', '2026-02-03T10:00:00Z');
SELECT 'inbound_without_coach', (SELECT title = 'New call from a coach' AND message = 'Voicemail about the camp'
    AND action_url IS NULL FROM notifications WHERE scheduled_for = '2026-02-03T10:00:00Z');

-- Foreign keys within the workspace cascade; the apps' back-end ids (a post's school and coach, a
-- notification's related ids, a chat id, a post's template) are kept as given.
INSERT INTO social_media_posts (user_id, coach_id, school_id, platform, post_url, post_content, author_name, author_handle)
VALUES ('u1', 'c1', 's1', 'instagram', 'https://instagram.com/p/2', 'Visit day', 'Coach Smith', '@smith');
INSERT INTO social_media_posts (user_id, coach_id, school_id, platform, post_url, author_name, author_handle)
VALUES ('u1', 'coach-uuid', 'school-uuid', 'twitter', 'https://x.com/a/9', 'Elsewhere', '@else');
SELECT 'unknown_refs_accepted', (SELECT coach_id = 'coach-uuid' AND school_id = 'school-uuid' FROM social_media_posts
    WHERE post_url = 'https://x.com/a/9');
DELETE FROM schools WHERE id = 's1';
SELECT 'fk_school_set_null', (SELECT school_id IS NULL FROM coaches WHERE id = 'c1')
    AND (SELECT school_id = 's1' FROM social_media_posts WHERE post_url = 'https://instagram.com/p/2');
DELETE FROM coaches WHERE id = 'c1';
SELECT 'fk_coach_cascade', (SELECT count(*) FROM interactions WHERE coach_id IS NOT NULL) = 0
    AND (SELECT count(*) FROM notifications WHERE related_coach_id = 'c1') = 1
    AND (SELECT coach_id = 'c1' FROM social_media_posts WHERE post_url = 'https://instagram.com/p/2');
DELETE FROM tg_groups WHERE id = -1001;
SELECT 'group_id_kept', (SELECT target_group_id = -1001 FROM tg_templates WHERE id = 't1');
INSERT INTO post_templates (name, placeholder_title, placeholder_summary, placeholder_body) VALUES ('recap', 'T', 'S', 'B');
INSERT INTO posts (id, user_id, title, template_name) VALUES (1, 7, 'Top', 'recap');
INSERT INTO posts (id, user_id, parent_id, title, template_name) VALUES (2, 7, 1, 'Reply', 'nonexistent');
SELECT 'post_defaults', (SELECT summary = '' AND body = '' AND timezone = 'UTC' AND ai_generated = 0 AND image_url IS NULL
    FROM posts WHERE id = 1);
SELECT 'post_unknown_template_accepted', (SELECT template_name FROM posts WHERE id = 2) = 'nonexistent';
DELETE FROM posts WHERE id = 1;
SELECT 'fk_replies_cascade', (SELECT count(*) FROM posts) = 0;
SELECT 'fk_check_clean', (SELECT count(*) FROM pragma_foreign_key_check) = 0;
DELETE FROM users;
SELECT 'fk_user_cascade', (SELECT count(*) FROM social_media_posts) + (SELECT count(*) FROM notifications)
    + (SELECT count(*) FROM communication_templates) + (SELECT count(*) FROM interactions) = 0;
SELECT 'fts_emptied_with_user', (SELECT count(*) FROM notifications_trigram WHERE notifications_trigram MATCH 'awa AND ard') = 0;
SELECT 'index_status_ok', (SELECT min(ok) FROM search_index_status) = 1;
