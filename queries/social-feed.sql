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

-- How it runs. The rows come by rowid from one list (seq IN (...)): the page that post_search (see
-- "Search" below) finds in date order, joined to the filters, plus the accent-folded extras. The extra
-- condition post_date_ms <= COALESCE(the cursor key, ...) is the bound of post_search, so its walk of the index
-- (social_media_posts_instants: user_id, post_date_ms, id) starts at the page; see BENCHMARKS.md,
-- "Substring search".
-- feed: the filters, on the posts table itself (the filter columns of social_feed are those of the
-- table; its joins and display columns are read for the rows of the page only, at the end), and the
-- view is inlined once.
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
-- Search: post_search (a table-valued function of the extension; docs/functions.md) lists the posts of the user
-- whose content, author name or handle contain every word of the search (search_contains, the case-insensitive
-- substring test of the apps), newest first, from the instant of the cursor on (its post_date_ms bound), by
-- the way that suits this search: nothing when a run of three characters of it is in no post; the trigram
-- candidates, tested, when they are few; the trigrams that start with a 1-2 character word; or the
-- posts in date order, each tested, read only until the page is full. A blank search lists every post.
-- The join keeps the posts that pass the filters, in the order of post_search, until the page is full.
found AS MATERIALIZED (
    SELECT f.seq, f.post_date_ms, f.id
    FROM post_search(:search, COALESCE(:user_id, (SELECT id FROM sole_user)), COALESCE(:limit, 50)) AS s
    CROSS JOIN feed AS f ON f.seq = s.rowid
    WHERE s.post_date_ms <= COALESCE((SELECT ms FROM cursor), 253402300799999)
    ORDER BY s.post_date_ms DESC, s.id DESC
    LIMIT COALESCE(:limit, 50)
),
-- Accent folding, the deliberate extra (schema/0006_substring_search.sql): the unicode61 hits of 0002
-- (`cafe` finds `café`) when the exact hits do not fill the page, the hits are under 5000 and the words
-- are letters and digits, which it reads as they are (it would read `a_b` or `C#` as other words).
-- Those conditions choose the MATCH expression itself ('""' matches nothing): as separate WHERE terms
-- they were tested only after FTS5 had run the MATCH, and a common prefix (`coach*`, `l*`) took
-- 120-210 ms at 1M posts to find nothing was needed.
folded AS MATERIALIZED (
    SELECT rowid AS seq FROM (SELECT rowid, count(*) OVER () AS hits
                              FROM (SELECT rowid FROM social_posts_fts
                                    WHERE social_posts_fts MATCH CASE
                                        WHEN (SELECT count(*) FROM found) < COALESCE(:limit, 50)
                                             AND NOT coalesce(:search GLOB ('*[^0-9A-Za-z ' || char(9, 10, 13) || 'À-ÖØ-öø-ɏ̀-ͯͰ-ӿḀ-ỿ]*'), 1)
                                        THEN coalesce(fts_query(:search), '""') ELSE '""' END
                                    LIMIT 5000))
    WHERE hits < 5000
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
WHERE seq IN (SELECT seq FROM (SELECT seq, post_date_ms, id FROM found
                               UNION
                               SELECT seq, post_date_ms, id FROM feed WHERE seq IN (SELECT seq FROM folded))
              ORDER BY post_date_ms DESC, id DESC
              LIMIT COALESCE(:limit, 50))
ORDER BY post_date_ms DESC, id DESC;
