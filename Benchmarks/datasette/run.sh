#!/usr/bin/env bash
# Datasette at scale (BENCHMARKS.md "Datasette pages"): every table and view page of the five apps, every
# canned read query's page, and the filters and searches docs/hosts.md shows, as Datasette serves them (HTML,
# datasette-switchboard loaded, the clock pinned), p50/p95, each against the CLI on the same call in the same run
# (`switchboard run`, the portable build, process included; Benchmarks/datasette/measure.py). Searches are terms
# drawn from the data (SEED). And the five apps' pages (BENCHMARKS.md "The five apps' pages"): each page
# of /<db>/-/switchboard/ with its filters and searches, signed in (Benchmarks/datasette/pages.py). Goal: every
# page's p95 under 0.3 s at 1M posts and 300,000 notifications.
#
#   Benchmarks/datasette/run.sh [SIZE ...]    # from anywhere; default 30000 1000000 (posts added to the demo's 300)
#   RUNS=20 (samples per page), SEED=1 (the search terms; run several), BENCH_DIR=.bench/datasette (databases and
#   results, ignored by git), REUSE=1 (reuse the databases of the last run), VENV=.venv (scripts/test's: Datasette
#   and the python/ packages), SWITCHBOARD_CLI (default .build-portable/release/switchboard-cli, built if missing),
#   WHAT=tables (the table, view and canned query pages: measure.py), pages (the five apps' pages, signed in as the
#   demo's user: pages.py) or both (the default)
#
# Databases: `switchboard demo` (so every page has its rows: templates, quick-send buttons, posts), then
# Benchmarks/fts/generate.sql's SIZE posts and Benchmarks/scale/notifications.sql's notifications (3 per 10 posts:
# 300,000 at 1M) for the demo's user, as Benchmarks/scale/run.sh builds them. The server's and the CLI's clock:
# 2026-11-01T00:00:00Z (notifications.sql's now). Building the 1M database takes about 20 minutes on 2 loaded cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
SIZES=("${@:-30000 1000000}")
read -r -a SIZES <<< "${SIZES[*]}"
DIR=${BENCH_DIR:-.bench/datasette}
RUNS=${RUNS:-20}
SEED=${SEED:-1}
VENV=${VENV:-.venv}
CLI=${SWITCHBOARD_CLI:-.build-portable/release/switchboard-cli}
NOW=2026-11-01T00:00:00Z
USER_ID=00000001-0000-4000-8000-000000000001   # the demo's only user
WHAT=${WHAT:-both}
SECRET=switchboard-bench   # the server's signing secret: the pages' requests carry the actor "bench", the demo's user
[ -x "$VENV/bin/datasette" ] || { echo "no $VENV/bin/datasette: run scripts/test first (it makes .venv)" >&2; exit 1; }
[ -x "$CLI" ] || scripts/build-portable switchboard-cli
PY=$VENV/bin/python
SO=$($PY -c 'import switchboard; print(switchboard.loadable_path())')   # the .so Datasette's plugin loads
mkdir -p "$DIR"
echo "Datasette pages: $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD), SQLite $(sqlite3 :memory: 'select sqlite_version()'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2

COOKIE=$($PY -c "from datasette.app import Datasette; print(Datasette([], secret='$SECRET').sign({'a': {'id': 'bench'}}, 'actor'))")
outs=() apps=()
for n in "${SIZES[@]}"; do
    db=$DIR/pages-$n.db out=$DIR/pages-$n-seed$SEED.json
    if [ "${REUSE:-0}" != 1 ] || [ ! -f "$db" ]; then
        rm -f "$db" "$db-wal" "$db-shm"
        echo "== $n posts: building $db" >&2
        "$CLI" demo --db "$db" > /dev/null
        { printf '.load %s\n.output /dev/null\nPRAGMA cache_size = -262144;\nCREATE TEMP TABLE bench(rows);\n' "${SO%.so}"
          printf 'INSERT INTO bench VALUES (%s);\nBEGIN;\n' "$n"
          # generate.sql names 0001's columns and adds its own user: the demo's user posts here
          sed "s/\<posted_at,/post_date,/; s/\<is_flagged,/flagged_for_review,/; /^INSERT INTO users /d; s/'bench-user'/'$USER_ID'/" \
              Benchmarks/fts/generate.sql
          printf 'COMMIT;\nUPDATE bench SET rows = %s;\nBEGIN;\n' "$((n * 3 / 10))"
          sed "s/'bench-user'/'$USER_ID'/" Benchmarks/scale/notifications.sql
          printf 'COMMIT;\nPRAGMA wal_checkpoint(TRUNCATE);\n'; } | sqlite3 -bail "$db"
    fi
    "$CLI" init --db "$db" > /dev/null   # a reused database from an older schema gets the newest (e.g. 0023's index)
    port=$($PY -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    printf '{"plugins": {"datasette-switchboard": {"now": "%s", "actors": {"bench": "%s"}}}}\n' "$NOW" "$USER_ID" \
        > "$DIR/metadata.json"
    "$VENV/bin/datasette" serve "$db" --host 127.0.0.1 --port "$port" --metadata "$DIR/metadata.json" \
        --secret "$SECRET" > "$DIR/datasette.log" 2>&1 &
    server=$!
    trap 'kill $server 2>/dev/null || true' EXIT
    for _ in $(seq 600); do   # up to 60 s for the server to answer
        curl -sf "http://127.0.0.1:$port/-/versions.json" > /dev/null && break
        sleep 0.1
    done
    echo "== $n posts: timing pages (load $(cut -d' ' -f1 /proc/loadavg))" >&2
    if [ "$WHAT" != pages ]; then
        $PY Benchmarks/datasette/measure.py "http://127.0.0.1:$port" "$(basename "$db" .db)" "$db" "$CLI" "$out" \
            --runs "$RUNS" --seed "$SEED" --label "$(nproc) cores"
        outs+=("$out")
    fi
    if [ "$WHAT" != tables ]; then
        echo "== $n posts: timing the five apps' pages (load $(cut -d' ' -f1 /proc/loadavg))" >&2
        $PY Benchmarks/datasette/pages.py "http://127.0.0.1:$port" "$(basename "$db" .db)" "$db" "$CLI" \
            "$DIR/apps-$n-seed$SEED.json" "$COOKIE" --runs "$RUNS" --seed "$SEED" --label "$(nproc) cores"
        apps+=("$DIR/apps-$n-seed$SEED.json")
    fi
    kill "$server"; wait "$server" 2>/dev/null || true
    trap - EXIT
done
[ ${#outs[@]} = 0 ] || $PY Benchmarks/datasette/measure.py table "${outs[@]}"
[ ${#apps[@]} = 0 ] || $PY Benchmarks/datasette/measure.py table "${apps[@]}"
