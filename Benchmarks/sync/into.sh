#!/usr/bin/env bash
# What a write path costs a sync into a workspace that already holds posts: `switchboard sync posts` of N new records
# (Benchmarks/sync/generate.py) into a fresh copy of each database given, one after the other in each of ROUNDS
# rounds (interleaved, so a busy moment of a shared machine lands on every variant alike); the median CPU time
# (user + system) and wall time of each, and its ratio to the first database's.
#
#   Benchmarks/sync/into.sh N BASE.db VARIANT.db...     # ROUNDS=5; CLI=path (default .build/release/switchboard-cli)
#   USER_ID=bench-user (the databases' user; Benchmarks/fts/generate.sql's)
#
# Example: the vocabulary of chunks (schema/0027) against the same 200,000 posts without it:
#   cp posts-200000.db without.db && switchboard init --db without.db     # to 0027, then drop its post triggers:
#   sqlite3 without.db "SELECT 'DROP TRIGGER ' || name || ';' FROM sqlite_master WHERE name LIKE 'social_post_chunk_counters_%'" \
#       | sqlite3 without.db
#   cp posts-200000.db with.db && switchboard init --db with.db
#   Benchmarks/sync/into.sh 10000 without.db with.db
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:?usage: Benchmarks/sync/into.sh N BASE.db VARIANT.db...}
shift
[ $# -ge 2 ] || { echo "usage: Benchmarks/sync/into.sh N BASE.db VARIANT.db..." >&2; exit 2; }
ROUNDS=${ROUNDS:-5}
CLI=${CLI:-.build/release/switchboard-cli}
[ -x "$CLI" ] || swift build -c release --product switchboard-cli >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/sync/generate.py "$n" "$work/posts.ndjson" /dev/null
echo "== sync posts of $n records into copies of: $*; $ROUNDS rounds, $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD), load $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A cpus walls
for round in $(seq "$ROUNDS"); do
    for db in "$@"; do
        rm -f "$work/db" "$work/db-wal" "$work/db-shm"
        cp "$db" "$work/db"
        /usr/bin/time -f '%e %U %S' -o "$work/time" "$CLI" sync posts "$work/posts.ndjson" --db "$work/db" --user "${USER_ID:-bench-user}" \
            --no-classify >/dev/null
        read -r seconds user system <"$work/time"
        cpu=$(echo "$user $system" | awk '{ printf "%.2f", $1 + $2 }')
        cpus[$db]+="$cpu "
        walls[$db]+="$seconds "
        echo "round $round $(basename "$db"): $seconds s wall, $cpu s CPU"
    done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
base=$(echo "${cpus[$1]}" | median)
for db in "$@"; do
    cpu=$(echo "${cpus[$db]}" | median)
    echo "$(basename "$db"): median CPU $cpu s ($(echo "$cpu $base" | awk '{ printf "%.2f", $1 / $2 }')× $(basename "$1")), median wall $(echo "${walls[$db]}" | median) s"
done
