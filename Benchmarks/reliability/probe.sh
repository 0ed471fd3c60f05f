#!/usr/bin/env bash
# The probe's denial-of-service findings (issue 12, items 1, 2, 3 and 8), measured again on the
# release build: CPU seconds and peak RSS of one sqlite3 process per case, next to the probe's
# figures from before the fixes. Prints a Markdown table for RELIABILITY.md.
#
#   Benchmarks/reliability/probe.sh          # SCRATCH=.build-bench for a build dir of its own
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch="${SCRATCH:-.build}"
swift build -c release --scratch-path "$scratch" >/dev/null
so="$scratch/release/libswitchboard"
cli="$scratch/release/switchboard-cli"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# CPU seconds (user + system), peak RSS in MB and the first line of output or error of one command.
measure() { # label before command...
    local label=$1 before=$2
    shift 2
    /usr/bin/time -o "$work/time" -f "%U %S %M" "$@" >"$work/out" 2>"$work/err" || true
    read -r user system rss < <(tail -n 1 "$work/time")
    local said
    said=$(head -n 1 "$work/err" | cut -c 1-70)
    [ -n "$said" ] || said="ok: $(head -c 60 "$work/out" | tr '\n' ' ')"
    printf '| %s | %s | %.2f | %d | %s |\n' "$label" "$before" "$(echo "$user + $system" | bc)" $((rss / 1024)) "$said"
}

# Item 1: a 1 MB template whose delimiter search was quadratic (a long set-delimiter tag followed
# by text that almost matches it everywhere).
# The open delimiter is 125,000 a's; the text is 124,999 a's and an x, seven times: it almost
# matches everywhere, yet the template is valid (the same shape at 130 KB for templates-list).
long_open="(SELECT '{{=' || a || ' b=}}' || group_concat(substr(a, 2) || 'x', '') FROM (SELECT replace(hex(zeroblob(62500)), '0', 'a') AS a), generate_series(1, 7))"
# Item 1: eight 130 KB templates of that kind saved with templates-create, then templates-list.
"$cli" demo --db "$work/list.db" >/dev/null
near="$(head -c 16249 /dev/zero | tr '\0' 'a')x"
body="{{=${near%x}a b=}}$near$near$near$near$near$near$near"
for i in 1 2 3 4 5 6 7 8; do
    "$cli" run templates-create -p name="big $i" -p body="$body" --db "$work/list.db" >/dev/null
done
# Item 2: 300,000 search terms.
terms="(SELECT group_concat('t' || value, ' ') FROM generate_series(1, 300000))"
# Item 3: a render that reaches the step budget (a list of 2,000 x 2,000 nested elements).
nested="'{\"a\":[' || (SELECT group_concat('{\"b\":[' || (SELECT group_concat('1', ',') FROM generate_series(1, 2000)) || ']}', ',') FROM generate_series(1, 2000)) || ']}'"
# Item 8: a render whose output would grow past what hard_heap_limit allows.
wide="'{\"a\":[' || (SELECT group_concat('1', ',') FROM generate_series(1, 30000)) || '],\"s\":\"' || replace(hex(zeroblob(2500)), '0', 'x') || '\"}'"

echo "| case | before the fix | CPU s | peak RSS MB | result |"
echo "| --- | --- | ---: | ---: | --- |"
measure "template_variables, 1 MB long-delimiter template" "56.6 s" \
    sqlite3 :memory: ".load $so" "SELECT length(template_variables($long_open));"
measure "templates-list with eight 130 KB such templates" "14.1 s" \
    "$cli" run templates-list --db "$work/list.db" --format csv
measure "fts5 MATCH fts_query(300,000 terms)" "17.8 s" \
    sqlite3 :memory: ".load $so" "CREATE VIRTUAL TABLE f USING fts5(x); INSERT INTO f VALUES ('t1 t2');" \
    "SELECT count(*) FROM f WHERE f MATCH fts_query($terms);"
measure "template_render at the step budget (4M nested elements)" "~10 s per row" \
    sqlite3 :memory: ".load $so" "SELECT length(template_render('{{#a}}{{#b}}{{s}}{{/b}}{{/a}}', $nested));"
measure "template_render of 150 MB output under hard_heap_limit 100 MB" "peak 1.96 GB" \
    sqlite3 :memory: ".load $so" "PRAGMA hard_heap_limit=100000000;" \
    "SELECT length(template_render('{{#a}}{{s}}{{/a}}', $wide));"
