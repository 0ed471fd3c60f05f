-- A sqlite3 shell session through the workspace's pages, one view each.
--
-- Run it in a folder that holds libswitchboard.so and the demo database:
--   swift run switchboard-cli demo --now 2026-02-10T12:00:00Z   # writes switchboard-demo.db, made at the anchor
--   cp .build/debug/libswitchboard.so .                 # or the portable build, or switchboard.loadable_path()
--   sqlite3 switchboard-demo.db < examples/shell-session.sql
-- CI runs it exactly so and compares the output with examples/shell-session.expected.

.load ./libswitchboard
-- Every connection sets these (the CLI and `switchboard shell` do; see examples/.sqliterc).
PRAGMA foreign_keys = ON;
PRAGMA recursive_triggers = ON;
-- Pin the clock to the time the demo was made at (--now), so relative times read as the expected output has them.
.output /dev/null
SELECT switchboard_now('2026-02-10T12:00:00Z');
.output stdout
.headers on
.mode list

-- The social page (spec 001): the newest flagged posts, as their cards show them.
SELECT display_name, school_name, relative_time, sentiment_label
FROM social_feed WHERE flagged_for_review ORDER BY post_date DESC LIMIT 3;

-- Its statistics cards.
SELECT totalPosts, twitterPosts, instagramPosts, flaggedPosts, flaggedPostsBadge FROM social_stats;

-- The notifications page (spec 002): the chips, then the newest unread notifications.
SELECT chip FROM notification_type_counts ORDER BY sort_order;
SELECT type_emoji, priority_badge, title, relative_time
FROM notification_inbox WHERE read_at IS NULL AND scheduled_for <= '2026-02-10T12:00:00Z' LIMIT 3;
SELECT unread_label FROM notification_counts;

-- The templates page (spec 000): the filter buttons and the newest templates.
SELECT button_label FROM template_type_counts ORDER BY sort_order;
SELECT name, type_display, formatted_date, body_variables FROM template_library LIMIT 3;

-- A template rendered for a coach, with what is missing.
SELECT coach_name, missing, message FROM message_drafts
WHERE template_name = 'Thanks text' ORDER BY coach_name LIMIT 2;

-- Telegram quick-send (spec 003): the buttons and the widget's four.
SELECT position, name, icon, group_display FROM tg_template_buttons;
SELECT name, messageText, includeLocation FROM widget_templates;

-- Posts with template placeholders (spec 004): the API's placeholders and the editor's labels.
SELECT id, template_name, placeholder_title, title_label FROM posts_with_placeholders ORDER BY id LIMIT 5;

-- Search (docs/search.md): the apps' case-insensitive substring filter, each word in any order, newest first.
SELECT count(*) AS camp_posts FROM post_search('CAMP reg');
SELECT search_contains('line', 'Deadline: Transcript upload') AS inside_a_word;

-- The functions behind the views.
SELECT relative_date('2026-02-10T09:00:00Z') AS notifications, relative_date_abbreviated('2026-02-03T12:00:00Z') AS social,
       sentiment_label('very_positive') AS sentiment, count_badge(101) AS badge,
       route_map('/coaches?highlight=42') AS route;
