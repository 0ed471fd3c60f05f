# Sourced by Benchmarks/outbox/run.sh and Benchmarks/scale/run.sh (needs $CLI, the switchboard CLI).
# fill DB N: brings DB to the current schema (`init`: creates it, or leaves an up-to-date one as it is)
# and queues N messages in its outbox, all due, oldest first.
fill() {
    "$CLI" init --db "$1" > /dev/null
    sqlite3 "$1" "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $2)
        INSERT INTO outbox (idempotency_key, group_id, group_name, text, created_at, due_at)
        SELECT 'key-' || i, -1001, 'Family', 'Running ' || i || ' minutes late',
               strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour', '+' || i || ' seconds' ),
               strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour', '+' || i || ' seconds')
        FROM n;"
}
