-- name: social-feed(user_id, search, platform, school_id, flagged, recruiting, sentiment, cursor_post_date, cursor_id, limit)
-- The social feed: the user's posts with every filter combined, newest post_date first, one page (50) at a time.
-- Columns: SocialPost's fields (the API's select list), then what the card shows: preview, school_name,
-- coach_name, display_name, author_avatar_url, relative_time, sentiment_label, sentiment_emoji,
-- platform_label, platform_color, has_notes, accessibility_label, the counts and media_urls.
-- Keyset pagination: for the next page, pass the post_date and id of the last row of this one as
-- cursor_post_date and cursor_id (rows after it in (post_date, id) descending order). The extra
-- condition post_date <= COALESCE(cursor_post_date, ...) lets the index seek straight to the page.
-- Search is split into two UNION ALL branches instead of one `search IS NULL OR seq IN (...)` test, so
-- each gets its own plan: with a search, driven by the FTS hits; without, a walk of the feed index by
-- date. likely() tells the planner that most posts are the user's, so it drives from the hits even
-- without ANALYZE. See BENCHMARKS.md, "Search".
-- :user_id           text, optional: the acting user (defaults to the database's only user)
-- :search            text, optional: words to find in the content, author name or handle (prefix match, all words)
-- :platform          text, one of twitter|instagram, optional: only this platform
-- :school_id         text, optional: only posts about this school (ids from social-schools)
-- :flagged           boolean, default false: only posts flagged for review
-- :recruiting        boolean, default false: only recruiting-related posts
-- :sentiment         text, one of very_positive|positive|neutral|negative, optional: only this sentiment
-- :cursor_post_date  text, optional: post_date of the last row of the previous page
-- :cursor_id         text, optional: id of the last row of the previous page
-- :limit             integer, default 50: page size
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
)
SELECT id, coach_id, school_id, platform, post_url, post_content, post_date, author_handle, author_name,
       is_recruiting_related, flagged_for_review, sentiment, notes, created_at, updated_at,
       preview, school_name, coach_name, display_name, author_avatar_url, relative_time, sentiment_label,
       sentiment_emoji, platform_label, platform_color, has_notes, accessibility_label,
       likes_count, shares_count, replies_count, media_urls
FROM (SELECT * FROM feed
      WHERE seq IN (SELECT rowid FROM social_posts_fts
                    WHERE fts_query(:search) IS NOT NULL AND social_posts_fts MATCH fts_query(:search))
      UNION ALL
      SELECT * FROM feed WHERE fts_query(:search) IS NULL
      ORDER BY post_date DESC, id DESC
      LIMIT COALESCE(:limit, 50))
ORDER BY post_date DESC, id DESC;
