-- Superseded in part: 0008_reports.sql re-creates message_drafts (rendering with the user's
-- partials); the other views stand as declared here. Kept as history, never edit:
-- schema/current.sql is the reference for the current schema.
--
-- 0005_views.sql — one view per app page, in the apps' own field names (specs 000–004): the
-- filtering and presentation the apps did in client code. `SELECT * FROM notification_inbox` in
-- the sqlite3 shell (with `.load libswitchboard`) shows the inbox. Replaces 0003's views, which
-- 0004 dropped. The social page's feed, social_feed, was created here up to version 10; it is
-- now created by 0011_user_references.sql, which names a post's coach only among its user's.
--
-- Column order: first every field of the spec's model, with its name and value as the app's API
-- returns it, then what Switchboard adds (labels, badges, relative times, routes), so a client
-- can read a row into the spec's type and ignore the rest.
--
-- Which user: per-user views expose user_id; queries filter on it, usually as
--   WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
-- so a single-user database needs no :user_id. (Telegram templates/groups and posts are not
-- per-user in the apps: their views have no user filter.)
--
-- Functions: the views call Switchboard functions (relative_date, relative_date_abbreviated,
-- sentiment_label, count_badge, route_map, text_preview, template_render, template_variables,
-- template_missing, template_error). Creating a view does not need them; reading it does
-- (`.load libswitchboard`, or the CLI, which registers them in-process). relative_time columns
-- read the clock; pin it with `SELECT switchboard_now('2026-02-10T12:00:00Z')` for reproducible
-- output.
--
-- trusted_schema=OFF: the extension's pure functions are INNOCUOUS, but SQLite 3.40's JSON
-- functions are not. message_drafts builds its variables with json_object and fails there with
-- "unsafe use of json_object()"; every other view avoids JSON functions and works (route rules
-- are assembled with group_concat; the routes table's constraints keep them valid JSON).

BEGIN;

-- The social page's statistics cards (SocialStatistics), per user (users without posts get
-- zeros), each also as a badge: the number up to 100, "99+" above (count_badge).
CREATE VIEW IF NOT EXISTS social_stats AS
SELECT
    user_id,
    totalPosts, twitterPosts, instagramPosts, flaggedPosts,
    count_badge(totalPosts) AS totalPostsBadge,
    count_badge(twitterPosts) AS twitterPostsBadge,
    count_badge(instagramPosts) AS instagramPostsBadge,
    count_badge(flaggedPosts) AS flaggedPostsBadge
FROM (
    SELECT
        u.id AS user_id,
        count(p.seq) AS totalPosts,
        count(CASE WHEN p.platform = 'twitter' THEN 1 END) AS twitterPosts,
        count(CASE WHEN p.platform = 'instagram' THEN 1 END) AS instagramPosts,
        count(CASE WHEN p.flagged_for_review = 1 THEN 1 END) AS flaggedPosts
    FROM users AS u
    LEFT JOIN social_media_posts AS p ON p.user_id = u.id
    GROUP BY u.id
);

-- The notifications page (002), newest scheduled_for first.
-- AppNotification's fields, then: is_read (read_at IS NOT NULL, the app's isRead); type_label,
-- type_emoji; priority_badge (HIGH, NORMAL, LOW); relative_time (formatRelativeDate);
-- route (route_map(action_url, rules), the user's routes rules before the built-in ones);
-- accessibility_label "[unread] [priority] [type]: [title]. [relative time]", e.g.
-- "Unread High Deadlines: Transcript due. 2h ago"; metadata.
CREATE VIEW IF NOT EXISTS notification_inbox AS
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
    relative_date(n.scheduled_for) AS relative_time,
    route_map(n.action_url, (
        SELECT '[' || coalesce(group_concat(
            '{"pattern":"' || pattern || '","screen":"' || screen || '"}', ','), '') || ']'
        FROM (SELECT pattern, screen FROM routes ORDER BY sort_order, id))) AS route,
    CASE WHEN n.read_at IS NULL THEN 'Unread ' ELSE '' END
        || upper(substr(n.priority, 1, 1)) || substr(n.priority, 2) || ' '
        || coalesce(t.label, n.type) || ': ' || n.title || '. '
        || coalesce(relative_date(n.scheduled_for), '') AS accessibility_label,
    n.metadata
FROM notifications AS n
LEFT JOIN notification_types AS t ON t.type = n.type
ORDER BY n.scheduled_for DESC, n.seq DESC;

-- The notifications page's counters, per user: unread/read (the header's "X unread", and the
-- "Mark all as read" and "Clear read" buttons, shown when has_unread / has_read), and a count
-- per type. Read state is read_at (NULL = unread); n.seq IS NOT NULL skips a user's empty LEFT JOIN row.
CREATE VIEW IF NOT EXISTS notification_counts AS
SELECT
    u.id AS user_id,
    count(n.seq) AS total,
    count(CASE WHEN n.seq IS NOT NULL AND n.read_at IS NULL THEN 1 END) AS unread,
    count(n.read_at) AS read,
    count(CASE WHEN n.seq IS NOT NULL AND n.read_at IS NULL THEN 1 END) || ' unread' AS unread_label,
    max(CASE WHEN n.seq IS NOT NULL AND n.read_at IS NULL THEN 1 ELSE 0 END) AS has_unread,
    max(CASE WHEN n.read_at IS NOT NULL THEN 1 ELSE 0 END) AS has_read,
    count(CASE WHEN n.type = 'follow_up_reminder' THEN 1 END) AS follow_up_reminder,
    count(CASE WHEN n.type = 'deadline_alert' THEN 1 END) AS deadline_alert,
    count(CASE WHEN n.type = 'inbound_interaction' THEN 1 END) AS inbound_interaction,
    count(CASE WHEN n.type = 'daily_digest' THEN 1 END) AS daily_digest,
    count(CASE WHEN n.type = 'offer' THEN 1 END) AS offer,
    count(CASE WHEN n.type = 'event' THEN 1 END) AS event
FROM users AS u
LEFT JOIN notifications AS n ON n.user_id = u.id
GROUP BY u.id;

-- The notifications page's filter chips, per user, in the page's order:
-- All | Follow-ups | Deadlines | Inbound | Digest | Offers | Events, zeros included.
-- type is NULL for All (no filter); chip: "Follow-ups (3)".
CREATE VIEW IF NOT EXISTS notification_type_counts AS
SELECT user_id, type, label, emoji, count, unread, label || ' (' || count || ')' AS chip, sort_order
FROM (
    SELECT u.id AS user_id, NULL AS type, 'All' AS label, NULL AS emoji, 0 AS sort_order,
           (SELECT count(*) FROM notifications AS n WHERE n.user_id = u.id) AS count,
           (SELECT count(*) FROM notifications AS n WHERE n.user_id = u.id AND n.read_at IS NULL) AS unread
    FROM users AS u
    UNION ALL
    SELECT u.id, t.type, t.label, t.emoji, t.sort_order, count(n.seq), count(CASE WHEN n.seq IS NOT NULL AND n.read_at IS NULL THEN 1 END)
    FROM users AS u
    CROSS JOIN notification_types AS t
    LEFT JOIN notifications AS n ON n.user_id = u.id AND n.type = t.type
    GROUP BY u.id, t.type
)
ORDER BY user_id, sort_order;

-- The templates page (000): each template as its card shows it, most recently updated first.
-- CommunicationTemplate's fields (variables: the stored list of supported variables, or NULL),
-- then: type_display (Email, Text, Twitter); body_preview (100 characters + "..."); formatted_date
-- (created_at as "Feb 10, 2026"); body_variables (JSON array of the {{names}} the body uses);
-- template_error (NULL, or why the body is not a valid template: one malformed template never
-- breaks the page, its body_variables is NULL and the error is here).
CREATE VIEW IF NOT EXISTS template_library AS
SELECT
    t.id,
    t.user_id,
    t.name,
    t.type,
    t.body,
    t.variables,
    t.created_at,
    t.updated_at,
    t.seq,
    CASE t.type WHEN 'email' THEN 'Email' WHEN 'text' THEN 'Text' WHEN 'twitter' THEN 'Twitter' END AS type_display,
    text_preview(t.body, 100) AS body_preview,
    substr('JanFebMarAprMayJunJulAugSepOctNovDec', 3 * strftime('%m', t.created_at) - 2, 3) || ' '
        || CAST(strftime('%d', t.created_at) AS INTEGER) || ', ' || strftime('%Y', t.created_at) AS formatted_date,
    CASE WHEN template_error(t.body) IS NULL THEN template_variables(t.body) END AS body_variables,
    template_error(t.body) AS template_error
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
-- sport; a missing value is left out, so `missing` names it). missing: JSON array, [] when
-- complete. A malformed template gives NULL message and missing, and its template_error.
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
    CASE WHEN template_error IS NULL THEN template_render(body, vars) END AS message,
    CASE WHEN template_error IS NULL THEN template_missing(body, vars) END AS missing,
    template_error,
    body,
    vars
FROM (
    SELECT
        t.user_id,
        t.id AS template_id,
        t.name AS template_name,
        t.type,
        t.body,
        template_error(t.body) AS template_error,
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

-- The posts API (004): every field of Post, newest first. placeholder_*: the template's
-- placeholders from the LEFT JOIN, NULL when the post has no template or names one that does not
-- exist (as the API returns them); *_label: what the editor shows, with the fallbacks
-- "Title", "Summary" and "Body"; child_count: the number of replies.
CREATE VIEW IF NOT EXISTS posts_with_placeholders AS
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
    p.updated_at
FROM posts AS p
LEFT JOIN post_templates AS pt ON pt.name = p.template_name
ORDER BY p.created_at DESC, p.id DESC;

-- The Telegram quick-send buttons (003), in sort order (ties by creation). Template's fields,
-- then: position (1-based), group_display (the edit row: the saved group name, else "Select..."),
-- member_count (when the group is in tg_groups), deep_link (the widget's URL).
CREATE VIEW IF NOT EXISTS tg_template_buttons AS
SELECT
    t.id,
    t.name,
    t.icon,
    t.message_text,
    t.target_group_id,
    t.target_group_name,
    t.include_location,
    t.created_at,
    t.updated_at,
    t.sort_order,
    row_number() OVER (ORDER BY t.sort_order, t.created_at, t.id) AS position,
    coalesce(t.target_group_name, 'Select...') AS group_display,
    g.member_count,
    'tgtemplates://send?id=' || t.id AS deep_link
FROM tg_templates AS t
LEFT JOIN tg_groups AS g ON g.id = t.target_group_id
ORDER BY t.sort_order, t.created_at, t.id;

-- The home-screen widget: the first 4 buttons as WidgetTemplate, in its JSON keys.
CREATE VIEW IF NOT EXISTS widget_templates AS
SELECT id, name, icon, message_text AS messageText, target_group_id AS targetGroupId,
       target_group_name AS targetGroupName, include_location AS includeLocation
FROM tg_template_buttons
ORDER BY position
LIMIT 4;

PRAGMA user_version = 5;
COMMIT;
