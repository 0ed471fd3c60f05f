-- 0012_activity_indexes.sql — the social-activity report and the digest's new posts read two
-- indexes, not the posts' rows.
--
-- Apply by hand:   sqlite3 -bail app.db < schema/0012_activity_indexes.sql   (after 0001–0011)
--
-- reports/social-activity counts a user's posts over the last N days (up to 3650): in total, per
-- day, per week, per school and per coach; the digest counts the posts since the last digest per
-- school. Through social_media_posts_feed (user_id, post_date, seq) each counted post costs a lookup
-- of its row (which holds the post's whole text), and grouping by day, school or author sorts every
-- post of the window: several seconds of CPU at 1M posts (BENCHMARKS.md, "Reports at scale").
-- These two indexes hold exactly the columns those queries read:
--   * social_media_posts_days: the report's day, date(post_date), in order (the window
--     `date(post_date) > date(now, '-N days')` is a range of it), then what the summary, the posts
--     per day and the sentiment per week count; the posts per day are counted in index order,
--     without a sort. date() is SQLite's own and deterministic on a column's value, so it may be
--     indexed (SQLite 3.20 or later).
--   * social_media_posts_authors: posts in the order of school, coach and author, so that the most
--     active schools and coaches are counted in index order, without sorting the window by author.
-- Together about 140 bytes a post (140 MB at 1M posts, 8% of the scale benchmark's database).
-- Plain SQLite: no Switchboard function is needed to apply it.

BEGIN;

CREATE INDEX IF NOT EXISTS social_media_posts_days ON social_media_posts(user_id, date(post_date), post_date,
    platform, sentiment, is_recruiting_related, flagged_for_review);
CREATE INDEX IF NOT EXISTS social_media_posts_authors ON social_media_posts(user_id, school_id, coach_id,
    author_handle, author_name, post_date);

PRAGMA user_version = 12;
COMMIT;
