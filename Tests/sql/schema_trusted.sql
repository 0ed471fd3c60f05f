-- Schema under PRAGMA trusted_schema = OFF (the hardened setting): which views and writes work.
-- Works: every page view except message_drafts (SQLite 3.40's JSON functions are not INNOCUOUS);
-- writes to the tables without an FTS index (users, schools, coaches, template_variables,
-- tg_templates, tg_icons, post_templates, posts, routes).
-- Fails (checked with their messages in MigrationTrustedSchemaTests.swift): message_drafts, and
-- writes to social_media_posts (the trigram and search_tags triggers), notifications,
-- communication_templates, tg_groups (FTS5 triggers:
-- unsafe use of virtual table "..._fts") and interactions (its trigger may add a notification, so
-- it is refused even for outbound rows).
.read Tests/schema/demo.sql
PRAGMA trusted_schema = OFF;

SELECT 'trusted_off', (SELECT trusted_schema FROM pragma_trusted_schema) = 0;
SELECT 'trusted_social_feed', (SELECT relative_time || ' ' || sentiment_label || ' ' || school_name FROM social_feed LIMIT 1)
    = '39 min. ago 👍 Positive Eastfield University';
SELECT 'trusted_social_stats', (SELECT totalPostsBadge FROM social_stats) = '99+';
SELECT 'trusted_inbox', (SELECT route || ' ' || accessibility_label FROM notification_inbox LIMIT 1)
    = '{"screen":"documents","type":"transcript"} Unread Normal Deadlines: Deadline: Transcript upload. in 4h';
SELECT 'trusted_inbox_user_rule', (SELECT route FROM notification_inbox WHERE action_url = '/teams/7') = '{"screen":"team_detail","id":"7"}';
SELECT 'trusted_counts', (SELECT unread FROM notification_counts) = 74;
SELECT 'trusted_type_counts', (SELECT count(*) FROM notification_type_counts) = 7;
SELECT 'trusted_library', (SELECT formatted_date || ' ' || body_variables FROM template_library LIMIT 1)
    = 'Jan 11, 2026 ["coach_name","athlete_name","sport","school_name"]';
SELECT 'trusted_library_preview', (SELECT length(body_preview) FROM template_library WHERE name = 'Highlight video') = 103;
SELECT 'trusted_type_buttons', (SELECT group_concat(button_label, ',') FROM template_type_counts) = 'All (12),Email (5),Text (4),Twitter (3)';
SELECT 'trusted_posts', (SELECT child_count FROM posts_with_placeholders WHERE id = 1) = 3;
SELECT 'trusted_tg', (SELECT group_display FROM tg_template_buttons LIMIT 1) = 'Family';
SELECT 'trusted_widget', (SELECT count(*) FROM widget_templates) = 4;
SELECT 'trusted_sole_user', (SELECT count(*) FROM sole_user) = 1;
SELECT 'trusted_index_status', (SELECT min(ok) FROM search_index_status) = 1;
SELECT 'trusted_search_reads', (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('scholarship')) = 37;

-- Writes to tables without FTS triggers work (defaults, CHECKs and updated_at triggers included).
INSERT INTO schools (id, name) VALUES ('s-new', 'New School');
INSERT INTO coaches (id, user_id, school_id, name) VALUES ('c-new', (SELECT id FROM sole_user), 's-new', 'New Coach');
UPDATE coaches SET title = 'Head Coach' WHERE id = 'c-new';
INSERT INTO tg_templates (name, message_text, sort_order) VALUES ('Trusted', 'Hello', 8);
UPDATE tg_templates SET icon = 'star.fill' WHERE name = 'Trusted';
INSERT INTO posts (id, user_id, title) VALUES (100, 7, 'Trusted post');
INSERT INTO routes (pattern, screen) VALUES ('/players/:id', 'player_detail');
DELETE FROM posts WHERE id = 100;
SELECT 'trusted_plain_writes', (SELECT sort_order FROM tg_templates WHERE name = 'Trusted') = 8
    AND (SELECT title FROM coaches WHERE id = 'c-new') = 'Head Coach'
    AND (SELECT count(*) FROM routes) = 2;
