#!/usr/bin/env bash
# The CLI against the sqlite3 shell, each ratio against its baseline measured in the same run (issue 22):
#   start-up         switchboard --version               vs  sqlite3 :memory: 'select 1'            goal <= 1.5x
#   run QUERY        switchboard run QUERY --format csv  vs  sqlite3 + .load, the same SQL file      goal <= 1.2x
#                    (social-feed and notifications-inbox, parameters at their defaults)
#   send             one message (send TEMPLATE)          vs  sqlite3 INSERT of the same outbox row   goal <= 1.5x
#   send --batch     10,000 messages from a file          vs  sqlite3 running 10,000 INSERTs in one transaction
#                                                         goal >= 10,000 messages/s
#   .load            sqlite3 + .load, select 1            minus sqlite3 :memory: 'select 1'        goal <= 3 ms
# for the builds in $BUILDS (default: the release build in .build/ and the portable one in .build-portable/,
# what scripts/dist ships), each built first when missing. A build folder that holds a queries/ folder (a previous
# build's, copied from its commit: git archive COMMIT queries | tar x -C FOLDER) has the shell run those, which
# fit the schema that build makes; otherwise the shell runs this checkout's queries/.
#
#   Benchmarks/cli/run.sh
#   BUILDS=.build-portable/release RUNS=100 Benchmarks/cli/run.sh
#
# Needs hyperfine (apt-get install hyperfine) and python3, for the medians and the ratios.
set -euo pipefail
cd "$(dirname "$0")/../.."

BUILDS=${BUILDS:-".build/release .build-portable/release"}
RUNS=${RUNS:-200}
BATCH=${BATCH:-10000}
command -v hyperfine > /dev/null || { echo "needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
echo "sqlite $(sqlite3 --version | cut -d' ' -f1), $(nproc) cores, $RUNS runs each (medians)"

for BUILD in $BUILDS; do
    if [ ! -x "$BUILD/switchboard-cli" ] || [ ! -f "$BUILD/libswitchboard.so" ]; then
        case $BUILD in
            .build-portable/*) scripts/build-portable ;;
            *) swift build -c release --scratch-path "$(dirname "$BUILD")" ;;
        esac
    fi
    CLI="$BUILD/switchboard-cli"
    LIB="$BUILD/libswitchboard"
    QUERIES=queries
    [ -d "$BUILD/queries" ] && QUERIES="$BUILD/queries"
    DB="$WORK/bench.db"
    rm -f "$DB" "$WORK"/*.json
    "$CLI" demo --db "$DB" > /dev/null
    template=$(sqlite3 "$DB" "SELECT id FROM tg_templates WHERE NOT include_location ORDER BY id LIMIT 1")
    row=$(sqlite3 "$DB" "SELECT quote(id) || ', ' || quote(name) || ', ' || target_group_id || ', ' || quote(coalesce(target_group_name, (SELECT title FROM tg_groups WHERE id = target_group_id))) || ', ' || quote(message_text) FROM tg_templates WHERE id = '$template'")
    now="strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
    insert="INSERT INTO outbox (idempotency_key, template_id, template_name, group_id, group_name, text, created_at, updated_at, due_at) VALUES (lower(hex(randomblob(16))), $row, $now, $now, $now);"
    # The batch: $BATCH lines, each its own message (a key apiece); the baseline: the same rows by sqlite3 in one transaction.
    awk -v n="$BATCH" -v t="$template" 'BEGIN { for (i = 1; i <= n; i++) printf "{\"template\": \"%s\", \"key\": \"k-%d\"}\n", t, i }' > "$WORK/batch.jsonl"
    { echo "BEGIN;"; for _ in $(seq "$BATCH"); do echo "$insert"; done; echo "COMMIT;"; } > "$WORK/batch.sql"
    cp "$DB" "$WORK/empty-outbox.db"

    echo
    echo "## $BUILD ($(du -h "$CLI" | cut -f1) CLI)"
    hyperfine -N --warmup 10 --runs "$RUNS" --export-json "$WORK/startup.json" \
        -n "switchboard --version" "$CLI --version" \
        -n "sqlite3 :memory: 'select 1'" "sqlite3 :memory: 'select 1'" \
        -n "sqlite3 + .load, select 1" "sqlite3 -cmd '.load $LIB' :memory: 'select 1'" > /dev/null
    for query in social-feed notifications-inbox; do
        hyperfine -N --warmup 10 --runs "$RUNS" --export-json "$WORK/run-$query.json" \
            -n "switchboard run $query" "$CLI run $query --db $DB --format csv" \
            -n "sqlite3 + .load, same SQL" "sqlite3 -csv -header -cmd '.load $LIB' $DB '.read $QUERIES/$query.sql'" > /dev/null
    done
    hyperfine -N --warmup 10 --runs "$RUNS" --export-json "$WORK/send.json" \
        -n "switchboard send" "$CLI send $template --db $DB --dedupe-window 0" \
        -n "sqlite3 INSERT, same row" "sqlite3 $DB \"$insert\"" > /dev/null
    hyperfine --warmup 1 --runs 10 --prepare "cp $WORK/empty-outbox.db $DB" --export-json "$WORK/batch.json" \
        -n "switchboard send --batch ($BATCH)" "$CLI send --batch $WORK/batch.jsonl --db $DB" \
        -n "sqlite3, $BATCH INSERTs in one transaction" "sqlite3 $DB '.read $WORK/batch.sql'" > /dev/null
    python3 - "$WORK" "$BATCH" <<'PY'
import json, statistics, sys
work, batch = sys.argv[1], int(sys.argv[2])
# Wall-clock medians, and CPU time (user + system means), which a shared machine disturbs less.
def results(name):
    return [(statistics.median(r["times"]) * 1000, (r["user"] + r["system"]) * 1000) for r in json.load(open(f"{work}/{name}.json"))["results"]]
rows = []
startup, shell, load = results("startup")
rows.append(("start-up: `--version` vs `sqlite3 :memory: 'select 1'`", startup, shell, "<= 1.5x"))
for query in ("social-feed", "notifications-inbox"):
    cli, base = results(f"run-{query}")
    rows.append((f"`run {query}` vs sqlite3 + .load", cli, base, "<= 1.2x"))
cli, base = results("send")
rows.append(("`send` one message vs sqlite3 INSERT", cli, base, "<= 1.5x"))
cli, base = results("batch")
rows.append((f"`send --batch` {batch:,} vs sqlite3 {batch:,} INSERTs", cli, base, f">= 10,000/s: {batch / cli[0] * 1000:,.0f}/s"))
print("| measured | median ms | baseline ms | ratio | CPU ms | baseline CPU ms | CPU ratio | goal |")
print("|:---|---:|---:|---:|---:|---:|---:|:---|")
for what, value, base, goal in rows:
    print(f"| {what} | {value[0]:.2f} | {base[0]:.2f} | {value[0] / base[0]:.2f}x | {value[1]:.2f} | {base[1]:.2f} | {value[1] / base[1]:.2f}x | {goal} |")
print(f"| `.load` cost (sqlite3 + .load minus sqlite3) | {load[0] - shell[0]:.2f} | {shell[0]:.2f} | | {load[1] - shell[1]:.2f} | {shell[1]:.2f} | | <= 3 ms |")
PY
done
