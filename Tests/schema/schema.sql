-- Test fixture: every migration in schema/, applied quietly (PRAGMA journal_mode prints the mode).
-- Use from a test file (cwd = package root):  .read Tests/schema/schema.sql
.output /dev/null
.read schema/0001_core.sql
.read schema/0002_search.sql
.read schema/0003_views.sql
.read schema/0004_spec_model.sql
.read schema/0005_views.sql
.read schema/0006_substring_search.sql
.read schema/0007_outbox.sql
.read schema/0008_reports.sql
.read schema/0009_search_detection.sql
.read schema/0010_count_indexes.sql
.read schema/0011_user_references.sql
.read schema/0012_activity_indexes.sql
.read schema/0013_posts_per_user.sql
.read schema/0014_instants.sql
.read schema/0015_user_timezone.sql
.read schema/0016_spec_gaps.sql
.read schema/0017_notification_times.sql
.read schema/0018_counters.sql
.read schema/0019_newest_first_indexes.sql
.read schema/0020_positional_trigrams.sql
.read schema/0021_schedule_counters.sql
.read schema/0022_user_zone_views.sql
.read schema/0023_inbox_trigrams_and_feed_filters.sql
.read schema/0024_replaced_rows.sql
.output stdout
