-- name: social-feed
-- The social feed: the user's posts with every filter combined, newest first, one page (50) at a time.
-- Keyset pagination: for the next page, pass the posted_at and id of the last row of this one as
-- cursor_posted_at and cursor_id (rows after it in (posted_at, id) descending order). The extra
-- condition posted_at <= COALESCE(cursor_posted_at, ...) lets the index seek straight to the page.
-- Search is split into two UNION ALL branches instead of one `search IS NULL OR seq IN (...)` test, so
-- each gets its own plan: with a search, driven by the FTS hits; without, a walk of the feed index by
-- date. likely() tells the planner that most posts are the user's, so it drives from the hits even
-- without ANALYZE. At 300k posts: a rare or absent term 2 ms instead of 27-40 ms, search + filters
-- 4 ms instead of 64 ms; the price is a very common 1-2 letter prefix (all its hits sorted by date):
-- 140 ms instead of 18 ms. See BENCHMARKS.md, "The planner and the guard".
-- :user_id           text, optional: the acting user (defaults to the database's only user)
-- :search            text, optional: words to find in the content, author name or handle (prefix match, all words)
-- :platform          text, one of twitter|instagram, optional: only this platform
-- :school_id         text, optional: only posts about this school (ids from social-schools)
-- :flagged           boolean, default false: only flagged posts
-- :recruiting        boolean, default false: only recruiting-related posts
-- :sentiment         text, one of very_positive|positive|neutral|negative, optional: only this sentiment
-- :cursor_posted_at  text, optional: posted_at of the last row of the previous page
-- :cursor_id         text, optional: id of the last row of the previous page
-- :limit             integer, default 50: page size
WITH feed AS NOT MATERIALIZED (
    SELECT * FROM social_feed
    WHERE likely(user_id = COALESCE(:user_id, (SELECT id FROM sole_user)))
      AND (:platform IS NULL OR platform = :platform)
      AND (:school_id IS NULL OR school_id = :school_id)
      AND (NOT COALESCE(:flagged, 0) OR is_flagged = 1)
      AND (NOT COALESCE(:recruiting, 0) OR is_recruiting_related = 1)
      AND (:sentiment IS NULL OR sentiment = :sentiment)
      AND posted_at <= COALESCE(:cursor_posted_at, '9999-12-31T23:59:59Z')
      AND (:cursor_posted_at IS NULL OR (posted_at, id) < (:cursor_posted_at, COALESCE(:cursor_id, '')))
)
SELECT id, platform, posted_at, relative_time, school_id, school_name, coach_id, coach_name, display_name,
       author_name, author_handle, author_avatar_url, post_content, preview, post_url, sentiment, sentiment_label,
       is_recruiting_related, is_flagged, has_notes, notes, likes_count, shares_count, replies_count, media_urls
FROM (SELECT * FROM feed
      WHERE seq IN (SELECT rowid FROM social_posts_fts
                    WHERE fts_query(:search) IS NOT NULL AND social_posts_fts MATCH fts_query(:search))
      UNION ALL
      SELECT * FROM feed WHERE fts_query(:search) IS NULL
      ORDER BY posted_at DESC, id DESC
      LIMIT COALESCE(:limit, 50))
ORDER BY posted_at DESC, id DESC;
