-- name: social-feed(user_id, search, platform, school_id, flagged, recruiting, sentiment, cursor_post_date, cursor_id, limit)
-- The social feed: the user's posts with every filter combined, newest post_date first, one page (50) at a time.
-- Columns: SocialPost's fields (the API's select list), then what the card shows: preview, school_name,
-- coach_name, display_name, author_avatar_url, relative_time, sentiment_label, sentiment_emoji,
-- platform_label, platform_color, has_notes, accessibility_label, the counts and media_urls.
-- Keyset pagination: for the next page, pass the post_date and id of the last row of this one as
-- cursor_post_date and cursor_id (rows after it in (post_date, id) descending order). The extra
-- condition post_date <= COALESCE(cursor_post_date, ...) lets the index seek straight to the page.
-- The rows come by rowid from one list (seq IN (...)), never from a `search IS NULL OR ...` test: the
-- page found by walking the feed index in date order (no search, or a common one), or the posts found
-- through the search indexes (a rare search); see "Search" below and BENCHMARKS.md, "Substring search".
-- :user_id           text, optional: the acting user (defaults to the database's only user)
-- :search            text, optional: text to find in the content, author name or handle (case-insensitive substring;
--                    every word, in any order; accent-folded word prefixes too when the search is rare)
-- :platform          text, one of twitter|instagram, optional: only this platform
-- :school_id         text, optional: only posts about this school (ids from social-schools)
-- :flagged           boolean, default false: only posts flagged for review
-- :recruiting        boolean, default false: only recruiting-related posts
-- :sentiment         text, one of very_positive|positive|neutral|negative, optional: only this sentiment
-- :cursor_post_date  text, optional: post_date of the last row of the previous page
-- :cursor_id         text, optional: id of the last row of the previous page
-- :limit             integer, between 1 and 10000, default 50: page size
-- returns boolean: is_recruiting_related, flagged_for_review, has_notes
-- returns json: media_urls
WITH feed AS NOT MATERIALIZED (
    SELECT * FROM social_feed
    WHERE likely(user_id = COALESCE(:user_id, (SELECT id FROM sole_user)))
      AND (:platform IS NULL OR platform = :platform)
      AND (:school_id IS NULL OR school_id = :school_id)
      AND (NOT COALESCE(:flagged, 0) OR flagged_for_review = 1)
      AND (NOT COALESCE(:recruiting, 0) OR is_recruiting_related = 1)
      AND (:sentiment IS NULL OR sentiment = :sentiment)
      AND post_date <= COALESCE(:cursor_post_date, '9999-12-31T23:59:59Z')
      AND (:cursor_post_date IS NULL OR (post_date, id) < (:cursor_post_date, COALESCE(:cursor_id, '')))
),
-- Search (schema/0006_substring_search.sql): the apps' case-insensitive substring test,
-- search_contains, on every post found, by the cheaper of two paths, chosen once per query:
-- * common (10000+ trigram candidates, a word of 1-2 characters, or no search): the feed in date
--   order, each post tested, for at most 7000 posts; a full page found there is the answer;
-- * otherwise: the trigram candidates (for 1-2 characters: the trigrams starting with them),
--   tested, plus the unicode61 hits (accent folding: `cafe` finds `café`) when under 5000 and the
--   words are letters and digits, sorted by date.
search AS MATERIALIZED (
    SELECT search_trigrams(:search) IS NULL AND search_short_word(:search) IS NULL AS blank,
           search_trigrams(:search) IS NULL AS short,
           coalesce(search_trigrams(:search), '""') AS trigrams
),
candidates AS MATERIALIZED (
    SELECT rowid AS seq FROM social_posts_trigram
    WHERE social_posts_trigram MATCH (SELECT trigrams FROM search)
    LIMIT (SELECT CASE WHEN short THEN 0 ELSE 10000 END FROM search)
),
scanned AS MATERIALIZED (
    SELECT seq FROM (SELECT seq FROM feed ORDER BY post_date DESC, id DESC
                     LIMIT (SELECT CASE WHEN blank THEN -1
                                        WHEN short OR (SELECT count(*) FROM candidates) = 10000
                                        THEN max(7000, COALESCE(:limit, 50)) ELSE 0 END
                            FROM search)) AS f
    WHERE EXISTS (SELECT 1 FROM social_media_posts AS m WHERE m.seq = f.seq
                  AND search_contains(:search, m.post_content, m.author_name, m.author_handle))
    LIMIT COALESCE(:limit, 50)
),
path AS MATERIALIZED (
    SELECT short, trigrams,
           NOT blank AND (SELECT count(*) FROM scanned) < COALESCE(:limit, 50) AS use_index,
           NOT short AND (SELECT count(*) FROM candidates) < 10000 AS listed,
           -- accent folding through unicode61 only for words of letters and digits, which it reads as
           -- they are (it would read `a_b` or `C#` as other words)
           NOT blank AND NOT coalesce(:search GLOB ('*[^0-9A-Za-z ' || char(9, 10, 13) || 'À-ÖØ-öø-ɏ̀-ͯͰ-ӿḀ-ỿ]*'), 1) AS folding
    FROM search
)
SELECT id, coach_id, school_id, platform, post_url, post_content, post_date, author_handle, author_name,
       is_recruiting_related, flagged_for_review, sentiment, notes, created_at, updated_at,
       preview, school_name, coach_name, display_name, author_avatar_url, relative_time, sentiment_label,
       sentiment_emoji, platform_label, platform_color, has_notes, accessibility_label,
       likes_count, shares_count, replies_count, media_urls
FROM (SELECT * FROM feed
      WHERE seq IN (SELECT seq FROM scanned
                    UNION
                    SELECT m.seq FROM social_media_posts AS m
                    WHERE m.seq IN (SELECT seq FROM candidates
                                    WHERE (SELECT use_index AND listed FROM path)
                                    UNION ALL
                                    SELECT rowid FROM (
                                        SELECT rowid FROM social_posts_trigram
                                        WHERE social_posts_trigram MATCH (SELECT CASE WHEN NOT short THEN trigrams ELSE
                                            coalesce((SELECT group_concat('"' || replace(term, '"', '""') || '"', ' OR ')
                                                      FROM social_posts_trigram_vocab
                                                      WHERE term >= search_short_word(:search)
                                                        AND term < search_short_word(:search) || char(1114111)), '""')
                                            END FROM path)
                                        LIMIT (SELECT CASE WHEN use_index AND NOT listed THEN -1 ELSE 0 END FROM path)))
                      AND search_contains(:search, m.post_content, m.author_name, m.author_handle)
                    UNION
                    SELECT rowid FROM (SELECT rowid FROM social_posts_fts
                                       WHERE social_posts_fts MATCH coalesce(fts_query(:search), '""')
                                       LIMIT (SELECT CASE WHEN use_index AND folding THEN 5000 ELSE 0 END FROM path))
                    WHERE (SELECT count(*) FROM (SELECT 1 FROM social_posts_fts
                                                 WHERE social_posts_fts MATCH coalesce(fts_query(:search), '""')
                                                 LIMIT (SELECT CASE WHEN use_index AND folding THEN 5000 ELSE 0 END FROM path))) < 5000)
      ORDER BY post_date DESC, id DESC
      LIMIT COALESCE(:limit, 50))
ORDER BY post_date DESC, id DESC;
