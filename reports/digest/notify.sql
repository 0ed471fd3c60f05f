-- name: notify!
-- switchboard report digest --notify: a daily_digest notification summarising the digest in one line;
-- its insert (related_entity_type 'report', related_entity_id 'digest') records the run in report_runs (trigger report_notification_records_run), so the next digest's
-- "new since the last digest" starts here. The mark is the pinned clock (--now) only when that is not
-- ahead of the real one: a digest run "in 2030" marks the real now, so later digests still count the
-- posts that come after it; and a mark already stored in the future is passed over.
-- :user_id  text, optional: the acting user (defaults to the database's only user)
WITH
    me(id) AS (SELECT COALESCE(:user_id, (SELECT id FROM sole_user))),
    since(ts) AS (SELECT coalesce((SELECT max(ran_at) FROM report_runs WHERE report = 'digest'
                                   AND (user_id IS NULL OR user_id = (SELECT id FROM me))
                                   AND julianday(ran_at) <= julianday('now')),
                                  strftime('%Y-%m-%dT%H:%M:%SZ', switchboard_now(), '-1 day'))),
    -- the posts new since the last digest, up to now
    fresh(n) AS (SELECT count(*) FROM social_media_posts WHERE user_id = (SELECT id FROM me)
                 AND post_date_ms > instant_ms((SELECT ts FROM since))
                 AND post_date_ms <= strftime('%s', switchboard_now()) * 1000),
    stamp(at) AS (SELECT CASE WHEN julianday(switchboard_now()) > julianday('now')
                              THEN strftime('%Y-%m-%dT%H:%M:%SZ', 'now') ELSE switchboard_now() END)
INSERT INTO notifications (user_id, type, title, message, priority, action_url, scheduled_for, created_at, updated_at,
                           related_entity_type, related_entity_id)
SELECT (SELECT id FROM me), 'daily_digest', 'Daily digest',
       (SELECT coalesce(sum(unread), 0) FROM notification_counters WHERE user_id = (SELECT id FROM me)) || ' unread, '
       || (SELECT coalesce(sum(unread), 0) FROM notification_due_this_week WHERE user_id = (SELECT id FROM me)) || ' due this week, '
       || (SELECT coalesce(sum(flagged), 0) FROM social_media_post_counters WHERE user_id = (SELECT id FROM me)) || ' flagged, '
       || (SELECT n FROM fresh) || CASE (SELECT n FROM fresh) WHEN 1 THEN ' new post' ELSE ' new posts' END,
       'normal', '/notifications', (SELECT at FROM stamp), (SELECT at FROM stamp), (SELECT at FROM stamp), 'report', 'digest';
