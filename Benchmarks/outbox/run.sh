#!/usr/bin/env bash
# Quick-send outbox benchmarks (issue 9). Not run by CI.
#   1. Claim cost on a deep backlog: mean/median/p95 of 200 claims at 1k, 10k and 100k queued rows
#      (deliver --timings, sender `true`). Goal: flat (the partial index outbox_due, not a scan).
#   2. Delivery overhead: deliver 1,000 messages to `cat > /dev/null`, against a shell loop that runs
#      the same sender 1,000 times with the same JSON on stdin, in the same run. Goal: <= 1.5x.
#
#   Benchmarks/outbox/run.sh                       # release build in .build/
#   BUILD=.build/debug Benchmarks/outbox/run.sh    # the debug build
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-.build/release}
if [ ! -x "$BUILD/switchboard-cli" ]; then swift build -c release --product switchboard-cli; fi
CLI="$BUILD/switchboard-cli"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
echo "sqlite $(sqlite3 --version | cut -d' ' -f1), $(nproc) cores, $CLI"

. Benchmarks/outbox/fill.sh   # fill DB N

echo
echo "## Claim cost (200 claims each)"
for n in 1000 10000 100000; do
    fill "$WORK/claim-$n.db" "$n"
    printf '%7d queued: ' "$n"
    "$CLI" deliver --db "$WORK/claim-$n.db" --command true --limit 200 --timings 2>&1 >/dev/null | sed 's/^warning: //'
done

echo
echo "## Delivery overhead (1,000 messages, sender: cat > /dev/null)"
fill "$WORK/deliver.db" 1000
json='{"attempt":1,"fencing_token":1,"group_id":-1001,"group_name":"Family","id":1,"idempotency_key":"key-1","template_id":null,"template_name":null,"text":"Running 1 minutes late"}'
start=$(date +%s.%N)
for i in $(seq 1000); do printf '%s\n' "$json" | /bin/sh -c 'cat > /dev/null'; done
loop=$(echo "$(date +%s.%N) - $start" | bc)
start=$(date +%s.%N)
"$CLI" deliver --db "$WORK/deliver.db" --command 'cat > /dev/null' > "$WORK/deliver.out"
deliver=$(echo "$(date +%s.%N) - $start" | bc)
tail -1 "$WORK/deliver.out"
printf 'shell loop:  %.2f s (%.2f ms/message)\n' "$loop" "$(echo "$loop" | awk '{print $1}')"
printf 'deliver:     %.2f s (%.2f ms/message)\n' "$deliver" "$(echo "$deliver" | awk '{print $1}')"
printf 'ratio:       %.2fx (goal <= 1.5x)\n' "$(echo "$deliver / $loop" | bc -l)"
