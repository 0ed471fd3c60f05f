#!/usr/bin/env bash
# Template functions at 10 KB, 100 KB and 1 MB: seconds per call through the sqlite3 shell with
# the release extension, for an ordinary template and for ones built to defeat naive delimiter
# search. Linear means each 10x in size costs about 10x in time.
#
#   Benchmarks/templates/scaling.sh        # builds the release .so, prints a Markdown table
#   SCRATCH=.build-bench Benchmarks/templates/scaling.sh   # build dir of its own
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch="${SCRATCH:-.build}"
swift build -c release --product switchboard --scratch-path "$scratch" >/dev/null
so="$scratch/release/libswitchboard"

# SQL that builds each template inside SQLite (no megabyte literals on the command line).
template_sql() { # kind size
    case "$1" in
        ordinary) echo "(SELECT group_concat('Dear {{name}}, {{#items}}{{label}} {{/items}}', '') FROM generate_series(1, $2 / 45))" ;;
        long_open) echo "('{{=' || replace(hex(zeroblob($2 / 8)), '0', 'a') || ' b=}}' || (SELECT group_concat(replace(hex(zeroblob($2 / 8)), '0', 'a') || 'x', '') FROM generate_series(1, 3)))" ;;
        long_close) echo "('{{=< ' || replace(hex(zeroblob($2 / 8)), '0', 'c') || '=}}<' || (SELECT group_concat(replace(hex(zeroblob($2 / 8)), '0', 'c') || 'x', '') FROM generate_series(1, 3)))" ;;
    esac
}

call_sql() { # function template
    case "$1" in
        template_variables) echo "length(template_variables($2))" ;;
        template_error) echo "length(template_error($2))" ;;
        template_missing) echo "length(template_missing($2, '{\"name\":\"Ann\",\"items\":[{\"label\":1}]}'))" ;;
        template_render) echo "length(template_render($2, '{\"name\":\"Ann\",\"items\":[{\"label\":1}]}'))" ;;
        template_render_strict) echo "length(template_render_strict($2, '{\"name\":\"Ann\",\"items\":[{\"label\":1}]}', NULL))" ;;
    esac
}

echo "| function | template | 10 KB s | 100 KB s | 1 MB s |"
echo "| --- | --- | ---: | ---: | ---: |"
for function in template_variables template_error template_missing template_render template_render_strict; do
    for kind in ordinary long_open long_close; do
        row="| \`$function\` | $kind |"
        for size in 10000 100000 1000000; do
            sql="CREATE TEMP TABLE t AS SELECT $(template_sql "$kind" "$size") AS tpl;
.timer on
SELECT $(call_sql "$function" tpl) FROM t;"
            seconds=$(printf '.load %s\n%s\n' "$so" "$sql" | sqlite3 2>&1 | awk '/^Run Time/ {print $4}' | tail -n 1 || true)
            row="$row ${seconds:-error} |"
        done
        echo "$row"
    done
done
