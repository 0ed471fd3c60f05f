#!/usr/bin/env bash
# Memory bounded by design (issue 21, item 7): the peak RSS of one process per case, at the issue's
# sizes, on the release build, next to the probe's figures from before. Prints a Markdown table for
# RELIABILITY.md. Needs /usr/bin/time (Debian: apt-get install time) and about 1.5 GB of disk.
#
#   Benchmarks/reliability/memory.sh          # SCRATCH=.build-bench for a build dir of its own
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch="${SCRATCH:-.build}"
swift build -c release --scratch-path "$scratch" --product switchboard-cli >/dev/null
swift build -c release --scratch-path "$scratch" --product switchboard >/dev/null
so="$scratch/release/libswitchboard"
cli="$scratch/release/switchboard-cli"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# Peak RSS in MB, CPU seconds (user + system) and the first line of output or error of one command.
measure() { # label before goal command...
    local label=$1 before=$2 goal=$3
    shift 3
    /usr/bin/time -o "$work/time" -f "%U %S %M" "$@" >"$work/out" 2>"$work/err" </dev/null || true
    read -r user system rss < <(tail -n 1 "$work/time")
    local said
    said=$( { grep -v "^Command exited" "$work/err" || true; } | head -n 1 | cut -c 1-60)
    [ -n "$said" ] || said="ok: $(head -c 40 "$work/out" | { iconv -f UTF-8 -t UTF-8 -c 2>/dev/null || true; } | tr '\n\r' '  ')"
    printf '| %s | %s | %d | %.2f | %s | %s |\n' "$label" "$before" $((rss / 1024)) "$(echo "$user + $system" | bc)" "$goal" "$said"
}
rows() { echo "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $1) SELECT i, 'row ' || i AS label FROM n"; }

# An envelope with 100 members of 1 MB before "data" (one member may not pass 16 MiB).
python3 - "$work/envelope.json" <<'PY'
import sys
post = '{"platform":"twitter","post_url":"https://x.com/coach/1","post_content":"Post 1","post_date":"2026-02-10T14:30:00Z","author_handle":"@coach","author_name":"Coach 1"}'
with open(sys.argv[1], "w") as f:
    f.write('{"success":true')
    for i in range(100):
        f.write(',"padding%d":"%s"' % (i, "x" * 1000000))
    f.write(',"data":[' + post + ']}')
PY
"$cli" init --db "$work/envelope.db" >/dev/null
sqlite3 "$work/envelope.db" "INSERT INTO users (id, name, email, graduation_year) VALUES ('u1', 'Ada Lovelace', 'ada@example.com', 2027);"
# 1M outbox messages of about 100 bytes of text, and a canned query that reads them all.
"$cli" init --db "$work/outbox.db" >/dev/null
sqlite3 "$work/outbox.db" "INSERT INTO outbox (idempotency_key, group_id, group_name, text)
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
    SELECT 'key-' || i, 1, 'Group', 'Message ' || i || ': ' || printf('%.*c', 80, 'x') FROM n;"
mkdir "$work/queries"
printf -- '-- name: outbox-all\n-- Every outbox message.\nSELECT id, status, text FROM outbox ORDER BY id;\n' >"$work/queries/outbox-all.sql"
file_mb=$(( $(stat -c %s "$work/outbox.db") >> 20 ))

echo "| case | before | peak RSS MB | CPU s | goal | result |"
echo "| --- | --- | ---: | ---: | --- | --- |"
measure "sync: envelope, 100 MB of members before \"data\"" "1,003 MiB (960 MiB of members)" "flat: one member at a time" \
    sh -c "exec \"\$0\" sync posts --db \"\$1\" <\"\$2\"" "$cli" "$work/envelope.db" "$work/envelope.json"
for format in csv json table; do
    measure "sql: 1M rows, $format" "2.85 GB" "flat: one row (table: 1,000)" "$cli" sql --db "$work/envelope.db" --timeout 0 --format "$format" "$(rows 1000000)"
done
for format in jsonl table; do
    measure "outbox: 1M messages ($file_mb MB file), $format" "1.7 GB" "file's mapped pages + flat" "$cli" outbox --db "$work/outbox.db" --format "$format"
done
measure "run: 1M rows of the outbox, csv" "(as sql)" "file's mapped pages + flat" \
    "$cli" run outbox-all --db "$work/outbox.db" --queries "$work/queries" --format csv
measure "search_trigrams, 10 MB, hard_heap_limit 40 MB" "175 MB" "near the limit" \
    sqlite3 :memory: ".load $so" "PRAGMA hard_heap_limit=40000000;" \
    "SELECT length(search_trigrams(printf('%.*c', 10000000, 'x') || ' Deadline'));"
measure "template_variables, 3 MB: 300,000 names, hard_heap_limit 40 MB" "94 MB" "near the limit" \
    sqlite3 :memory: ".load $so" "PRAGMA hard_heap_limit=40000000;" \
    "SELECT length(template_variables((SELECT group_concat(printf('{{v%d}}', value), '') FROM generate_series(1, 300000))));"
measure "template_variables, 3 MB: one name 600,000 times, hard_heap_limit 40 MB" "94 MB" "near the limit" \
    sqlite3 :memory: ".load $so" "PRAGMA hard_heap_limit=40000000;" \
    "SELECT length(template_variables((SELECT group_concat('{{a}}', '') FROM generate_series(1, 600000))));"
