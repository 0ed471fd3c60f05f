-- name: social-count(user_id, search, platform, school_id, flagged, recruiting, sentiment)
-- How many of the user's posts match the feed's filters ("User sees filtered results with count").
-- The same filters and search as social-feed, counted over every page.
-- :user_id     text, optional: the acting user (defaults to the database's only user)
-- :search      text, optional: words to find in the content, author name or handle: each, in any order, a
--              case-insensitive substring of one of them (docs/search.md); at most 32 words of 256 bytes
-- :platform    text, one of twitter|instagram, optional: only this platform
-- :school_id   text, optional: only posts about this school (ids from social-schools)
-- :flagged     boolean, default false: only posts flagged for review
-- :recruiting  boolean, default false: only recruiting-related posts
-- :sentiment   text, one of very_positive|positive|neutral|negative, optional: only posts whose source gave this
--              sentiment (the sentiment field; the classifier's sentiment_guess is not matched)
-- display: count

-- A search tests every post of the user with search_contains, the test post_search ends with: the count is the
-- number of rows social-feed's pages hold together. search_contains(:search, '') is a constant, tested once
-- before any row: a search past the caps is refused here too, even where no post is tested.
SELECT count(*) AS count
FROM social_media_posts
WHERE search_contains(:search, '') IS NOT NULL
  AND user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
  AND (:platform IS NULL OR platform = :platform)
  AND (:school_id IS NULL OR school_id = :school_id)
  AND (NOT COALESCE(:flagged, 0) OR flagged_for_review = 1)
  AND (NOT COALESCE(:recruiting, 0) OR is_recruiting_related = 1)
  AND (:sentiment IS NULL OR sentiment = :sentiment)
  AND search_contains(:search, post_content, author_name, author_handle);
