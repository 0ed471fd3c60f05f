-- 0019_newest_first_indexes.sql — the feed's and the inbox's views read their first page from an index.
--
-- social_feed ends in ORDER BY post_date_ms DESC, seq DESC and notification_inbox in ORDER BY
-- scheduled_for_ms DESC, seq DESC, over every user's rows (a view has no :user_id). The instant indexes of
-- 0014 lead with user_id, so SQLite sorted every row to give the first 101 (Datasette's view pages,
-- `SELECT * FROM social_feed LIMIT 3`): 18 ms of CPU at 30,000 posts, and linear in the posts. With these
-- (seq is the rowid, so each index is in (instant, seq) order) it walks the index backwards and stops
-- after the page: 2 ms, whatever the size. The views and their order are unchanged.
-- Plain SQLite: no Switchboard function is needed to apply it.

BEGIN;

CREATE INDEX IF NOT EXISTS social_media_posts_newest ON social_media_posts(post_date_ms);
CREATE INDEX IF NOT EXISTS notifications_newest ON notifications(scheduled_for_ms);

PRAGMA user_version = 19;
COMMIT;
