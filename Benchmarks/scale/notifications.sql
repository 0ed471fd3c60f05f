-- Benchmarks/scale/notifications.sql — deterministic synthetic notifications for the scale benchmark,
-- shaped like the demo's (schema/demo/0001_demo.sql): the six types in turn, priority high every 7th
-- and low every 5th, unread one in 4 of each type, titles and messages naming a coach and a school, action URLs.
-- Needs the temp table bench(rows) (how many notifications), the current schema and the user
-- 'bench-user' (Benchmarks/fts/generate.sql adds it). scheduled_for: the history spread over the
-- 2 × rows minutes before 2026-11-01 (the benchmark pins switchboard_now there), and 100 upcoming ones
-- (the first 100, every 7 hours after it) at every size: the future holds a few reminders, the past
-- grows with the database. A `when=due` page (the default) skips the upcoming ones.
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < (SELECT rows FROM bench)),
    types(k, type) AS (VALUES (0, 'follow_up_reminder'), (1, 'deadline_alert'), (2, 'daily_digest'),
        (3, 'inbound_interaction'), (4, 'offer'), (5, 'event')),
    docs(k, title, doc) AS (VALUES (0, 'Transcript upload', 'transcript'), (1, 'NCAA Eligibility Center', 'eligibility'),
        (2, 'Highlight video', 'video'), (3, 'Application essay', 'essay')),
    events(k, title) AS (VALUES (0, 'Elite ID Camp'), (1, 'Campus visit'), (2, 'College showcase'),
        (3, 'Virtual info session')),
    rows AS (
        SELECT n.i, types.type, 'Coach ' || (n.i * 7 % 997) AS coach_name, 'School ' || (n.i * 13 % 211) AS school_name,
               CASE WHEN n.i <= 100
                    THEN strftime('%Y-%m-%dT%H:%M:%SZ', '2026-11-01T00:00:00Z', '+' || (n.i * 7) || ' hours')
                    ELSE strftime('%Y-%m-%dT%H:%M:%SZ', '2026-11-01T00:00:00Z',
                                  '-' || ((n.i * 7919) % ((SELECT rows FROM bench) * 2 + 1)) || ' minutes') END
                   AS scheduled_for
        FROM n JOIN types ON types.k = n.i % 6)
INSERT INTO notifications (user_id, type, title, message, priority, action_url, read_at, scheduled_for,
                           created_at, updated_at, related_entity_type, related_entity_id)
SELECT 'bench-user',
       r.type,
       CASE r.type
           WHEN 'follow_up_reminder' THEN 'Follow up with ' || r.coach_name
           WHEN 'deadline_alert' THEN 'Deadline: ' || docs.title
           WHEN 'daily_digest' THEN 'Your daily recruiting digest'
           WHEN 'inbound_interaction' THEN 'New email from ' || r.coach_name
           WHEN 'offer' THEN 'Offer from ' || r.school_name
           ELSE 'Upcoming: ' || events.title END,
       CASE r.type
           WHEN 'follow_up_reminder' THEN 'It''s been 2 weeks since you contacted ' || r.coach_name || ' at '
               || r.school_name || '.'
           WHEN 'deadline_alert' THEN 'Due in ' || (r.i % 10 + 1) || ' days.'
           WHEN 'daily_digest' THEN (r.i % 20 + 3) || ' new posts mention your schools; ' || (r.i % 4) || ' coaches replied.'
           WHEN 'inbound_interaction' THEN 'Thanks for the highlight video — let''s talk next week.'
           WHEN 'offer' THEN 'Congratulations! ' || r.school_name || ' noticed your season.'
           ELSE events.title || ' at ' || r.school_name || ' — don''t forget your cleats.' END,
       CASE WHEN r.i % 7 = 0 THEN 'high' WHEN r.i % 5 = 0 THEN 'low' ELSE 'normal' END,
       CASE r.type
           WHEN 'deadline_alert' THEN '/documents?type=' || docs.doc
           WHEN 'daily_digest' THEN NULL
           WHEN 'offer' THEN '/offers?highlight=' || r.i
           WHEN 'event' THEN '/events/' || r.i
           ELSE '/coaches?highlight=' || r.i END,
       CASE WHEN (r.i / 6) % 4 <> 1 THEN strftime('%Y-%m-%dT%H:%M:%SZ', r.scheduled_for, '+1 hours') END,
       r.scheduled_for,
       r.scheduled_for,
       r.scheduled_for,
       CASE WHEN r.type IN ('follow_up_reminder', 'inbound_interaction') THEN 'coach' END,
       CASE WHEN r.type IN ('follow_up_reminder', 'inbound_interaction') THEN CAST(r.i AS TEXT) END
FROM rows AS r
JOIN docs ON docs.k = (r.i / 6) % 4
JOIN events ON events.k = (r.i / 6) % 4;
