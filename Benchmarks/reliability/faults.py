#!/usr/bin/env python3
"""kill -9 at random moments of the CLI's writing commands, then check the database.

Operations (each on its own database, made by `switchboard demo`):
  sync     `switchboard sync posts FILE`: a batch of new posts per run.
  import   `switchboard import notifications FILE`: a batch of new notifications per run.
  deliver  `switchboard deliver --command CMD`: a batch of queued outbox messages per run.
  run      `switchboard run notifications-mark-all-read`: every unread notification of the user.
  sql      `switchboard sql --write "INSERT ... SELECT"`: a batch of generated notifications per run.
  init     `switchboard init` on a copy of a version-3 database (schema 0001-0003 + Tests/schema/demo_v3.sql).

Each operation is first run uncut and timed; the kills then land at delays spread at random over
0 to 2x that time (shuffled), so some land before the command opens the database, some during the
work and some after the commit or the exit. After each run:
  - PRAGMA integrity_check is ok, and every FTS5 index passes its 'integrity-check';
  - the run's batch is whole or absent (rows counted: 0 or all);
  - init: the database is at version 3 or at the newest (the upgrade is one transaction), with exactly
    that version's tables, indexes, triggers and views and the row counts of a reference migrated by the
    plain schema files; `init` run again afterwards reaches the newest version;
  - deliver: every message queued before is still in the outbox (queued, sending or sent, never
    failed), every sent one was handed to the sender, and at the end, once the leases of the killed
    runs expire, one uncut deliver sends every message still waiting.
Outcomes per run: finished (exited before the kill), killed-before-open (the process had not opened
the database yet), killed-absent, killed-whole (the commit landed, the process had not exited),
and for init killed-old / killed-new (an intermediate version is a violation).

Usage (from the package root, after `swift build`):
  python3 Benchmarks/reliability/faults.py --runs 100            # 100 runs (kill attempts) per operation
  python3 Benchmarks/reliability/faults.py --runs 3 --ops sync,init --json
Prints a table (or JSON with --json); exits 1 when any check fails.
"""
import argparse
import json
import os
import pathlib
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT_CLI = ROOT / ".build" / "debug" / "switchboard-cli"
NOW = "2026-02-10T12:00:00Z"


class Violation(Exception):
    """A check failed: the database is not as every run must leave it."""


def connect(path):
    """A plain SQLite connection (Python's stdlib) for the checks."""
    return sqlite3.connect(path, timeout=30, isolation_level=None)


def scalar(db, sql, args=()):
    return db.execute(sql, args).fetchone()[0]


def check_integrity(path):
    """PRAGMA integrity_check and every FTS5 table's own 'integrity-check'."""
    db = connect(path)
    try:
        result = [row[0] for row in db.execute("PRAGMA integrity_check")]
        if result != ["ok"]:
            raise Violation(f"integrity_check: {'; '.join(result[:3])}")
        for (name,) in db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5(%'"
        ).fetchall():
            try:
                db.execute(f'INSERT INTO "{name}"("{name}") VALUES (\'integrity-check\')')
            except sqlite3.DatabaseError as error:
                raise Violation(f"FTS5 integrity-check of {name}: {error}") from None
    finally:
        db.close()


def run_cli(cli, args, env=None):
    """Runs the CLI to completion; a failure is an error of the harness's setup."""
    result = subprocess.run([str(cli)] + args, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        raise RuntimeError(f"switchboard {' '.join(args[:3])}: exit {result.returncode}: {result.stderr.strip()}")
    return result


def has_open(pid, path):
    """Whether process `pid` has `path` open (its database), from /proc/PID/fd."""
    target = os.path.realpath(path)
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}") == target:
                    return True
            except OSError:
                continue
    except OSError:
        return False
    return False


class Operation:
    """One command under kill -9: `prepare` makes run N's batch and returns the command line;
    `check` verifies the database after it and names the outcome."""
    name = ""
    batch = 0
    #: What `check` says after an uncut run.
    complete = "whole"

    def __init__(self, cli, work):
        self.cli, self.work = cli, work
        self.db = str(work / f"{self.name}.db")

    def env(self):
        return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "SWITCHBOARD_NOW": NOW, "COLUMNS": "120"}

    def setup(self):
        run_cli(self.cli, ["demo", "--db", self.db], env=self.env())

    def prepare(self, run):
        raise NotImplementedError

    def check(self, run, killed):
        """Checks the database after run `run`; returns 'absent' or 'whole' (or another outcome)."""
        raise NotImplementedError

    def finish(self):
        """A check after every run (deliver: the leases expire and everything is sent)."""
        return {}

    @property
    def command(self):
        return ""


class BatchOperation(Operation):
    """An operation whose run N adds rows that a LIKE pattern finds: 0 or `batch` of them."""
    table = ""
    key = ""

    def pattern(self, run):
        raise NotImplementedError

    def setup(self):
        super().setup()
        db = connect(self.db)
        self.total = scalar(db, f"SELECT count(*) FROM {self.table}")
        db.close()

    def check(self, run, killed):
        db = connect(self.db)
        try:
            rows = scalar(db, f"SELECT count(*) FROM {self.table} WHERE {self.key} LIKE ?", (self.pattern(run),))
            total = scalar(db, f"SELECT count(*) FROM {self.table}")
        finally:
            db.close()
        if rows not in (0, self.batch):
            raise Violation(f"run {run}: {rows} of the batch's {self.batch} rows in {self.table}")
        if total != self.total + rows:
            raise Violation(f"run {run}: {total} rows in {self.table}, expected {self.total + rows}")
        self.total = total
        return "whole" if rows else "absent"


class Sync(BatchOperation):
    name, table, key, batch = "sync", "social_media_posts", "post_url", 2000

    def pattern(self, run):
        return f"https://x.com/r{run}/%"

    def prepare(self, run):
        path = self.work / f"sync-{run}.ndjson"
        with open(path, "w") as out:
            for n in range(self.batch):
                out.write(json.dumps({
                    "platform": "twitter" if n % 3 else "instagram", "post_url": f"https://x.com/r{run}/{n}",
                    "post_content": f"Post {n} of run {run} #camp great offer visit", "post_date": "2026-02-10T14:30:00Z",
                    "author_handle": f"@coach{n % 50}", "author_name": f"Coach {n % 50}"}) + "\n")
        return ["sync", "posts", str(path), "--db", self.db]

    @property
    def command(self):
        return f"switchboard sync posts RUN.ndjson --db sync.db  ({self.batch} new posts per run)"


class Import(BatchOperation):
    name, table, key, batch = "import", "notifications", "id", 2000

    def pattern(self, run):
        return f"imp-{run}-%"

    def prepare(self, run):
        path = self.work / f"import-{run}.jsonl"
        with open(path, "w") as out:
            for n in range(self.batch):
                out.write(json.dumps({
                    "id": f"imp-{run}-{n}", "type": "daily_digest", "title": f"Digest {n} of run {run}",
                    "message": "Your day in review", "priority": "low", "created_at": NOW}) + "\n")
        return ["import", "notifications", str(path), "--db", self.db]

    @property
    def command(self):
        return f"switchboard import notifications RUN.jsonl --db import.db  ({self.batch} new rows per run)"


def generated_notifications(prefix, count):
    """An INSERT of `count` notifications whose ids start with `prefix`, made by a recursive CTE."""
    return ("INSERT INTO notifications (id, user_id, type, title, message, priority) "
            f"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < {count}) "
            f"SELECT '{prefix}' || x, (SELECT id FROM users), 'daily_digest', 'Digest ' || x, 'Your day in review', 'low' FROM c")


class SQLWrite(BatchOperation):
    name, table, key, batch = "sql", "notifications", "id", 5000

    def pattern(self, run):
        return f"sql-{run}-%"

    def prepare(self, run):
        return ["sql", "--write", "--db", self.db, generated_notifications(f"sql-{run}-", self.batch)]

    @property
    def command(self):
        return (f"switchboard sql --write --db sql.db \"INSERT INTO notifications ... SELECT ... "
                f"FROM (recursive CTE of {self.batch})\"")


class RunWrite(Operation):
    """`run notifications-mark-all-read`: all of the user's unread notifications read, or none."""
    name, batch = "run", 10000

    def setup(self):
        super().setup()
        run_cli(self.cli, ["sql", "--write", "--db", self.db, generated_notifications("seed-", self.batch)], env=self.env())
        db = connect(self.db)
        self.total = scalar(db, "SELECT count(*) FROM notifications")
        db.close()

    def prepare(self, run):
        db = connect(self.db)
        db.execute("UPDATE notifications SET read_at = NULL")
        db.close()
        return ["run", "notifications-mark-all-read", "--db", self.db]

    def check(self, run, killed):
        db = connect(self.db)
        try:
            unread = scalar(db, "SELECT count(*) FROM notifications WHERE read_at IS NULL")
            total = scalar(db, "SELECT count(*) FROM notifications")
        finally:
            db.close()
        if total != self.total:
            raise Violation(f"run {run}: {total} notifications, expected {self.total}")
        if unread not in (0, total):
            raise Violation(f"run {run}: {total - unread} of {total} notifications marked read")
        return "whole" if unread == 0 else "absent"

    @property
    def command(self):
        return f"switchboard run notifications-mark-all-read --db run.db  ({self.total} unread notifications per run)"


class Deliver(Operation):
    """`deliver`: a batch of queued messages per run; none is ever lost."""
    name, batch = "deliver", 10
    lease = 2.0

    def setup(self):
        super().setup()
        self.sent_log = self.work / "deliver-sent.jsonl"
        self.sent_log.touch()
        # One message through `send` itself, then batches queued straight into the outbox table.
        run_cli(self.cli, ["send", "Running late", "--db", self.db, "--key", "first"], env=self.env())
        db = connect(self.db)
        self.group = db.execute("SELECT group_id, group_name FROM outbox WHERE idempotency_key = 'first'").fetchone()
        db.close()
        self.queued = {"first"}

    def prepare(self, run):
        db = connect(self.db)
        keys = [f"run{run}-{n}" for n in range(self.batch)]
        db.execute("BEGIN")
        for key in keys:
            db.execute("INSERT INTO outbox (idempotency_key, template_name, group_id, group_name, text) "
                       "VALUES (?, 'Running late', ?, ?, ?)", (key, self.group[0], self.group[1], f"Message {key}"))
        db.execute("COMMIT")
        db.close()
        self.queued.update(keys)
        return ["deliver", "--db", self.db, "--command", f"sleep 0.01; cat >> '{self.sent_log}'",
                "--timeout", "1", "--lease", str(self.lease), "--backoff", "0"]

    def delivered_keys(self):
        keys = []
        for line in self.sent_log.read_text().splitlines():
            try:
                keys.append(json.loads(line)["idempotency_key"])
            except (ValueError, KeyError):
                continue  # a line cut by the kill of its sender
        return keys

    def check(self, run, killed):
        db = connect(self.db)
        try:
            rows = dict(db.execute("SELECT idempotency_key, status FROM outbox").fetchall())
        finally:
            db.close()
        lost = self.queued - rows.keys()
        if lost:
            raise Violation(f"run {run}: messages lost from the outbox: {sorted(lost)[:5]}")
        bad = {key: status for key, status in rows.items() if status not in ("queued", "sending", "sent")}
        if bad:
            raise Violation(f"run {run}: messages in another status: {bad}")
        delivered = set(self.delivered_keys())
        unsent = [key for key, status in rows.items() if status == "sent" and key not in delivered]
        if unsent:
            raise Violation(f"run {run}: marked sent but never handed to the sender: {unsent[:5]}")
        sent = sum(1 for key, status in rows.items() if key.startswith(f"run{run}-") and status == "sent")
        return "whole" if sent == self.batch else ("absent" if sent == 0 else "part-sent")

    def finish(self):
        time.sleep(self.lease + 0.2)
        run_cli(self.cli, ["deliver", "--db", self.db, "--command", f"cat >> '{self.sent_log}'", "--backoff", "0"],
                env=self.env())
        db = connect(self.db)
        rows = dict(db.execute("SELECT idempotency_key, status FROM outbox").fetchall())
        db.close()
        left = {key: status for key, status in rows.items() if status != "sent"}
        if left or self.queued - rows.keys():
            raise Violation(f"after the leases expired: not sent: {left}, lost: {sorted(self.queued - rows.keys())}")
        delivered = self.delivered_keys()
        missing = self.queued - set(delivered)
        if missing:
            raise Violation(f"never handed to the sender: {sorted(missing)[:5]}")
        return {"messages": len(self.queued), "all_sent_after_lease": True,
                "redelivered": len(delivered) - len(set(delivered))}

    @property
    def command(self):
        return (f"switchboard deliver --db deliver.db --command \"sleep 0.01; cat >> sent.jsonl\" --timeout 1 "
                f"--lease {self.lease} --backoff 0  ({self.batch} messages queued per run)")


class Init(Operation):
    """`init` migrating a version-3 database: at version 3 or at the newest, never in between."""
    name = "init"

    def schema_files(self):
        return sorted((ROOT / "schema").glob("[0-9][0-9][0-9][0-9]_*.sql"))

    @staticmethod
    def signature(path):
        db = connect(path)
        try:
            version = scalar(db, "PRAGMA user_version")
            schema = sorted(db.execute(
                "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").fetchall())
            counts = {name: scalar(db, f'SELECT count(*) FROM "{name}"') for (kind, name, _, sql) in schema
                      if kind == "table" and not (sql or "").upper().startswith("CREATE VIRTUAL")}
        finally:
            db.close()
        return version, schema, counts

    def setup(self):
        self.pristine = str(self.work / "v3.db")
        files = self.schema_files()
        db = connect(self.pristine)
        for file in files[:3]:
            db.executescript(file.read_text())
        db.executescript((ROOT / "Tests" / "schema" / "demo_v3.sql").read_text())
        db.close()
        # A reference for every version, each migrated by the plain schema files.
        self.references = {}
        reference = str(self.work / "reference.db")
        shutil.copy(self.pristine, reference)
        self.references[3] = self.signature(reference)
        db = connect(reference)
        for file in files[3:]:
            db.executescript(file.read_text())
            version = scalar(db, "PRAGMA user_version")
            db.close()
            self.references[version] = self.signature(reference)
            db = connect(reference)
        db.close()
        self.latest = max(self.references)
        self.complete = f"new (v{self.latest})"

    def prepare(self, run):
        for suffix in ("", "-wal", "-shm", "-journal"):
            if os.path.exists(self.db + suffix):
                os.remove(self.db + suffix)
        shutil.copy(self.pristine, self.db)
        return ["init", "--db", self.db]

    def check(self, run, killed):
        version, schema, counts = self.signature(self.db)
        if version not in self.references:
            raise Violation(f"run {run}: user_version {version} is no known version")
        expected = self.references[version]
        if schema != expected[1]:
            names = {row[1] for row in schema} ^ {row[1] for row in expected[1]}
            raise Violation(f"run {run}: version {version} with another schema (differs in {sorted(names)[:5]})")
        if counts != expected[2]:
            diff = {name: (counts.get(name), expected[2].get(name)) for name in set(counts) | set(expected[2])
                    if counts.get(name) != expected[2].get(name)}
            raise Violation(f"run {run}: version {version} with other row counts {diff}")
        if version < self.latest:
            # init again finishes the migration.
            check_integrity(self.db)
            run_cli(self.cli, ["init", "--db", self.db], env=self.env())
            again = self.signature(self.db)
            if again[0] != self.latest or again[1] != self.references[self.latest][1]:
                raise Violation(f"run {run}: init after the kill reached version {again[0]}, not {self.latest}")
        if version == 3:
            return "old (v3)"
        if version == self.latest:
            return f"new (v{self.latest})"
        raise Violation(f"run {run}: left at version {version}, between 3 and {self.latest}")

    @property
    def command(self):
        return "switchboard init --db v3-copy.db  (a fresh copy of the version-3 database per run)"


OPERATIONS = {op.name: op for op in (Sync, Import, Deliver, RunWrite, SQLWrite, Init)}


def trial(op, run, delay):
    """Run `run` of `op`, killed with SIGKILL after `delay` seconds (None: uncut). Returns
    (outcome, seconds)."""
    args = op.prepare(run)
    log = open(op.work / f"{op.name}-{run}.stderr", "w")
    started = time.monotonic()
    process = subprocess.Popen([str(op.cli)] + args, stdout=subprocess.DEVNULL, stderr=log, env=op.env(),
                               start_new_session=True)
    opened = False
    killed = False
    if delay is None:
        process.wait()
    else:
        deadline = started + delay
        while process.poll() is None and time.monotonic() < deadline:
            opened = opened or has_open(process.pid, op.db)
            time.sleep(min(0.005, max(0.0, deadline - time.monotonic())))
        if process.poll() is None:
            opened = opened or has_open(process.pid, op.db)
            os.kill(process.pid, signal.SIGKILL)
            killed = True
        process.wait()
    seconds = time.monotonic() - started
    log.close()
    if not killed and process.returncode != 0:
        raise Violation(f"run {run}: exited {process.returncode} uncut: "
                        f"{(op.work / f'{op.name}-{run}.stderr').read_text().strip()}")
    check_integrity(op.db)
    state = op.check(run, killed)
    if not killed:
        if state != op.complete:
            raise Violation(f"run {run}: finished, but its batch is {state}")
        return "finished", seconds
    if not opened:
        return f"killed-before-open, {state}", seconds
    return f"killed, {state}", seconds


def measure(name, cli, runs, seed, spread=2.0, log=print):
    """Sets up `name`, times an uncut run, then kills `runs` runs at delays spread over 0 to
    `spread` times the uncut run; returns the outcome counts."""
    rng = random.Random(seed)
    work = pathlib.Path(tempfile.mkdtemp(prefix=f"switchboard-faults-{name}-"))
    try:
        op = OPERATIONS[name](cli, work)
        op.setup()
        _, uncut = trial(op, "uncut", None)
        delays = [uncut * spread * (i + rng.random()) / runs for i in range(runs)]
        rng.shuffle(delays)
        outcomes = {}
        for run, delay in enumerate(delays):
            outcome, _ = trial(op, run, delay)
            outcomes[outcome] = outcomes.get(outcome, 0) + 1
        extra = op.finish()
        killed = sum(count for outcome, count in outcomes.items() if outcome.startswith("killed"))
        result = {"operation": name, "runs": runs, "killed": killed, "uncut_seconds": round(uncut, 3),
                  "outcomes": dict(sorted(outcomes.items())), "integrity": "ok", "violations": [],
                  "command": op.command, **extra}
    except Violation as violation:
        result = {"operation": name, "runs": runs, "violations": [str(violation)], "work": str(work)}
        log(f"{name}: VIOLATION {violation} (files kept in {work})")
        return result
    shutil.rmtree(work, ignore_errors=True)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=100, help="kill runs per operation (default 100)")
    parser.add_argument("--ops", default=",".join(OPERATIONS), help="comma-separated: " + ",".join(OPERATIONS))
    parser.add_argument("--cli", default=os.environ.get("SWITCHBOARD_CLI", str(DEFAULT_CLI)))
    parser.add_argument("--spread", type=float, default=2.0,
                        help="kills land from 0 to this many times the uncut run (default 2)")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    options = parser.parse_args()
    if not os.access(options.cli, os.X_OK):
        sys.exit(f"no CLI at {options.cli} (run swift build first, or pass --cli)")
    names = [name for name in options.ops.split(",") if name]
    unknown = [name for name in names if name not in OPERATIONS]
    if unknown:
        sys.exit(f"unknown operation {unknown[0]} (one of {', '.join(OPERATIONS)})")
    started = time.monotonic()
    results = []
    for index, name in enumerate(names):
        result = measure(name, options.cli, options.runs, options.seed + index, options.spread,
                         log=lambda text: print(text, file=sys.stderr))
        results.append(result)
        if not options.json:
            print(f"{name}: {json.dumps(result)}", file=sys.stderr)
    report = {"seed": options.seed, "spread": options.spread, "seconds": round(time.monotonic() - started, 1),
              "load": os.getloadavg()[0], "results": results}
    if options.json:
        print(json.dumps(report, indent=1))
    else:
        print("| operation | runs | killed | outcomes | integrity | uncut run |")
        print("|---|---|---|---|---|---|")
        for r in results:
            if r["violations"]:
                print(f"| {r['operation']} | {r['runs']} | | VIOLATION: {r['violations'][0]} | | |")
                continue
            outcomes = ", ".join(f"{outcome} {count}" for outcome, count in r["outcomes"].items())
            print(f"| {r['operation']} | {r['runs']} | {r['killed']} | {outcomes} | {r['integrity']} | {r['uncut_seconds']} s |")
        print(f"\nseed {options.seed}, {report['seconds']} s, load average {report['load']:.2f}")
    sys.exit(1 if any(r["violations"] for r in results) else 0)


if __name__ == "__main__":
    main()
