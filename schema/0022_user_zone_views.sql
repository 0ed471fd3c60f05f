-- 0022_user_zone_views.sql — every shown date from the workspace: the user's zone and the clock (issue 29.1).
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0022_user_zone_views.sql   (after 0001–0021)
-- Plain SQLite: no Switchboard function is needed to apply it (a view's functions are looked up when
-- it is read), and no trigger, CHECK or default here calls one.
--
-- Until now the feed's and the inbox's relative times and the reports' days followed the connection's
-- time zone, which the switchboard CLI set on its own connection (switchboard_timezone(name)) from
-- users.timezone. Every other host (the sqlite3 shell with .load, Python, Datasette, sqlite-utils)
-- showed UTC, and on a shared connection (a Datasette pool) any caller's SQL could change the zone
-- the others saw. The templates page's formatted_date was UTC everywhere. Now the views read the
-- acting user's zone from the workspace and pass it, with the clock, to the three-argument forms:
--
--   relative_date(ts, switchboard_now(), display_timezone(u.timezone))
--
-- switchboard_now() reads the connection's clock (the system's, or the time pinned by the program that
-- opened the connection: $SWITCHBOARD_NOW, the Datasette plugin's `now`); it changes nothing, so views
-- may call it. display_timezone(tz) is tz in every host, unless the program that opened the connection
-- gave it a display zone through its own API: the switchboard CLI's --tz and $SWITCHBOARD_TZ (never SQL).
-- No SQL can set either, so what a view shows depends on the workspace, the clock and nothing a caller
-- runs. A row whose user is not in users (the views fall back, G5) is shown in UTC.
--
--   social_feed          relative_time and accessibility_label: the post's date in its user's zone
--   notification_inbox   relative_time and accessibility_label: scheduled_for in its user's zone
--   template_library     formatted_date: created_at's calendar day in its user's zone ("Jan 14, 2026" for
--                        2026-01-15T02:00:00Z in New York, as spec 000's Date.FormatStyle shows it)
--   posts_with_placeholders  adds template_display_name: spec 004's template.name.capitalized

BEGIN;

-- social_feed: as 0014 wrote it, with the user's zone for relative_time and accessibility_label.
DROP VIEW social_feed;
CREATE VIEW social_feed AS
SELECT
    p.id,
    p.coach_id,
    p.school_id,
    p.platform,
    p.post_url,
    p.post_content,
    p.post_date,
    p.author_handle,
    p.author_name,
    p.is_recruiting_related,
    p.flagged_for_review,
    p.sentiment,
    p.notes,
    p.created_at,
    p.updated_at,
    p.seq,
    p.user_id,
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
    coalesce(s.name, 'Unknown School') AS school_name,
    c.name AS coach_name,
    coalesce(c.name, nullif(p.author_name, ''), p.author_handle) AS display_name,
    p.author_avatar_url,
    relative_date_abbreviated(p.post_date, switchboard_now(), display_timezone(coalesce(u.timezone, 'UTC'))) AS relative_time,
    sentiment_label(p.sentiment) AS sentiment_label,
    sentiment_label(p.sentiment, 'emoji') AS sentiment_emoji,
    CASE p.platform WHEN 'twitter' THEN 'Twitter/X' WHEN 'instagram' THEN 'Instagram' END AS platform_label,
    CASE p.platform WHEN 'twitter' THEN '#1DA1F2' WHEN 'instagram' THEN '#E1306C' END AS platform_color,
    CASE WHEN trim(coalesce(p.notes, '')) <> '' THEN 1 ELSE 0 END AS has_notes,
    CASE p.platform WHEN 'twitter' THEN 'Twitter' ELSE 'Instagram' END || ' post from '
        || coalesce(nullif(p.author_name, ''), p.author_handle) || '. '
        || relative_date_abbreviated(p.post_date, switchboard_now(), display_timezone(coalesce(u.timezone, 'UTC'))) || '. '
        || text_preview(p.post_content, 100) || '. '
        || coalesce(sentiment_label(p.sentiment, 'text'), 'No sentiment') || '. '
        || CASE WHEN p.flagged_for_review = 1 THEN 'Flagged for review' ELSE 'Not flagged' END || '.'
        AS accessibility_label,
    p.likes_count,
    p.shares_count,
    p.replies_count,
    p.media_urls,
    p.post_date_ms
FROM social_media_posts AS p
LEFT JOIN schools AS s ON s.id = p.school_id
LEFT JOIN coaches AS c ON c.id = p.coach_id AND c.user_id = p.user_id
LEFT JOIN users AS u ON u.id = p.user_id
ORDER BY p.post_date_ms DESC, p.seq DESC;

-- notification_inbox: as 0014 wrote it, with the user's zone for relative_time and accessibility_label.
DROP VIEW notification_inbox;
CREATE VIEW notification_inbox AS
SELECT
    n.id,
    n.user_id,
    n.type,
    n.title,
    n.message,
    n.priority,
    n.read_at,
    n.scheduled_for,
    n.sent_at,
    n.email_sent,
    n.email_sent_at,
    n.action_url,
    n.related_entity_type,
    n.related_entity_id,
    n.related_school_id,
    n.related_coach_id,
    n.related_offer_id,
    n.related_event_id,
    n.created_at,
    n.updated_at,
    n.seq,
    n.read_at IS NOT NULL AS is_read,
    t.label AS type_label,
    t.emoji AS type_emoji,
    upper(n.priority) AS priority_badge,
    relative_date(n.scheduled_for, switchboard_now(), display_timezone(coalesce(u.timezone, 'UTC'))) AS relative_time,
    route_map(n.action_url, (
        SELECT '[' || coalesce(group_concat(
            '{"pattern":"' || pattern || '","screen":"' || screen || '"}', ','), '') || ']'
        FROM (SELECT pattern, screen FROM routes ORDER BY sort_order, id))) AS route,
    CASE WHEN n.read_at IS NULL THEN 'Unread ' ELSE '' END
        || upper(substr(n.priority, 1, 1)) || substr(n.priority, 2) || ' '
        || coalesce(t.label, n.type) || ': ' || n.title || '. '
        || coalesce(relative_date(n.scheduled_for, switchboard_now(), display_timezone(coalesce(u.timezone, 'UTC'))), '')
        AS accessibility_label,
    n.metadata,
    n.scheduled_for_ms
FROM notifications AS n
LEFT JOIN notification_types AS t ON t.type = n.type
LEFT JOIN users AS u ON u.id = n.user_id
ORDER BY n.scheduled_for_ms DESC, n.seq DESC;

-- template_library: as 0005 wrote it; formatted_date is created_at's day in the user's zone ("Jan 14, 2026"),
-- NULL when created_at is no time local_date reads.
DROP VIEW template_library;
CREATE VIEW template_library AS
SELECT
    id,
    user_id,
    name,
    type,
    body,
    variables,
    created_at,
    updated_at,
    seq,
    CASE type WHEN 'email' THEN 'Email' WHEN 'text' THEN 'Text' WHEN 'twitter' THEN 'Twitter' END AS type_display,
    text_preview(body, 100) AS body_preview,
    substr('JanFebMarAprMayJunJulAugSepOctNovDec', 3 * strftime('%m', created_day) - 2, 3) || ' '
        || CAST(strftime('%d', created_day) AS INTEGER) || ', ' || strftime('%Y', created_day) AS formatted_date,
    CASE WHEN template_error(body) IS NULL THEN template_variables(body) END AS body_variables,
    template_error(body) AS template_error
FROM (
    SELECT t.id, t.user_id, t.name, t.type, t.body, t.variables, t.created_at, t.updated_at, t.seq,
           local_date(t.created_at, display_timezone(coalesce(u.timezone, 'UTC'))) AS created_day
    FROM communication_templates AS t
    LEFT JOIN users AS u ON u.id = t.user_id
)
ORDER BY updated_at DESC, seq DESC;

-- posts_with_placeholders: as 0005 wrote it, plus template_display_name, what spec 004's template picker
-- shows for the post's template (template.name.capitalized: 'profile' is 'Profile').
DROP VIEW posts_with_placeholders;
CREATE VIEW posts_with_placeholders AS
SELECT
    p.id,
    p.user_id,
    p.parent_id,
    p.title,
    p.summary,
    p.body,
    p.image_url,
    p.created_at,
    p.timezone,
    p.location_tag,
    p.ai_generated,
    p.author_name,
    p.author_email,
    (SELECT count(*) FROM posts AS child WHERE child.parent_id = p.id) AS child_count,
    pt.placeholder_title,
    pt.placeholder_summary,
    pt.placeholder_body,
    p.template_name,
    coalesce(pt.placeholder_title, 'Title') AS title_label,
    coalesce(pt.placeholder_summary, 'Summary') AS summary_label,
    coalesce(pt.placeholder_body, 'Body') AS body_label,
    p.updated_at,
    capitalized(p.template_name) AS template_display_name
FROM posts AS p
LEFT JOIN post_templates AS pt ON pt.name = p.template_name
ORDER BY p.created_at DESC, p.id DESC;

PRAGMA user_version = 22;
COMMIT;
