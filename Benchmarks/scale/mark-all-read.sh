#!/usr/bin/env bash
# What the schedule's counters (schema/0021_schedule_counters.sql) cost `notifications-mark-all-read`,
# against the schema before them: the covering index notifications_schedule of 0018 and no schedule
# counters. Both variants are copies of DB (a database of counts.sh, every migration applied), the
# "before" one taken back to the notifications as 0020 left them (the four notification_schedule_counters_* triggers and their table
# dropped, the index created again); the query runs once on each copy, alternately, ROUNDS times each;
# medians and their ratio. The notifications set read are those of 'bench-user' unread at the start.
#   Benchmarks/scale/mark-all-read.sh DB [SO]   # SO: the extension (default .build/release/libswitchboard.so)
#   ROUNDS=3
set -euo pipefail
cd "$(dirname "$0")/../.."
db=$1
SO=${2:-.build/release/libswitchboard.so}
ROUNDS=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
copy() { # variant: a copy of DB as that schema has it
    rm -f "$work/$1.db"*
    sqlite3 "$db" ".backup '$work/$1.db'"
    if [ "$1" = before ]; then
        sqlite3 -bail "$work/before.db" "BEGIN;
            $(sqlite3 "$db" "SELECT 'DROP TRIGGER ' || name || ';' FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'notification_schedule_counters_%'")
            DROP TABLE notification_schedule_counters;
            CREATE INDEX notifications_schedule ON notifications(user_id, scheduled_for_ms, type, read_at);
            COMMIT;"
    fi
}
unread=$(sqlite3 "$db" "SELECT count(*) FROM notifications WHERE user_id = 'bench-user' AND read_at IS NULL")
echo "== notifications-mark-all-read of $unread unread in $(sqlite3 "$db" "SELECT count(*) FROM notifications") notifications, $ROUNDS rounds, $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD), load $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A times
for round in $(seq "$ROUNDS"); do
    for variant in before after; do
        copy "$variant"
        start=$(date +%s.%N)
        sqlite3 -bail "$work/$variant.db" ".load ${SO%.so}" "PRAGMA foreign_keys = ON" "PRAGMA recursive_triggers = ON" \
            "SELECT switchboard_now('2026-11-01T00:00:00Z')" ".param set :user_id \"'bench-user'\"" ".read queries/notifications-mark-all-read.sql" >/dev/null
        seconds=$(echo "$start $(date +%s.%N)" | awk '{ printf "%.2f", $2 - $1 }')
        times[$variant]+="$seconds "
        echo "round $round $variant: $seconds s ($(sqlite3 "$work/$variant.db" "SELECT count(*) FROM notifications WHERE read_at IS NULL") left unread)"
    done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
before=$(echo "${times[before]}" | median)
after=$(echo "${times[after]}" | median)
echo "{\"query\": \"notifications-mark-all-read\", \"unread\": $unread, \"before_0021_s\": $before, \"after_0021_s\": $after, \"ratio\": $(echo "$after $before" | awk '{ printf "%.2f", $1 / $2 }')}"
