#!/usr/bin/env bash
# Counts that do not scan (issue 22, item 2; schema/0018_counters.sql): the inbox's chips and unread
# count (when=all|due|upcoming), the feed's statistics and the templates' type counts, p50 at each size,
# against the same queries as they were before the counters (count(*) over the rows; taken from git, the
# commit before 0018 was added) on the same data, in the same run. Also the cost of the counters to
# ingest (the same rows inserted into the schema without and with them) and the migrations of an
# existing database (0018, then 0021).
#
#   Benchmarks/scale/counts.sh [SIZE ...]      # default 10000 100000 1000000 (posts)
#   RUNS=200 (samples per query with counters; a tenth of that for the baseline), BENCH_DIR=/tmp/switchboard-counts-bench,
#   SO=path/to/libswitchboard.so (default: .build/release/libswitchboard.so, built when missing)
#
# Per size N, one user 'bench-user' with: N posts (a third instagram, one in 9 flagged; short texts,
# through every trigger), N/2 notifications (Benchmarks/scale/notifications.sql: 100 upcoming), N/10
# templates. before.db has the migrations below 0018, after.db all of them; both are built the same way
# and timed. Then "many upcoming": one notification in 5 moved into the future (N/10 upcoming) in both
# databases, and the inbox counts timed again; then "skewed": the same upcoming ones, half of them in the
# one second after now (one bucket of schema/0021_schedule_counters.sql holds them all) and half one a day
# from tomorrow on (up to 1,369 years ahead at 1M: many buckets far in the future), timed again. Last,
# notifications-mark-all-read with and without the schedule's counters (Benchmarks/scale/mark-all-read.sh,
# on copies of after.db). Results: one JSON line per figure in $BENCH_DIR/counts.ndjson.
set -euo pipefail
cd "$(dirname "$0")/../.."
read -r -a SIZES <<< "${*:-10000 100000 1000000}"
DIR=${BENCH_DIR:-/tmp/switchboard-counts-bench}
RUNS=${RUNS:-200}
mkdir -p "$DIR/baseline"
if [ -z "${SO:-}" ]; then
    SO=.build/release/libswitchboard.so
    [ -f "$SO" ] || swift build -c release --product switchboard
fi
SO=$(cd "$(dirname "$SO")" && pwd)/$(basename "$SO")
added=$(git log --diff-filter=A --format=%H -- schema/0018_counters.sql | tail -1)
before_commit=${added:+$added^}
before_commit=${before_commit:-HEAD}   # 0018 not committed yet: HEAD is the commit before it
for q in notifications-type-counts notifications-unread-count social-stats templates-type-counts; do
    git show "$before_commit:queries/$q.sql" > "$DIR/baseline/$q.sql"
done
OUT=$DIR/counts.ndjson
: > "$OUT"
now() { date +%s.%N; }
since() { echo "$1 $(now)" | awk '{ printf "%.2f", $2 - $1 }'; }
record() { echo "$1" | tee -a "$OUT"; }

echo "Counts: $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD) (baseline queries from $(git rev-parse --short "$before_commit")), SQLite $(sqlite3 :memory: 'select sqlite_version()'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for n in "${SIZES[@]}"; do
    for variant in before after; do
        db=$DIR/$variant-$n.db
        rm -f "$db" "$db-wal" "$db-shm"
        for f in schema/[0-9][0-9][0-9][0-9]_*.sql; do
            v=$(basename "$f" | cut -c1-4)
            if [ "$variant" = before ] && [ "$((10#$v))" -ge 18 ]; then continue; fi
            sqlite3 -bail "$db" < "$f" > /dev/null
        done
        start=$(now)
        sqlite3 -bail "$db" <<SQL
.load ${SO%.so}
PRAGMA foreign_keys = ON; PRAGMA recursive_triggers = ON; PRAGMA cache_size = -262144;
INSERT INTO users (id, name) VALUES ('bench-user', 'Bench');
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $n)
INSERT INTO social_media_posts (user_id, platform, post_url, post_content, post_date, author_handle, author_name, flagged_for_review)
SELECT 'bench-user', CASE WHEN i % 3 = 0 THEN 'instagram' ELSE 'twitter' END, 'https://x.com/p/' || i, 'Post number ' || i,
       strftime('%Y-%m-%dT%H:%M:%SZ', '2026-11-01T00:00:00Z', '-' || i || ' minutes'), '@coach' || (i % 97), 'Coach ' || (i % 97), i % 9 = 0
FROM n;
COMMIT;
SQL
        posts_s=$(since "$start")
        start=$(now)
        { printf '.load %s\n.output /dev/null\nPRAGMA foreign_keys = ON; PRAGMA recursive_triggers = ON;\n' "${SO%.so}"
          printf 'CREATE TEMP TABLE bench(rows);\nINSERT INTO bench VALUES (%s);\nBEGIN;\n.read Benchmarks/scale/notifications.sql\nCOMMIT;\n' "$((n / 2))"
        } | sqlite3 -bail "$db"
        notifications_s=$(since "$start")
        start=$(now)
        sqlite3 -bail "$db" "PRAGMA foreign_keys = ON; PRAGMA recursive_triggers = ON; BEGIN;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $((n / 10)))
            INSERT INTO communication_templates (user_id, name, type, body)
            SELECT 'bench-user', 'Template ' || i, CASE i % 3 WHEN 0 THEN 'email' WHEN 1 THEN 'text' ELSE 'twitter' END, 'Hi {{coach_name}}' FROM n;
            COMMIT; PRAGMA wal_checkpoint(TRUNCATE);" > /dev/null
        templates_s=$(since "$start")
        record "{\"size\": $n, \"build\": \"$variant\", \"posts_s\": $posts_s, \"notifications_s\": $notifications_s, \"templates_s\": $templates_s, \"db_bytes\": $(stat -c %s "$db")}"
    done
    # An existing database (before) migrated to the counters, on a copy.
    cp "$DIR/before-$n.db" "$DIR/migrate-$n.db"
    start=$(now)
    sqlite3 -bail "$DIR/migrate-$n.db" < schema/0018_counters.sql > /dev/null
    record "{\"size\": $n, \"migrate_0018_s\": $(since "$start")}"
    sqlite3 -bail "$DIR/migrate-$n.db" < schema/0019_newest_first_indexes.sql > /dev/null
    start=$(now)
    sqlite3 -bail "$DIR/migrate-$n.db" < schema/0021_schedule_counters.sql > /dev/null
    record "{\"size\": $n, \"migrate_0021_s\": $(since "$start")}"
    rm -f "$DIR/migrate-$n.db"*
    /usr/bin/python3 Benchmarks/scale/counts.py "$DIR/before-$n.db" "$DIR/after-$n.db" "$SO" "$DIR/baseline" "$RUNS" "$n" | tee -a "$OUT"
    # Many upcoming: one notification in 5 scheduled after now.
    for variant in before after; do
        sqlite3 -bail "$DIR/$variant-$n.db" "PRAGMA recursive_triggers = ON; UPDATE notifications
            SET scheduled_for = strftime('%Y-%m-%dT%H:%M:%SZ', '2026-11-01T00:00:00Z', '+' || seq || ' minutes') WHERE seq % 5 = 0;"
    done
    /usr/bin/python3 Benchmarks/scale/counts.py "$DIR/before-$n.db" "$DIR/after-$n.db" "$SO" "$DIR/baseline" "$RUNS" "$n, 1/5 upcoming" \
        | grep '"notifications-' | tee -a "$OUT"
    # Skewed: half of those in one second, half spread one a day into the far future.
    for variant in before after; do
        sqlite3 -bail "$DIR/$variant-$n.db" "PRAGMA recursive_triggers = ON; UPDATE notifications
            SET scheduled_for = CASE WHEN seq % 10 = 0 THEN '2026-11-01T00:00:01Z'
                                     ELSE strftime('%Y-%m-%dT%H:%M:%SZ', '2026-11-01T00:00:00Z', '+' || seq || ' days') END
            WHERE seq % 5 = 0;"
    done
    /usr/bin/python3 Benchmarks/scale/counts.py "$DIR/before-$n.db" "$DIR/after-$n.db" "$SO" "$DIR/baseline" "$RUNS" "$n, 1/5 upcoming, skewed" \
        | grep '"notifications-' | tee -a "$OUT"
    Benchmarks/scale/mark-all-read.sh "$DIR/after-$n.db" "$SO" | tail -1 | sed "s/^{/{\"size\": $n, /" | tee -a "$OUT"
done
