-- name: summary
-- The digest's headline numbers, one row, and whether each section has anything to show. The
-- columns are named apart from the other queries (flagged_count, not flagged), as the template
-- reads both inside {{#summary}}.
-- A list shows at most 50 items (due_soon, new_posts and template_gaps end in LIMIT 50; flagged shows
-- the 10 latest): due_more, new_schools_more and template_gaps_more are how many items a list leaves
-- out ("…and N more" under it), NULL when it leaves out none. The counts stay exact.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- returns boolean: has_unread, has_due, has_flagged, has_new_posts, has_sentiment, has_template_gaps, is_empty

-- *_md: the same text made safe for report.md.mustache, which copies it into Markdown: `\` first
-- (so no escape below can be undone), then `&`, `<` and `>` as HTML entities (no raw HTML, no
-- <autolink>), `[` and `]` backslash-escaped (no link, image or reference: each needs a `[...]`),
-- `|` backslash-escaped (a table cell stays one cell), and line breaks as spaces (one line, one
-- list item or row). The html template escapes the plain columns itself (html mode).
-- Instants (schema/0014_instants.sql): times compare as Unix milliseconds, post_date_ms and
-- scheduled_for_ms, the clock as strftime('%s', now) * 1000.
-- Counts read counters, not rows (schema/0018_counters.sql, 0026_digest_counters.sql): unread from
-- notification_counters, high priority from notification_priority_counters, due this week from the view
-- notification_due_this_week (0021's buckets), flagged from social_media_post_counters, sentiment from
-- social_media_post_sentiment_counters; only the posts new since the last digest are read, by a range of
-- social_media_posts_instants.
WITH
    me(id) AS (SELECT COALESCE(:user_id, (SELECT id FROM sole_user))),
    clock(now) AS (SELECT switchboard_now()),
    -- the user's zone: users.timezone, or the CLI's --tz or $SWITCHBOARD_TZ when given (display_timezone)
    zone(tz) AS (SELECT display_timezone(coalesce((SELECT timezone FROM users WHERE id = (SELECT id FROM me)), 'UTC'))),
    since(ts) AS (SELECT coalesce((SELECT max(ran_at) FROM report_runs WHERE report = 'digest'
                                   AND (user_id IS NULL OR user_id = (SELECT id FROM me))
                                   AND julianday(ran_at) <= julianday('now')),
                                  strftime('%Y-%m-%dT%H:%M:%SZ', (SELECT now FROM clock), '-1 day'))),
    n AS (SELECT
            (SELECT coalesce(sum(unread), 0) FROM notification_counters WHERE user_id = (SELECT id FROM me)) AS unread,
            (SELECT coalesce(sum(unread), 0) FROM notification_priority_counters
             WHERE user_id = (SELECT id FROM me) AND priority = 'high') AS urgent,
            (SELECT coalesce(sum(unread), 0) FROM notification_due_this_week WHERE user_id = (SELECT id FROM me)) AS due),
    p AS (SELECT
            (SELECT coalesce(sum(flagged), 0) FROM social_media_post_counters WHERE user_id = (SELECT id FROM me)) AS flagged,
            (SELECT count(*) FROM social_media_posts WHERE user_id = (SELECT id FROM me)
               AND post_date_ms > instant_ms((SELECT ts FROM since))
               AND post_date_ms <= strftime('%s', (SELECT now FROM clock)) * 1000) AS new_posts,
            (SELECT coalesce(sum(posts), 0) FROM social_media_post_sentiment_counters
             WHERE user_id = (SELECT id FROM me) AND sentiment <> '') AS with_sentiment),
    g AS (SELECT count(DISTINCT template_id) AS gaps FROM message_drafts
          WHERE user_id = (SELECT id FROM me) AND missing IS NOT NULL AND missing <> '[]'),
    -- the rows of new_posts: the schools (by name, as social_feed names them) with new posts, found
    -- as new_posts finds them (a range of post_date_ms, social_media_posts_instants)
    ns AS (SELECT count(DISTINCT coalesce(s.name, 'Unknown School')) AS schools
           FROM social_media_posts AS sp LEFT JOIN schools AS s ON s.id = sp.school_id
           WHERE sp.user_id = (SELECT id FROM me)
             AND sp.post_date_ms > instant_ms((SELECT ts FROM since))
             AND sp.post_date_ms <= strftime('%s', (SELECT now FROM clock)) * 1000)
SELECT
    (SELECT name FROM users WHERE id = (SELECT id FROM me)) AS user_name,
    local_date((SELECT now FROM clock), (SELECT tz FROM zone)) AS date,  -- the user's calendar day
    (SELECT ts FROM since) AS since,
    n.unread AS unread_count, n.urgent AS urgent_count, n.due AS due_count, p.flagged AS flagged_count,
    p.new_posts AS new_post_count, g.gaps AS template_gap_count,
    n.unread > 0 AS has_unread,
    n.due > 0 AS has_due,
    p.flagged > 0 AS has_flagged,
    p.new_posts > 0 AS has_new_posts,
    p.with_sentiment > 0 AS has_sentiment,
    g.gaps > 0 AS has_template_gaps,
    n.unread + n.due + p.flagged + p.new_posts + p.with_sentiment + g.gaps = 0 AS is_empty,
    n.unread || ' unread (' || n.urgent || ' high priority), ' || n.due || ' due this week, '
        || p.flagged || ' flagged, ' || p.new_posts || CASE p.new_posts WHEN 1 THEN ' new post' ELSE ' new posts' END AS headline,
    CASE WHEN n.due > 50 THEN n.due - 50 END AS due_more,
    CASE WHEN ns.schools > 50 THEN ns.schools - 50 END AS new_schools_more,
    CASE WHEN g.gaps > 50 THEN g.gaps - 50 END AS template_gaps_more,
    replace(replace(replace(replace(replace(replace(replace(replace(replace((SELECT name FROM users WHERE id = (SELECT id FROM me)), '\', '\\'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '[', '\['), ']', '\]'), '|', '\|'), char(13), ' '), char(10), ' ') AS user_name_md
FROM n, p, g, ns;
