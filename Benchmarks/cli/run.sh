#!/usr/bin/env bash
# End-to-end wall time of `switchboard run <query>` against the sqlite3 shell running the same
# SQL file with the extension loaded, in the same run; plus the CLI's start-up cost on its own.
#
#   Benchmarks/cli/run.sh                      # release build in .build/, 300 runs each
#   BUILD=.build-cli/release RUNS=100 QUERY=notifications-inbox Benchmarks/cli/run.sh
#
# Uses hyperfine (apt-get install hyperfine) when present, else a plain loop.
set -euo pipefail
cd "$(dirname "$0")/../.."

BUILD=${BUILD:-.build/release}
RUNS=${RUNS:-300}
QUERY=${QUERY:-social-feed}
if [ ! -x "$BUILD/switchboard-cli" ] || [ ! -f "$BUILD/libswitchboard.so" ]; then
    swift build -c release --scratch-path "$(dirname "$BUILD")"
fi
CLI="$BUILD/switchboard-cli"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
DB="$WORK/bench.db"
"$CLI" demo --db "$DB" > /dev/null

# Both sides run queries/$QUERY.sql with its parameters unset (the SQL's COALESCE defaults apply in
# the shell; the CLI binds the declared defaults, which are the same values) and print CSV.
CLI_RUN="$CLI run $QUERY --db $DB --format csv"
SHELL_RUN="sqlite3 -csv -header -cmd '.load $BUILD/libswitchboard' $DB '.read queries/$QUERY.sql'"
if ! diff <(eval "$CLI_RUN" | tr -d '\r') <(eval "$SHELL_RUN") > /dev/null; then
    echo "note: the two outputs differ (number formatting or booleans); timing them anyway" >&2
fi
echo "query: $QUERY (defaults), sqlite $(sqlite3 --version | cut -d' ' -f1), $(nproc) cores"

if command -v hyperfine > /dev/null; then
    hyperfine -N --warmup 10 --runs "$RUNS" --export-markdown "$WORK/results.md" --export-json "$WORK/results.json" \
        -n "switchboard run $QUERY" "$CLI_RUN" \
        -n "sqlite3 + .load, same SQL" "$SHELL_RUN" \
        -n "switchboard --version (start-up)" "$CLI --version" \
        -n "switchboard queries (start-up + catalog)" "$CLI queries" \
        -n "sqlite3 :memory: 'select 1'" "sqlite3 :memory: 'select 1'" \
        -n "sqlite3 + .load, select 1" "sqlite3 -cmd '.load $BUILD/libswitchboard' :memory: 'select 1'"
    cat "$WORK/results.md"
    # Medians and CPU time (user + system) resist the noise of a shared machine better than means.
    python3 - "$WORK/results.json" <<'PY'
import json, statistics, sys
results = json.load(open(sys.argv[1]))["results"]
print("\n| Command | median [ms] | min [ms] | user+sys [ms] |\n|:---|---:|---:|---:|")
for r in results:
    print(f"| `{r['command']}` | {statistics.median(r['times'])*1000:.1f} | {min(r['times'])*1000:.1f} | {(r['user']+r['system'])*1000:.1f} |")
cli, shell = results[0], results[1]
print(f"\nratio run/shell: median {statistics.median(cli['times'])/statistics.median(shell['times']):.2f}x, "
      f"min {min(cli['times'])/min(shell['times']):.2f}x, cpu {(cli['user']+cli['system'])/(shell['user']+shell['system']):.2f}x")
PY
else
    for command in "$CLI_RUN" "$SHELL_RUN" "$CLI --version" "$CLI queries"; do
        start=$(date +%s%N)
        for _ in $(seq "$RUNS"); do eval "$command" > /dev/null; done
        end=$(date +%s%N)
        echo "$(( (end - start) / RUNS / 1000 )) µs  $command"
    done
fi
