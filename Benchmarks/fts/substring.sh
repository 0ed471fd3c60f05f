#!/usr/bin/env bash
# Substring search benchmark (BENCHMARKS.md, "Substring search"): the feed's top-50-by-date search
# at ROWS posts, per query class, for the designs compared in schema/0006_substring_search.sql:
#   word-prefix  0002's unicode61 MATCH fts_query (today; misses substrings inside words)
#   index        trigram candidates checked with search_contains, all sorted by date
#   scan         the feed in date order, search_contains on each post, stops at 50
#   hybrid       queries/social-feed.sql as committed (bounded count picks index or scan)
# plus index size and insert cost through the triggers (ratio against the same load without them).
#
#   Benchmarks/fts/substring.sh [ROWS]     # from the package root; ROWS defaults to 1000000
#   REUSE=1 Benchmarks/fts/substring.sh    # only the queries, on the database of the previous run
#   RUNS=11 SCAN_RUNS=3 ...                # timed runs per query (hybrid: RUNS; the others: SCAN_RUNS)
#
# Databases under ${BENCH_DIR:-/tmp/switchboard-substring-bench}: search.db (0001-0003, the columns
# renamed to 0004's names, 0006; ANALYZE, VACUUM). Runtime at 1M rows: ~15 minutes on 2 cores.
# Times: CPU ms (user + sys) of each run in one sqlite3 process with mmap, after one warm-up run;
# the machine is shared, so compare designs within one run, not across runs.
set -euo pipefail

ROWS=${1:-1000000}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
DIR=${BENCH_DIR:-/tmp/switchboard-substring-bench}
RUNS=${RUNS:-11}        # timed runs per query, hybrid
SCAN_RUNS=${SCAN_RUNS:-3}  # timed runs per query, the other designs
INSERT_ROWS=${INSERT_ROWS:-100000}
cd "$ROOT"

swift build -c release --product switchboard >/dev/null 2>&1 || swift build -c release --product switchboard
SO="$ROOT/.build/release/libswitchboard"
mkdir -p "$DIR"
now() { date +%s.%N; }

schema() { # 0001-0003, the schema generate.sql writes to (finish brings it up to date)
    printf '.output /dev/null\n.read schema/0001_core.sql\n.read schema/0002_search.sql\n.read schema/0003_views.sql\n'
    printf '.output stdout\n'
}
load() { # $1 = database, $2 = rows, $3 = SQL run after the schema, before the rows
    { schema; printf '%s\nPRAGMA cache_size = -262144;\nCREATE TEMP TABLE bench(rows); INSERT INTO bench VALUES (%s);\nBEGIN;\n.read Benchmarks/fts/generate.sql\nCOMMIT;\n' "$3" "$2"; } \
        | sqlite3 -bail "$1" >/dev/null
}
finish() { # bring the 0001-0003 database generate.sql wrote up to the current schema before 0006:
    # 0004 (the spec model: tables rebuilt with the spec's names, 0003's views dropped) and 0005 (the views)
    if [ -f schema/0004_spec_model.sql ]; then
        { printf '.output /dev/null\nPRAGMA cache_size = -262144;\n.read schema/0004_spec_model.sql\n'
          [ -f schema/0005_views.sql ] && printf '.read schema/0005_views.sql\n'; } | sqlite3 -bail "$1" >/dev/null
    else
        sqlite3 -bail "$1" "ALTER TABLE social_media_posts RENAME COLUMN posted_at TO post_date;
                            ALTER TABLE social_media_posts RENAME COLUMN is_flagged TO flagged_for_review;
                            PRAGMA user_version = 4;"
    fi
}
secs() { echo "$1 $(now)" | awk '{ printf "%.1f", $2 - $1 }'; }

# Insert cost: INSERT_ROWS posts through the triggers, with 0006 applied first and without it (0002's
# triggers in both), and with no search triggers at all; each load in one transaction.
ins() { # $1 = name, $2 = SQL after the schema
    local start
    rm -f "$DIR/$1.db"*
    start=$(now)
    load "$DIR/$1.db" "$INSERT_ROWS" "$2"
    secs "$start"
    rm -f "$DIR/$1.db"*
}
INS_WITH=$(ins ins_with ".read schema/0006_substring_search.sql")
INS_WITHOUT=$(ins ins_without "")
INS_NONE=$(ins ins_none "DROP TRIGGER social_posts_fts_insert; DROP TRIGGER social_posts_fts_update; DROP TRIGGER social_posts_fts_delete;")

if [ "${REUSE:-0}" = 1 ] && [ -f "$DIR/search.db" ]; then
    BUILD_S="–"
else
    rm -f "$DIR"/search.db*
    load "$DIR/search.db" "$ROWS" ""
    finish "$DIR/search.db"
    start=$(now)
    sqlite3 -bail "$DIR/search.db" "PRAGMA cache_size = -262144;" ".read schema/0006_substring_search.sql" >/dev/null
    BUILD_S=$(secs "$start")
    sqlite3 "$DIR/search.db" "ANALYZE; VACUUM;"
fi

# The feed query with the search part forced to one design (perl substitutions on the committed SQL).
FEED="$(sed '/^--/d' queries/social-feed.sql)"
# The hybrid as it was at BEFORE (a git revision; default the merge base with main), timed like the hybrid.
BEFORE_REV=${BEFORE:-$(git merge-base HEAD main 2>/dev/null || git rev-parse HEAD)}
BEFORE="$(git show "$BEFORE_REV:queries/social-feed.sql" | sed '/^--/d')"
design_sql() { # $1 = design
    case $1 in
        hybrid) echo "$FEED" ;;
        before) echo "$BEFORE" ;;
        index) # never the window: every non-blank search through the trigram candidates
            echo "$FEED" | perl -0pe 's/WHEN short THEN probe_size\s*WHEN candidates = 10000 THEN window_size ELSE 0 END/ELSE 0 END/' ;;
        scan) # always the ordered scan, to the end of the feed if need be; never the index
            echo "$FEED" | perl -0pe 's/WHEN short THEN probe_size\s*WHEN candidates = 10000 THEN window_size ELSE 0 END/ELSE -1 END/; s/WHEN short AND NOT blank AND hits/WHEN 0 AND hits/; s/NOT blank AND \(SELECT count\(\*\) FROM scanned\) < COALESCE\(:limit, 50\) AS use_index/0 AS use_index/' ;;
        word-prefix) # 0002 as it was: top 50 of the unicode61 hits
            echo "SELECT id FROM social_feed WHERE user_id = 'bench-user' AND seq IN (SELECT rowid FROM social_posts_fts
                  WHERE fts_query(:search) IS NOT NULL AND social_posts_fts MATCH fts_query(:search))
                  ORDER BY post_date DESC, id DESC LIMIT 50" ;;
        prepare) echo "EXPLAIN QUERY PLAN $FEED" ;;
    esac
}
for design in index scan; do # the substitutions must have applied
    [ "$(design_sql $design)" != "$FEED" ] || { echo "design $design: substitution failed" >&2; exit 1; }
done
[ "$(design_sql scan | grep -c 'ELSE -1 END\|WHEN 0 AND hits\|0 AS use_index')" -ge 3 ] \
    || { echo "design scan: substitution failed" >&2; exit 1; }

# One sqlite3 process per (design, query): a warm-up, then RUNS timed runs; prints CPU ms per run.
times() { # $1 = runs, $2 = design, $3 = search text
    local q=${3//\'/\'\'}
    # The value as an SQL string literal inside double quotes: bare, `#ri` would be read as SQL (a parameter, NULL).
    { printf ".load %s\nPRAGMA mmap_size = 2147418112;\n.parameter init\n.parameter set :search \"'%s'\"\n" "$SO" "$q"
      printf '.output /dev/null\n%s;\n.output stdout\n.timer on\n' "$(design_sql "$2")"
      for _ in $(seq "$1"); do printf '.output /dev/null\n%s;\n.output stdout\n' "$(design_sql "$2")"; done; } \
        | sqlite3 -bail "$DIR/search.db" 2>&1 | awk '/^Run Time:/ { printf "%.2f\n", ($6 + $8) * 1000 }'
}
pct() { sort -n | awk '{ t[NR] = $1 } END { if (NR == 0) { print "– –"; exit }
                                            p95 = int(NR * 0.95 + 0.999); printf "%.1f %.1f", t[int((NR + 1) / 2)], t[p95] }'; }
count() { sqlite3 -bail "$DIR/search.db" ".load $SO" ".parameter init" ".parameter set :search \"'${2//\'/\'\'}'\"" "$1"; }

# The query set: class|search text. Typing = every prefix of four terms as a user types them.
QUERIES=$(cat <<'EOF'
typing 1-2 chars|q
typing 1-2 chars|qu
typing 1-2 chars|z
typing 1-2 chars|ze
typing 1-2 chars|m
typing 1-2 chars|mu
typing 1-2 chars|l
typing 1-2 chars|lo
typing 3+ chars|quo
typing 3+ chars|quok
typing 3+ chars|quokka
typing 3+ chars|zep
typing 3+ chars|zeph
typing 3+ chars|zephyr
typing 3+ chars|mum
typing 3+ chars|mume
typing 3+ chars|mumeler
typing 3+ chars|lor
typing 3+ chars|lora
typing 3+ chars|lorana0
common (>0.5%)|ran
common (>0.5%)|mel
common (>0.5%)|coach
common (>0.5%)|#ri
rare (<0.05%)|quokka fest
rare (<0.05%)|okka
rare (<0.05%)|coachrorana1
rare (<0.05%)|zzzz
absent, common trigrams|line
absent, common trigrams|ranmela
inside words|ephy
inside words|umele
inside words|orana
inside words|achlo
multi-word|zephyr cup
multi-word|cup zephyr
multi-word|fest quokka
multi-word|mu ran
accented|é
accented|sé
accented|cafe
EOF
)

# Preparing the feed statement (large: the view is inlined twice) is part of every figure below; hosts
# that keep prepared statements (aiosql over APSW, GRDB) pay it once, so it is also reported apart.
read -r PREP50 PREP95 <<< "$(times "$RUNS" prepare "mu" | pct)"

echo "## Substring search (spec fidelity)"
echo
echo "Command: \`Benchmarks/fts/substring.sh $ROWS\` (SQLite $(sqlite3 :memory: 'select sqlite_version()'), release extension, $(nproc) cores,"
echo "$(git rev-parse --short HEAD)). $ROWS synthetic posts (Benchmarks/fts/generate.sql), 1 user; top 50 by post_date through"
echo "queries/social-feed.sql; CPU ms (user + sys) per run after a warm-up, $RUNS runs per query for the hybrid, $SCAN_RUNS for the others."
echo "p50/p95 are over all runs of all queries of a class. hits = posts the apps' filter finds (search_contains)."
echo
echo "| query | class | hits | trigram candidates | word-prefix p50 | index p50 | scan p50 | before p50 | before p95 | hybrid p50 | hybrid p95 |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
declare -A CLASS_TIMES
ALL=""
while IFS='|' read -r class q; do
    hits=$(count "SELECT count(*) FROM social_media_posts WHERE search_contains(:search, post_content, author_name, author_handle)" "$q")
    cand=$(count "SELECT count(*) FROM social_posts_trigram WHERE social_posts_trigram MATCH coalesce(search_trigrams(:search),
                  (SELECT group_concat('\"' || replace(term, '\"', '\"\"') || '\"', ' OR ') FROM social_posts_trigram_vocab
                   WHERE term >= search_short_word(:search) AND term < search_short_word(:search) || char(1114111)), '\"\"')" "$q")
    row="| \`$q\` | $class | $hits | $cand |"
    for design in word-prefix index scan before hybrid; do
        runs=$RUNS; [ "$design" = hybrid ] || [ "$design" = before ] || runs=$SCAN_RUNS
        t=$(times "$runs" "$design" "$q")
        read -r p50 p95 <<< "$(echo "$t" | pct)"
        row="$row $p50 |"
        CLASS_TIMES["$design|$class"]+="$t"$'\n'
        CLASS_TIMES["$design|all"]+="$t"$'\n'
        if [ "$design" = hybrid ] || [ "$design" = before ]; then row="$row $p95 |"; fi
    done
    echo "$row"
done <<< "$QUERIES"
echo
echo "| class | word-prefix p50 / p95 | index p50 / p95 | scan p50 / p95 | before p50 / p95 | hybrid p50 / p95 | hybrid without prepare p50 / p95 | hybrid / before (p50, p95) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for class in $(echo "$QUERIES" | cut -d'|' -f1 | awk '!seen[$0]++' | tr ' ' '~') all; do
    class=${class//\~/ }
    row="| $class |"
    for design in word-prefix index scan before hybrid; do
        read -r p50 p95 <<< "$(printf '%s' "${CLASS_TIMES["$design|$class"]}" | grep . | pct)"
        row="$row $p50 / $p95 |"
        [ "$design" = before ] && { b50=$p50; b95=$p95; }
        [ "$design" = hybrid ] && { h50=$p50; h95=$p95; }
    done
    read -r p50 p95 <<< "$(printf '%s' "${CLASS_TIMES["hybrid|$class"]}" | grep . | awk -v p="$PREP50" '{ print $1 - p }' | pct)"
    echo "$row $p50 / $p95 | $(echo "$h50 $b50 $h95 $b95" | awk '{ printf "%.2f×, %.2f×", $1 / $2, $3 / $4 }') |"
done
echo
sizes=$(sqlite3 "$DIR/search.db" "
    SELECT printf('%.1f', sum(CASE WHEN name NOT LIKE 'social_posts_fts%' AND name NOT LIKE 'social_posts_trigram%'
                               AND name NOT LIKE 'notifications%' AND name NOT LIKE 'communication%' AND name NOT LIKE 'tg_%'
                          THEN pgsize END) / 1048576.0),
           printf('%.1f', sum(CASE WHEN name LIKE 'social_posts_fts%' THEN pgsize END) / 1048576.0),
           printf('%.1f', sum(CASE WHEN name LIKE 'social_posts_trigram%' THEN pgsize END) / 1048576.0)
    FROM dbstat;")
IFS='|' read -r TABLE_MB FTS_MB TRI_MB <<< "$sizes"
ratio() { echo "$1 $2" | awk '$1 + 0 > 0 && $2 + 0 > 0 { printf " (%.2f×)", $1 / $2 }'; }
echo "| index and inserts | value |"
echo "|---|---:|"
echo "| table + b-tree indexes (no FTS) | $TABLE_MB MiB |"
echo "| social_posts_fts (0002, unicode61) | $FTS_MB MiB (+$(echo "$FTS_MB $TABLE_MB" | awk '{ printf "%.0f", 100 * $1 / $2 }')% of the table) |"
echo "| social_posts_trigram (0006) | $TRI_MB MiB (+$(echo "$TRI_MB $TABLE_MB" | awk '{ printf "%.0f", 100 * $1 / $2 }')% of the table) |"
echo "| build social_posts_trigram at $ROWS posts (0006's rebuild) | $BUILD_S s |"
echo "| insert $INSERT_ROWS posts, 0002 + 0006 triggers | $INS_WITH s$(ratio "$INS_WITH" "$INS_WITHOUT") vs 0002 only, $(ratio "$INS_WITH" "$INS_NONE") vs none |"
echo "| insert $INSERT_ROWS posts, 0002 triggers only | $INS_WITHOUT s$(ratio "$INS_WITHOUT" "$INS_NONE") vs none |"
echo "| insert $INSERT_ROWS posts, no search triggers | $INS_NONE s |"
echo "| prepare social-feed.sql (EXPLAIN QUERY PLAN; included in every figure above) | p50 $PREP50 ms, p95 $PREP95 ms |"
