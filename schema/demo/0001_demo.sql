-- schema/demo/0001_demo.sql — realistic, deterministic sample data for all five workspaces.
-- Apply after the migrations:  sqlite3 -bail app.db < schema/demo/0001_demo.sql
-- Also the fixture of the schema tests (Tests/sql/schema_*.sql).
--
-- Deterministic: no random(); fixed word lists, recursive CTEs and modular arithmetic. Every id
-- is a fixed UUID 'KKKKKKKK-0000-4000-8000-NNNNNNNNNNNN' (K = kind, N = number, both hex), and
-- every timestamp is relative to the anchor 2026-02-10T12:00:00Z (pin the clock with
-- SELECT switchboard_now('2026-02-10T12:00:00Z') for stable relative times).
--
-- Contents: 1 user; 12 schools; 30 coaches (29 with a school); 12 communication templates (5 email,
-- 4 text, 3 twitter); 60 interactions (15 inbound, which create 15 inbound_interaction
-- notifications through the trigger); 300 social posts (200 twitter, 100 instagram; 33 flagged;
-- hashtags, @mentions, multi-line posts, accented names like José); 200 notifications of all
-- six types and three priorities plus the 15 generated ones (8 scheduled in the future); 6 Telegram
-- groups, 8 Telegram templates; 4 post templates and 12 posts (4 of them replies, 2 naming the
-- template 'journal', which does not exist); 1 user route rule.

PRAGMA foreign_keys = ON;
PRAGMA recursive_triggers = ON;

BEGIN;

INSERT INTO users (id, name, email, sport, graduation_year, created_at, updated_at) VALUES
    ('00000001-0000-4000-8000-000000000001', 'Jordan Rivera', 'jordan.rivera@example.com', 'Soccer', 2027,
     '2025-08-01T09:00:00Z', '2026-01-05T10:00:00Z');

INSERT INTO schools (id, name, city, state, division, conference, twitter_handle, instagram_handle, website,
                     created_at, updated_at)
WITH list(n, name, city, state, division, conference, handle) AS (VALUES
    (1, 'State University', 'Sacramento', 'CA', 'D1', 'Big West', 'StateUSoccer'),
    (2, 'Riverside College', 'Riverside', 'CA', 'D2', 'CCAA', 'RiversideWSoc'),
    (3, 'Northlake University', 'Evanston', 'IL', 'D1', 'Big Ten', 'NorthlakeSoccer'),
    (4, 'Coastal Tech', 'Wilmington', 'NC', 'D1', 'CAA', 'CoastalTechFC'),
    (5, 'Mountain View College', 'Boulder', 'CO', 'D2', 'RMAC', 'MVCSoccer'),
    (6, 'Lakeside University', 'Madison', 'WI', 'D3', 'WIAC', 'LakesideSoccer'),
    (7, 'Pinecrest College', 'Asheville', 'NC', 'D3', 'ODAC', 'PinecrestWSoc'),
    (8, 'Eastfield University', 'Boston', 'MA', 'D1', 'America East', 'EastfieldSoccer'),
    (9, 'Westbrook College', 'Portland', 'OR', 'D2', 'GNAC', 'WestbrookFC'),
    (10, 'Bayview University', 'San Diego', 'CA', 'D1', 'WCC', 'BayviewSoccer'),
    (11, 'Summit State', 'Salt Lake City', 'UT', 'D1', 'Mountain West', 'SummitStateSoc'),
    (12, 'Valle del Sol Universidad', 'Tucson', 'AZ', 'D2', 'Lone Star', 'ValleDelSolFC'))
SELECT printf('00000002-0000-4000-8000-%012x', n), name, city, state, division, conference,
       '@' || handle, lower(handle), 'https://' || lower(replace(name, ' ', '')) || '.example.edu',
       '2025-08-01T09:00:00Z', '2025-08-01T09:00:00Z'
FROM list;

-- 30 coaches: first names x last names (lcm 30, all distinct); coach 30 has no school.
INSERT INTO coaches (id, user_id, school_id, name, title, email, phone, twitter_handle, instagram_handle,
                     created_at, updated_at)
WITH RECURSIVE
    n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30),
    firsts(k, first) AS (VALUES (0, 'José'), (1, 'Maria'), (2, 'David'), (3, 'Renée'), (4, 'Michael'),
        (5, 'Sarah'), (6, 'Kevin'), (7, 'Zoë'), (8, 'Brian'), (9, 'Ana')),
    lasts(k, last, handle) AS (VALUES (0, 'Smith', 'smith'), (1, 'Álvarez', 'alvarez'), (2, 'Johnson', 'johnson'),
        (3, 'Nguyen', 'nguyen'), (4, 'O''Brien', 'obrien'), (5, 'Williams', 'williams'), (6, 'Dubois', 'dubois'),
        (7, 'García', 'garcia'), (8, 'Brown', 'brown'), (9, 'Müller', 'muller'), (10, 'Davis', 'davis'),
        (11, 'Kim', 'kim'), (12, 'Martínez', 'martinez'), (13, 'Taylor', 'taylor'), (14, 'Chen', 'chen')),
    titles(k, title) AS (VALUES (0, 'Head Coach'), (1, 'Assistant Coach'), (2, 'Recruiting Coordinator'),
        (3, 'Goalkeeper Coach'))
SELECT printf('00000003-0000-4000-8000-%012x', n.i),
       '00000001-0000-4000-8000-000000000001',
       CASE WHEN n.i < 30 THEN printf('00000002-0000-4000-8000-%012x', (n.i - 1) % 12 + 1) END,
       firsts.first || ' ' || lasts.last,
       titles.title,
       lasts.handle || n.i || '@example.edu',
       printf('555-01%02d', n.i),
       '@coach' || lasts.handle || CASE WHEN n.i > 15 THEN '_' || n.i ELSE '' END,
       'coach.' || lasts.handle || CASE WHEN n.i > 15 THEN '.' || n.i ELSE '' END,
       '2025-08-15T09:00:00Z', '2025-08-15T09:00:00Z'
FROM n
JOIN firsts ON firsts.k = (n.i - 1) % 10
JOIN lasts ON lasts.k = (n.i - 1) % 15
JOIN titles ON titles.k = (n.i - 1) % 4;

-- 12 communication templates; template 5 uses {{gpa}}, which no coach/user value fills.
INSERT INTO communication_templates (id, user_id, name, type, body, created_at, updated_at)
WITH list(n, name, type, body) AS (VALUES
    (1, 'Introduction', 'email', 'Dear {{coach_name}},' || char(10) || char(10) || 'My name is {{athlete_name}}, a {{sport}} player in the class of 2027. I am very interested in {{school_name}} and would love to learn more about your program.' || char(10) || char(10) || 'Thank you,' || char(10) || '{{athlete_name}}'),
    (2, 'Follow-up after camp', 'email', 'Hi {{coach_name}},' || char(10) || char(10) || 'Thank you for a great ID camp at {{school_name}}! I learned a lot and would love to stay in touch about your {{sport}} program.' || char(10) || char(10) || 'Best,' || char(10) || '{{athlete_name}}'),
    (3, 'Thank you after visit', 'email', 'Dear {{coach_name}}, thank you for hosting me at {{school_name}} this weekend. Meeting the team made me even more excited about the program. — {{athlete_name}}'),
    (4, 'Highlight video', 'email', 'Coach {{coach_name}}, here is my latest {{sport}} highlight video from the fall season: https://video.example.com/jordan. I would value your feedback. {{athlete_name}}'),
    (5, 'Academic update', 'email', 'Hello {{coach_name}}, a quick academic update: my GPA this semester is {{gpa}}. Looking forward to {{school_name}}''s next camp! {{athlete_name}}'),
    (6, 'Quick check-in', 'text', 'Hi {{coach_name}}, this is {{athlete_name}}. Just checking in — any update on the {{school_name}} roster?'),
    (7, 'Game reminder', 'text', 'Hi Coach! {{athlete_name}} here — I play Saturday at 10am if you can make it.'),
    (8, 'Thanks text', 'text', 'Thanks for the call today, {{coach_name}}! Talk soon. - {{athlete_name}}'),
    (9, 'Visit confirmation', 'text', 'Confirming my visit to {{school_name}} on Friday. See you then, {{coach_name}}!'),
    (10, 'Commitment tweet', 'twitter', 'Excited to announce my commitment to {{school_name}}! Thank you {{coach_name}} and my family. #CommitNation #{{sport}}'),
    (11, 'Offer thanks', 'twitter', 'Blessed to receive an offer from {{school_name}}! Thank you {{coach_name}} 🙏 #ScholarshipOffer'),
    (12, 'Camp shoutout', 'twitter', 'Great weekend at the {{school_name}} camp. Thanks for the coaching! #CampSeason'))
SELECT printf('00000004-0000-4000-8000-%012x', n), '00000001-0000-4000-8000-000000000001', name, type, body,
       strftime('%Y-%m-%dT%H:%M:%SZ', '2026-02-10T12:00:00Z', '-' || ((n - 1) * 9 + 30) || ' days'),
       strftime('%Y-%m-%dT%H:%M:%SZ', '2026-02-10T12:00:00Z', '-' || ((n - 1) * 9) || ' days')
FROM list;

-- 60 interactions: coaches 1-20 three each; every 4th inbound (the trigger notifies).
INSERT INTO interactions (id, user_id, coach_id, school_id, channel, direction, subject, body, template_id,
                          occurred_at, created_at)
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60),
    channels(k, channel) AS (VALUES (0, 'email'), (1, 'text'), (2, 'twitter'), (3, 'phone'))
SELECT printf('00000007-0000-4000-8000-%012x', n.i),
       '00000001-0000-4000-8000-000000000001',
       printf('00000003-0000-4000-8000-%012x', (n.i - 1) % 20 + 1),
       c.school_id,
       channels.channel,
       CASE WHEN n.i % 4 = 0 THEN 'inbound' ELSE 'outbound' END,
       CASE WHEN n.i % 4 = 0 THEN 'Re: ' ELSE '' END
           || CASE WHEN channels.channel = 'email' THEN 'Interest in your program' END,
       CASE WHEN n.i % 4 = 0 THEN 'Thanks for reaching out, ' || 'Jordan. Let''s set up a call next week.'
            ELSE 'Sent my schedule and highlight video.' END,
       CASE WHEN n.i % 4 <> 0 AND channels.channel = 'email' THEN printf('00000004-0000-4000-8000-%012x', n.i % 5 + 1) END,
       strftime('%Y-%m-%dT%H:%M:%SZ', '2026-02-10T12:00:00Z', '-' || ((n.i * 7) % 45 + (n.i - 1) / 20) || ' days',
                '-' || (n.i % 9) || ' hours'),
       strftime('%Y-%m-%dT%H:%M:%SZ', '2026-02-10T12:00:00Z', '-' || ((n.i * 7) % 45 + (n.i - 1) / 20) || ' days',
                '-' || (n.i % 9) || ' hours')
FROM n
JOIN channels ON channels.k = n.i % 4
JOIN coaches AS c ON c.id = printf('00000003-0000-4000-8000-%012x', (n.i - 1) % 20 + 1);

-- The trigger's notifications get fixed ids (kind 6, numbers from 0x1000) and their created_at.
UPDATE notifications
SET id = printf('00000006-0000-4000-8000-%012x', 4096 + seq), created_at = scheduled_for, updated_at = scheduled_for
WHERE type = 'inbound_interaction';

-- 300 social posts.
INSERT INTO social_media_posts (id, user_id, coach_id, school_id, platform, post_url, post_content,
    author_name, author_handle, author_avatar_url, post_date, media_urls, likes_count, shares_count,
    replies_count, is_recruiting_related, flagged_for_review, notes, sentiment, created_at, updated_at)
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300),
    openers(k, text) AS (VALUES
        (0, 'Great to see our recruits at the ID camp today!'),
        (1, 'Huge win tonight for the squad.'),
        (2, 'Proud of this group — back to work tomorrow.'),
        (3, 'Welcome to campus, future teammates!'),
        (4, 'Film session done. Ready for Saturday.'),
        (5, 'Congrats to our seniors on signing day!'),
        (6, 'Summer camp registration is open.'),
        (7, 'What a crowd at the home opener!'),
        (8, 'Training in the rain builds character.'),
        (9, 'Thank you to everyone who visited this weekend.')),
    tags(k, tag) AS (VALUES (0, 'ScholarshipOffer'), (1, 'CommitNation'), (2, 'GameDay'), (3, 'ClassOf2027'),
        (4, 'RecruitingSeason'), (5, 'SoccerLife'), (6, 'CampSeason'), (7, 'Blessed')),
    extras(k, text) AS (VALUES (0, ' Looking forward to watching you play.'), (1, ' Details in the link.'),
        (2, ' Café con leche after practice ☕'), (3, ' Shoutout to our captain.'), (4, ''), (5, ' 🎉⚽')),
    fans(k, name, handle) AS (VALUES (0, 'José Hernández', '@jose_h'), (1, 'Recruiting Insider', '@recruitinsider'),
        (2, 'Prep Soccer News', '@prepsoccernews'), (3, 'Chloé Martin', '@chloe.martin'),
        (4, 'Top Drawer Soccer', '@topdrawer'), (5, 'Smith Family', '@smithfamily')),
    sentiments(k, value) AS (VALUES (0, 'very_positive'), (1, 'positive'), (2, 'neutral'), (3, 'negative'), (4, NULL)),
    posts AS (
        SELECT n.i,
               CASE WHEN n.i % 3 = 0 THEN 'instagram' ELSE 'twitter' END AS platform,
               CASE WHEN n.i % 5 <> 0 THEN printf('00000003-0000-4000-8000-%012x', (n.i * 7) % 30 + 1) END AS coach_id,
               strftime('%Y-%m-%dT%H:%M:%SZ', '2026-02-10T12:00:00Z',
                        '-' || (n.i * n.i * 2 + n.i * 37) || ' minutes') AS post_date
        FROM n)
SELECT printf('00000005-0000-4000-8000-%012x', p.i),
       '00000001-0000-4000-8000-000000000001',
       p.coach_id,
       CASE WHEN p.coach_id IS NOT NULL THEN c.school_id
            WHEN p.i % 15 = 0 THEN printf('00000002-0000-4000-8000-%012x', p.i % 12 + 1) END,
       p.platform,
       CASE p.platform
           WHEN 'twitter' THEN 'https://twitter.com/' || ltrim(coalesce(c.twitter_handle, fans.handle), '@')
               || '/status/' || (1890000000000000000 + p.i)
           ELSE 'https://www.instagram.com/p/DEMO' || p.i || '/' END,
       openers.text || extras.text || ' #' || tags.tag
           || CASE WHEN p.i % 4 = 0 THEN ' with @' || ltrim(m.twitter_handle, '@') ELSE '' END
           || CASE WHEN p.i % 10 = 0 THEN char(10) || 'This week:' || char(10) || 'Mon — lifting'
                   || char(10) || 'Tue — film' || char(10) || 'Wed — scrimmage' || char(10) || 'Thu — recovery'
                   || char(10) || 'Fri — travel' ELSE '' END,
       coalesce(c.name, fans.name),
       CASE p.platform WHEN 'twitter' THEN coalesce(c.twitter_handle, fans.handle)
           ELSE coalesce('@' || c.instagram_handle, fans.handle) END,
       'https://avatars.example.com/' || CASE WHEN p.coach_id IS NULL THEN 'fan' || (p.i % 6) ELSE 'coach' || ((p.i * 7) % 30 + 1) END || '.png',
       p.post_date,
       CASE WHEN p.i % 4 = 0 THEN '["https://cdn.example.com/media/' || p.i || '.jpg"]' ELSE '[]' END,
       (p.i * 17) % 250,
       (p.i * 7) % 40,
       (p.i * 3) % 25,
       CASE WHEN p.i % 2 = 0 OR tags.k IN (0, 1, 3, 4) THEN 1 ELSE 0 END,
       CASE WHEN p.i % 9 = 0 THEN 1 ELSE 0 END,
       CASE WHEN p.i % 26 = 0 THEN '   ' WHEN p.i % 13 = 0 THEN 'Ask about the spring ID camp' END,
       sentiments.value,
       p.post_date,
       p.post_date
FROM posts AS p
JOIN openers ON openers.k = p.i % 10
JOIN tags ON tags.k = p.i % 8
JOIN extras ON extras.k = p.i % 6
JOIN fans ON fans.k = p.i % 6
JOIN sentiments ON sentiments.k = (p.i + p.i / 5) % 5
LEFT JOIN coaches AS c ON c.id = p.coach_id
LEFT JOIN coaches AS m ON m.id = printf('00000003-0000-4000-8000-%012x', (p.i * 11) % 30 + 1)
ORDER BY p.i;

-- 200 notifications: type n % 6, priority high every 7th, low every 5th; unread: the 12 newest
-- and every 4th from n = 13; scheduled from 4h46m ahead to ~85 days back.
INSERT INTO notifications (id, user_id, type, title, message, priority, action_url, read_at,
                           scheduled_for, created_at, updated_at, metadata, related_entity_type,
                           related_entity_id, related_coach_id, related_school_id, related_offer_id,
                           related_event_id, sent_at, email_sent, email_sent_at)
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200),
    types(k, type) AS (VALUES (0, 'follow_up_reminder'), (1, 'deadline_alert'), (2, 'daily_digest'),
        (3, 'inbound_interaction'), (4, 'offer'), (5, 'event')),
    docs(k, title, doc) AS (VALUES (0, 'Transcript upload', 'transcript'), (1, 'NCAA Eligibility Center', 'eligibility'),
        (2, 'Highlight video', 'video'), (3, 'Application essay', 'essay')),
    events(k, title) AS (VALUES (0, 'Elite ID Camp'), (1, 'Campus visit'), (2, 'College showcase'),
        (3, 'Virtual info session')),
    rows AS (
        SELECT n.i, types.type, c.id AS coach_id, c.name AS coach_name, s.id AS school_id, s.name AS school_name,
               strftime('%Y-%m-%dT%H:%M:%SZ', '2026-02-10T12:00:00Z',
                        (300 - n.i * n.i * 3 - n.i * 11) || ' minutes') AS scheduled_for,
               CASE WHEN n.i <= 12 OR n.i % 4 = 1 THEN 0 ELSE 1 END AS is_read
        FROM n
        JOIN types ON types.k = n.i % 6
        JOIN coaches AS c ON c.id = printf('00000003-0000-4000-8000-%012x', n.i % 29 + 1)
        JOIN schools AS s ON s.id = c.school_id)
SELECT printf('00000006-0000-4000-8000-%012x', r.i),
       '00000001-0000-4000-8000-000000000001',
       r.type,
       CASE r.type
           WHEN 'follow_up_reminder' THEN 'Follow up with ' || r.coach_name
           WHEN 'deadline_alert' THEN 'Deadline: ' || docs.title
           WHEN 'daily_digest' THEN 'Your daily recruiting digest'
           WHEN 'inbound_interaction' THEN 'New email from ' || r.coach_name
           WHEN 'offer' THEN CASE WHEN r.i % 4 = 0 THEN 'Profile viewed by ' || r.school_name
                                        ELSE 'Offer from ' || r.school_name END
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
       CASE WHEN r.i = 200 THEN '/teams/7'
            WHEN r.i = 199 THEN 'https://app.example.com/schools/' || r.school_id || '/'
            ELSE CASE r.type
                WHEN 'follow_up_reminder' THEN '/coaches?highlight=' || r.coach_id
                WHEN 'deadline_alert' THEN '/documents?type=' || docs.doc
                WHEN 'daily_digest' THEN NULL
                WHEN 'inbound_interaction' THEN '/coaches?highlight=' || r.coach_id
                WHEN 'offer' THEN CASE WHEN r.i % 4 = 0 THEN '/schools/' || r.school_id
                                             ELSE '/offers?highlight=' || r.i END
                ELSE '/events/' || r.i END END,
       CASE WHEN r.is_read = 1 THEN strftime('%Y-%m-%dT%H:%M:%SZ', r.scheduled_for, '+1 hours') END,
       r.scheduled_for,
       min(r.scheduled_for, '2026-02-10T12:00:00Z'),
       CASE WHEN r.is_read = 1 THEN strftime('%Y-%m-%dT%H:%M:%SZ', r.scheduled_for, '+1 hours')
            ELSE min(r.scheduled_for, '2026-02-10T12:00:00Z') END,
       CASE WHEN r.type = 'daily_digest' THEN '{"day":' || (r.i % 365 + 1) || '}' ELSE '{}' END,
       CASE WHEN r.type IN ('follow_up_reminder', 'inbound_interaction') THEN 'coach'
            WHEN r.type = 'offer' AND r.i % 4 <> 0 THEN 'offer' WHEN r.type = 'event' THEN 'event' END,
       CASE WHEN r.type IN ('follow_up_reminder', 'inbound_interaction') THEN r.coach_id
            WHEN r.type = 'offer' AND r.i % 4 <> 0 THEN CAST(r.i AS TEXT) WHEN r.type = 'event' THEN CAST(r.i AS TEXT) END,
       CASE WHEN r.type IN ('follow_up_reminder', 'inbound_interaction') THEN r.coach_id END,
       CASE WHEN r.type IN ('offer', 'event') THEN r.school_id END,
       CASE WHEN r.type = 'offer' AND r.i % 4 <> 0 THEN CAST(r.i AS TEXT) END,
       CASE WHEN r.type = 'event' THEN CAST(r.i AS TEXT) END,
       CASE WHEN r.scheduled_for <= '2026-02-10T12:00:00Z' THEN r.scheduled_for END,
       CASE WHEN r.scheduled_for <= '2026-02-10T12:00:00Z' THEN r.i % 3 = 0 END,
       CASE WHEN r.scheduled_for <= '2026-02-10T12:00:00Z' AND r.i % 3 = 0
            THEN strftime('%Y-%m-%dT%H:%M:%SZ', r.scheduled_for, '+5 minutes') END
FROM rows AS r
JOIN docs ON docs.k = (r.i / 6) % 4
JOIN events ON events.k = (r.i / 6) % 4
ORDER BY r.i;

-- A user route rule (notification 200 links to /teams/7).
INSERT INTO routes (pattern, screen, sort_order) VALUES ('/teams/:id', 'team_detail', 1);

-- Telegram quick-send.
INSERT INTO tg_groups (id, title, member_count, sort_order) VALUES
    (-1001000000001, 'Family', 4, 1),
    (-1001000000002, 'Team Chat', 23, 2),
    (-1001000000003, 'Carpool Crew', 6, 3),
    (-1001000000004, 'Coaches Corner', 12, 4),
    (-1001000000005, 'Soccer Parents', 41, 5),
    (-1001000000006, 'Équipe Rouge', 0, 6);

INSERT INTO tg_templates (id, name, icon, message_text, target_group_id, target_group_name, include_location,
                          sort_order, created_at, updated_at) VALUES
    ('00000008-0000-4000-8000-000000000001', 'On my way', 'car.fill', 'On my way! 🚗', -1001000000001, 'Family', 1, 0,
     '2026-01-02T08:00:00Z', '2026-01-02T08:00:00Z'),
    ('00000008-0000-4000-8000-000000000002', 'Running late', 'clock.fill', 'Running about 10 minutes late, sorry!',
     -1001000000003, 'Carpool Crew', 0, 1, '2026-01-02T08:01:00Z', '2026-01-02T08:01:00Z'),
    ('00000008-0000-4000-8000-000000000003', 'Practice done', 'figure.run', 'Practice is done, ready for pickup.',
     -1001000000001, 'Family', 1, 2, '2026-01-02T08:02:00Z', '2026-01-02T08:02:00Z'),
    ('00000008-0000-4000-8000-000000000004', 'Game day', 'flag.fill', 'Game day! Kickoff at 10am, field 3. ⚽',
     -1001000000002, 'Team Chat', 0, 3, '2026-01-02T08:03:00Z', '2026-01-02T08:03:00Z'),
    ('00000008-0000-4000-8000-000000000005', 'Pick me up', 'location.fill', 'Can someone pick me up here?',
     -1001000000003, 'Carpool Crew', 1, 4, '2026-01-02T08:04:00Z', '2026-01-02T08:04:00Z'),
    ('00000008-0000-4000-8000-000000000006', 'Home safe', 'house.fill', 'Home safe 🏠', -1001000000001, 'Family', 0, 5,
     '2026-01-02T08:05:00Z', '2026-01-02T08:05:00Z'),
    ('00000008-0000-4000-8000-000000000007', 'Old team update', 'paperplane.fill', 'See you all at the reunion!',
     NULL, 'Old Team 2024', 0, 6, '2026-01-02T08:06:00Z', '2026-01-02T08:06:00Z'),
    ('00000008-0000-4000-8000-000000000008', 'Call me', 'phone.fill', 'Call me when you get a chance.',
     -1001000000004, 'Coaches Corner', 0, 7, '2026-01-02T08:07:00Z', '2026-01-02T08:07:00Z');

-- Posts (004): the spec's two example templates and two of the demo's own; 12 posts with
-- integer ids (4 of them replies), one naming a template that does not exist.
INSERT INTO post_templates (name, placeholder_title, placeholder_summary, placeholder_body) VALUES
    ('post', 'Title', 'Summary', 'Body'),
    ('profile', 'name', 'mission', 'personal statement'),
    ('recap', 'Game recap', 'Final score and highlights', 'What happened in the game?'),
    ('announcement', 'Big news', 'One line for the feed', 'Share the details');

INSERT INTO posts (id, user_id, parent_id, title, summary, body, image_url, template_name, created_at, timezone,
                   location_tag, ai_generated, author_name, author_email, updated_at)
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12),
    kinds(k, template) AS (VALUES (0, 'recap'), (1, 'announcement'), (2, 'profile'), (3, 'journal'), (4, NULL))
SELECT n.i,
       7,
       CASE WHEN n.i > 8 THEN CASE WHEN n.i = 12 THEN 2 ELSE 1 END END,
       CASE WHEN n.i % 4 = 3 THEN '' ELSE 'Post ' || n.i || ': ' ||
           CASE kinds.template WHEN 'recap' THEN 'We won 2-1 against Westbrook'
               WHEN 'announcement' THEN 'Verbal commitment news' WHEN 'profile' THEN 'Jordan Rivera'
               WHEN 'journal' THEN 'Training log' ELSE 'Untitled thoughts' END END,
       CASE WHEN n.i % 3 = 0 THEN '' ELSE 'Summary of post ' || n.i END,
       'Body of post ' || n.i || '.',
       CASE WHEN n.i % 4 = 1 THEN 'https://cdn.example.com/posts/' || n.i || '.jpg' END,
       CASE WHEN n.i > 8 THEN NULL ELSE kinds.template END,
       strftime('%Y-%m-%dT%H:%M:%SZ', '2026-02-10T12:00:00Z', '-' || (13 - n.i) || ' days'),
       CASE WHEN n.i % 2 = 0 THEN 'America/Los_Angeles' ELSE 'UTC' END,
       CASE WHEN n.i % 5 = 0 THEN 'Sacramento, CA' END,
       CASE WHEN n.i % 6 = 0 THEN 1 ELSE 0 END,
       'Jordan Rivera',
       'jordan.rivera@example.com',
       strftime('%Y-%m-%dT%H:%M:%SZ', '2026-02-10T12:00:00Z', '-' || (13 - n.i) || ' days')
FROM n
JOIN kinds ON kinds.k = (n.i - 1) % 5;

COMMIT;
