#!/usr/bin/env bash
# FTS benchmark for issue 3 (BENCHMARKS.md, "Search"): search latency against a LIKE scan at 1M posts,
# search combined with filters, index size, and insert throughput with and without the FTS triggers.
#
#   Benchmarks/fts/run.sh [ROWS]        # from the package root; ROWS defaults to 1000000
#   REUSE=1 Benchmarks/fts/run.sh       # only the queries, on the databases of the previous run
#
# Builds the release extension (swift build -c release --scratch-path .build-schema), creates two
# databases under ${BENCH_DIR:-/tmp/switchboard-fts-bench}, and prints a Markdown report.
# Runtime at 1M rows: about 5 minutes on 2 cores.
set -euo pipefail

ROWS=${1:-1000000}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DIR=${BENCH_DIR:-/tmp/switchboard-fts-bench}
RUNS=${RUNS:-21}        # timed runs per FTS query
SCAN_RUNS=${SCAN_RUNS:-5}
cd "$ROOT"

swift build -c release --scratch-path .build-schema --product switchboard >/dev/null 2>&1 || swift build -c release --scratch-path .build-schema --product switchboard
SO="$ROOT/.build-schema/release/libswitchboard"
mkdir -p "$DIR"

now() { date +%s.%N; }
schema() { printf '.output /dev/null\n.read schema/0001_core.sql\n.read schema/0002_search.sql\n.read schema/0003_views.sql\n.output stdout\n'; }

# Insert throughput: the same rows with the FTS triggers, and with them dropped, in one transaction
# with a 256 MiB page cache (with SQLite's default 2 MiB, a 1M-row transaction spills pages to the
# WAL over and over, and both loads are several times slower).
load() { # $1 = database, $2 = extra SQL after the schema
    local start end
    start=$(now)
    { schema; printf '%s\nPRAGMA cache_size = -262144;\nCREATE TEMP TABLE bench(rows); INSERT INTO bench VALUES (%s);\nBEGIN;\n.read Benchmarks/fts/generate.sql\nCOMMIT;\n' "$2" "$ROWS"; } \
        | sqlite3 -bail "$1" >/dev/null
    end=$(now)
    echo "$start $end" | awk '{ printf "%.1f", $2 - $1 }'
}
if [ "${REUSE:-0}" = 1 ] && [ -f "$DIR/with.db" ]; then # REUSE=1: query the databases of the last run
    WITH_S="–" WITHOUT_S="–" REBUILD_S="–"
else
    rm -f "$DIR"/with.db* "$DIR"/without.db*
    WITH_S=$(load "$DIR/with.db" "")
    WITHOUT_S=$(load "$DIR/without.db" "DROP TRIGGER social_posts_fts_insert; DROP TRIGGER social_posts_fts_update; DROP TRIGGER social_posts_fts_delete;")
    start=$(now)
    sqlite3 "$DIR/with.db" "INSERT INTO social_posts_fts (social_posts_fts) VALUES ('rebuild');"
    REBUILD_S=$(echo "$start $(now)" | awk '{ printf "%.1f", $2 - $1 }')
    sqlite3 "$DIR/with.db" "ANALYZE; VACUUM;" # the file as a user would keep it (indexes compact)
fi

sizes=$(sqlite3 "$DIR/with.db" "
    SELECT printf('%.1f', sum(CASE WHEN name NOT LIKE 'social_posts_fts%' AND name NOT LIKE 'notifications%'
                               AND name NOT LIKE 'communication%' AND name NOT LIKE 'tg_%' THEN pgsize END) / 1048576.0),
           printf('%.1f', sum(CASE WHEN name LIKE 'social_posts_fts%' THEN pgsize END) / 1048576.0)
    FROM dbstat;")
TABLE_MB=${sizes%%|*}
FTS_MB=${sizes##*|}
TAGS_MB=$(sqlite3 "$DIR/with.db" "SELECT printf('%.1f', sum(length(search_tags)) / 1048576.0) FROM social_media_posts;")

# Latency of one query in the shell, RUNS times after one warm-up, with the connection settings of
# configureConnection (mmap): "cpu_p50 cpu_p95 wall_p50 wall_p95" in ms. The shell's .timer gives wall
# time to the millisecond only, so the CPU time (user + sys, microseconds) is reported beside it.
latency() { # $1 = runs, $2 = SQL returning one row
    { printf '.load %s\nPRAGMA mmap_size = 2147418112;\n.timer off\n%s;\n.timer on\n' "$SO" "$2"
      for _ in $(seq "$1"); do printf '%s;\n' "$2"; done; } \
        | sqlite3 -bail "$DIR/with.db" | awk '/^Run Time:/ { print ($6 + $8) * 1000, $4 * 1000 }' > "$DIR/times"
    percentiles() { sort -n | awk '{ t[NR] = $1 } END { p95 = int(NR * 0.95 + 0.999); if (p95 < 1) p95 = 1;
                                                        printf "%.2f %.2f", t[int((NR + 1) / 2)], t[p95] }'; }
    echo "$(cut -d' ' -f1 "$DIR/times" | percentiles) $(cut -d' ' -f2 "$DIR/times" | percentiles)"
}
count() { sqlite3 -bail "$DIR/with.db" ".load $SO" "$1"; }

fts() { echo "SELECT count(*), max(id) FROM (SELECT id FROM social_media_posts WHERE seq IN (SELECT rowid FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('$1'))$2 ORDER BY posted_at DESC LIMIT 50)"; }
like() { echo "SELECT count(*), max(id) FROM (SELECT id FROM social_media_posts WHERE (post_content LIKE '%$1%' OR author_name LIKE '%$1%' OR author_handle LIKE '%$1%')$2 ORDER BY posted_at DESC LIMIT 50)"; }
# The feed through the view, with the user filter and the "blank search = no filter" guard in an OR
# (the OR keeps the planner from driving the query from the FTS hits) ...
feed() { echo "SELECT count(*), max(id) FROM (SELECT id FROM social_feed WHERE user_id = 'bench-user' AND (fts_query('$1') IS NULL OR seq IN (SELECT rowid FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('$1'))) ORDER BY posted_at DESC, id DESC LIMIT 50)"; }
# ... and with the guard split into two UNION ALL branches, each with its own plan: FTS-driven when
# there is a search, the feed index when there is none (a constant-false branch is skipped).
feed_union() { echo "SELECT count(*), max(id) FROM (SELECT id, posted_at FROM social_feed WHERE user_id = 'bench-user' AND seq IN (SELECT rowid FROM social_posts_fts WHERE fts_query('$1') IS NOT NULL AND social_posts_fts MATCH fts_query('$1')) UNION ALL SELECT id, posted_at FROM social_feed WHERE user_id = 'bench-user' AND fts_query('$1') IS NULL ORDER BY posted_at DESC, id DESC LIMIT 50)"; }

FILTERS=" AND platform = 'twitter' AND is_flagged = 1 AND sentiment = 'positive'"
row() { # label, term, fts SQL, like SQL (or empty)
    local f l matches speed
    matches=$(count "SELECT count(*) FROM social_posts_fts WHERE social_posts_fts MATCH fts_query('$2')")
    read -r fc50 fc95 fw50 fw95 <<< "$(latency "$RUNS" "$3")"
    if [ -n "$4" ]; then
        read -r lc50 lc95 lw50 lw95 <<< "$(latency "$SCAN_RUNS" "$4")"
        speed=$(echo "$lc50 $fc50" | awk '{ printf "%.0f×", $1 / ($2 > 0.05 ? $2 : 0.05) }')
        echo "| $1 | \`$2\` | $matches | $fc50 | $fc95 | ${fw50%.*} | $lc50 | ${lw50%.*} | $speed |"
    else
        echo "| $1 | \`$2\` | $matches | $fc50 | $fc95 | ${fw50%.*} | – | – | – |"
    fi
}

echo "## Search (issue 3)"
echo
echo "Command: \`Benchmarks/fts/run.sh $ROWS\` (SQLite $(sqlite3 :memory: 'select sqlite_version()'), release extension, $(nproc) cores)."
echo "$ROWS synthetic posts (Benchmarks/fts/generate.sql), 1 user, database in the OS page cache and mmap'd as"
echo "configureConnection sets it. Each query is \"top 50 by posted_at\" (after ANALYZE), run $RUNS times (LIKE scan: $SCAN_RUNS);"
echo "CPU ms (user + sys, microsecond resolution) p50/p95 and wall ms p50 (the shell's timer: whole ms)."
echo "matches = rows the MATCH finds; filters = platform twitter, is_flagged 1, sentiment positive."
echo
echo "| query | term | matches | CPU p50 | CPU p95 | wall p50 | LIKE CPU p50 | LIKE wall p50 | speed-up (CPU p50) |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
row "search, ~0.5% of rows" zephyr "$(fts zephyr "")" "$(like zephyr "")"
row "search, ~0.01% of rows" quokka "$(fts quokka "")" "$(like quokka "")"
row "search + platform, flagged, sentiment" zephyr "$(fts zephyr "$FILTERS")" "$(like zephyr "$FILTERS")"
row "search + filters, ~0.01%" quokka "$(fts quokka "$FILTERS")" "$(like quokka "$FILTERS")"
row "inside a handle (suffix)" lorana0 "$(fts lorana0 "")" "$(like lorana0 "")"
row "two words AND" "zephyr cup" "$(fts 'zephyr cup' "")" ""
row "2-character prefix, rare" ze "$(fts ze "")" ""
row "2-character prefix, common" mu "$(fts mu "")" ""
row "1-character prefix" z "$(fts z "")" ""
row "common word (~1%)" mumeler "$(fts mumeler "")" ""
row "social_feed view + user, OR guard, ~0.5%" zephyr "$(feed zephyr)" ""
row "social_feed view + user, OR guard, ~0.01%" quokka "$(feed quokka)" ""
row "social_feed view + user, UNION ALL guard, ~0.5%" zephyr "$(feed_union zephyr)" ""
row "social_feed view + user, UNION ALL guard, ~0.01%" quokka "$(feed_union quokka)" ""
echo
echo "| index and inserts | value |"
echo "|---|---:|"
echo "| table + b-tree indexes (without FTS) | $TABLE_MB MiB |"
echo "| social_posts_fts (all shadow tables) | $FTS_MB MiB (+$(echo "$FTS_MB $TABLE_MB" | awk '{ printf "%.0f", 100 * $1 / $2 }')%) |"
echo "| of which stored search_tags text (in the table) | $TAGS_MB MiB |"
rate() { echo "$ROWS $1" | awk '$2 + 0 > 0 { printf " (%.0f rows/s)", $1 / $2 }'; }
echo "| insert $ROWS rows with FTS triggers | ${WITH_S} s$(rate "$WITH_S") |"
echo "| insert $ROWS rows without FTS triggers | ${WITHOUT_S} s$(rate "$WITHOUT_S") |"
echo "| rebuild social_posts_fts from the table | ${REBUILD_S} s |"
