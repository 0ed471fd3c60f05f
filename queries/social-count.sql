-- name: social-count(user_id, search, platform, school_id, flagged, recruiting, sentiment)
-- How many of the user's posts match the feed's filters ("User sees filtered results with count").
-- The same filters and search as social-feed, counted over every page.
-- :user_id     text, optional: the acting user (defaults to the database's only user)
-- :search      text, optional: text to find in the content, author name or handle (case-insensitive substring;
--              every word, in any order; accents folded)
-- :platform    text, one of twitter|instagram, optional: only this platform
-- :school_id   text, optional: only posts about this school (ids from social-schools)
-- :flagged     boolean, default false: only posts flagged for review
-- :recruiting  boolean, default false: only recruiting-related posts
-- :sentiment   text, one of very_positive|positive|neutral|negative, optional: only posts whose source gave this
--              sentiment (the sentiment field; the classifier's sentiment_guess is not matched)
-- display: count

-- A search tests every post of the user: a count, not a page.
SELECT count(*) AS count
FROM social_media_posts
WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
  AND (:platform IS NULL OR platform = :platform)
  AND (:school_id IS NULL OR school_id = :school_id)
  AND (NOT COALESCE(:flagged, 0) OR flagged_for_review = 1)
  AND (NOT COALESCE(:recruiting, 0) OR is_recruiting_related = 1)
  AND (:sentiment IS NULL OR sentiment = :sentiment)
  AND (search_contains(:search, post_content, author_name, author_handle)
       OR seq IN (SELECT rowid FROM social_posts_fts  -- accents folded, for words of letters and digits
                  WHERE fts_query(:search) IS NOT NULL AND NOT (:search GLOB ('*[^0-9A-Za-z ' || char(9, 10, 13) || 'À-ÖØ-öø-ɏ̀-ͯͰ-ӿḀ-ỿ]*'))
                    AND social_posts_fts MATCH fts_query(:search)));
