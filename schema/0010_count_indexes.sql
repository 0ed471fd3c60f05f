-- 0010_count_indexes.sql — the statistics cards and the inbox's counters read an index, not the rows.
--
-- social_stats counts a user's posts by platform and flag, and notification_counts /
-- notification_type_counts count a user's notifications by type and read state. Without these
-- indexes each count reads every row of the user's posts or notifications (a post row holds its
-- whole text), which made the cards 1.8 s and the chips 2.3 s at 1M posts (BENCHMARKS.md, Scale
-- curve). Each index holds exactly the columns those counts read, so SQLite counts from the
-- index alone: still linear in the user's rows, but several times cheaper.
-- Plain SQLite: no Switchboard function is needed to apply it.

BEGIN;

CREATE INDEX IF NOT EXISTS social_media_posts_counts ON social_media_posts(user_id, platform, flagged_for_review);
CREATE INDEX IF NOT EXISTS notifications_counts ON notifications(user_id, type, read_at);

PRAGMA user_version = 10;
COMMIT;
