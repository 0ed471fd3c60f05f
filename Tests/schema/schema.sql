-- Test fixture: the migrations, applied quietly (PRAGMA journal_mode prints the mode).
-- Use from a test file (cwd = package root):  .read Tests/schema/schema.sql
.output /dev/null
.read schema/0001_core.sql
.read schema/0002_search.sql
.read schema/0003_views.sql
.read schema/0004_spec_model.sql
.read schema/0005_views.sql
.output stdout
