#!/usr/bin/env bash
# What a schema feature costs `switchboard sync posts`: N new posts synced into a fresh database with the
# feature and into one without it (the same schema otherwise), alternately, ROUNDS times each; the medians of
# the wall time and of the CPU time (user + system: steadier on a shared machine), their ratios, and the
# trigram index's and the file's size in each.
#   counters    schema/0018_counters.sql: without = the four social_media_post_counters_* triggers dropped
#               (one UPSERT into a one-row-per-platform table per post is the whole difference)
#   positions   schema/0020_positional_trigrams.sql: without = social_posts_trigram rebuilt as before it,
#               detail='none' (which posts hold each run of three characters, no positions)
#   replaced    schema/0024_replaced_rows.sql: without = every trigger as the migrations before 0024 left them
#               (its BEFORE triggers and the insert triggers' look at the rows put aside are the difference)
#   chunks      schema/0027_search_chunks.sql: without = the five social_post_chunk_counters_* triggers dropped (each
#               post's distinct chunks UPSERTed with their reference counts, and their trigram index, are the difference)
#   wordindex   schema/0002's unicode61 index of the posts, social_posts_fts (word prefixes, accents folded, with
#               the search_tags suffixes its triggers store): without = the index and its four triggers dropped
#
#   Benchmarks/sync/cost.sh counters|positions|replaced|chunks|wordindex [N]     # default N 100000; ROUNDS=3
#   CLI=path/to/switchboard-cli (default .build/release/switchboard-cli, built when missing). A CLI from
#   before 0018 works for `counters`: the database it makes gets 0018's triggers from the file (its version kept).
set -euo pipefail
cd "$(dirname "$0")/../.."
feature=${1:?usage: Benchmarks/sync/cost.sh counters|positions|replaced|chunks|wordindex [N]}
n=${2:-100000}
ROUNDS=${ROUNDS:-3}
CLI=${CLI:-.build/release/switchboard-cli}
[ -x "$CLI" ] || swift build -c release --product switchboard-cli >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/sync/generate.py "$n" "$work/posts.ndjson" /dev/null
if [ "$feature" = replaced ]; then # the triggers before 0024, from the schema files before it applied by the shell
    for file in schema/[0-9][0-9][0-9][0-9]_*.sql; do
        number=$(basename "$file" | cut -c1-4)
        [ "$((10#$number))" -lt 24 ] && sqlite3 -bail "$work/before.db" <"$file" >/dev/null
    done
    sqlite3 "$work/before.db" "SELECT sql || ';' FROM sqlite_master WHERE type = 'trigger'" >"$work/before-triggers.sql"
fi
without() { # path: takes the feature out of a fresh database
    case $feature in
        counters)
            sqlite3 "$1" "SELECT 'DROP TRIGGER ' || name || ';' FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'social_media_post_counters_%'" \
                | sqlite3 -bail "$1" ;;
        positions)
            sqlite3 -bail "$1" "DROP TABLE social_posts_trigram; CREATE VIRTUAL TABLE social_posts_trigram USING fts5(text,
                content = 'social_posts_trigram_text', content_rowid = 'seq', tokenize = 'trigram', detail = 'none')" ;;
        replaced)
            { sqlite3 "$1" "SELECT 'DROP TRIGGER ' || name || ';' FROM sqlite_master WHERE type = 'trigger'"; cat "$work/before-triggers.sql"; } \
                | sqlite3 -bail "$1" ;;
        chunks)
            sqlite3 "$1" "SELECT 'DROP TRIGGER ' || name || ';' FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'social_post_chunk_counters_%'" \
                | sqlite3 -bail "$1" ;;
        wordindex)
            sqlite3 -bail "$1" "DROP TRIGGER social_posts_fts_insert; DROP TRIGGER social_posts_fts_update;
                DROP TRIGGER social_posts_fts_delete; DROP TRIGGER social_posts_fts_replaced; DROP TABLE social_posts_fts" ;;
        *) echo "unknown feature: $feature (counters, positions, replaced, chunks or wordindex)" >&2; exit 2 ;;
    esac
}
fresh() { # path, with|without
    rm -f "$1" "$1-wal" "$1-shm"
    "$CLI" init --db "$1" >/dev/null
    if [ "$feature" = counters ] && [ "$(sqlite3 "$1" "SELECT count(*) FROM sqlite_master WHERE name = 'social_media_post_counters'")" = 0 ]; then
        grep -v '^PRAGMA user_version' schema/0018_counters.sql | sqlite3 -bail "$1" >/dev/null
    fi
    if [ "$2" = without ]; then without "$1"; fi
    sqlite3 "$1" "INSERT INTO users (id, name) VALUES ('u1', 'Bench')"
}
# The pages of the two search indexes' tables (dbstat), in MiB.
index_mib() { sqlite3 "$1" "SELECT printf('%.1f', sum(pgsize) / 1048576.0) FROM dbstat WHERE name LIKE 'social_posts_trigram_%'"; }
# The whole file, in MiB.
file_mib() { sqlite3 "$1" "SELECT printf('%.1f', page_count * page_size / 1048576.0) FROM pragma_page_count, pragma_page_size"; }
echo "== sync posts of $n records, $feature with and without, $ROUNDS rounds, $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD), CLI $CLI, load $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A times cpus
for round in $(seq "$ROUNDS"); do
    for variant in without with; do
        fresh "$work/$variant.db" "$variant"
        /usr/bin/time -f '%e %U %S' -o "$work/time" "$CLI" sync posts "$work/posts.ndjson" --db "$work/$variant.db" --no-classify >/dev/null
        read -r seconds user system <"$work/time"
        cpu=$(echo "$user $system" | awk '{ printf "%.2f", $1 + $2 }')
        times[$variant]+="$seconds "
        cpus[$variant]+="$cpu "
        echo "round $round $variant $feature: $seconds s wall, $cpu s CPU ($(sqlite3 "$work/$variant.db" "SELECT count(*) FROM social_media_posts") posts, counted $(sqlite3 "$work/$variant.db" "SELECT coalesce(sum(posts), 0) FROM social_media_post_counters"), trigram index $(index_mib "$work/$variant.db") MiB, file $(file_mib "$work/$variant.db") MiB)"
    done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
without=$(echo "${times[without]}" | median) with=$(echo "${times[with]}" | median)
echo "median wall: without $feature $without s, with $feature $with s, ratio $(echo "$with $without" | awk '{ printf "%.3f", $1 / $2 }')"
without=$(echo "${cpus[without]}" | median) with=$(echo "${cpus[with]}" | median)
echo "median CPU: without $feature $without s, with $feature $with s, ratio $(echo "$with $without" | awk '{ printf "%.3f", $1 / $2 }')"
