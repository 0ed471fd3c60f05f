-- Test fixture: the migrations and the demo data, with the clock pinned to the demo's anchor
-- (needs the extension loaded, for switchboard_now).  .read Tests/schema/demo.sql
.read Tests/schema/schema.sql
.output /dev/null
.read schema/demo/0001_demo.sql
SELECT switchboard_now('2026-02-10T12:00:00Z');
.output stdout
