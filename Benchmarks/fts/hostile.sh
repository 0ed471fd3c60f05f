#!/usr/bin/env bash
# The hostile searches of a security probe (each once took a core for seconds to minutes), through the CLI, on a
# database of Benchmarks/fts/generate.sql's posts: the wall time of each, and what it gave (rows or the refusal).
# Searches that fit a command-line argument (128 KiB) go through `run social-feed -p search=...`; the others are
# built by SQL inside `switchboard sql` (post_search, the feed's engine, with the feed's page of 50). The goal:
# each ends within 1 s at 1M posts, or is refused at once.
#
#   Benchmarks/fts/hostile.sh DB        # e.g. .bench/posts-1000000.db (built by vtab.sh); CLI=path (default
#                                       # .build/release/switchboard-cli), RUNS=5 (the median is printed)
set -euo pipefail
cd "$(dirname "$0")/../.."
DB=${1:?usage: Benchmarks/fts/hostile.sh DB}
CLI=${CLI:-.build/release/switchboard-cli}
RUNS=${RUNS:-5}
[ -x "$CLI" ] || swift build -c release --product switchboard-cli >/dev/null
user=$(sqlite3 "$DB" "SELECT id FROM users LIMIT 1")
echo "hostile searches: $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD), $(sqlite3 "$DB" 'SELECT count(*) FROM social_media_posts') posts, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| search | how | median wall ms (of $RUNS) | outcome |"
echo "|---|---|---:|---|"
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
measure() { # label, how, command...
    local label=$1 how=$2 times=() outcome
    shift 2
    for _ in $(seq "$RUNS"); do
        local start end
        start=$(date +%s%N)
        outcome=$("$@" 2>&1 | tail -1 | cut -c1-80) || true
        end=$(date +%s%N)
        times+=($(((end - start) / 1000000)))
    done
    echo "| $label | $how | $(printf '%s\n' "${times[@]}" | median) | ${outcome//|/\\|} |"
}
page() { echo "SELECT count(*) FROM (SELECT rowid FROM post_search($1, '$user', 50) ORDER BY rank LIMIT 50)"; }
measure '`e ü`' 'run social-feed' "$CLI" run social-feed --db "$DB" --user "$user" --format csv --columns id -p 'search=e ü'
measure '60,000 × `e ` and `ü`' 'run social-feed' "$CLI" run social-feed --db "$DB" --user "$user" --format csv --columns id \
    -p "search=$(printf 'e %.0s' $(seq 60000))ü"
measure '1,000,000 × `e `' 'sql, post_search' "$CLI" sql --db "$DB" "$(page "replace(printf('%.1000000c', 'e'), 'e', 'e ')")"
measure '1,000,000 × `e ` and `ü`' 'sql, post_search' "$CLI" sql --db "$DB" "$(page "replace(printf('%.1000000c', 'e'), 'e', 'e ') || 'ü'")"
measure 'a word of 10 MB' 'sql, post_search' "$CLI" sql --db "$DB" "$(page "printf('%.10000000c', 'x')")"
measure '60,000 different words' 'sql, post_search' "$CLI" sql --db "$DB" \
    "$(page "(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60000) SELECT group_concat('w' || i, ' ') FROM n)")"
measure '65,000 × one word and an absent one' 'sql, post_search' "$CLI" sql --db "$DB" \
    "$(page "replace(printf('%.65000c', 'x'), 'x', 'coach ') || 'zzqqxx'")"
measure '65,000 different words and an absent one' 'sql, post_search' "$CLI" sql --db "$DB" \
    "$(page "(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 65000) SELECT group_concat('w' || i, ' ') FROM n) || ' zzqqxx'")"
measure '31 common words and an absent one' 'run social-feed' "$CLI" run social-feed --db "$DB" --user "$user" --format csv --columns id \
    -p "search=bamel kodor risek mupix telun saran lomel nedor visek dapix perun gumel fador misek rolun tupix caran ledor nosek sipix balun komel ridor musek tepix salun lorun nemel vidor dasek pepix avelinix"
