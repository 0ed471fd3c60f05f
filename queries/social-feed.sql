-- name: social-feed
-- The social feed: the user's posts with every filter combined, newest first, one page (50) at a time.
-- Keyset pagination: for the next page, pass the post_date and id of the last row of this one as
-- cursor_posted_at and cursor_id (rows after it in (post_date, id) descending order). The extra
-- condition post_date <= COALESCE(cursor_posted_at, ...) lets the index seek straight to the page.
-- Search is split into UNION ALL branches instead of one `search IS NULL OR ...` test, so each gets its
-- own plan: a rare search (under 5000 trigram candidates) driven by the index hits, sorted by date; a
-- common one walks the feed index by date and stops at the page size; no search walks the feed index.
-- At 1M posts every query class stays under 50 ms at p95 (BENCHMARKS.md, "Substring search").
-- :user_id           text, optional: the acting user (defaults to the database's only user)
-- :search            text, optional: text to find in the content, author name or handle (case-insensitive substring;
--                    every word, in any order; accents folded when under 5000 posts match)
-- :platform          text, one of twitter|instagram, optional: only this platform
-- :school_id         text, optional: only posts about this school (ids from social-schools)
-- :flagged           boolean, default false: only flagged posts
-- :recruiting        boolean, default false: only recruiting-related posts
-- :sentiment         text, one of very_positive|positive|neutral|negative, optional: only this sentiment
-- :cursor_posted_at  text, optional: post_date of the last row of the previous page
-- :cursor_id         text, optional: id of the last row of the previous page
-- :limit             integer, default 50: page size
WITH feed AS NOT MATERIALIZED (
    SELECT * FROM social_feed
    WHERE likely(user_id = COALESCE(:user_id, (SELECT id FROM sole_user)))
      AND (:platform IS NULL OR platform = :platform)
      AND (:school_id IS NULL OR school_id = :school_id)
      AND (NOT COALESCE(:flagged, 0) OR flagged_for_review = 1)
      AND (NOT COALESCE(:recruiting, 0) OR is_recruiting_related = 1)
      AND (:sentiment IS NULL OR sentiment = :sentiment)
      AND post_date <= COALESCE(:cursor_posted_at, '9999-12-31T23:59:59Z')
      AND (:cursor_posted_at IS NULL OR (post_date, id) < (:cursor_posted_at, COALESCE(:cursor_id, '')))
),
-- Search (schema/0005_substring_search.sql): a bounded count of trigram candidates picks the path
-- once per query: under 5000, the candidates (checked with search_contains) sorted by date, plus
-- the unicode61 hits for accent folding if also under 5000; else the feed in date order, testing
-- search_contains on each post until the page is full. A blank search is no filter.
search AS MATERIALIZED (
    SELECT blank, trigrams, folding,
           NOT blank AND (SELECT count(*) FROM (SELECT 1 FROM social_posts_trigram
               WHERE social_posts_trigram MATCH trigrams LIMIT 5000)) < 5000 AS rare,
           (SELECT count(*) FROM (SELECT 1 FROM social_posts_fts
               WHERE social_posts_fts MATCH folding LIMIT 5000)) < 5000 AS folded
    FROM (SELECT search_trigrams(:search) IS NULL AND search_short_word(:search) IS NULL AS blank,
                 coalesce(search_trigrams(:search),
                          (SELECT group_concat('"' || replace(term, '"', '""') || '"', ' OR ')
                           FROM social_posts_trigram_vocab
                           WHERE term >= search_short_word(:search)
                             AND term < search_short_word(:search) || char(1114111)),
                          '""') AS trigrams,
                 coalesce(fts_query(:search), '""') AS folding)
)
SELECT id, platform, post_date, relative_time, school_id, school_name, coach_id, coach_name, display_name,
       author_name, author_handle, author_avatar_url, post_content, preview, post_url, sentiment, sentiment_label,
       is_recruiting_related, flagged_for_review, has_notes, notes, likes_count, shares_count, replies_count, media_urls
FROM (SELECT * FROM feed
      WHERE (SELECT rare FROM search)
        AND seq IN (SELECT m.seq FROM social_media_posts AS m
                    WHERE m.seq IN (SELECT rowid FROM social_posts_trigram
                                    WHERE social_posts_trigram MATCH (SELECT trigrams FROM search))
                      AND search_contains(:search, m.post_content, m.author_name, m.author_handle)
                    UNION
                    SELECT rowid FROM social_posts_fts
                    WHERE (SELECT folded FROM search) AND social_posts_fts MATCH (SELECT folding FROM search))
      UNION ALL
      SELECT * FROM feed
      WHERE NOT (SELECT rare FROM search) AND NOT (SELECT blank FROM search)
        AND EXISTS (SELECT 1 FROM social_media_posts AS m
                    WHERE m.seq = feed.seq AND search_contains(:search, m.post_content, m.author_name, m.author_handle))
      UNION ALL
      SELECT * FROM feed WHERE (SELECT blank FROM search)
      ORDER BY post_date DESC, id DESC
      LIMIT COALESCE(:limit, 50))
ORDER BY post_date DESC, id DESC;
