-- Schema: the page views (0003_views.sql) on the demo data, with the clock pinned to the demo's
-- anchor so relative times are golden.
.read Tests/schema/demo.sql

-- social_feed
SELECT 'feed_rows', (SELECT count(*) FROM social_feed WHERE user_id = (SELECT id FROM sole_user)) = 300;
SELECT 'feed_newest_first', (SELECT seq FROM social_feed LIMIT 1) = 1
    AND (SELECT seq FROM social_feed LIMIT 1 OFFSET 299) = 300;
SELECT 'feed_card_with_coach', (SELECT platform = 'twitter' AND school_name = 'Eastfield University'
    AND coach_name = 'Zoë García' AND display_name = 'Zoë García' AND author_name = 'Zoë García' AND author_handle = '@coachgarcia'
    AND relative_time = '39 min. ago' AND sentiment_label = '👍 Positive' AND sentiment_emoji = '👍' AND is_recruiting_related = 1
    AND flagged_for_review = 0 AND platform_label = 'Twitter/X' AND platform_color = '#1DA1F2'
    AND accessibility_label = 'Twitter post from Zoë García. 39 min. ago. Huge win tonight for the squad. Details in the link. #CommitNation. Positive. Not flagged.'
    AND has_notes = 0 AND preview = 'Huge win tonight for the squad. Details in the link. #CommitNation'
    FROM social_feed WHERE seq = 1);
SELECT 'feed_card_without_coach', (SELECT school_name = 'Unknown School' AND coach_name IS NULL
    AND display_name = 'Smith Family' AND author_name = 'Smith Family' AND author_handle = '@smithfamily'
    AND author_avatar_url = 'https://avatars.example.com/fan5.png' AND relative_time = '4 hr. ago'
    FROM social_feed WHERE seq = 5);
SELECT 'feed_unknown_school_count', (SELECT count(*) FROM social_feed WHERE school_name = 'Unknown School') = 50;
SELECT 'feed_coach_without_school', (SELECT school_name FROM social_feed WHERE coach_name = 'Ana Chen' LIMIT 1) = 'Unknown School';
SELECT 'feed_months_ago', (SELECT relative_time FROM social_feed WHERE seq = 300) = '4 mo. ago';
SELECT 'feed_weeks_ago', (SELECT relative_time FROM social_feed WHERE seq = 65) = '1 wk. ago';
SELECT 'feed_days_ago', (SELECT relative_time FROM social_feed WHERE seq = 26) = '2 days ago';
SELECT 'feed_spec_keys_first', (SELECT group_concat(name, ',') FROM (SELECT name FROM pragma_table_info('social_feed') LIMIT 15))
    = 'id,coach_id,school_id,platform,post_url,post_content,post_date,author_handle,author_name,is_recruiting_related,'
      || 'flagged_for_review,sentiment,notes,created_at,updated_at';
SELECT 'feed_sentiment_labels', (SELECT group_concat(sentiment_label, ',') FROM (SELECT DISTINCT sentiment_label
    FROM social_feed ORDER BY sentiment_label)) = '👍 Positive,👎 Negative,🔥 Very Positive,😐 Neutral'
    AND (SELECT count(*) FROM social_feed WHERE sentiment_label IS NULL) = 60;
SELECT 'feed_has_notes', (SELECT count(*) FROM social_feed WHERE has_notes = 1) = 12
    AND (SELECT has_notes FROM social_feed WHERE seq = 13) = 1
    AND (SELECT has_notes FROM social_feed WHERE seq = 26) = 0;
SELECT 'feed_preview_five_lines', (SELECT preview FROM social_feed WHERE seq = 10)
    = 'Great to see our recruits at the ID camp today! #GameDay' || char(10) || 'This week:' || char(10)
      || 'Mon — lifting' || char(10) || 'Tue — film' || char(10) || 'Wed — scrimmage';
SELECT 'feed_preview_only_long_posts', (SELECT count(*) FROM social_feed WHERE preview <> post_content) = 30;
SELECT 'feed_filter_platform', (SELECT count(*) FROM social_feed WHERE platform = 'instagram') = 100
    AND (SELECT count(*) FROM social_feed WHERE platform = 'twitter') = 200;
SELECT 'feed_filter_flagged', (SELECT count(*) FROM social_feed WHERE flagged_for_review = 1) = 33;
SELECT 'feed_filter_recruiting', (SELECT count(*) FROM social_feed WHERE is_recruiting_related = 1) = 226;
SELECT 'feed_filter_sentiment', (SELECT count(*) FROM social_feed WHERE sentiment = 'negative') = 60;
SELECT 'feed_filter_school', (SELECT count(*) FROM social_feed WHERE school_id = '00000002-0000-4000-8000-000000000001') = 25;
SELECT 'feed_search_hashtag', (SELECT count(*) FROM social_feed
    WHERE seq IN (SELECT rowid FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('scholarship'))) = 37;
SELECT 'feed_search_combined', (SELECT count(*) FROM social_feed
    WHERE seq IN (SELECT rowid FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('scholarship'))
      AND platform = 'twitter' AND is_recruiting_related = 1 AND sentiment IS NOT NULL)
    = (SELECT count(*) FROM social_media_posts WHERE post_content LIKE '%#ScholarshipOffer%'
      AND platform = 'twitter' AND is_recruiting_related = 1 AND sentiment IS NOT NULL);
SELECT 'feed_search_mention_suffix', (SELECT count(*) FROM social_feed
    WHERE seq IN (SELECT rowid FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('davis')))
    = (SELECT count(*) FROM social_media_posts WHERE post_content LIKE '%davis%' OR author_handle LIKE '%davis%'
       OR author_name LIKE '%davis%');
SELECT 'feed_search_accent', (SELECT count(*) FROM social_feed
    WHERE seq IN (SELECT rowid FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('jose')))
    = (SELECT count(*) FROM social_media_posts WHERE author_name LIKE 'José%' OR post_content LIKE '%josé%');

-- social_stats
SELECT 'stats_counts', (SELECT totalPosts = 300 AND twitterPosts = 200 AND instagramPosts = 100 AND flaggedPosts = 33 FROM social_stats);
SELECT 'stats_badges', (SELECT totalPostsBadge = '99+' AND twitterPostsBadge = '99+' AND instagramPostsBadge = '100'
    AND flaggedPostsBadge = '33' FROM social_stats);

-- notification_inbox
SELECT 'inbox_rows', (SELECT count(*) FROM notification_inbox) = 215;
SELECT 'inbox_newest_scheduled_first', (SELECT scheduled_for FROM notification_inbox LIMIT 1) = (SELECT max(scheduled_for) FROM notifications)
    AND (SELECT scheduled_for FROM notification_inbox LIMIT 1 OFFSET 214) = (SELECT min(scheduled_for) FROM notifications);
SELECT 'inbox_first_row', (SELECT id = '00000006-0000-4000-8000-000000000001' AND type_label = 'Deadlines' AND type_emoji = '⏰'
    AND priority_badge = 'NORMAL' AND is_read = 0 AND relative_time = 'in 4h'
    AND route = '{"screen":"documents","type":"transcript"}'
    AND accessibility_label = 'Unread Normal Deadlines: Deadline: Transcript upload. in 4h'
    FROM notification_inbox LIMIT 1);
SELECT 'inbox_read_high', (SELECT accessibility_label FROM notification_inbox WHERE id = '00000006-0000-4000-8000-00000000000e')
    = 'High Digest: Your daily recruiting digest. 7h ago';
SELECT 'inbox_priority_badges', (SELECT group_concat(priority_badge, ',') FROM (SELECT DISTINCT priority_badge
    FROM notification_inbox ORDER BY 1)) = 'HIGH,LOW,NORMAL';
SELECT 'inbox_route_default', (SELECT route FROM notification_inbox WHERE action_url IS NULL LIMIT 1) = '{"screen":"notifications"}';
SELECT 'inbox_route_coach', (SELECT route FROM notification_inbox WHERE id = '00000006-0000-4000-8000-000000000006')
    = '{"screen":"coach_detail","id":"00000003-0000-4000-8000-000000000007"}';
SELECT 'inbox_route_full_url', (SELECT route FROM notification_inbox WHERE id = '00000006-0000-4000-8000-0000000000c7')
    = '{"screen":"school_detail","id":"00000002-0000-4000-8000-000000000002"}';
SELECT 'inbox_route_user_rule', (SELECT route FROM notification_inbox WHERE id = '00000006-0000-4000-8000-0000000000c8')
    = '{"screen":"team_detail","id":"7"}';
SELECT 'inbox_old_date', (SELECT relative_time FROM notification_inbox WHERE id = '00000006-0000-4000-8000-0000000000c8')
    = 'Nov 17, 2025';
SELECT 'inbox_generated_inbound', (SELECT count(*) FROM notification_inbox WHERE type_label = 'Inbound' AND type_emoji = '📧'
    AND title LIKE 'New % from %' AND route LIKE '{"screen":"coach_detail",%') = 48;

-- notification_counts and notification_type_counts
SELECT 'counts_totals', (SELECT total = 215 AND unread = 74 AND read = 141 AND unread_label = '74 unread' AND has_unread = 1 AND has_read = 1
    FROM notification_counts);
SELECT 'counts_per_type', (SELECT follow_up_reminder = 33 AND deadline_alert = 34 AND daily_digest = 34
    AND inbound_interaction = 48 AND offer = 33 AND event = 33 FROM notification_counts);
SELECT 'type_chips', (SELECT group_concat(chip, ',') FROM notification_type_counts)
    = 'All (215),Follow-ups (33),Deadlines (34),Inbound (48),Digest (34),Offers (33),Events (33)';

-- template_library and template_type_counts
SELECT 'library_first', (SELECT name = 'Introduction' AND type_display = 'Email' AND formatted_date = 'Jan 11, 2026'
    AND body_variables = '["coach_name","athlete_name","sport","school_name"]' AND variables IS NULL AND template_error IS NULL
    FROM template_library LIMIT 1);
SELECT 'library_dates', (SELECT group_concat(formatted_date, ',') FROM (SELECT formatted_date FROM template_library LIMIT 3 OFFSET 8))
    = 'Oct 31, 2025,Oct 22, 2025,Oct 13, 2025';
SELECT 'library_type_names', (SELECT group_concat(type_display, ',') FROM (SELECT DISTINCT type_display FROM template_library))
    = 'Email,Text,Twitter';
SELECT 'library_preview_cut', (SELECT body_preview FROM template_library WHERE name = 'Highlight video')
    = 'Coach {{coach_name}}, here is my latest {{sport}} highlight video from the fall season: https://vide...';
SELECT 'library_preview_short', (SELECT body_preview = body FROM template_library WHERE name = 'Thanks text');
SELECT 'library_unknown_variable', (SELECT body_variables FROM template_library WHERE name = 'Academic update')
    = '["coach_name","gpa","school_name","athlete_name"]';
SELECT 'type_buttons', (SELECT group_concat(button_label, ',') FROM template_type_counts)
    = 'All (12),Email (5),Text (4),Twitter (3)';

-- message_drafts
SELECT 'drafts_rows', (SELECT count(*) FROM message_drafts) = 360;
SELECT 'drafts_rendered', (SELECT message FROM message_drafts WHERE template_name = 'Thanks text'
    AND coach_id = '00000003-0000-4000-8000-000000000001') = 'Thanks for the call today, José Smith! Talk soon. - Jordan Rivera';
SELECT 'drafts_no_html_escaping', (SELECT message FROM message_drafts WHERE template_name = 'Introduction'
    AND coach_name = 'Ana O''Brien') LIKE 'Dear Ana O''Brien,%';
SELECT 'drafts_complete', (SELECT missing FROM message_drafts WHERE template_name = 'Introduction'
    AND coach_id = '00000003-0000-4000-8000-000000000001') = '[]';
SELECT 'drafts_missing_school', (SELECT missing FROM message_drafts WHERE template_name = 'Introduction'
    AND coach_id = '00000003-0000-4000-8000-00000000001e') = '["school_name"]';
SELECT 'drafts_missing_unknown', (SELECT missing FROM message_drafts WHERE template_name = 'Academic update'
    AND coach_id = '00000003-0000-4000-8000-000000000001') = '["gpa"]';

-- posts_with_placeholders
SELECT 'posts_rows', (SELECT count(*) FROM posts_with_placeholders) = 12;
SELECT 'posts_template_placeholders', (SELECT placeholder_title = 'Game recap' AND placeholder_summary = 'Final score and highlights'
    AND placeholder_body = 'What happened in the game?' AND title_label = 'Game recap' AND child_count = 3
    AND author_name = 'Jordan Rivera' AND author_email = 'jordan.rivera@example.com' AND user_id = 7 AND timezone = 'UTC'
    AND image_url = 'https://cdn.example.com/posts/1.jpg' AND ai_generated = 0 FROM posts_with_placeholders WHERE id = 1);
SELECT 'posts_spec_profile', (SELECT placeholder_title = 'name' AND placeholder_summary = 'mission'
    AND placeholder_body = 'personal statement' FROM posts_with_placeholders WHERE id = 3);
SELECT 'posts_unknown_template_null', (SELECT template_name = 'journal' AND placeholder_title IS NULL AND placeholder_summary IS NULL
    AND placeholder_body IS NULL AND title_label = 'Title' AND summary_label = 'Summary' AND body_label = 'Body'
    FROM posts_with_placeholders WHERE id = 4);
SELECT 'posts_no_template_fallback', (SELECT placeholder_title IS NULL AND title_label = 'Title' AND summary_label = 'Summary'
    AND body_label = 'Body' FROM posts_with_placeholders WHERE id = 5);
SELECT 'posts_child_counts', (SELECT group_concat(child_count, ',') FROM (SELECT child_count FROM posts_with_placeholders
    ORDER BY id LIMIT 3)) = '3,1,0';
SELECT 'posts_spec_keys_first', (SELECT group_concat(name, ',') FROM (SELECT name FROM pragma_table_info('posts_with_placeholders') LIMIT 17))
    = 'id,user_id,parent_id,title,summary,body,image_url,created_at,timezone,location_tag,ai_generated,author_name,author_email,'
      || 'child_count,placeholder_title,placeholder_summary,placeholder_body';

-- tg_template_buttons and widget_templates
SELECT 'tg_buttons_order', (SELECT group_concat(name, ',') FROM tg_template_buttons)
    = 'On my way,Running late,Practice done,Game day,Pick me up,Home safe,Old team update,Call me';
SELECT 'tg_group_display', (SELECT group_concat(group_display, ',') FROM (SELECT group_display FROM tg_template_buttons LIMIT 2))
    = 'Family,Carpool Crew';
SELECT 'tg_group_unknown', (SELECT group_display = 'Old Team 2024' AND target_group_name = 'Old Team 2024'
    AND member_count IS NULL FROM tg_template_buttons WHERE position = 7);
UPDATE tg_groups SET title = 'Family 2' WHERE id = -1001000000001;
SELECT 'tg_group_name_as_saved', (SELECT target_group_name FROM tg_template_buttons WHERE position = 1) = 'Family';
UPDATE tg_templates SET target_group_name = NULL WHERE name = 'Old team update';
SELECT 'tg_group_select', (SELECT group_display FROM tg_template_buttons WHERE name = 'Old team update') = 'Select...';
SELECT 'tg_deep_link', (SELECT deep_link FROM tg_template_buttons WHERE position = 1)
    = 'tgtemplates://send?id=00000008-0000-4000-8000-000000000001';
UPDATE tg_templates SET sort_order = -1 WHERE name = 'Call me';
SELECT 'tg_reorder_followed', (SELECT name FROM tg_template_buttons WHERE position = 1) = 'Call me';
SELECT 'widget_first_four', (SELECT group_concat(name, ',') FROM widget_templates) = 'Call me,On my way,Running late,Practice done';
SELECT 'widget_shape', (SELECT group_concat(name, ',') FROM pragma_table_info('widget_templates'))
    = 'id,name,icon,messageText,targetGroupId,targetGroupName,includeLocation';

-- One malformed template (written by another tool) never breaks the templates page.
INSERT INTO communication_templates (id, user_id, name, type, body)
VALUES ('t-broken', (SELECT id FROM sole_user), 'Broken', 'email', 'Dear {{#coach}}{{name}}');
SELECT 'library_malformed_listed', (SELECT count(*) FROM template_library) = 13
    AND (SELECT template_error = 'unclosed section ''coach'' opened at line 1, column 6' AND body_variables IS NULL
         AND body_preview = 'Dear {{#coach}}{{name}}' FROM template_library WHERE id = 't-broken')
    AND (SELECT count(*) FROM template_library WHERE template_error IS NULL) = 12;
SELECT 'drafts_malformed_listed', (SELECT count(*) FROM message_drafts) = 390
    AND (SELECT count(*) FROM message_drafts WHERE template_id = 't-broken' AND message IS NULL AND missing IS NULL
         AND template_error LIKE 'unclosed section%') = 30;
DELETE FROM communication_templates WHERE id = 't-broken';

-- A user's shared partials (template_partials, 0008): {{> signature}} in a template renders the user's
-- partial; an unknown partial renders empty.
INSERT INTO template_partials (user_id, name, body)
VALUES ((SELECT id FROM sole_user), 'signature', 'Best,' || char(10) || '{{athlete_name}}');
INSERT INTO communication_templates (id, user_id, name, type, body)
VALUES ('t-signed', (SELECT id FROM sole_user), 'Signed', 'email', 'Hi {{coach_name}},' || char(10) || '{{> signature}}{{> nope}}');
SELECT 'drafts_partial_rendered', (SELECT message FROM message_drafts WHERE template_id = 't-signed'
    AND coach_id = '00000003-0000-4000-8000-000000000001') = 'Hi José Smith,' || char(10) || 'Best,' || char(10) || 'Jordan Rivera';
DELETE FROM communication_templates WHERE id = 't-signed';
DELETE FROM template_partials;

-- A second user: zeros included, per-user rows, and sole_user stops answering.
INSERT INTO users (id, name) VALUES ('u2', 'Sam');
SELECT 'second_user_type_buttons', (SELECT group_concat(button_label, ',') FROM template_type_counts WHERE user_id = 'u2')
    = 'All (0),Email (0),Text (0),Twitter (0)';
SELECT 'second_user_stats', (SELECT totalPosts = 0 AND totalPostsBadge = '0' AND flaggedPosts = 0 FROM social_stats WHERE user_id = 'u2');
SELECT 'second_user_counts', (SELECT total = 0 AND has_unread = 0 AND has_read = 0 FROM notification_counts WHERE user_id = 'u2');
SELECT 'second_user_chips', (SELECT group_concat(chip, ',') FROM notification_type_counts WHERE user_id = 'u2')
    = 'All (0),Follow-ups (0),Deadlines (0),Inbound (0),Digest (0),Offers (0),Events (0)';
SELECT 'second_user_no_sole_user', (SELECT count(*) FROM sole_user) = 0;
