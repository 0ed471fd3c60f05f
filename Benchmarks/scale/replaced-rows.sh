#!/usr/bin/env bash
# What schema/0024_replaced_rows.sql costs a writer: the same writes through the sqlite3 shell (recursive_triggers
# off, its default) into a fresh database with 0024's triggers and into one with the triggers of the migrations
# before it (the same tables otherwise), alternately, ROUNDS times each; CPU seconds (user + sys) of the shell,
# the medians and their ratio. The sync of 100k posts through the CLI is Benchmarks/sync/cost.sh replaced.
#   notifications  N notifications by one INSERT … SELECT
#   rows           N notifications by N single-row INSERT statements in one transaction (as a tool writes them)
#   replace        N INSERT OR REPLACE of those N notifications (each replaces one; the baseline's counters drift)
#   posts          N/2 posts by single-row INSERT statements in one transaction
#
#   Benchmarks/scale/replaced-rows.sh [N]     # default N 50000; ROUNDS=3
#   CLI=path/to/switchboard-cli (default .build/release/switchboard-cli, built when missing)
set -euo pipefail
cd "$(dirname "$0")/../.."
n=${1:-50000}
ROUNDS=${ROUNDS:-3}
CLI=${CLI:-.build/release/switchboard-cli}
[ -x "$CLI" ] || swift build -c release --product switchboard-cli >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The triggers before 0024, from the schema files before it applied by the shell.
for file in schema/[0-9][0-9][0-9][0-9]_*.sql; do
    number=$(basename "$file" | cut -c1-4)
    [ "$((10#$number))" -lt 24 ] && sqlite3 -bail "$work/before.db" <"$file" >/dev/null
done
sqlite3 "$work/before.db" "SELECT sql || ';' FROM sqlite_master WHERE type = 'trigger'" >"$work/before-triggers.sql"
fresh() { # path, with|without
    rm -f "$1" "$1-wal" "$1-shm"
    "$CLI" init --db "$1" >/dev/null
    if [ "$2" = without ]; then
        { sqlite3 "$1" "SELECT 'DROP TRIGGER ' || name || ';' FROM sqlite_master WHERE type = 'trigger'"; cat "$work/before-triggers.sql"; } \
            | sqlite3 -bail "$1"
    fi
    sqlite3 "$1" "INSERT INTO users (id, name) VALUES ('u1', 'Bench')"
}
python3 - "$n" "$work" <<'EOF'
import sys
n, work = int(sys.argv[1]), sys.argv[2]
types = ["follow_up_reminder", "deadline_alert", "daily_digest", "inbound_interaction", "offer", "event"]
def notification(i, verb):
    return (f"{verb} INTO notifications (id, user_id, type, title, message, read_at, scheduled_for) VALUES "
            f"('n{i}', 'u1', '{types[i % 6]}', 'Title {i}', 'message {i % 97}', {'NULL' if i % 3 else chr(39) + '2026-02-09T08:00:00Z' + chr(39)}, "
            f"'2026-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:00:00Z');\n")
with open(f"{work}/notifications.sql", "w") as f:
    f.write(f"""WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < {n - 1})
INSERT INTO notifications (id, user_id, type, title, message, read_at, scheduled_for)
SELECT 'n' || i, 'u1', CASE i % 6 WHEN 0 THEN 'follow_up_reminder' WHEN 1 THEN 'deadline_alert' WHEN 2 THEN 'daily_digest'
    WHEN 3 THEN 'inbound_interaction' WHEN 4 THEN 'offer' ELSE 'event' END, 'Title ' || i, 'message ' || (i % 97),
    CASE WHEN i % 3 = 0 THEN '2026-02-09T08:00:00Z' END, printf('2026-%02d-%02dT%02d:00:00Z', 1 + i % 12, 1 + i % 28, i % 24) FROM c;
""")
with open(f"{work}/rows.sql", "w") as f:
    f.write("BEGIN;\n" + "".join(notification(i, "INSERT") for i in range(n)) + "COMMIT;\n")
with open(f"{work}/replace.sql", "w") as f:
    f.write("BEGIN;\n" + "".join(notification(i, "INSERT OR REPLACE") for i in range(n)) + "COMMIT;\n")
with open(f"{work}/posts.sql", "w") as f:
    f.write("BEGIN;\n")
    for i in range(n // 2):
        f.write("INSERT INTO social_media_posts (id, user_id, platform, post_url, post_content, post_date, author_handle, author_name) "
                f"VALUES ('p{i}', 'u1', '{'twitter' if i % 3 else 'instagram'}', 'https://x.com/c/{i}', "
                f"'great camp offer visit {i % 101} #recruiting @coach{i % 50}', '2026-02-{1 + i % 28:02d}T10:00:00Z', '@coach{i % 50}', 'Coach {i % 50}');\n")
    f.write("COMMIT;\n")
EOF
cpu() { # database, script: CPU seconds of the shell running it
    /usr/bin/time -f "%U %S" -o "$work/time" sqlite3 -bail "$1" <"$2" >/dev/null
    awk '{ printf "%.2f", $1 + $2 }' "$work/time"
}
median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "== $n rows, $ROUNDS rounds, $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD), CLI $CLI, load $(cut -d' ' -f1-3 /proc/loadavg)"
for case in notifications rows replace posts; do
    declare -A times=()
    for round in $(seq "$ROUNDS"); do
        for variant in without with; do
            fresh "$work/$variant.db" "$variant"
            [ "$case" = replace ] && sqlite3 -bail "$work/$variant.db" <"$work/rows.sql"
            seconds=$(cpu "$work/$variant.db" "$work/$case.sql")
            times[$variant]+="$seconds "
            drift=$({ "$CLI" check --db "$work/$variant.db" 2>/dev/null || true; } | sed -n "s/^counters: //p")
            echo "round $round $case $variant 0024: $seconds s CPU (counters: $drift)"
        done
    done
    without=$(echo "${times[without]}" | median) with=$(echo "${times[with]}" | median)
    echo "$case: median without 0024 $without s, with $with s, ratio $(echo "$with $without" | awk '{ printf "%.3f", $1 / $2 }')"
done
