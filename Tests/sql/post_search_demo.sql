-- post_search on the demo data (what `switchboard demo` loads): for over 900 searches cut from
-- the posts themselves (1 to 9 characters at three offsets of the content, name and handle, in upper
-- and lower case, and pairs of them as two-word searches), exactly the posts search_contains (the apps'
-- filter) accepts, in date order: no miss and no extra.
.read Tests/schema/demo.sql

CREATE TEMP TABLE pieces AS
SELECT DISTINCT trim(substr(f.text, o.value, l.value)) AS q
FROM (SELECT post_content AS text FROM social_media_posts UNION SELECT author_name FROM social_media_posts
      UNION SELECT author_handle FROM social_media_posts) AS f,
     json_each('[1, 9, 30]') AS o, json_each('[1, 2, 3, 5, 9]') AS l
WHERE f.text IS NOT NULL;
CREATE TEMP TABLE searches AS
SELECT q FROM pieces UNION SELECT upper(q) FROM pieces
UNION SELECT a.q || ' ' || b.q FROM (SELECT q FROM pieces ORDER BY q LIMIT 40) AS a, (SELECT q FROM pieces ORDER BY q DESC LIMIT 5) AS b
UNION VALUES ('line'), ('zzz'), ('camp reg'), ('reg camp'), ('mu'), (''), ('café'), ('%'), ('_');
CREATE TEMP VIEW compared AS
SELECT s.q,
       (SELECT group_concat(rowid) FROM (SELECT rowid FROM post_search(s.q))) AS found,
       (SELECT group_concat(seq) FROM (SELECT seq FROM social_media_posts
                                       WHERE user_id = (SELECT id FROM sole_user) AND post_date_ms IS NOT NULL
                                         AND search_contains(s.q, post_content, author_name, author_handle)
                                       ORDER BY post_date_ms DESC, id DESC)) AS expected
FROM searches AS s;
SELECT 'demo_many_searches', (SELECT count(*) FROM searches) >= 900;
SELECT 'demo_hits_are_search_contains', (SELECT count(*) FROM compared WHERE found IS NOT expected) = 0;
SELECT 'demo_some_hits', (SELECT count(*) FROM compared WHERE found IS NOT NULL) >= 500;
