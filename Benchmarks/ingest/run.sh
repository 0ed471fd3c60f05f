#!/usr/bin/env bash
# Ingest paths side by side: the same N SocialPost records (Benchmarks/sync/generate.py) loaded, in one
# run, each into a fresh `switchboard init` database (the same schema, FTS triggers included) by
#   sync     switchboard sync posts posts.ndjson
#   import   switchboard import social_media_posts posts.ndjson
#   staged   sqlite3: .import --csv into a temp staging table, then one INSERT ... SELECT
#   sqlite-utils  sqlite-utils insert --nl (the same NDJSON with "user_id":"u1" added, which it cannot default)
# CPU time (user + sys) and peak RSS from /usr/bin/time, ratios against sync; then a check that the
# four databases hold the same rows and that every search index is in step. Never run by CI.
#
# Usage: Benchmarks/ingest/run.sh [N]      (default 1000000; 100000 takes about 2 minutes of CPU)
# SWITCHBOARD_BIN: the switchboard binary to measure (default: this tree's release build, built first).
# sqlite-utils: $SQLITE_UTILS, else .venv-bench/bin/sqlite-utils, else on PATH
#   (python3 -m venv .venv-bench && .venv-bench/bin/pip install sqlite-utils).
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-1000000}
if [ -n "${SWITCHBOARD_BIN:-}" ]; then
    bin=$SWITCHBOARD_BIN
else
    swift build -c release --product switchboard-cli >/dev/null
    bin=$PWD/.build/release/switchboard-cli
fi
utils=${SQLITE_UTILS:-$( [ -x .venv-bench/bin/sqlite-utils ] && echo "$PWD/.venv-bench/bin/sqlite-utils" || command -v sqlite-utils || true)}
[ -n "$utils" ] || { echo "sqlite-utils not found: python3 -m venv .venv-bench && .venv-bench/bin/pip install sqlite-utils" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 Benchmarks/sync/generate.py "$n" "$work/posts.ndjson" "$work/posts.csv"
sed 's/^{/{"user_id":"u1",/' "$work/posts.ndjson" >"$work/posts-user.ndjson"
# The CSV has the columns below in this order (the table's others are kept by triggers or left NULL); its
# empty optional fields become NULL, as sync and import store them.
columns="seq, id, user_id, coach_id, school_id, platform, post_url, post_content, post_date, author_handle, author_name,
    author_avatar_url, media_urls, likes_count, shares_count, replies_count, is_recruiting_related, flagged_for_review,
    sentiment, notes, created_at, updated_at, search_tags"
staged_insert="INSERT INTO social_media_posts ($columns) SELECT seq, id, user_id, nullif(coach_id, ''), nullif(school_id, ''), platform,
    post_url, post_content, post_date, author_handle, author_name, nullif(author_avatar_url, ''), media_urls, likes_count,
    shares_count, replies_count, is_recruiting_related, flagged_for_review, nullif(sentiment, ''), nullif(notes, ''),
    created_at, updated_at, NULL FROM temp.staging ORDER BY seq"

fresh() { rm -f "$1"; "$bin" init --db "$1" >/dev/null; sqlite3 "$1" "INSERT INTO users (id, name) VALUES ('u1', 'Bench')"; }
labels=() cpu=() rss=() checks=()
measure() { # name, database, command...: CPU seconds (user + sys) and peak RSS (KiB) of the command
    local name=$1 db=$2; shift 2
    fresh "$db"
    /usr/bin/time -f '%U %S %M' -o "$work/time" "$@" >"$work/out" 2>"$work/err" || { cat "$work/err" "$work/time"; exit 1; }
    read -r user sys peak <"$work/time"
    labels+=("$name") cpu+=("$(echo "$user + $sys" | bc -l)") rss+=("$peak")
    checks+=("$(sqlite3 "$db" "SELECT count(*) FROM social_media_posts")|$(sqlite3 "$db" "SELECT min(ok) FROM search_index_status")|$(
        sqlite3 "$db" "SELECT * FROM social_media_posts ORDER BY seq" | md5sum | cut -c1-12)")
    rm -f "$db" "$db-wal" "$db-shm"
}

measure "switchboard sync posts" "$work/sync.db" "$bin" sync posts "$work/posts.ndjson" --db "$work/sync.db"
measure "switchboard import social_media_posts" "$work/import.db" "$bin" import social_media_posts "$work/posts.ndjson" --db "$work/import.db"
measure "sqlite3 .import staged + INSERT … SELECT" "$work/staged.db" sqlite3 "$work/staged.db" \
    "CREATE TEMP TABLE staging AS SELECT $columns FROM main.social_media_posts WHERE 0" \
    ".import --csv --schema temp $work/posts.csv staging" "$staged_insert"
measure "sqlite-utils insert --nl" "$work/utils.db" "$utils" insert "$work/utils.db" social_media_posts "$work/posts-user.ndjson" --nl

echo "== $n posts ($(du -h "$work/posts.ndjson" | cut -f1) NDJSON), CPU = user + sys, ratio = CPU / sync's CPU"
row() { printf '| %-40s | %7s | %7s | %12s | %8s | %10s | %-12s |\n' "$@"; }
row "path" "CPU s" "ratio" "peak RSS MiB" "rows" "indexes ok" "rows' md5"
row "---" "---:" "---:" "---:" "---:" ":---:" "---"
for i in "${!labels[@]}"; do
    IFS='|' read -r rows ok md5 <<<"${checks[$i]}"
    row "${labels[$i]}" "$(printf '%.1f' "${cpu[$i]}")" "$(printf '%.2f×' "$(echo "${cpu[$i]} / ${cpu[0]}" | bc -l)")" \
        "$(printf '%.0f' "$(echo "${rss[$i]} / 1024" | bc -l)")" "$rows" "$ok" "$md5"
done
if [ "$(printf '%s\n' "${checks[@]}" | sort -u | wc -l)" -eq 1 ] && [ "${checks[0]#*|}" != "${checks[0]}" ] \
    && [ "$(cut -d'|' -f2 <<<"${checks[0]}")" = 1 ]; then
    echo "The four databases hold the same rows, and their search indexes are in step."
else
    echo "The databases differ, or an index is out of step: see the last three columns." >&2
    exit 1
fi
