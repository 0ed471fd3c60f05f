-- Schema: full-text search (0002_search.sql). Each behaviour users must get, first with the MATCH
-- expressions fts_query emits ("term"* prefix phrases, ANDed), then through fts_query itself.
.read Tests/schema/schema.sql

INSERT INTO users (id, name) VALUES ('u1', 'Jordan');
INSERT INTO social_media_posts (seq, user_id, platform, post_url, post_content, author_name, author_handle) VALUES
    (1, 'u1', 'twitter', 'https://x.com/1', 'Great visit! #ScholarshipOffer from State', 'José Álvarez', '@coachsmith'),
    (2, 'u1', 'twitter', 'https://x.com/2', 'Nothing about offers here', 'Ann Lee', '@ann_lee'),
    (3, 'u1', 'instagram', 'https://x.com/3', 'CAMP day at UCLA with @RiversideFC' || char(10) || '#GoBruins', 'Chloé', 'chloe.m');

SELECT 'search_case_insensitive', (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"GREAT"*') = '1'
    AND (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"camp"*') = '3';
SELECT 'search_accents_folded', (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"jose"*') = '1'
    AND (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"chloe"*') = '3'
    AND (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"ÁLVAREZ"*') = '1';
SELECT 'search_inside_handle', (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"smith"*') = '1';
SELECT 'search_inside_mention', (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"side"*') = '3'
    AND (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"fc"*') = '3';
SELECT 'search_hashtag_prefix', (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"scholarship"*') = '1';
SELECT 'search_inside_hashtag', (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"offer"*') = '1,2'
    AND (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"bruins"*') = '3';
SELECT 'search_hashtag_after_line_break', (SELECT search_tags FROM social_media_posts WHERE seq = 3)
    = 'hloe.m loe.m oe.m e.m .m iversideFC versideFC ersideFC rsideFC sideFC ideFC deFC eFC FC oBruins Bruins ruins uins ins ns';
SELECT 'search_prefix_as_you_type', (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"vis"*') = '1'
    AND (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"schol"*') = '1';
SELECT 'search_two_characters', (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"uc"*') = '3'
    AND (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"gr"*') = '1';
SELECT 'search_one_character', (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"v"*') = '1,3';
SELECT 'search_words_and', (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"great"* AND "state"*') = '1'
    AND (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH '"great"* AND "nothing"*') = 0;
SELECT 'search_bm25_rank', (SELECT group_concat(rowid) FROM (SELECT rowid FROM social_posts_fts
    WHERE social_posts_fts MATCH '"offer"*' ORDER BY bm25(social_posts_fts))) IN ('1,2', '2,1');

-- Through fts_query: user text in, results out, never a syntax error.
SELECT 'fts_query_blank_is_null', fts_query('   ') IS NULL AND fts_query('') IS NULL AND fts_query(NULL) IS NULL;
SELECT 'fts_query_smith', (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('smith')) = '1';
SELECT 'fts_query_jose_great', (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('JOSÉ great')) = '1';
SELECT 'fts_query_scholarship', (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('scholarship')) = '1';
SELECT 'fts_query_and', (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('camp ucla riverside')) = 1
    AND (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('camp smith')) = 0;
-- Hostile text, in the guarded form queries use (fts_query gives NULL when no term is left, and
-- MATCH NULL is an error): results or none, never an error.
CREATE TEMP TABLE hostile (q TEXT);
INSERT INTO hostile VALUES ('"'), ('NEAR(great state'), ('post_content: great'), ('* - AND OR NOT'), ('AND'), ('⚽🎉'), ('gre' || char(0) || 'at'), ('"great" "state'), ('col:great'), ('-great'), ('great*');
SELECT 'fts_query_hostile_input', (SELECT count(*) FROM hostile WHERE (SELECT count(*) FROM social_media_posts
    WHERE fts_query(hostile.q) IS NULL
       OR seq IN (SELECT rowid FROM social_posts_fts WHERE social_posts_fts MATCH fts_query(hostile.q))) >= 0) = 11;
SELECT 'fts_query_quoted_words', (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('"great" "state')) = '1';
SELECT 'fts_query_in_pattern', (SELECT group_concat(post_url) FROM social_media_posts
    WHERE seq IN (SELECT rowid FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('offer'))
    AND platform = 'twitter') = 'https://x.com/1,https://x.com/2';

-- The index follows updates, deletes, INSERT OR REPLACE, and VACUUM keeps the rowids.
UPDATE social_media_posts SET author_handle = '@coachjones' WHERE seq = 1;
SELECT 'search_handle_updated', (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH '"smith"*') = 0
    AND (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"jones"*') = '1';
INSERT OR REPLACE INTO social_media_posts (seq, user_id, platform, post_url, post_content, author_name, author_handle)
VALUES (4, 'u1', 'twitter', 'https://x.com/2', 'Replacement post', 'Ann Lee', '@ann_lee');
SELECT 'search_replace', (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH '"nothing"*') = 0
    AND (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"replacement"*') = '4';
DELETE FROM social_media_posts WHERE seq = 1;
VACUUM;
SELECT 'search_after_vacuum', (SELECT group_concat(post_url) FROM social_media_posts
    WHERE seq IN (SELECT rowid FROM social_posts_fts WHERE social_posts_fts MATCH '"chloe"*')) = 'https://x.com/3'
    AND (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH '"jose"*') = 0;
INSERT INTO social_posts_fts (social_posts_fts) VALUES ('integrity-check');
SELECT 'search_rebuild_same', (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH '"fc"*') = 1;
INSERT INTO social_posts_fts (social_posts_fts) VALUES ('rebuild');
SELECT 'search_rebuild_keeps_suffixes', (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH '"fc"*') = 1;

-- Tags limits: the first 10 hashtags/mentions, 30 characters each.
INSERT INTO social_media_posts (seq, user_id, platform, post_url, post_content, author_name, author_handle) VALUES
    (10, 'u1', 'twitter', 'https://x.com/10', '#aa1 #aa2 #aa3 #aa4 #aa5 #aa6 #aa7 #aa8 #aa9 #aa10 #aa11 #aazzeleventh', '', ''),
    (11, 'u1', 'twitter', 'https://x.com/11', '#' || 'abcdefghijklmnopqrstuvwxyz0123456789', '', '');
SELECT 'search_tags_first_ten', (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH '"a10"*') = 1
    AND (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH '"zzeleventh"*') = 0;
SELECT 'search_tags_thirty_chars', (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH '"z0123"*') = 1
    AND (SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH '"45678"*') = 0;
SELECT 'search_tags_odd_text', (SELECT count(*) FROM social_media_posts) > 0;
INSERT INTO social_media_posts (seq, user_id, platform, post_url, post_content, author_name, author_handle) VALUES
    (12, 'u1', 'twitter', 'https://x.com/12', 'quote " back\slash \" #tag"x ' || char(1) || ' @' || char(10) || '#', '', '@@');
SELECT 'search_tags_odd_text_indexed', (SELECT group_concat(rowid) FROM social_posts_fts WHERE social_posts_fts MATCH '"ag"*') = '12';

-- The other indexes.
INSERT INTO notifications (user_id, type, title, message) VALUES ('u1', 'deadline_alert', 'Deadline: Transcript', 'Due Friday');
INSERT INTO communication_templates (user_id, name, type, body) VALUES ('u1', 'Introduction', 'email', 'Dear {{coach_name}}');
INSERT INTO tg_groups (id, title, member_count) VALUES (-1006, 'Équipe Rouge', 3);
SELECT 'search_notifications', (SELECT count(*) FROM notifications_trigram WHERE notifications_trigram MATCH 'tra AND nsc AND fri') = 1;
-- The templates' and groups' searches test their few rows; 0025 dropped the unicode61 indexes no search read.
SELECT 'no_unread_word_indexes', (SELECT count(*) FROM sqlite_master
    WHERE name IN ('notifications_fts', 'communication_templates_fts', 'tg_groups_fts', 'tg_groups_replaced')) = 0;
SELECT 'search_index_status', (SELECT group_concat(index_name || '=' || rows || '/' || ok, ',') FROM search_index_status)
    = 'social_posts_fts=5/1,social_posts_trigram=5/1,notifications_trigram=1/1';
