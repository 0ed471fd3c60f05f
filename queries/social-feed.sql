-- name: social-feed(user_id, search, platform, school_id, flagged, recruiting, sentiment, cursor_post_date, cursor_id, limit)
-- The social feed: the user's posts with every filter combined, newest first (post_date as an instant), one page (50) at a time.
-- Columns: SocialPost's fields (the API's select list), then what the card shows: preview, school_name,
-- coach_name, display_name, author_avatar_url, relative_time, sentiment_label, sentiment_emoji,
-- platform_label, platform_color, has_notes, accessibility_label, the counts and media_urls, then the
-- classifier's guess for a post whose source gave no sentiment: sentiment_guess and its label marked
-- "(auto)", e.g. "👍 Positive (auto)" (sentiment stays what the source said, null included).
-- Keyset pagination: pass the post_date and id of this page's last row as cursor_post_date and cursor_id for
-- the next (rows after it in (post_date_ms, id) descending order; instants as schema/0014_instants.sql reads them).
-- empty: No posts yet. Sync posts to start monitoring coach and program social media
-- empty filtered: No posts match your filters. Try adjusting your search or filter criteria
-- :user_id           text, optional: the acting user (defaults to the database's only user)
-- :search            text, optional: words to find in the content, author name or handle: each, in any order,
--                    a case-insensitive substring of one of them (docs/search.md); at most 32 words of 256 bytes
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

-- post_search (docs/search.md) lists the matches newest first, by its own plan (a school's by its index), after the cursor.
SELECT f.id, f.coach_id, f.school_id, f.platform, f.post_url, f.post_content, f.post_date, f.author_handle,
       f.author_name, f.is_recruiting_related, f.flagged_for_review, f.sentiment, f.notes, f.created_at, f.updated_at,
       f.preview, f.school_name, f.coach_name, f.display_name, f.author_avatar_url, f.relative_time, f.sentiment_label,
       f.sentiment_emoji, f.platform_label, f.platform_color, f.has_notes, f.accessibility_label,
       f.likes_count, f.shares_count, f.replies_count, f.media_urls,
       p.sentiment_guess, sentiment_label(p.sentiment_guess) || ' (auto)' AS sentiment_guess_label
FROM post_search(:search, :user_id, COALESCE(:limit, 50), :school_id, :cursor_post_date, :cursor_id) AS s
JOIN social_media_posts AS p ON p.seq = s.rowid
JOIN social_feed AS f ON f.seq = s.rowid
WHERE (:platform IS NULL OR p.platform = :platform) AND (:sentiment IS NULL OR p.sentiment = :sentiment)
  AND (NOT COALESCE(:flagged, 0) OR p.flagged_for_review = 1) AND (NOT COALESCE(:recruiting, 0) OR p.is_recruiting_related = 1)
ORDER BY s.post_date_ms DESC, s.id DESC LIMIT COALESCE(:limit, 50);
