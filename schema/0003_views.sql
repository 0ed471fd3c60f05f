-- Superseded: 0004_spec_model.sql drops every view of this file and 0005_views.sql re-creates
-- them for the new tables (message_drafts is now 0008_reports.sql's, social_feed
-- 0011_user_references.sql's). Kept as history, never edit: schema/current.sql is the reference for
-- the current schema.
--
-- 0003_views.sql — one view per app page: the filtering and presentation the apps did in client
-- code. `SELECT * FROM social_feed` in the sqlite3 shell (with `.load libswitchboard`) shows the
-- social page.
--
-- Which user: per-user views expose user_id; queries filter on it, usually as
--   WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
-- so a single-user database needs no :user_id. (Telegram templates/groups and posts are not
-- per-user in the apps: their views have no user_id.)
--
-- Functions: the views call Switchboard functions (relative_date, sentiment_label, count_badge,
-- route_map, text_preview, template_render, template_variables, template_missing). Creating a
-- view does not need them; reading it does (`.load libswitchboard`, or the CLI, which registers
-- them in-process). relative_time columns use relative_date(ts), which reads the clock; pin it
-- with `SELECT switchboard_now('2026-02-10T12:00:00Z')` for reproducible output.
--
-- trusted_schema=OFF: the extension's pure functions are INNOCUOUS, but SQLite 3.40's JSON
-- functions are not. Views that build JSON with json_object (message_drafts) fail there with
-- "unsafe use of json_object()"; every other view avoids JSON functions and works (routes rules
-- are assembled with group_concat; the routes table's constraints keep them valid JSON).
-- Tests/sql/schema_trusted.sql checks which.
--
-- Views are created IF NOT EXISTS (re-running the file is a no-op); a later migration that changes
-- a view does DROP VIEW IF EXISTS and CREATE VIEW.

BEGIN;

-- The social page: each post as its card shows it.
-- display_name: the coach's name, else the post's author name, else the handle.
-- author_*: the post's own author info, given only when the post has no (known) coach.
-- preview: the first 5 lines of post_content (the card's line limit).
CREATE VIEW IF NOT EXISTS social_feed AS
SELECT
    p.seq,
    p.id,
    p.user_id,
    p.platform,
    p.post_url,
    p.post_content,
    (SELECT CASE WHEN n5 = 0 THEN t ELSE substr(t, 1, n5 - 1) END
     FROM (SELECT t, CASE WHEN n4 = 0 OR instr(substr(t, n4 + 1), char(10)) = 0 THEN 0
                     ELSE n4 + instr(substr(t, n4 + 1), char(10)) END AS n5
     FROM (SELECT t, CASE WHEN n3 = 0 OR instr(substr(t, n3 + 1), char(10)) = 0 THEN 0
                     ELSE n3 + instr(substr(t, n3 + 1), char(10)) END AS n4
     FROM (SELECT t, CASE WHEN n2 = 0 OR instr(substr(t, n2 + 1), char(10)) = 0 THEN 0
                     ELSE n2 + instr(substr(t, n2 + 1), char(10)) END AS n3
     FROM (SELECT t, CASE WHEN n1 = 0 OR instr(substr(t, n1 + 1), char(10)) = 0 THEN 0
                     ELSE n1 + instr(substr(t, n1 + 1), char(10)) END AS n2
     FROM (SELECT p.post_content AS t, instr(p.post_content, char(10)) AS n1)))))) AS preview,
    p.school_id,
    coalesce(s.name, 'Unknown School') AS school_name,
    p.coach_id,
    c.name AS coach_name,
    coalesce(c.name, p.author_name, p.author_handle) AS display_name,
    CASE WHEN c.id IS NULL THEN p.author_name END AS author_name,
    CASE WHEN c.id IS NULL THEN p.author_handle END AS author_handle,
    CASE WHEN c.id IS NULL THEN p.author_avatar_url END AS author_avatar_url,
    p.posted_at,
    relative_date(p.posted_at) AS relative_time,
    p.sentiment,
    sentiment_label(p.sentiment) AS sentiment_label,
    p.is_recruiting_related,
    p.is_flagged,
    CASE WHEN trim(coalesce(p.notes, '')) <> '' THEN 1 ELSE 0 END AS has_notes,
    p.notes,
    p.likes_count,
    p.shares_count,
    p.replies_count,
    p.media_urls,
    p.created_at,
    p.updated_at
FROM social_media_posts AS p
LEFT JOIN schools AS s ON s.id = p.school_id
LEFT JOIN coaches AS c ON c.id = p.coach_id
ORDER BY p.posted_at DESC, p.seq DESC;

-- The social page's statistics cards, per user (users without posts get zeros).
CREATE VIEW IF NOT EXISTS social_stats AS
SELECT
    user_id,
    total, count_badge(total) AS total_badge,
    twitter, count_badge(twitter) AS twitter_badge,
    instagram, count_badge(instagram) AS instagram_badge,
    flagged, count_badge(flagged) AS flagged_badge
FROM (
    SELECT
        u.id AS user_id,
        count(p.seq) AS total,
        count(CASE WHEN p.platform = 'twitter' THEN 1 END) AS twitter,
        count(CASE WHEN p.platform = 'instagram' THEN 1 END) AS instagram,
        count(CASE WHEN p.is_flagged = 1 THEN 1 END) AS flagged
    FROM users AS u
    LEFT JOIN social_media_posts AS p ON p.user_id = u.id
    GROUP BY u.id
);

-- The notifications page, newest scheduled_for first.
-- route: route_map(action_url, rules) with the user's routes rules (in sort_order) before the
-- built-in ones. accessibility_label: "[Unread, ]<Priority> priority, <type label>: <title>. <time>".
CREATE VIEW IF NOT EXISTS notification_inbox AS
SELECT
    n.seq,
    n.id,
    n.user_id,
    n.type,
    t.label AS type_label,
    t.emoji AS type_emoji,
    n.title,
    n.message,
    n.priority,
    upper(n.priority) AS priority_badge,
    n.is_read,
    n.read_at,
    n.action_url,
    route_map(n.action_url, (
        SELECT '[' || coalesce(group_concat(
            '{"pattern":"' || pattern || '","screen":"' || screen || '"}', ','), '') || ']'
        FROM (SELECT pattern, screen FROM routes ORDER BY sort_order, id))) AS route,
    n.scheduled_for,
    relative_date(n.scheduled_for) AS relative_time,
    CASE WHEN n.is_read = 0 THEN 'Unread, ' ELSE '' END
        || upper(substr(n.priority, 1, 1)) || substr(n.priority, 2) || ' priority, '
        || coalesce(t.label, n.type) || ': ' || n.title || '. '
        || coalesce(relative_date(n.scheduled_for), '') AS accessibility_label,
    n.coach_id,
    n.metadata,
    n.created_at
FROM notifications AS n
LEFT JOIN notification_types AS t ON t.type = n.type
ORDER BY n.scheduled_for DESC, n.seq DESC;

-- The notifications page's counters, per user: unread/read (the "Mark all as read" and
-- "Clear read" buttons show when has_unread / has_read), and a count per type.
CREATE VIEW IF NOT EXISTS notification_counts AS
SELECT
    u.id AS user_id,
    count(n.seq) AS total,
    count(CASE WHEN n.is_read = 0 THEN 1 END) AS unread,
    count(CASE WHEN n.is_read = 1 THEN 1 END) AS read,
    max(CASE WHEN n.is_read = 0 THEN 1 ELSE 0 END) AS has_unread,
    max(CASE WHEN n.is_read = 1 THEN 1 ELSE 0 END) AS has_read,
    count(CASE WHEN n.type = 'follow_up_reminder' THEN 1 END) AS follow_up_reminder,
    count(CASE WHEN n.type = 'deadline_alert' THEN 1 END) AS deadline_alert,
    count(CASE WHEN n.type = 'weekly_digest' THEN 1 END) AS weekly_digest,
    count(CASE WHEN n.type = 'inbound_interaction' THEN 1 END) AS inbound_interaction,
    count(CASE WHEN n.type = 'achievement' THEN 1 END) AS achievement,
    count(CASE WHEN n.type = 'event_reminder' THEN 1 END) AS event_reminder
FROM users AS u
LEFT JOIN notifications AS n ON n.user_id = u.id
GROUP BY u.id;

-- The notifications page's type chips, per user: every type (zeros included), in order.
-- chip: "🔔 Follow-ups (3)".
CREATE VIEW IF NOT EXISTS notification_type_counts AS
SELECT
    u.id AS user_id,
    t.type,
    t.label,
    t.emoji,
    count(n.seq) AS count,
    count(CASE WHEN n.is_read = 0 THEN 1 END) AS unread,
    t.emoji || ' ' || t.label || ' (' || count(n.seq) || ')' AS chip,
    t.sort_order
FROM users AS u
CROSS JOIN notification_types AS t
LEFT JOIN notifications AS n ON n.user_id = u.id AND n.type = t.type
GROUP BY u.id, t.type
ORDER BY u.id, t.sort_order;

-- The templates page: each template as its card shows it, most recently updated first.
-- formatted_date: updated_at as "Feb 10, 2026". variables: JSON array of the {{names}} used.
CREATE VIEW IF NOT EXISTS template_library AS
SELECT
    t.seq,
    t.id,
    t.user_id,
    t.name,
    t.type,
    CASE t.type WHEN 'email' THEN 'Email' WHEN 'text' THEN 'Text' WHEN 'twitter' THEN 'Twitter' END AS type_display,
    t.body,
    text_preview(t.body, 100) AS body_preview,
    substr('JanFebMarAprMayJunJulAugSepOctNovDec', 3 * strftime('%m', t.updated_at) - 2, 3) || ' '
        || CAST(strftime('%d', t.updated_at) AS INTEGER) || ', ' || strftime('%Y', t.updated_at) AS formatted_date,
    template_variables(t.body) AS variables,
    t.created_at,
    t.updated_at
FROM communication_templates AS t
ORDER BY t.updated_at DESC, t.seq DESC;

-- The templates page's filter buttons, per user: "All (N)", "Email (N)", "Text (N)", "Twitter (N)",
-- zeros included. type is NULL for All (filter = no filter).
CREATE VIEW IF NOT EXISTS template_type_counts AS
SELECT
    u.id AS user_id,
    b.type,
    b.label,
    count(t.seq) AS count,
    b.label || ' (' || count(t.seq) || ')' AS button_label,
    b.sort_order
FROM users AS u
CROSS JOIN (SELECT NULL AS type, 'All' AS label, 0 AS sort_order
            UNION ALL SELECT 'email', 'Email', 1
            UNION ALL SELECT 'text', 'Text', 2
            UNION ALL SELECT 'twitter', 'Twitter', 3) AS b
LEFT JOIN communication_templates AS t ON t.user_id = u.id AND (b.type IS NULL OR t.type = b.type)
GROUP BY u.id, b.sort_order
ORDER BY u.id, b.sort_order;

-- Every template rendered for every coach of its user: how a template is "used" when logging an
-- interaction. vars holds the variables guide's values (coach_name, athlete_name, school_name,
-- sport; a missing value is left out, so `missing` names it). missing: JSON array, [] when complete.
CREATE VIEW IF NOT EXISTS message_drafts AS
SELECT
    user_id,
    template_id,
    template_name,
    type,
    coach_id,
    coach_name,
    school_id,
    school_name,
    template_render(body, vars) AS message,
    template_missing(body, vars) AS missing,
    vars
FROM (
    SELECT
        t.user_id,
        t.id AS template_id,
        t.name AS template_name,
        t.type,
        t.body,
        c.id AS coach_id,
        c.name AS coach_name,
        s.id AS school_id,
        s.name AS school_name,
        json_remove(json_object('coach_name', c.name, 'athlete_name', u.name,
                                'school_name', s.name, 'sport', u.sport),
                    CASE WHEN s.name IS NULL THEN '$.school_name' ELSE '$.none' END,
                    CASE WHEN u.sport IS NULL THEN '$.sport' ELSE '$.none' END) AS vars
    FROM communication_templates AS t
    JOIN users AS u ON u.id = t.user_id
    JOIN coaches AS c ON c.user_id = t.user_id
    LEFT JOIN schools AS s ON s.id = c.school_id
)
ORDER BY template_name, coach_name;

-- The posts API: posts with their template's placeholders ("Title", "Summary", "Body" when the
-- post has no template or the template leaves one unset), author and number of replies.
CREATE VIEW IF NOT EXISTS posts_with_placeholders AS
SELECT
    p.id,
    p.parent_id,
    p.title,
    p.summary,
    p.body,
    p.template_name,
    coalesce(pt.placeholder_title, 'Title') AS placeholder_title,
    coalesce(pt.placeholder_summary, 'Summary') AS placeholder_summary,
    coalesce(pt.placeholder_body, 'Body') AS placeholder_body,
    p.user_id AS author_id,
    u.name AS author_name,
    u.email AS author_email,
    (SELECT count(*) FROM posts AS child WHERE child.parent_id = p.id) AS child_count,
    p.created_at,
    p.updated_at
FROM posts AS p
LEFT JOIN post_templates AS pt ON pt.name = p.template_name
LEFT JOIN users AS u ON u.id = p.user_id
ORDER BY p.created_at DESC, p.id;

-- The Telegram quick-send buttons, in sort order. group_display: "Title (N members)" for a known
-- group, else the stored target_group_name. deep_link: the widget's URL for the template.
CREATE VIEW IF NOT EXISTS tg_template_buttons AS
SELECT
    row_number() OVER (ORDER BY t.sort_order, t.created_at, t.id) AS position,
    t.id,
    t.name,
    t.icon,
    t.message_text,
    t.target_group_id,
    coalesce(g.title, t.target_group_name) AS target_group_name,
    g.member_count,
    CASE WHEN g.id IS NOT NULL THEN g.title || ' (' || g.member_count || ' members)'
         ELSE t.target_group_name END AS group_display,
    t.include_location,
    t.sort_order,
    'tgtemplates://send?id=' || t.id AS deep_link,
    t.created_at,
    t.updated_at
FROM tg_templates AS t
LEFT JOIN tg_groups AS g ON g.id = t.target_group_id
ORDER BY t.sort_order, t.created_at, t.id;

-- The home-screen widget: the first 4 buttons.
CREATE VIEW IF NOT EXISTS widget_templates AS
SELECT position, id, name, icon, target_group_name, group_display, deep_link
FROM tg_template_buttons
ORDER BY position
LIMIT 4;

PRAGMA user_version = 3;
COMMIT;
