#!/usr/bin/env bash
# Two builds of the CLI measured against each other in one run, interleaved: ROUNDS runs of Benchmarks/cli/run.sh
# over both builds, the order swapped every round so that drift on a shared machine hits both alike. Prints, per
# measurement and build, the median over the rounds of run.sh's median (wall ms), of its mean CPU time (user + sys,
# which other processes on a shared machine disturb far less), of its ratio to the sqlite3 baseline measured beside
# it and of the CPU ratio, each with its range over the rounds.
#   Benchmarks/cli/compare.sh OLD NEW          (each a folder holding switchboard-cli and libswitchboard.so)
#   ROUNDS=5 RUNS=100 Benchmarks/cli/compare.sh /tmp/before .build-portable/release
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -eq 2 ] || { echo "usage: Benchmarks/cli/compare.sh OLD NEW" >&2; exit 2; }
OLD=$1 NEW=$2
ROUNDS=${ROUNDS:-5}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
for round in $(seq "$ROUNDS"); do
    if [ $((round % 2)) -eq 1 ]; then order="$OLD $NEW"; else order="$NEW $OLD"; fi
    BUILDS="$order" Benchmarks/cli/run.sh > "$WORK/round-$round.md"
done
python3 - "$WORK" "$OLD" "$NEW" <<'PY'
import glob, re, statistics, sys
work, old, new = sys.argv[1:]
values = {}  # (build, measurement) -> {"ms": [], "ratio": [], "cpu": []}
for path in sorted(glob.glob(f"{work}/round-*.md")):
    build = None
    for line in open(path):
        heading = re.match(r"## (\S+) ", line)
        if heading:
            build = heading.group(1)
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if build is None or len(cells) < 8 or not re.match(r"[\d.]+$", cells[1]):
            continue
        entry = values.setdefault((build, cells[0]), {"ms": [], "cpu_ms": [], "ratio": [], "cpu": []})
        entry["ms"].append(float(cells[1]))
        entry["cpu_ms"].append(float(cells[4]))
        if cells[3].endswith("x"):
            entry["ratio"].append(float(cells[3][:-1]))
            entry["cpu"].append(float(cells[6][:-1]))
        throughput = re.findall(r"([\d,]+)/s", cells[7])  # the goal's figure, then the measured one
        if len(throughput) > 1:
            entry.setdefault("per_s", []).append(float(throughput[-1].replace(",", "")))
def show(numbers, unit=""):
    if not numbers:
        return ""
    return f"{statistics.median(numbers):,.2f}{unit} ({min(numbers):,.2f}–{max(numbers):,.2f})"
print(f"{len(glob.glob(f'{work}/round-*.md'))} rounds; median over the rounds (range)")
print("| measured | build | median ms | CPU ms | ratio to sqlite3 | CPU ratio | messages/s |")
print("|:--|:--|--:|--:|--:|--:|--:|")
for measurement in dict.fromkeys(m for _, m in values):
    for build in (old, new):
        entry = values.get((build, measurement))
        if entry:
            print(
                f"| {measurement} | {build} | {show(entry['ms'])} | {show(entry['cpu_ms'])} | {show(entry['ratio'], 'x')} "
                f"| {show(entry['cpu'], 'x')} | {show(entry.get('per_s', []))} |")
PY
