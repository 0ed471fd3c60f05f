-- name: social-feed
-- The social feed: the user's posts with every filter combined, newest first, one page (50) at a time.
-- Keyset pagination: pass the posted_at and id of the last row of a page as :cursor_posted_at and
-- :cursor_id to get the next page (rows strictly older in (posted_at, id) order).
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
SELECT p.id, p.platform, p.posted_at, relative_date(p.posted_at) AS relative_time,
       coalesce(s.name, 'Unknown School') AS school_name, c.name AS coach_name,
       p.author_name, p.author_handle, p.post_content,
       p.sentiment, sentiment_label(p.sentiment) AS sentiment_label,
       p.is_recruiting_related, p.is_flagged, p.notes IS NOT NULL AND trim(p.notes) <> '' AS has_notes, p.notes,
       p.likes_count, p.shares_count, p.replies_count, p.post_url
FROM social_media_posts AS p
LEFT JOIN schools AS s ON s.id = p.school_id
LEFT JOIN coaches AS c ON c.id = p.coach_id
WHERE p.user_id = COALESCE(:user_id, (SELECT id FROM sole_user))
  AND (fts_query(:search) IS NULL
       OR p.seq IN (SELECT rowid FROM social_posts_fts WHERE social_posts_fts MATCH fts_query(:search)))
  AND (:platform IS NULL OR p.platform = :platform)
  AND (:school_id IS NULL OR p.school_id = :school_id)
  AND (NOT COALESCE(:flagged, 0) OR p.is_flagged = 1)
  AND (NOT COALESCE(:recruiting, 0) OR p.is_recruiting_related = 1)
  AND (:sentiment IS NULL OR p.sentiment = :sentiment)
  AND (:cursor_posted_at IS NULL OR (p.posted_at, p.id) < (:cursor_posted_at, COALESCE(:cursor_id, '')))
ORDER BY p.posted_at DESC, p.id DESC
LIMIT COALESCE(:limit, 50);
