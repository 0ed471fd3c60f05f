#!/usr/bin/env bash
# Reports at scale (BENCHMARKS.md, "Reports at scale"): CPU seconds (user + system) of one
# `switchboard report` process, before and after, in the same run on the same databases:
#   * social-activity --format html at 10k, 100k and 1M posts for --days 30, 365 and 3650;
#   * digest --format md and html on the demo database plus 300,000 due notifications.
# "before" is the old SQL and templates, kept only here (Benchmarks/reports/baseline/NAME/: the files
# that changed), run as a --reports folder (a copy of reports/NAME with those files over it) by the
# same binary, on the database without schema/0012_activity_indexes.sql's indexes, as it was; then
# 0012 is applied (its CPU time is reported) and "after" is the built-in report. Each social-activity
# pair also checks that both outputs are the same bytes (its HTML template did not change).
#
#   Benchmarks/reports/run.sh [SIZE ...]     # from anywhere; default 10000 100000 1000000
#   DAYS="30 365 3650"                       # the --days values
#   BASELINE=0                               # skip "before" (the old SQL takes ~10 min of CPU at 1M, --days 3650)
#   BENCH_DIR=/tmp/switchboard-scale-bench   # databases (shared with Benchmarks/scale/run.sh, which builds them)
#   BUILD=DIR                                # release binaries already built there (default: swift build -c release)
#
# The post databases are Benchmarks/scale/run.sh's (ONLY=build REUSE=1: built once, reused): posts from
# Benchmarks/fts/generate.sql, spread over the 694 days before 2026-02-10T12:00:00Z, the clock pinned
# here; at 1M posts --days 30 holds ~43k posts, 365 ~526k and 3650 all of them. No coach or school ids
# (every post is "Unknown School", 5000 authors).
set -euo pipefail
cd "$(dirname "$0")/../.."
SIZES=("${@:-10000 100000 1000000}")
read -r -a SIZES <<< "${SIZES[*]}"
read -r -a DAYS <<< "${DAYS:-30 365 3650}"
DIR=${BENCH_DIR:-/tmp/switchboard-scale-bench}
NOW=2026-02-10T12:00:00Z
DUE=300000      # due notifications in the digest's database
mkdir -p "$DIR"

if [ -z "${BUILD:-}" ]; then
    BUILD=.build/release
    swift build -c release --product switchboard-cli >/dev/null 2>&1 || swift build -c release --product switchboard-cli
    swift build -c release --product switchboard >/dev/null 2>&1 || swift build -c release --product switchboard
fi
BUILD=$(cd "$BUILD" && pwd)
CLI=$BUILD/switchboard-cli
ONLY=build REUSE=1 BUILD=$BUILD Benchmarks/scale/run.sh "${SIZES[@]}"

# The baseline folders: each report as it is, with the old files over it.
rm -rf "$DIR/baseline"
for report in social-activity digest; do
    mkdir -p "$DIR/baseline/$report"
    cp reports/$report/* "$DIR/baseline/$report/"
    cp Benchmarks/reports/baseline/$report/* "$DIR/baseline/$report/"
done

cpu() { # OUT COMMAND...: runs it, stdout to OUT; prints "cpu_s status" (user + system, children included)
    local out=$1 status tries=0
    shift
    while :; do   # a run killed from outside (another job's clean-up on a shared machine) is run again
        status=0
        : > "$DIR/time"
        /usr/bin/time -f '%U %S' -o "$DIR/time" "$@" > "$out" 2> "$DIR/stderr" || status=$?
        [ -s "$DIR/time" ] && [ "$status" != 143 ] && [ "$status" != 137 ] && break
        tries=$((tries + 1))
        [ "$tries" -lt 3 ] || { echo "killed 3 times: $*" >&2; return 1; }
        echo "  (killed from outside, status $status; running it again)" >&2
    done
    awk -v s="$status" 'END { printf "%.2f %s\n", $(NF - 1) + $NF, s }' "$DIR/time"
}

echo "Reports at scale: $(date -u +%FT%TZ), SQLite $(sqlite3 :memory: 'select sqlite_version()'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
echo "| posts | --days | posts in the window | before: CPU s | after: CPU s | before / after | same output |"
echo "|---:|---:|---:|---:|---:|---:|:---:|"
migrations=""
for n in "${SIZES[@]}"; do
    db=$DIR/scale-$n.db
    declare -A before=()
    if [ "${BASELINE:-1}" != 0 ]; then   # the old SQL on the database as it was: without 0012's indexes
        sqlite3 "$db" 'DROP INDEX IF EXISTS social_media_posts_days; DROP INDEX IF EXISTS social_media_posts_authors;'
        for days in "${DAYS[@]}"; do
            read -r cpu_s status < <(cpu "$DIR/before-$days.html" "$CLI" report social-activity --db "$db" --now "$NOW" \
                --days "$days" --format html --reports "$DIR/baseline")
            [ "$status" = 0 ] || { cat "$DIR/stderr" >&2; exit 1; }
            before[$days]=$cpu_s
            echo "  $n posts, --days $days, before: load $(cut -d' ' -f1 /proc/loadavg)" >&2
        done
    fi
    read -r cpu_s status < <(cpu /dev/null sqlite3 -bail "$db" -init /dev/null ".read schema/0012_activity_indexes.sql")
    [ "$status" = 0 ] || { cat "$DIR/stderr" >&2; exit 1; }
    migrations="$migrations| $n | $cpu_s |"$'\n'
    for days in "${DAYS[@]}"; do
        read -r after status < <(cpu "$DIR/after.html" "$CLI" report social-activity --db "$db" --now "$NOW" --days "$days" --format html)
        [ "$status" = 0 ] || { cat "$DIR/stderr" >&2; exit 1; }
        posts=$(grep -o '<p class="headline">[0-9]* posts' "$DIR/after.html" | grep -o '[0-9]*' || echo 0)
        ratio="–" same="–"
        if [ -n "${before[$days]:-}" ]; then
            ratio=$(awk -v b="${before[$days]}" -v a="$after" 'BEGIN { printf "%.0f×", b / a }')
            same=$(cmp -s "$DIR/before-$days.html" "$DIR/after.html" && echo yes || echo NO)
        fi
        printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$n" "$days" "$posts" "${before[$days]:-–}" "$after" "$ratio" "$same"
        echo "  $n posts, --days $days, after: load $(cut -d' ' -f1 /proc/loadavg)" >&2
    done
    unset before
done
echo
echo "| posts | applying schema/0012_activity_indexes.sql: CPU s |"
echo "|---:|---:|"
printf '%s' "$migrations"

# The digest with 300,000 unread deadlines due in the next 7 days (one INSERT ... SELECT).
db=$DIR/digest-due.db
rm -f "$db" "$db-wal" "$db-shm"
"$CLI" demo --db "$db" --now "$NOW" > /dev/null
sqlite3 "$db" "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $DUE)
    INSERT INTO notifications (user_id, type, title, message, priority, scheduled_for)
    SELECT (SELECT id FROM users), 'deadline_alert', 'Deadline ' || i, 'Due soon.', 'normal',
           strftime('%Y-%m-%dT%H:%M:%SZ', '$NOW', '+' || (i % 600000) || ' seconds')
    FROM n;"
echo
echo "| digest, $DUE due notifications | before: CPU s | before: exit status | after: CPU s | after: exit status | \"more\" line |"
echo "|---|---:|---:|---:|---:|---|"
for format in md html; do
    read -r after astatus < <(cpu "$DIR/digest-after.$format" "$CLI" report digest --db "$db" --now "$NOW" --format "$format")
    more=$(grep -o '…and [0-9]* more' "$DIR/digest-after.$format" | head -1 || true)
    before="–" bstatus="–"
    if [ "${BASELINE:-1}" != 0 ]; then
        read -r before bstatus < <(cpu "$DIR/digest-before.$format" "$CLI" report digest --db "$db" --now "$NOW" --format "$format" --reports "$DIR/baseline")
    fi
    printf '| %s | %s | %s | %s | %s | %s |\n' "$format" "$before" "$bstatus" "$after" "$astatus" "${more:-none}"
done
echo "Done: $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
