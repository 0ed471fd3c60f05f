-- name: notifications-generate-follow-ups(user_id, days)!
-- Create follow-up reminders for coaches with no outbound contact in :days days; running it twice adds none.
-- Every coach of the user whose latest outbound interaction is older than :days days (or who was never
-- contacted) gets a follow_up_reminder, unless the coach already has one that is unread or was created in
-- the last :days days; only the user's own interactions and notifications count. Times come from
-- switchboard_now(), so a pinned clock gives reproducible results; the date in the message is the user's
-- calendar day (local_date in users.timezone: stored text, so never the CLI's --tz display zone).
-- :user_id  text, optional: the acting user (defaults to the database's only user)
-- :days     integer, between 0 and 3650, default 14: days without outbound contact
INSERT INTO notifications (user_id, type, title, message, priority, action_url, scheduled_for, created_at, updated_at,
                           related_entity_type, related_entity_id, related_coach_id, related_school_id)
SELECT
    c.user_id,
    'follow_up_reminder',
    'Follow up with ' || c.name,
    CASE WHEN last.occurred_at IS NULL
        THEN 'You haven''t reached out to ' || c.name || coalesce(' at ' || s.name, '') || ' yet.'
        ELSE 'Your last message to ' || c.name || coalesce(' at ' || s.name, '') || ' was on '
            || local_date(last.occurred_at, u.timezone) || '.'
    END,
    'normal',
    '/coaches?highlight=' || c.id,
    switchboard_now(),
    switchboard_now(),
    switchboard_now(),
    'coach',
    c.id,
    c.id,
    c.school_id
FROM coaches AS c
JOIN users AS u ON u.id = c.user_id
LEFT JOIN schools AS s ON s.id = c.school_id
LEFT JOIN (SELECT coach_id, max(julianday(occurred_at)) AS day, max(occurred_at) AS occurred_at
           FROM interactions WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND direction = 'outbound'
           GROUP BY coach_id) AS last ON last.coach_id = c.id
WHERE c.user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
  AND (last.day IS NULL OR last.day < julianday(switchboard_now(), '-' || COALESCE(:days, 14) || ' days'))
  AND NOT EXISTS (
      SELECT 1 FROM notifications AS n
      WHERE n.user_id = c.user_id AND n.related_coach_id = c.id AND n.type = 'follow_up_reminder'
        AND (n.read_at IS NULL
             OR julianday(n.created_at) >= julianday(switchboard_now(), '-' || COALESCE(:days, 14) || ' days')));
