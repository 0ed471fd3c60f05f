-- Time zones through the real shell: local_date, the zone argument of relative_date and
-- relative_date_abbreviated, display_timezone and the one-argument forms (UTC).
-- Zones come from the system's /usr/share/zoneinfo (tzdata).
SELECT 'ld_new_york', local_date('2026-01-15T02:00:00Z', 'America/New_York') = '2026-01-14';
SELECT 'ld_utc', local_date('2026-01-15T02:00:00Z', 'UTC') = '2026-01-15';
SELECT 'ld_kolkata', local_date('2026-01-14T18:30:00Z', 'Asia/Kolkata') = '2026-01-15';
SELECT 'ld_kolkata_before', local_date('2026-01-14T18:29:59Z', 'Asia/Kolkata') = '2026-01-14';
SELECT 'ld_lord_howe_summer', local_date('2026-01-14T13:00:00Z', 'Australia/Lord_Howe') = '2026-01-15';
SELECT 'ld_lord_howe_winter', local_date('2026-07-14T13:00:00Z', 'Australia/Lord_Howe') = '2026-07-14';
SELECT 'ld_london_bst', local_date('2026-07-01T23:30:00Z', 'Europe/London') = '2026-07-02';
SELECT 'ld_london_gmt', local_date('2026-01-01T23:30:00Z', 'Europe/London') = '2026-01-01';
SELECT 'ld_past_the_table', local_date('2300-07-01T03:30:00Z', 'America/New_York') = '2300-06-30';
SELECT 'ld_offset_input', local_date('2026-01-14T21:00:00-05:00', 'America/New_York') = '2026-01-14';
SELECT 'ld_unix', local_date(1768442400, 'America/New_York') = '2026-01-14';
SELECT 'ld_null_tz', local_date('2026-01-15', NULL) IS NULL;
SELECT 'ld_null_ts', local_date(NULL, 'UTC') IS NULL;
SELECT 'ld_bad_ts', local_date('soon', 'UTC') IS NULL;
SELECT 'ld_per_row_zones', (SELECT group_concat(local_date('2026-01-15T02:00:00Z', z), ',') FROM (SELECT 'UTC' AS z UNION ALL SELECT 'America/New_York' UNION ALL SELECT 'Asia/Kolkata')) = '2026-01-15,2026-01-14,2026-01-15';
SELECT 'rd_tz', relative_date('2026-01-15T02:00:00Z', '2026-02-10T12:00:00Z', 'America/New_York') = 'Jan 14';
SELECT 'rd_tz_utc', relative_date('2026-01-15T02:00:00Z', '2026-02-10T12:00:00Z', 'UTC') = 'Jan 15';
SELECT 'rd_tz_local_year', relative_date('2026-01-01T04:00:00Z', '2026-02-10T12:00:00Z', 'America/New_York') = 'Dec 31, 2025';
SELECT 'rd_tz_hours_are_elapsed', relative_date('2026-03-08T06:30:00Z', '2026-03-08T09:30:00Z', 'America/New_York') = '3h ago';
SELECT 'rd_tz_null', relative_date('2026-01-15', '2026-02-10', NULL) IS NULL;
SELECT 'rda_tz_days', relative_date_abbreviated('2026-01-15T02:00:00Z', '2026-01-16T12:00:00Z', 'America/New_York') = '2 days ago';
SELECT 'rda_tz_dst_noon_to_noon', relative_date_abbreviated('2026-03-07T17:00:00Z', '2026-03-08T16:00:00Z', 'America/New_York') = '1 day ago';
SELECT 'rda_utc_dst_noon_to_noon', relative_date_abbreviated('2026-03-07T17:00:00Z', '2026-03-08T16:00:00Z') = '23 hr. ago';
SELECT 'rda_tz_null', relative_date_abbreviated('2026-01-15', '2026-02-10', NULL) IS NULL;
-- No SQL sets a zone: the one-argument forms are UTC's, and display_timezone(tz) is tz in
-- every host that loads the extension (only the CLI's own connection gets a display zone, through Swift).
SELECT 'ld1_utc', local_date('2026-01-15T02:00:00Z') = '2026-01-15';
SELECT 'now_pinned', switchboard_now('2026-02-10T12:00:00Z') = '2026-02-10T12:00:00Z';
SELECT 'rd1_utc', relative_date('2026-01-15T02:00:00Z') = 'Jan 15';
SELECT 'rda1_utc', relative_date_abbreviated('2026-02-09T04:00:00Z') = '1 day ago';
SELECT 'display_tz_is_its_argument', display_timezone('America/New_York') = 'America/New_York'
    AND display_timezone(NULL) IS NULL AND display_timezone('Mars/Base') = 'Mars/Base';
CREATE TEMP TABLE zones (name TEXT);
INSERT INTO zones VALUES ('UTC'), ('America/New_York'), ('Pacific/Kiritimati');
CREATE TEMP VIEW days AS
    SELECT name, local_date('2026-01-15T02:00:00Z', display_timezone(name)) AS day,
           relative_date('2026-01-15T02:00:00Z', switchboard_now(), display_timezone(name)) AS shown
    FROM zones;
SELECT 'view_per_row_zone', (SELECT group_concat(day || ' ' || shown, ',') FROM days)
    = '2026-01-15 Jan 15,2026-01-14 Jan 14,2026-01-15 Jan 15';
SELECT 'setter_gone', (SELECT count(*) FROM pragma_function_list WHERE name = 'switchboard_timezone') = 0;
SELECT 'flags_ld2_pure', (SELECT flags & 0x280800 = 0x200800 FROM pragma_function_list WHERE name = 'local_date' AND narg = 2);
SELECT 'flags_ld1_pure', (SELECT flags & 0x280800 = 0x200800 FROM pragma_function_list WHERE name = 'local_date' AND narg = 1);
SELECT 'flags_display_tz_innocuous', (SELECT flags & 0x280800 = 0x200000 FROM pragma_function_list WHERE name = 'display_timezone' AND narg = 1);
