#!/usr/bin/env bash
# Reproduces the figures of BENCHMARKS.md, "Functions" (and its ".load time" and "Portable build"):
#   1. per-row cost of the SQL functions against built-in baselines (ordo-one/benchmark,
#      release build, 1M rows, system SQLite in the same process and run);
#   2. the portable build (static Swift stdlib): size, stripped size, dependencies,
#      no sqlite3_ imports, loads with LD_LIBRARY_PATH empty;
#   3. the time `.load` adds to `sqlite3 :memory: 'select 1'` (hyperfine).
#
#   Benchmarks/functions/run.sh            # from the repository root
set -euo pipefail
cd "$(dirname "$0")/../.."

echo "== machine: $(nproc) cores, $(uname -srm), sqlite3 $(sqlite3 --version | cut -d' ' -f1)"

echo "== 1. function benchmarks"
(cd Benchmarks/functions && swift package --scratch-path ../../.build-bench benchmark --no-progress)

echo "== 2. portable build"
scripts/build-portable switchboard 2>&1 | tail -n 1
so=.build-portable/release/libswitchboard.so
stripped_dir=.build-portable/stripped
mkdir -p "$stripped_dir"
strip -o "$stripped_dir/libswitchboard.so" "$so"
ls -l "$so" "$stripped_dir/libswitchboard.so" | awk '{ printf "%s bytes (%.1f MiB)  %s\n", $5, $5 / 1048576, $9 }'
echo "ldd:"; ldd "$so"
if ldd "$so" | grep -q 'libswift'; then echo "FAIL: links a Swift runtime library"; exit 1; fi
echo "undefined sqlite3_ symbols: $(nm -D --undefined-only "$so" | grep -c sqlite3_ || true)"
LD_LIBRARY_PATH= sqlite3 :memory: -cmd ".load $so" "select switchboard_version(), sentiment_label('positive')"

echo "== 3. .load time"
command -v hyperfine >/dev/null || { echo "hyperfine missing: apt-get install -y hyperfine"; exit 1; }
LD_LIBRARY_PATH= hyperfine -N --warmup 50 --runs 1000 --export-json .build-portable/load.json \
    "sqlite3 :memory: 'select 1'" \
    "sqlite3 :memory: -cmd '.load $so' 'select 1'" \
    "sqlite3 :memory: -cmd '.load $stripped_dir/libswitchboard' 'select 1'"
python3 - .build-portable/load.json <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
base = results[0]
for r in results[1:]:
    print(f"added by {r['command'].split(chr(39))[1]}: median {1000 * (r['median'] - base['median']):.2f} ms, "
          f"mean {1000 * (r['mean'] - base['mean']):.2f} ms, min {1000 * (r['min'] - base['min']):.2f} ms")
PY
