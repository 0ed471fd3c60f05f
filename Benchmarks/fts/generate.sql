-- Benchmarks/fts/generate.sql — deterministic synthetic social posts for the FTS benchmark.
-- Needs the temp table bench(rows) (how many posts) and the schema (0001-0003) applied.
-- Vocabulary: 2000 made-up words from syllables; 5000 five-word phrases; 5000 authors.
-- Every post: 3 phrases (15 words), a hashtag, every 3rd an @mention; the term `zephyr` in 0.5%
-- of posts (i % 200 = 7), `quokka` in 0.01% (i % 10000 = 13).
CREATE TEMP TABLE syl1 (k INTEGER PRIMARY KEY, s TEXT);
INSERT INTO syl1 (s) VALUES ('ba'), ('ko'), ('ri'), ('mu'), ('te'), ('sa'), ('lo'), ('ne'), ('vi'), ('da'),
    ('pe'), ('gu'), ('fa'), ('mi'), ('ro'), ('tu'), ('ca'), ('le'), ('no'), ('si');
CREATE TEMP TABLE syl2 (k INTEGER PRIMARY KEY, s TEXT);
INSERT INTO syl2 (s) VALUES ('ran'), ('mel'), ('dor'), ('pix'), ('lun'), ('sek'), ('bor'), ('tam'), ('vel'), ('gin');
CREATE TEMP TABLE syl3 (k INTEGER PRIMARY KEY, s TEXT);
INSERT INTO syl3 (s) VALUES (''), ('a'), ('o'), ('us'), ('ing'), ('er'), ('ly'), ('ion'), ('ed'), ('ix');
CREATE TEMP TABLE vocab (k INTEGER PRIMARY KEY, w TEXT);
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 1999)
INSERT INTO vocab (k, w)
SELECT i, (SELECT s FROM syl1 WHERE k = i % 20 + 1) || (SELECT s FROM syl2 WHERE k = (i / 20) % 10 + 1)
          || (SELECT s FROM syl3 WHERE k = (i / 200) % 10 + 1)
FROM n;
CREATE TEMP TABLE phrases (k INTEGER PRIMARY KEY, p TEXT);
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 4999)
INSERT INTO phrases (k, p)
SELECT i, (SELECT w FROM vocab WHERE k = (i * 37) % 2000) || ' ' || (SELECT w FROM vocab WHERE k = (i * 53 + 11) % 2000)
    || ' ' || (SELECT w FROM vocab WHERE k = (i * 71 + 29) % 2000) || ' ' || (SELECT w FROM vocab WHERE k = (i * 89 + 47) % 2000)
    || ' ' || (SELECT w FROM vocab WHERE k = (i * 97 + 83) % 2000)
FROM n;
CREATE TEMP TABLE authors (k INTEGER PRIMARY KEY, name TEXT, handle TEXT);
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 4999)
INSERT INTO authors (k, name, handle)
SELECT i,
       replace(upper(substr(a.w, 1, 1)) || substr(a.w, 2) || ' ' || upper(substr(b.w, 1, 1)) || substr(b.w, 2),
               CASE WHEN i % 10 = 0 THEN 'e' ELSE '#' END, 'é'),
       '@coach' || b.w || (i / 2000)
FROM n
JOIN vocab AS a ON a.k = i % 2000
JOIN vocab AS b ON b.k = (i * 7 + 3) % 2000;

INSERT INTO users (id, name, sport) VALUES ('bench-user', 'Bench User', 'Soccer');

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < (SELECT rows FROM bench))
INSERT INTO social_media_posts (user_id, platform, post_url, post_content, author_name, author_handle, posted_at,
                                is_flagged, is_recruiting_related, sentiment)
SELECT 'bench-user',
       CASE WHEN i % 3 = 0 THEN 'instagram' ELSE 'twitter' END,
       'https://x.com/p/' || i,
       p1.p || ' ' || p2.p || ' ' || p3.p || ' #' || h1.w || h2.w
           || CASE WHEN i % 3 = 0 THEN ' @' || substr(m.handle, 2) ELSE '' END
           || CASE WHEN i % 200 = 7 THEN ' zephyr cup' ELSE '' END
           || CASE WHEN i % 10000 = 13 THEN ' quokka fest' ELSE '' END,
       a.name,
       a.handle,
       strftime('%Y-%m-%dT%H:%M:%SZ', '2026-02-10T12:00:00Z', '-' || ((i * 7919) % 1000003) || ' minutes'),
       CASE WHEN i % 10 = 0 THEN 1 ELSE 0 END,
       i % 2,
       CASE i % 5 WHEN 0 THEN 'very_positive' WHEN 1 THEN 'positive' WHEN 2 THEN 'neutral' WHEN 3 THEN 'negative' END
FROM n
JOIN phrases AS p1 ON p1.k = (i * 7) % 5000
JOIN phrases AS p2 ON p2.k = (i * 13 + 1) % 5000
JOIN phrases AS p3 ON p3.k = (i * 31 + 2) % 5000
JOIN vocab AS h1 ON h1.k = (i * 17) % 2000
JOIN vocab AS h2 ON h2.k = (i * 19) % 2000
JOIN authors AS a ON a.k = (i * 29) % 5000
JOIN authors AS m ON m.k = (i * 11) % 5000;
