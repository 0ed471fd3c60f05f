-- name: social-feed(user_id, search, platform, school_id, flagged, recruiting, sentiment, cursor_post_date, cursor_id, limit)
-- The social feed: the user's posts with every filter combined, newest first (post_date as an instant), one page (50) at a time.
-- Columns: SocialPost's fields (the API's select list), then what the card shows: preview, school_name,
-- coach_name, display_name, author_avatar_url, relative_time, sentiment_label, sentiment_emoji,
-- platform_label, platform_color, has_notes, accessibility_label, the counts and media_urls, then the
-- classifier's guess for a post whose source gave no sentiment: sentiment_guess and its label marked
-- "(auto)", e.g. "👍 Positive (auto)" (sentiment stays what the source said, null included).
-- Keyset pagination: for the next page, pass the post_date and id of the last row of this one as
-- cursor_post_date and cursor_id (rows after it in (post_date_ms, id) descending order: post_date's
-- instant, schema/0014_instants.sql, so +05:00, +0000 and fractions of a second sort by time).
-- empty: No posts yet. Sync posts to start monitoring coach and program social media
-- empty filtered: No posts match your filters. Try adjusting your search or filter criteria
-- :user_id           text, optional: the acting user (defaults to the database's only user)
-- :search            text, optional: text to find in the content, author name or handle (case-insensitive substring;
--                    every word, in any order; accent-folded word prefixes too when the search is rare)
-- :platform          text, one of twitter|instagram, optional: only this platform
-- :school_id         text, optional: only posts about this school (ids from social-schools)
-- :flagged           boolean, default false: only posts flagged for review
-- :recruiting        boolean, default false: only recruiting-related posts
-- :sentiment         text, one of very_positive|positive|neutral|negative, optional: only posts whose source gave
--                    this sentiment (the sentiment field; the classifier's sentiment_guess is not matched)
-- :cursor_post_date  text, optional: post_date of the last row of the previous page (any form post_date takes)
-- :cursor_id         text, optional: id of the last row of the previous page
-- :limit             integer, between 1 and 10000, default 50: page size
-- returns boolean: is_recruiting_related, flagged_for_review, has_notes
-- returns json: media_urls
-- display: display_name, relative_time, preview, sentiment_label

-- How it runs. The extra condition post_date_ms <= COALESCE(cursor's key, ...) lets the index
-- (social_media_posts_feed: user_id, post_date_ms, id) seek straight to the page, in its order. The rows come by rowid from one list (seq IN (...)), never from a
-- `search IS NULL OR ...` test: the page found by walking the feed index in date order (no search, or a
-- common one), or the posts found through the search indexes (a rare search); see "Search" below and
-- BENCHMARKS.md, "Substring search".
-- feed: the filters, on the posts table itself (the filter columns of social_feed are those of the
-- table; its joins and display columns are read for the rows of the page only, at the end): the
-- window walks and the sort of the hits read small rows, and the view is inlined once.
-- cursor: cursor_post_date as an instant, by the rule of schema/0014_instants.sql (NULL when unreadable:
-- an empty page).
WITH cursor AS MATERIALIZED (
    SELECT
        CASE
            -- A Unix time: only digits, at most one '.', a sign only first. Seconds below 1e11 in magnitude
            -- (1e11 s is the year 5138), milliseconds from there on (1e11 ms is 3 March 1973).
            WHEN :cursor_post_date NOT GLOB '*[^0-9.+-]*' AND :cursor_post_date GLOB '*[0-9]*' AND :cursor_post_date NOT GLOB '?*[+-]*' AND :cursor_post_date NOT GLOB '*.*.*'
            THEN CAST(round(CASE WHEN abs(CAST(:cursor_post_date AS REAL)) < 1e11 THEN CAST(:cursor_post_date AS REAL) * 1000 ELSE CAST(:cursor_post_date AS REAL) END)
                      AS INTEGER)
            -- ISO 8601 as julianday() reads it (T or space, any fraction, Z, ±HH:MM; upper() for t and z),
            -- after ±HHMM becomes ±HH:MM and ±HH becomes ±HH:00; julianday() counts whole milliseconds.
            WHEN :cursor_post_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]*'
            THEN CAST(round((julianday(CASE
                     WHEN :cursor_post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9][0-9][0-9]'
                     THEN upper(substr(:cursor_post_date, 1, length(:cursor_post_date) - 2)) || ':' || substr(:cursor_post_date, -2)
                     WHEN :cursor_post_date GLOB '*[0-9]:[0-9][0-9]*[+-][0-9][0-9]' THEN upper(:cursor_post_date) || ':00'
                     ELSE upper(:cursor_post_date) END) - 2440587.5) * 86400000) AS INTEGER)
        END
        AS ms
),
feed AS NOT MATERIALIZED (
    SELECT seq, post_date_ms, id FROM social_media_posts AS p
    WHERE likely(user_id = COALESCE(:user_id, (SELECT id FROM sole_user)))
      AND (:platform IS NULL OR platform = :platform)
      AND (:school_id IS NULL OR school_id = :school_id)
      AND (NOT COALESCE(:flagged, 0) OR flagged_for_review = 1)
      AND (NOT COALESCE(:recruiting, 0) OR is_recruiting_related = 1)
      AND (:sentiment IS NULL OR sentiment = :sentiment)
      AND post_date_ms <= COALESCE((SELECT ms FROM cursor), 253402300799999)
      AND (:cursor_post_date IS NULL OR (post_date_ms, id) < ((SELECT ms FROM cursor), COALESCE(:cursor_id, '')))
),
-- Search (schema/0006_substring_search.sql): the apps' case-insensitive substring test,
-- search_contains, on every post found, by the cheaper of two paths, chosen once per query:
-- * window (no search, a word of 1-2 characters, or 10000+ trigram candidates): the feed in date
--   order, each post tested; a full page is the answer. 10000+ candidates: up to 7000 posts.
--   1-2 characters: a probe of 1000 posts, then up to 7000 only if the hits in the probe, scaled
--   to the table (max(seq)), promise 10000+ hits; a rarer word goes straight to the index path.
-- * index (otherwise, or when the window did not fill the page): the trigram candidates, tested,
--   plus the unicode61 hits (accent folding: `cafe` finds `café`) when under 5000 and the words
--   are letters and digits, sorted by date. Under 10000 candidates: the candidates listed. Else
--   the posts holding every overlapping run of three characters of every word (not only the runs
--   at offsets 0, 3, ... and the last that search_trigrams gives): `ranmela` needs `anm` and `nme`
--   too, which no post holds, so 0 posts to test instead of 268k. 1-2 characters: the trigrams
--   starting with the word, from the vocab, ORed.
-- Each reference to a CTE re-reads its definition and those it names while the statement is
-- prepared, so the decision (path) is joined in once per list.
search AS MATERIALIZED (
    SELECT search_trigrams(:search) IS NULL AND search_short_word(:search) IS NULL AS blank,
           search_trigrams(:search) IS NULL AS short,
           coalesce(search_trigrams(:search), '""') AS trigrams,
           max(1000, COALESCE(:limit, 50)) AS probe_size,
           max(7000, COALESCE(:limit, 50)) AS window_size
),
candidates AS MATERIALIZED (
    SELECT rowid AS seq FROM social_posts_trigram
    WHERE social_posts_trigram MATCH (SELECT trigrams FROM search)
    LIMIT (SELECT CASE WHEN short THEN 0 ELSE 10000 END FROM search)
),
counted AS MATERIALIZED (
    SELECT count(*) AS candidates FROM candidates
),
probe AS MATERIALIZED (
    SELECT seq FROM (SELECT seq FROM feed ORDER BY post_date_ms DESC, id DESC
                     LIMIT (SELECT CASE WHEN blank THEN -1 WHEN short THEN probe_size
                                        WHEN candidates = 10000 THEN window_size ELSE 0 END
                            FROM search, counted)) AS f
    WHERE EXISTS (SELECT 1 FROM social_media_posts AS m WHERE m.seq = f.seq
                  AND search_contains(:search, m.post_content, m.author_name, m.author_handle))
    LIMIT COALESCE(:limit, 50)
),
probed AS MATERIALIZED (
    SELECT count(*) AS hits FROM probe
),
scanned AS MATERIALIZED (
    SELECT seq FROM probe
    UNION ALL
    SELECT seq FROM (
        SELECT seq FROM (SELECT seq FROM feed ORDER BY post_date_ms DESC, id DESC
                         LIMIT (SELECT CASE WHEN short AND NOT blank AND hits < COALESCE(:limit, 50)
                                             AND hits * (SELECT max(seq) FROM social_media_posts) >= 10000 * probe_size
                                            THEN window_size - probe_size ELSE 0 END
                                FROM search, probed)
                         OFFSET (SELECT probe_size FROM search)) AS f
        WHERE EXISTS (SELECT 1 FROM social_media_posts AS m WHERE m.seq = f.seq
                      AND search_contains(:search, m.post_content, m.author_name, m.author_handle))
        LIMIT (SELECT COALESCE(:limit, 50) - hits FROM probed))
),
decided AS MATERIALIZED (
    SELECT blank, short,
           NOT blank AND (SELECT count(*) FROM scanned) < COALESCE(:limit, 50) AS use_index,
           NOT short AND candidates < 10000 AS listed
    FROM search, counted
),
path AS MATERIALIZED (
    SELECT use_index, listed,
           -- what the index path matches when the candidates were not all listed (read only then):
           -- every overlapping run of three characters of every word (search_trigrams of each
           -- 3-character slice, NULL for a slice with whitespace), ANDed; for 1-2 characters the
           -- trigrams starting with the longest word, from the vocab, ORed
           CASE WHEN NOT use_index OR listed THEN '""'
                WHEN NOT short
                THEN coalesce((WITH RECURSIVE slice(i) AS (
                                   SELECT 1 UNION ALL SELECT i + 1 FROM slice
                                   WHERE i < min(length(CAST(:search AS TEXT)) - 2, 256))
                               SELECT group_concat(run, ' ') FROM (
                                   SELECT DISTINCT search_trigrams(substr(CAST(:search AS TEXT), i, 3)) AS run
                                   FROM slice)
                               WHERE run IS NOT NULL AND run <> '""'),
                              search_trigrams(:search))
                ELSE coalesce((SELECT group_concat('"' || replace(term, '"', '""') || '"', ' OR ')
                               FROM social_posts_trigram_vocab
                               WHERE term >= search_short_word(:search)
                                 AND term < search_short_word(:search) || char(1114111)), '""') END AS expression,
           -- accent folding through unicode61 only for words of letters and digits, which it reads as
           -- they are (it would read `a_b` or `C#` as other words)
           use_index AND NOT coalesce(:search GLOB ('*[^0-9A-Za-z ' || char(9, 10, 13) || 'À-ÖØ-öø-ɏ̀-ͯͰ-ӿḀ-ỿ]*'), 1) AS folding
    FROM decided
),
-- Every post found: by the window, by the index path (each tested), and the unicode61 hits when
-- under 5000. path is joined in (one reference each): each reference to a CTE re-reads its
-- definition and those it names while the statement is prepared.
hits AS MATERIALIZED (
    SELECT seq FROM scanned
    UNION
    SELECT m.seq FROM social_media_posts AS m
    WHERE m.seq IN (SELECT seq FROM path CROSS JOIN candidates WHERE use_index AND listed
                    UNION ALL
                    SELECT rowid FROM path CROSS JOIN social_posts_trigram
                    WHERE use_index AND NOT listed AND social_posts_trigram MATCH expression)
      AND search_contains(:search, m.post_content, m.author_name, m.author_handle)
    UNION
    SELECT rowid FROM (SELECT rowid, count(*) OVER () AS found
                       FROM (SELECT rowid FROM path CROSS JOIN social_posts_fts
                             WHERE folding
                               AND social_posts_fts MATCH coalesce(fts_query(:search), '""')
                             LIMIT 5000))
    WHERE found < 5000
)
SELECT id, coach_id, school_id, platform, post_url, post_content, post_date, author_handle, author_name,
       is_recruiting_related, flagged_for_review, sentiment, notes, created_at, updated_at,
       preview, school_name, coach_name, display_name, author_avatar_url, relative_time, sentiment_label,
       sentiment_emoji, platform_label, platform_color, has_notes, accessibility_label,
       likes_count, shares_count, replies_count, media_urls,
       -- the guess: two lookups by rowid, for the rows of the page only
       (SELECT g.sentiment_guess FROM social_media_posts AS g WHERE g.seq = social_feed.seq) AS sentiment_guess,
       (SELECT sentiment_label(g.sentiment_guess) || ' (auto)' FROM social_media_posts AS g WHERE g.seq = social_feed.seq)
           AS sentiment_guess_label
FROM social_feed
WHERE seq IN (SELECT seq FROM feed WHERE seq IN (SELECT seq FROM hits)
              ORDER BY post_date_ms DESC, id DESC
              LIMIT COALESCE(:limit, 50))
ORDER BY post_date_ms DESC, id DESC;
