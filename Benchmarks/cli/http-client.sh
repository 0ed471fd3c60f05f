#!/usr/bin/env bash
# What sync --from's HTTP client costs the CLI (issue 33): the size and the start-up of two builds of the CLI,
# one without the built-in sources and one with them (curl run as a child process), each start-up against
# `sqlite3 :memory: 'select 1'` measured in the same run:
#   size             bytes, as built and stripped (strip)
#   instructions     `switchboard --version` under valgrind (callgrind), deterministic whatever the machine's load
#   start-up         hyperfine, interleaved: wall-clock medians and CPU (user + sys) means
#
#   BEFORE=/path/to/old/switchboard-cli Benchmarks/cli/http-client.sh
#   BEFORE=… AFTER=.build-portable/release/switchboard-cli RUNS=300 Benchmarks/cli/http-client.sh
#
# BEFORE is a portable build of the commit before the sources (git worktree add /tmp/before COMMIT, then
# scripts/build-portable switchboard-cli there); AFTER defaults to this checkout's portable build, built
# first when missing. Needs hyperfine, valgrind and binutils (strip).
set -euo pipefail
cd "$(dirname "$0")/../.."

: "${BEFORE:?set BEFORE to the CLI built without the sources (see the header)}"
AFTER=${AFTER:-.build-portable/release/switchboard-cli}
RUNS=${RUNS:-300}
for tool in hyperfine valgrind strip; do
    command -v "$tool" > /dev/null || { echo "needs $tool" >&2; exit 1; }
done
[ -x "$AFTER" ] || scripts/build-portable switchboard-cli
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp "$BEFORE" "$WORK/before"
cp "$AFTER" "$WORK/after"
echo "sqlite $(sqlite3 --version | cut -d' ' -f1), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| build | bytes | stripped | --version instructions |"
echo "| --- | ---: | ---: | ---: |"
for build in before after; do
    strip -o "$WORK/$build.stripped" "$WORK/$build"
    # callgrind reads the stripped copy: it gives up on the debug information of the unstripped one.
    instructions=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$WORK/$build.stripped" --version 2>&1 |
        sed -n 's/.*Collected : //p')
    echo "| $build | $(stat -c %s "$WORK/$build") | $(stat -c %s "$WORK/$build.stripped") | $instructions |"
done
shell=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null sqlite3 :memory: 'select 1' 2>&1 | sed -n 's/.*Collected : //p')
echo "| sqlite3 :memory: 'select 1' | | | $shell |"
echo
hyperfine -N --warmup 20 --runs "$RUNS" --export-json "$WORK/startup.json" \
    -n before "$WORK/before.stripped --version" -n after "$WORK/after.stripped --version" \
    -n "sqlite3" "sqlite3 :memory: 'select 1'" > /dev/null
python3 - "$WORK/startup.json" <<'PY'
import json, statistics, sys
results = {r["command"]: r for r in json.load(open(sys.argv[1]))["results"]}
shell = results["sqlite3"]
def figures(r):
    return statistics.median(r["times"]) * 1000, (r["user"] + r["system"]) * 1000
base_wall, base_cpu = figures(shell)
print("| --version | median | vs sqlite3 | CPU | vs sqlite3 |")
print("| --- | ---: | ---: | ---: | ---: |")
for name in ("before", "after"):
    wall, cpu = figures(results[name])
    print(f"| {name} | {wall:.2f} ms | {wall / base_wall:.2f}x | {cpu:.2f} ms | {cpu / base_cpu:.2f}x |")
print(f"| sqlite3 | {base_wall:.2f} ms | | {base_cpu:.2f} ms | |")
PY
