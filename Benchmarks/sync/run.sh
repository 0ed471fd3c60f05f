#!/usr/bin/env bash
# Ingest benchmark (issue 8): N SocialPost records from NDJSON through `switchboard sync posts`
# (FTS index kept by its triggers during one INSERT ... SELECT, and indexed once at the end),
# against sqlite3's `.import` of the same rows as CSV into the same schema, triggers included,
# in the same run. Peak RSS from /usr/bin/time -v. Never run by CI.
# Usage: Benchmarks/sync/run.sh [N ...]     (default: 100000 1000000)
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build -c release --product switchboard-cli >/dev/null
bin=.build/release/switchboard-cli
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fresh() { rm -f "$1"; "$bin" init --db "$1" >/dev/null; sqlite3 "$1" "INSERT INTO users (id, name) VALUES ('u1', 'Bench')"; }
measure() { # label, command...: wall seconds and peak RSS (KiB)
    local label=$1; shift
    /usr/bin/time -v "$@" >"$work/out" 2>"$work/time" || { cat "$work/time"; exit 1; }
    local wall rss
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,t,":"); s=0; for(i=1;i<=n;i++) s=s*60+t[i]; print s}' "$work/time")
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time")
    printf '%-34s %9.2f s %12.0f rec/s %9d KiB peak RSS\n' "$label" "$wall" "$(echo "$n / $wall" | bc -l)" "$rss"
}
for n in "${@:-100000 1000000}"; do
    python3 Benchmarks/sync/generate.py "$n" "$work/posts.ndjson" "$work/posts.csv"
    echo "== $n records ($(du -h "$work/posts.ndjson" | cut -f1) NDJSON), $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD)"
    fresh "$work/a.db"
    measure "sqlite3 .import (triggers)" sqlite3 "$work/a.db" ".import --csv $work/posts.csv social_media_posts"
    fresh "$work/b.db"
    SWITCHBOARD_SYNC_INDEX=triggers measure "sync posts (triggers)" "$bin" sync posts "$work/posts.ndjson" --db "$work/b.db" --no-classify
    fresh "$work/c.db"
    SWITCHBOARD_SYNC_INDEX=at-end measure "sync posts (index at end)" "$bin" sync posts "$work/posts.ndjson" --db "$work/c.db" --no-classify
    # The same records without a sentiment, so that sync classifies every one.
    sed 's/"sentiment":"neutral",//' "$work/posts.ndjson" >"$work/unlabelled.ndjson"
    fresh "$work/d.db"
    measure "sync posts (classification on)" "$bin" sync posts "$work/unlabelled.ndjson" --db "$work/d.db"
    printf '  d: classified %s\n' "$(sqlite3 "$work/d.db" 'SELECT count(sentiment) FROM social_media_posts')"
    for db in a b c d; do
        printf '  %s: rows %s, fts ok %s\n' "$db" "$(sqlite3 "$work/$db.db" 'SELECT count(*) FROM social_media_posts')" \
            "$(sqlite3 "$work/$db.db" "SELECT ok FROM search_index_status WHERE index_name = 'social_posts_fts'")"
    done
done
