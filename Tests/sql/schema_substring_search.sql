-- Schema: substring search (0006_substring_search.sql). The trigram index follows the table and, with
-- search_contains checking its candidates, finds what the apps' filter finds: substrings inside words,
-- any case (Unicode), 1- and 2-character words (through the vocab table), % and _ as plain characters.
.read Tests/schema/schema.sql

INSERT INTO users (id, name) VALUES ('u1', 'Jordan');
INSERT INTO social_media_posts (seq, user_id, platform, post_url, post_content, author_name, author_handle) VALUES
    (1, 'u1', 'twitter', 'https://x.com/1', 'Deadline extended! #ScholarshipOffer', 'ZOË Smith', '@coachsmith'),
    (2, 'u1', 'twitter', 'https://x.com/2', '50% off_now, café', 'Ann Lee', ''),
    (3, 'u1', 'instagram', 'https://x.com/3', 'camp ... registration', '', 'q');

-- The posts a search finds: the trigram candidates (for 1-2 characters, the trigrams that start
-- with the word), checked with search_contains, as queries/social-feed.sql's index path.
CREATE TEMP TABLE searches (q TEXT PRIMARY KEY);
INSERT INTO searches VALUES ('line'), ('LINE'), ('smith'), ('zoë'), ('Zoë'), ('ë'), ('q'), ('mp'), ('50%'), ('%'), ('_'),
    ('off_'), ('a_'), ('reg camp'), ('x'), ('ç'), ('café'), ('cafe'), ('e!'), ('!'), ('zzz');
CREATE TEMP VIEW found AS
SELECT s.q, coalesce((SELECT group_concat(seq) FROM (SELECT m.seq FROM social_media_posts AS m
    WHERE m.seq IN (SELECT rowid FROM social_posts_trigram WHERE social_posts_trigram MATCH coalesce(search_trigrams(s.q),
              (SELECT group_concat('"' || replace(term, '"', '""') || '"', ' OR ') FROM social_posts_trigram_vocab
               WHERE term >= search_short_word(s.q) AND term < search_short_word(s.q) || char(1114111)), '""'))
      AND search_contains(s.q, m.post_content, m.author_name, m.author_handle) ORDER BY m.seq)), '') AS seqs
FROM searches AS s;

SELECT 'substring_status_ok', (SELECT group_concat(ok) FROM search_index_status) = '1,1,1'
    AND (SELECT rows || '/' || indexed_rows FROM search_index_status WHERE index_name = 'social_posts_trigram') = '3/3';
SELECT 'substring_user_version', (SELECT user_version FROM pragma_user_version) >= 6;
SELECT 'substring_inside_word', (SELECT seqs FROM found WHERE q = 'line') = '1' AND (SELECT seqs FROM found WHERE q = 'LINE') = '1';
SELECT 'substring_inside_handle', (SELECT seqs FROM found WHERE q = 'smith') = '1';
SELECT 'substring_unicode_case', (SELECT seqs FROM found WHERE q = 'zoë') = '1' AND (SELECT seqs FROM found WHERE q = 'Zoë') = '1'
    AND (SELECT seqs FROM found WHERE q = 'ë') = '1';
SELECT 'substring_short_words', (SELECT seqs FROM found WHERE q = 'q') = '3' AND (SELECT seqs FROM found WHERE q = 'mp') = '3'
    AND (SELECT seqs FROM found WHERE q = 'x') = '1' AND (SELECT seqs FROM found WHERE q = '!') = '1';
SELECT 'substring_end_of_field', (SELECT seqs FROM found WHERE q = 'e!') = '' AND (SELECT seqs FROM found WHERE q = 'ç') = ''
    AND (SELECT seqs FROM found WHERE q = 'café') = '2' AND (SELECT seqs FROM found WHERE q = 'cafe') = '';
SELECT 'substring_like_wildcards_are_plain', (SELECT seqs FROM found WHERE q = '50%') = '2' AND (SELECT seqs FROM found WHERE q = '%') = '2'
    AND (SELECT seqs FROM found WHERE q = '_') = '2' AND (SELECT seqs FROM found WHERE q = 'off_') = '2'
    AND (SELECT seqs FROM found WHERE q = 'a_') = '';
SELECT 'substring_words_any_order', (SELECT seqs FROM found WHERE q = 'reg camp') = '3';
SELECT 'substring_absent', (SELECT seqs FROM found WHERE q = 'zzz') = '';

-- The index follows updates and deletes.
UPDATE social_media_posts SET author_handle = '@coachjones' WHERE seq = 1;
DELETE FROM social_media_posts WHERE seq = 2;
SELECT 'substring_follows_writes', (SELECT seqs FROM found WHERE q = 'smith') = '1' AND (SELECT seqs FROM found WHERE q = 'q') = '3'
    AND (SELECT count(*) FROM social_posts_trigram WHERE social_posts_trigram MATCH search_trigrams('jones')) = 1
    AND (SELECT count(*) FROM social_posts_trigram WHERE social_posts_trigram MATCH search_trigrams('coachsmith')) = 0
    AND (SELECT seqs FROM found WHERE q = '50%') = ''
    AND (SELECT group_concat(ok) FROM search_index_status) = '1,1,1';
INSERT INTO social_posts_trigram (social_posts_trigram) VALUES ('integrity-check');
SELECT 'substring_rebuild', (SELECT count(*) FROM social_posts_trigram WHERE social_posts_trigram MATCH '"zoë"') = 1;
