-- The views show each user's dates in that user's zone (users.timezone, migration 0022), with no
-- setup of the connection beyond .load: users in UTC, America/New_York and Pacific/Kiritimati (UTC+14),
-- across a change of daylight saving time and a year boundary. The clock is pinned (the demo's).
.read Tests/schema/demo.sql
.output /dev/null
INSERT INTO users (id, name, timezone) VALUES ('u-ny', 'New York', 'America/New_York'), ('u-ki', 'Kiritimati', 'Pacific/Kiritimati');
INSERT INTO social_media_posts (user_id, platform, post_url, post_content, post_date, author_handle, author_name)
VALUES ('u-ny', 'twitter', 'https://x.com/ny/1', 'Late one', '2026-01-15T02:00:00Z', '@coach', 'Coach'),
       ('u-ki', 'twitter', 'https://x.com/ki/1', 'Late one', '2026-01-15T02:00:00Z', '@coach', 'Coach'),
       ('u-ny', 'twitter', 'https://x.com/ny/dst', 'Noon before', '2026-03-07T17:00:00Z', '@coach', 'Coach'),
       ('00000001-0000-4000-8000-000000000001', 'twitter', 'https://x.com/utc/dst', 'Noon before', '2026-03-07T17:00:00Z',
        '@coach', 'Coach');
INSERT INTO notifications (id, user_id, type, title, scheduled_for)
VALUES ('n-ny', 'u-ny', 'deadline_alert', 'Deadline', '2026-01-15T02:00:00Z'),
       ('n-ki', 'u-ki', 'deadline_alert', 'Deadline', '2026-01-15T02:00:00Z'),
       ('n-ki-year', 'u-ki', 'event', 'New year', '2025-12-31T10:30:00Z'),
       ('n-utc-year', '00000001-0000-4000-8000-000000000001', 'event', 'New year', '2025-12-31T10:30:00Z'),
       ('n-nobody', NULL, 'event', 'Nobody', '2026-01-15T02:00:00Z');
INSERT INTO communication_templates (id, user_id, name, type, body, created_at)
VALUES ('t-ny', 'u-ny', 'Late', 'email', 'Hi', '2026-01-15T02:00:00Z'),
       ('t-ki', 'u-ki', 'Late', 'email', 'Hi', '2025-12-31T10:30:00Z'),
       ('t-utc', '00000001-0000-4000-8000-000000000001', 'Late', 'email', 'Hi', '2026-01-15T02:00:00Z');
.output stdout

-- The inbox: past a week, the day of the user's calendar.
SELECT 'inbox_new_york', (SELECT relative_time FROM notification_inbox WHERE id = 'n-ny') = 'Jan 14';
SELECT 'inbox_kiritimati', (SELECT relative_time FROM notification_inbox WHERE id = 'n-ki') = 'Jan 15';
SELECT 'inbox_kiritimati_year', (SELECT relative_time FROM notification_inbox WHERE id = 'n-ki-year') = 'Jan 1';
SELECT 'inbox_utc_year', (SELECT relative_time FROM notification_inbox WHERE id = 'n-utc-year') = 'Dec 31, 2025';
SELECT 'inbox_no_user_is_utc', (SELECT relative_time FROM notification_inbox WHERE id = 'n-nobody') = 'Jan 15';
SELECT 'inbox_label', (SELECT accessibility_label FROM notification_inbox WHERE id = 'n-ny') = 'Unread Normal Deadlines: Deadline. Jan 14';
-- The templates page: spec 000's formattedDate in the user's zone.
SELECT 'template_new_york', (SELECT formatted_date FROM template_library WHERE id = 't-ny') = 'Jan 14, 2026';
SELECT 'template_kiritimati_year', (SELECT formatted_date FROM template_library WHERE id = 't-ki') = 'Jan 1, 2026';
SELECT 'template_utc', (SELECT formatted_date FROM template_library WHERE id = 't-utc') = 'Jan 15, 2026';
-- The feed: 21:00 on the 14th in New York, seen at 07:00 on 10 February there: a month boundary back
-- in New York's calendar (UTC's calendar, from the 15th, says 4 weeks), as Foundation counts them.
SELECT 'feed_new_york', (SELECT relative_time FROM social_feed WHERE post_url = 'https://x.com/ny/1') = '1 mo. ago';
SELECT 'feed_utc_calendar_differs', relative_date_abbreviated('2026-01-15T02:00:00Z', '2026-02-10T12:00:00Z') = '4 wk. ago';
SELECT 'feed_label', (SELECT accessibility_label FROM social_feed WHERE post_url = 'https://x.com/ny/1')
    = 'Twitter post from Coach. 1 mo. ago. Late one. No sentiment. Not flagged.';
-- Across the spring-forward day: noon to noon in New York is one calendar day (23 hours); in UTC 23 hours.
.output /dev/null
SELECT switchboard_now('2026-03-08T16:00:00Z');
.output stdout
SELECT 'feed_dst_new_york', (SELECT relative_time FROM social_feed WHERE post_url = 'https://x.com/ny/dst') = '1 day ago';
SELECT 'feed_dst_utc', (SELECT relative_time FROM social_feed WHERE post_url = 'https://x.com/utc/dst') = '23 hr. ago';
-- Another user's zone never leaks: the same instant, each user's own day.
.output /dev/null
SELECT switchboard_now('2026-01-15T12:00:00Z');
.output stdout
SELECT 'feed_same_instant_each_zone', (SELECT group_concat(relative_time, ',') FROM (SELECT relative_time FROM social_feed
    WHERE post_url IN ('https://x.com/ny/1', 'https://x.com/ki/1') ORDER BY user_id)) = '10 hr. ago,10 hr. ago';
SELECT 'inbox_today', (SELECT group_concat(relative_time, ',') FROM (SELECT relative_time FROM notification_inbox
    WHERE id IN ('n-ny', 'n-ki') ORDER BY id)) = '10h ago,10h ago';
