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

-- Without search words, the counts come from the counters (schema/0018_counters.sql, 0026_digest_counters.sql)
-- where they hold the filters: every post, a platform, the flagged ones, or a sentiment alone. Otherwise every post
-- of the user is tested with search_contains, the test post_search ends with: the count is the number of rows
-- social-feed's pages hold together. search_contains(:search, '') is 1 exactly when the search has no word, and
-- is tested before any row: a search past the caps is refused here too, even where no post is tested.
SELECT CASE
    WHEN search_contains(:search, '') AND :school_id IS NULL AND NOT COALESCE(:recruiting, 0) AND :sentiment IS NULL
    THEN (SELECT coalesce(sum(CASE WHEN COALESCE(:flagged, 0) THEN flagged ELSE posts END), 0) FROM social_media_post_counters
          WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND (:platform IS NULL OR platform = :platform))
    WHEN search_contains(:search, '') AND :school_id IS NULL AND NOT COALESCE(:recruiting, 0) AND :platform IS NULL
         AND NOT COALESCE(:flagged, 0)
    THEN (SELECT coalesce(sum(posts), 0) FROM social_media_post_sentiment_counters
          WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user)) AND sentiment = :sentiment)
    ELSE (SELECT count(*) FROM social_media_posts
          WHERE user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
            AND (:platform IS NULL OR platform = :platform)
            AND (:school_id IS NULL OR school_id = :school_id)
            AND (NOT COALESCE(:flagged, 0) OR flagged_for_review = 1)
            AND (NOT COALESCE(:recruiting, 0) OR is_recruiting_related = 1)
            AND (:sentiment IS NULL OR sentiment = :sentiment)
            AND search_contains(:search, post_content, author_name, author_handle))
    END AS count;
