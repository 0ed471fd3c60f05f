-- Generated notifications: queries/notifications-generate-follow-ups.sql on the demo data, run
-- through the shell like a user would (.read with parameters left unset, then set).
.read Tests/schema/demo.sql

-- The script's rule, computed independently: coaches without outbound contact in `days` days at
-- `now`, and without an unread reminder or one created in those days.
CREATE TEMP TABLE clock (now TEXT, days INTEGER);
INSERT INTO clock VALUES ('2026-02-10T12:00:00Z', 14);
CREATE TEMP VIEW due AS
SELECT c.id FROM coaches AS c, clock
WHERE NOT EXISTS (SELECT 1 FROM interactions AS i WHERE i.coach_id = c.id AND i.direction = 'outbound'
                  AND julianday(i.occurred_at) >= julianday(clock.now) - clock.days)
  AND NOT EXISTS (SELECT 1 FROM notifications AS n WHERE n.related_coach_id = c.id AND n.type = 'follow_up_reminder'
                  AND (n.read_at IS NULL OR julianday(n.created_at) >= julianday(clock.now) - clock.days));
CREATE TEMP TABLE expected AS SELECT id FROM due;
SELECT 'followups_due', (SELECT count(*) FROM expected) = 13;

.read queries/notifications-generate-follow-ups.sql
SELECT 'followups_for_due_coaches', (SELECT group_concat(coach_id) FROM (SELECT related_coach_id AS coach_id FROM notifications
    WHERE type = 'follow_up_reminder' AND scheduled_for = '2026-02-10T12:00:00Z' ORDER BY coach_id))
    = (SELECT group_concat(id) FROM (SELECT id FROM expected ORDER BY id));
SELECT 'followups_never_contacted', (SELECT title = 'Follow up with Ana Chen' AND message = 'You haven''t reached out to Ana Chen yet.'
    AND action_url = '/coaches?highlight=00000003-0000-4000-8000-00000000001e' AND priority = 'normal' AND read_at IS NULL AND related_entity_type = 'coach'
    AND related_entity_id = '00000003-0000-4000-8000-00000000001e' AND updated_at = '2026-02-10T12:00:00Z'
    AND created_at = '2026-02-10T12:00:00Z'
    FROM notifications WHERE type = 'follow_up_reminder' AND related_coach_id = '00000003-0000-4000-8000-00000000001e'
    AND scheduled_for = '2026-02-10T12:00:00Z');
SELECT 'followups_last_contact', (SELECT message FROM notifications WHERE type = 'follow_up_reminder'
    AND related_coach_id = '00000003-0000-4000-8000-00000000000a' AND scheduled_for = '2026-02-10T12:00:00Z')
    = 'Your last message to Ana Müller at Bayview University was on 2026-01-16.';
SELECT 'followups_route', (SELECT route FROM notification_inbox WHERE type = 'follow_up_reminder'
    AND related_coach_id = '00000003-0000-4000-8000-00000000001e' AND scheduled_for = '2026-02-10T12:00:00Z')
    = '{"screen":"coach_detail","id":"00000003-0000-4000-8000-00000000001e"}';
SELECT 'followups_none_left', (SELECT count(*) FROM due) = 0;

-- Idempotent: a second run adds none.
.read queries/notifications-generate-follow-ups.sql
SELECT 'followups_idempotent', (SELECT count(*) FROM notifications WHERE type = 'follow_up_reminder'
    AND scheduled_for = '2026-02-10T12:00:00Z') = 13;

-- Ten days later, with every reminder read: only coaches whose last contact has since aged past
-- 14 days, and who had no reminder in those 14 days, are due.
UPDATE notifications SET read_at = '2026-02-11T00:00:00Z' WHERE type = 'follow_up_reminder' AND read_at IS NULL;
UPDATE clock SET now = '2026-02-20T12:00:00Z';
DELETE FROM expected;
INSERT INTO expected SELECT id FROM due;
.output /dev/null
SELECT switchboard_now('2026-02-20T12:00:00Z');
.output stdout
.read queries/notifications-generate-follow-ups.sql
.read queries/notifications-generate-follow-ups.sql
SELECT 'followups_later', (SELECT group_concat(coach_id) FROM (SELECT related_coach_id AS coach_id FROM notifications
    WHERE scheduled_for = '2026-02-20T12:00:00Z' ORDER BY coach_id))
    IS (SELECT group_concat(id) FROM (SELECT id FROM expected ORDER BY id));
SELECT 'followups_later_count', (SELECT count(*) FROM notifications WHERE scheduled_for = '2026-02-20T12:00:00Z') = 7;

-- :days is a parameter: at the end of April, first with :days 70 (contacts and reminders since Feb 19
-- count), then, every reminder read, with :days 30 (the rest of the coaches).
UPDATE notifications SET read_at = '2026-02-11T00:00:00Z' WHERE type = 'follow_up_reminder' AND read_at IS NULL;
UPDATE clock SET now = '2026-04-30T12:00:00Z', days = 70;
DELETE FROM expected;
INSERT INTO expected SELECT id FROM due;
.output /dev/null
SELECT switchboard_now('2026-04-30T12:00:00Z');
.output stdout
.parameter set :days 70
.read queries/notifications-generate-follow-ups.sql
SELECT 'followups_days_70', (SELECT group_concat(coach_id) FROM (SELECT related_coach_id AS coach_id FROM notifications
    WHERE scheduled_for = '2026-04-30T12:00:00Z' ORDER BY coach_id))
    IS (SELECT group_concat(id) FROM (SELECT id FROM expected ORDER BY id));
SELECT 'followups_days_70_count', (SELECT count(*) FROM notifications WHERE scheduled_for = '2026-04-30T12:00:00Z') = 23;
UPDATE notifications SET read_at = '2026-02-11T00:00:00Z' WHERE type = 'follow_up_reminder' AND read_at IS NULL;
.parameter set :days 30
.read queries/notifications-generate-follow-ups.sql
SELECT 'followups_days_30_count', (SELECT count(*) FROM notifications WHERE scheduled_for = '2026-04-30T12:00:00Z') = 30;
