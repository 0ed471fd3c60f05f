#!/usr/bin/env python3
"""Load and concurrency harness (issue 12, "Load and concurrency"): many CLI processes at once on one
`switchboard demo` database, then exact checks. Python 3 standard library only; run it from a clone
after `swift build`:

    python3 Benchmarks/reliability/load.py --writers 4 --writes 1000          # the CI size (Tests/host/test_load.py)
    python3 Benchmarks/reliability/load.py --writers 16 --writes 10000        # the documented size

What runs at the same time, every CLI call a separate `switchboard-cli` process:
  * WRITERS writer threads, each running WRITES canned writes in turn: notifications-mark-read,
    social-toggle-flag, social-set-notes, templates-update and `send` (a quick-send, queued in the outbox).
    Every write targets its own row (seeded before the run), so each one is countable: a committed write
    leaves its row changed, a failed one leaves it as it was;
  * one ingester: `sync posts` and `import schools` batches of known sizes, spread over the run;
  * one deliverer: `deliver --watch` with examples/senders/append-to-file.sh (restarted if it ever exits);
  * READERS reader threads looping over social-feed, notifications-inbox and social-stats;
  * one torn-read checker: in ONE read transaction (Python's sqlite3 with the extension loaded), the
    social_stats and notification_counts views against the row counts, every sync and import batch whole
    or absent, and counts that never go down between transactions;
  * one holder: a connection that holds a write transaction for --hold seconds every --hold-every seconds
    (the probe's "other connections held 1-second write transactions"), committing one countable row.

Then it checks: every write exited 0 with its row (committed) or exited non-zero with one `error:` line
(reported), and the final rows equal the committed writes exactly (no lost write, no phantom one);
sync, import and holder rows equal their committed batches; no torn read; PRAGMA integrity_check ok;
every queued message (one per committed send, by idempotency key) is in the outbox and was handed to the
sender exactly once after a final `deliver --once`. It prints the figures (writes attempted, committed,
errored, the share that surfaced "database is locked", latencies, reader loops, outbox counts, wall time,
load average) and exits 1 when a check fails. --json FILE also writes them as JSON.
"""
import argparse
import json
import os
import pathlib
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
OPERATIONS = ["mark_read", "toggle_flag", "notes", "template", "send"]
LOCKED = "database is locked"
SEND_TEMPLATE = "00000008-0000-4000-8000-000000000004"  # demo's "Game day": a group, no location, no variables
CALL_TIMEOUT = 300  # seconds one CLI call may take before it counts as hung


def cli_path():
    return os.environ.get("SWITCHBOARD_CLI", str(ROOT / ".build" / "debug" / "switchboard-cli"))


def extension_path():
    return os.environ.get("SWITCHBOARD_EXTENSION", str(ROOT / ".build" / "debug" / "libswitchboard.so"))


class Run:
    """One CLI call's outcome."""
    __slots__ = ("args", "status", "stdout", "stderr", "seconds", "named")

    def __init__(self, args, status, stdout, stderr, seconds):
        self.args, self.status, self.stdout, self.stderr, self.seconds = args, status, stdout, stderr, seconds
        self.named = None  # for a write: whether its output named its row (its stdout is then let go)


def call(db, *args, env=None):
    """Runs `switchboard-cli ARGS --db DB`; a call that hangs past CALL_TIMEOUT is killed (status None)."""
    command = [cli_path(), *args, "--db", db]
    started = time.monotonic()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=CALL_TIMEOUT,
                              env={**os.environ, **(env or {})})
        return Run(args, done.returncode, done.stdout, done.stderr, time.monotonic() - started)
    except subprocess.TimeoutExpired as hung:
        return Run(args, None, hung.stdout or "", f"hung for {CALL_TIMEOUT} s", time.monotonic() - started)


def connect(db, extension=True):
    """A Python sqlite3 connection in autocommit mode, with libswitchboard loaded when asked and possible."""
    con = sqlite3.connect(db, isolation_level=None, timeout=60, check_same_thread=False)
    if extension:
        con.enable_load_extension(True)
        con.load_extension(extension_path())
        con.enable_load_extension(False)
        con.execute("PRAGMA foreign_keys = ON")
        con.execute("PRAGMA recursive_triggers = ON")
    return con


def slots(writes):
    """How many rows each writer needs per operation (write i is OPERATIONS[i % 5] on row i // 5)."""
    return (writes + len(OPERATIONS) - 1) // len(OPERATIONS)


def target(operation, writer, k):
    """The id of the row that writer's k-th write of this operation changes (seeded before the run)."""
    return {"mark_read": "load-note", "toggle_flag": "load-toggle", "notes": "load-notes",
            "template": "load-tpl"}[operation] + f"-{writer}-{k}"


def write_json(path, records):
    with open(path, "w") as out:
        json.dump(records, out)


def post(kind, writer, k):
    """A SocialPost record (not flagged) for the seed or a sync batch."""
    return {
        "id": f"load-{kind}-{writer}-{k}", "platform": "twitter" if k % 3 else "instagram",
        "post_url": f"https://load.example/{kind}/{writer}/{k}",
        "post_content": f"load {kind} post {writer} {k} recruiting camp visit",
        "post_date": f"2026-01-{1 + k % 28:02d}T{k % 24:02d}:{k % 60:02d}:00Z",
        "author_handle": f"@{kind}{writer}", "author_name": f"Load {kind} {writer}",
        "is_recruiting_related": k % 2 == 0, "flagged_for_review": False, "sentiment": "neutral",
    }


class Harness:
    def __init__(self, options):
        self.o = options
        self.folder = pathlib.Path(options.folder or tempfile.mkdtemp(prefix="switchboard-load-"))
        self.folder.mkdir(parents=True, exist_ok=True)
        self.db = str(self.folder / "load.db")
        self.sent_file = str(self.folder / "sent.jsonl")
        self.lock = threading.Lock()
        self.writes = []          # (writer, i, operation, Run)
        self.ingests = []         # (kind, batch, size, Run)
        self.reads = []           # the reader calls that failed (Run)
        self.read_loops = 0
        self.torn = []            # descriptions of torn reads
        self.torn_checks = 0
        self.deliverer_runs = []  # (status, stderr) of each deliverer process
        self.holds = []           # (hold number, committed: bool, error)
        self.done_writes = 0
        self.total_writes = options.writers * options.writes
        self.stop = threading.Event()
        self.interrupted = threading.Event()  # SIGINT or SIGTERM: the writers stop, the checks still run
        self.load_samples = []
        self.failures = []        # check failures, one line each

    # ---- set-up -------------------------------------------------------------------------------
    def setup(self):
        o = self.o
        if os.path.exists(self.db):
            raise SystemExit(f"{self.db} exists; give an empty --folder")
        demo = call(self.db, "demo")
        if demo.status != 0:
            raise SystemExit(f"switchboard demo failed: {demo.stderr.strip()}")
        n = slots(o.writes)
        seed_posts = [post("toggle", w, k) for w in range(o.writers) for k in range(n)]
        seed_posts += [post("notes", w, k) for w in range(o.writers) for k in range(n)]
        notifications = [{"id": f"load-note-{w}-{k}", "type": "follow_up_reminder", "title": f"Load {w} {k}",
                          "message": "load test", "priority": "normal", "scheduled_for": "2026-01-01T00:00:00Z",
                          "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z"}
                         for w in range(o.writers) for k in range(n)]
        templates = [{"id": f"load-tpl-{w}-{k}", "name": f"Load template {w} {k}", "type": "email",
                      "body": "Seed {{coach_name}}", "created_at": "2026-01-01T00:00:00Z",
                      "updated_at": "2026-01-01T00:00:00Z"}
                     for w in range(o.writers) for k in range(n)]
        seeds = self.folder / "seed"
        seeds.mkdir(exist_ok=True)
        write_json(seeds / "posts.json", seed_posts)
        write_json(seeds / "notifications.json", notifications)
        write_json(seeds / "templates.json", templates)
        for args in (["sync", "posts", str(seeds / "posts.json"), "--no-classify"],
                     ["import", "notifications", str(seeds / "notifications.json")],
                     ["import", "communication_templates", str(seeds / "templates.json")]):
            seeded = call(self.db, *args)
            if seeded.status != 0:
                raise SystemExit(f"seeding failed: {' '.join(args)}: {seeded.stderr.strip()}")
        # the ingester's batches, written before the clock starts
        self.batches = []
        batch_dir = self.folder / "batches"
        batch_dir.mkdir(exist_ok=True)
        for b in range(o.batches):
            path = batch_dir / f"sync-{b}.json"
            write_json(path, [post("sync", b, k) for k in range(o.batch_size)])
            self.batches.append(("sync", b, o.batch_size, path))
            path = batch_dir / f"schools-{b}.json"
            write_json(path, [{"id": f"load-school-{b}-{k}", "name": f"Load School {b} {k}", "city": f"batch {b}",
                               "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z"}
                              for k in range(o.batch_size)])
            self.batches.append(("import", b, o.batch_size, path))
        with connect(self.db, extension=False) as con:
            self.baseline = dict(
                posts=con.execute("SELECT count(*) FROM social_media_posts").fetchone()[0],
                schools=con.execute("SELECT count(*) FROM schools").fetchone()[0],
                outbox=con.execute("SELECT count(*) FROM outbox").fetchone()[0],
            )
        self.extension_loads = True
        try:
            connect(self.db).close()
        except (sqlite3.Error, AttributeError) as error:
            self.extension_loads = False
            print(f"note: the torn-read checker runs through the CLI: cannot load the extension in Python ({error})",
                  file=sys.stderr)

    # ---- the workers --------------------------------------------------------------------------
    def writer(self, w):
        for i in range(self.o.writes):
            if self.interrupted.is_set():
                return
            operation, k = OPERATIONS[i % len(OPERATIONS)], i // len(OPERATIONS)
            if operation == "mark_read":
                run = call(self.db, "run", "notifications-mark-read", "-p", f"id={target(operation, w, k)}", "--format", "jsonl")
            elif operation == "toggle_flag":
                run = call(self.db, "run", "social-toggle-flag", "-p", f"id={target(operation, w, k)}", "--format", "jsonl")
            elif operation == "notes":
                run = call(self.db, "run", "social-set-notes", "-p", f"id={target(operation, w, k)}",
                           "-p", f"notes=note {w}/{k}", "--format", "jsonl")
            elif operation == "template":
                run = call(self.db, "run", "templates-update", "-p", f"id={target(operation, w, k)}",
                           "-p", f"body=Updated {w}/{k} {{{{coach_name}}}}", "--format", "jsonl")
            else:
                run = call(self.db, "send", SEND_TEMPLATE, "--key", f"load-{w}-{k}", "--dedupe-window", "0")
            key = f"load-{w}-{k}" if operation == "send" else target(operation, w, k)
            run.named = f"with key {key}." in run.stdout if operation == "send" else f'"id":"{key}"' in run.stdout
            run.args, run.stdout = None, ""
            with self.lock:
                self.writes.append((w, i, operation, run))
                self.done_writes += 1

    def ingester(self):
        count = len(self.batches)
        for index, (kind, b, size, path) in enumerate(self.batches):
            # spread the batches over the writers' progress
            while not self.interrupted.is_set() and self.done_writes * count < index * self.total_writes:
                time.sleep(0.05)
            if self.interrupted.is_set():
                return
            if kind == "sync":
                run = call(self.db, "sync", "posts", str(path), "--no-classify")
            else:
                run = call(self.db, "import", "schools", str(path))
            with self.lock:
                self.ingests.append((kind, b, size, run))

    def reader(self, r):
        queries = [["run", "social-feed", "--format", "jsonl"],
                   ["run", "notifications-inbox", "-p", "limit=50", "--format", "jsonl"],
                   ["run", "social-stats", "--format", "jsonl"]]
        turn = r
        while not self.stop.is_set():
            run = call(self.db, *queries[turn % len(queries)])
            turn += 1
            with self.lock:
                self.read_loops += 1
                if run.status != 0:
                    self.reads.append(run)

    def deliverer(self):
        env = {"SENT_FILE": self.sent_file}
        sender = str(ROOT / "examples" / "senders" / "append-to-file.sh")
        command = [cli_path(), "deliver", "--command", sender, "--watch", "--poll", "0.2", "--db", self.db]
        while not self.stop.is_set():
            process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                       env={**os.environ, **env})
            while process.poll() is None and not self.stop.is_set():
                time.sleep(0.1)
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
            try:
                _, err = process.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                _, err = process.communicate()
            self.deliverer_runs.append((process.returncode, err.strip()))

    def holder(self):
        con = connect(self.db, extension=False)
        number = 0
        while not self.stop.wait(self.o.hold_every):
            number += 1
            try:
                con.execute("BEGIN IMMEDIATE")
                con.execute("INSERT INTO schools (id, name, city, created_at, updated_at) VALUES (?, ?, 'held', "
                            "'2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')", (f"load-hold-{number}", f"Held {number}"))
                time.sleep(self.o.hold)
                con.execute("COMMIT")
                self.holds.append((number, True, None))
            except sqlite3.Error as error:
                if con.in_transaction:
                    con.execute("ROLLBACK")
                self.holds.append((number, False, str(error)))
        con.close()

    INVARIANTS = [
        ("social_stats.totalPosts = the user's posts",
         "SELECT (SELECT totalPosts FROM social_stats), (SELECT count(*) FROM social_media_posts)"),
        ("social_stats.flaggedPosts = the user's flagged posts",
         "SELECT (SELECT flaggedPosts FROM social_stats), "
         "(SELECT count(*) FROM social_media_posts WHERE flagged_for_review = 1)"),
        ("notification_counts.read = notifications with read_at",
         "SELECT (SELECT read FROM notification_counts), (SELECT count(*) FROM notifications WHERE read_at IS NOT NULL)"),
        ("notification_counts.unread = notifications without read_at",
         "SELECT (SELECT unread FROM notification_counts), (SELECT count(*) FROM notifications WHERE read_at IS NULL)"),
    ]

    def torn_checker(self):
        """Reads the invariants inside one transaction, statement by statement, with pauses between them
        (writers commit meanwhile): a torn read is a pair that differs, a batch seen in part, or a
        count lower than in an earlier transaction."""
        if not self.extension_loads:
            return self.torn_checker_cli()
        con = connect(self.db)
        last = {}
        while not self.stop.is_set():
            con.execute("BEGIN")
            seen = {}
            for name, sql in self.INVARIANTS:
                a, b = con.execute(sql).fetchone()
                if a != b:
                    self.torn.append(f"{name}: {a} vs {b}")
                time.sleep(0.002)
            seen["posts"] = con.execute("SELECT count(*) FROM social_media_posts").fetchone()[0]
            seen["read"] = con.execute("SELECT count(*) FROM notifications WHERE read_at IS NOT NULL").fetchone()[0]
            seen["outbox"] = con.execute("SELECT count(*) FROM outbox").fetchone()[0]
            seen["schools"] = con.execute("SELECT count(*) FROM schools").fetchone()[0]
            for handle, count in con.execute("SELECT author_handle, count(*) FROM social_media_posts "
                                             "WHERE post_url LIKE 'https://load.example/sync/%' GROUP BY author_handle"):
                if count != self.o.batch_size:
                    self.torn.append(f"sync batch {handle} seen with {count} of {self.o.batch_size} posts")
            for city, count in con.execute("SELECT city, count(*) FROM schools WHERE id LIKE 'load-school-%' GROUP BY city"):
                if count != self.o.batch_size:
                    self.torn.append(f"import {city} seen with {count} of {self.o.batch_size} schools")
            con.execute("COMMIT")
            for key, value in seen.items():
                if value < last.get(key, 0):
                    self.torn.append(f"{key} went down from {last[key]} to {value}")
            last = seen
            self.torn_checks += 1
        con.close()

    def torn_checker_cli(self):
        """The invariants as one statement through `switchboard sql` (one statement, one snapshot)."""
        sql = "SELECT " + " AND ".join(f"(WITH t(a, b) AS ({q}) SELECT a = b FROM t)" for _, q in self.INVARIANTS) + " AS ok"
        while not self.stop.is_set():
            run = call(self.db, "sql", sql, "--format", "csv")
            if run.status != 0:
                self.torn.append(f"the invariant query failed: {run.stderr.strip()}")
            elif run.stdout.split() != ["ok", "1"]:
                self.torn.append("an invariant failed: " + run.stdout.strip())
            self.torn_checks += 1

    def sampler(self):
        """Samples the load average every second; prints progress every --progress seconds."""
        ticks = 0
        while not self.stop.wait(1):
            self.load_samples.append(os.getloadavg()[0])
            ticks += 1
            if self.o.progress and ticks % self.o.progress == 0:
                with self.lock:
                    errored = sum(1 for *_, run in self.writes if run.status != 0)
                    locked = sum(1 for *_, run in self.writes if run.status != 0 and LOCKED in run.stderr)
                    done, reads = self.done_writes, self.read_loops
                print(f"progress: {ticks} s, {done}/{self.total_writes} writes, {errored} errored, {locked} locked, "
                      f"{len(self.ingests)}/{len(self.batches)} batches, {reads} reads, {self.torn_checks} torn checks "
                      f"({len(self.torn)} torn), load {self.load_samples[-1]:.2f}", file=sys.stderr, flush=True)

    # ---- the run ------------------------------------------------------------------------------
    def run(self):
        o = self.o
        started = time.monotonic()
        load_before = os.getloadavg()
        background = [threading.Thread(target=self.reader, args=(r,)) for r in range(o.readers)]
        background += [threading.Thread(target=self.torn_checker), threading.Thread(target=self.deliverer),
                       threading.Thread(target=self.sampler)]
        if o.hold > 0:
            background.append(threading.Thread(target=self.holder))
        ingester = threading.Thread(target=self.ingester)
        writers = [threading.Thread(target=self.writer, args=(w,)) for w in range(o.writers)]
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: self.interrupted.set())
        for thread in background + [ingester] + writers:
            thread.start()
        for thread in writers + [ingester]:
            thread.join()
        self.write_seconds = time.monotonic() - started
        self.stop.set()
        for thread in background:
            thread.join()
        drain = call(self.db, "deliver", "--command", str(ROOT / "examples" / "senders" / "append-to-file.sh"),
                     "--once", env={"SENT_FILE": self.sent_file})
        self.drain = drain
        self.wall = time.monotonic() - started
        self.load = dict(before=load_before[0], max=max(self.load_samples, default=load_before[0]),
                         after=os.getloadavg()[0])

    # ---- the checks ---------------------------------------------------------------------------
    def fail(self, message):
        self.failures.append(message)

    def check(self):
        con = connect(self.db, extension=False)
        def rows(sql, *args):
            return con.execute(sql, args).fetchall()
        integrity = [r[0] for r in rows("PRAGMA integrity_check")]
        self.integrity = "ok" if integrity == ["ok"] else "; ".join(integrity[:5])
        if self.integrity != "ok":
            self.fail(f"integrity_check: {self.integrity}")
        read = {r[0]: r[1] is not None for r in rows("SELECT id, read_at FROM notifications WHERE id LIKE 'load-note-%'")}
        flagged = {r[0]: r[1] for r in rows("SELECT id, flagged_for_review FROM social_media_posts WHERE id LIKE 'load-toggle-%'")}
        notes = {r[0]: r[1] for r in rows("SELECT id, notes FROM social_media_posts WHERE id LIKE 'load-notes-%'")}
        bodies = {r[0]: r[1] for r in rows("SELECT id, body FROM communication_templates WHERE id LIKE 'load-tpl-%'")}
        outbox = {r[0]: (r[1], r[2]) for r in rows("SELECT idempotency_key, id, status FROM outbox")}
        committed_keys = set()
        self.counts = {op: dict(attempted=0, committed=0, errored=0, locked=0) for op in OPERATIONS}
        self.errors = {}
        latencies = []
        for w, i, operation, run in self.writes:
            k = i // len(OPERATIONS)
            tally = self.counts[operation]
            tally["attempted"] += 1
            latencies.append(run.seconds)
            key = f"load-{w}-{k}" if operation == "send" else target(operation, w, k)
            if operation == "mark_read":
                changed = read.get(key)
            elif operation == "toggle_flag":
                changed = flagged.get(key) == 1
            elif operation == "notes":
                changed = notes.get(key) == f"note {w}/{k}"
            elif operation == "template":
                changed = bodies.get(key) == f"Updated {w}/{k} {{{{coach_name}}}}"
            else:
                changed = key in outbox
            if run.status == 0:
                tally["committed"] += 1
                if not run.named:
                    self.fail(f"{operation} {key}: exit 0, but the output does not name the row: {run.stderr.strip()[:200]!r}")
                if not changed:
                    self.fail(f"{operation} {key}: reported committed, but the row is unchanged (lost write)")
                if operation == "send":
                    committed_keys.add(key)
            else:
                tally["errored"] += 1
                lines = run.stderr.splitlines()
                if LOCKED in run.stderr:
                    tally["locked"] += 1
                message = lines[-1] if lines else f"exit {run.status} with nothing on stderr"
                self.errors[message] = self.errors.get(message, 0) + 1
                if run.status is None or len(lines) != 1 or not lines[0].startswith("error: "):
                    self.fail(f"{operation} {key}: exit {run.status} without one 'error:' line: {run.stderr.strip()[:200]!r}")
                if changed:
                    self.fail(f"{operation} {key}: reported an error, but the row changed (phantom write)")
        latencies.sort()
        def pick(q):
            return latencies[min(len(latencies) - 1, int(q * len(latencies)))] if latencies else 0
        self.latency = dict(p50=pick(0.5), p95=pick(0.95), p99=pick(0.99), max=latencies[-1] if latencies else 0)
        # ingest batches: every batch whole (committed) or absent (reported)
        posts_by_batch = dict(rows("SELECT author_handle, count(*) FROM social_media_posts "
                                   "WHERE post_url LIKE 'https://load.example/sync/%' GROUP BY author_handle"))
        schools_by_batch = dict(rows("SELECT city, count(*) FROM schools WHERE id LIKE 'load-school-%' GROUP BY city"))
        self.ingest = dict(sync=dict(batches=0, committed=0, errored=0, locked=0, rows=0),
                           imports=dict(batches=0, committed=0, errored=0, locked=0, rows=0))
        for kind, b, size, run in self.ingests:
            tally = self.ingest["sync" if kind == "sync" else "imports"]
            tally["batches"] += 1
            present = posts_by_batch.get(f"@sync{b}", 0) if kind == "sync" else schools_by_batch.get(f"batch {b}", 0)
            expected = f"Synced {size} new posts" if kind == "sync" else f"Imported {size} rows into schools"
            if run.status == 0:
                tally["committed"] += 1
                tally["rows"] += size
                if not run.stdout.startswith(expected) or present != size:
                    self.fail(f"{kind} batch {b}: exit 0, {present} of {size} rows present: {run.stdout.strip()[:200]!r}")
            else:
                tally["errored"] += 1
                tally["locked"] += LOCKED in run.stderr
                self.errors[run.stderr.strip()] = self.errors.get(run.stderr.strip(), 0) + 1
                if present != 0:
                    self.fail(f"{kind} batch {b}: reported an error, but {present} rows are present")
        if len(self.ingests) != len(self.batches) and not self.interrupted.is_set():
            self.fail(f"{len(self.ingests)} of {len(self.batches)} ingest batches ran")
        held = rows("SELECT count(*) FROM schools WHERE id LIKE 'load-hold-%'")[0][0]
        held_committed = sum(1 for h in self.holds if h[1])
        if held != held_committed:
            self.fail(f"holder: {held_committed} commits, {held} rows")
        posts = rows("SELECT count(*) FROM social_media_posts")[0][0]
        if posts != self.baseline["posts"] + self.ingest["sync"]["rows"]:
            self.fail(f"posts: {posts}, expected {self.baseline['posts']} + {self.ingest['sync']['rows']} synced")
        schools = rows("SELECT count(*) FROM schools")[0][0]
        if schools != self.baseline["schools"] + self.ingest["imports"]["rows"] + held:
            self.fail(f"schools: {schools}, expected {self.baseline['schools']} + {self.ingest['imports']['rows']} "
                      f"imported + {held} held")
        # the outbox: one row per committed send, each handed to the sender exactly once
        new_keys = set(outbox) - set(rows("SELECT idempotency_key FROM outbox WHERE idempotency_key NOT LIKE 'load-%'"))
        load_keys = {key for key in new_keys if key.startswith("load-")}
        if load_keys != committed_keys:
            self.fail(f"outbox: {len(committed_keys - load_keys)} committed sends missing, "
                      f"{len(load_keys - committed_keys)} rows without a committed send")
        delivered = {}
        if os.path.exists(self.sent_file):
            with open(self.sent_file) as sent:
                for line in sent:
                    message = json.loads(line)
                    delivered[message["idempotency_key"]] = delivered.get(message["idempotency_key"], 0) + 1
        statuses = {}
        for key in load_keys:
            statuses[outbox[key][1]] = statuses.get(outbox[key][1], 0) + 1
        twice = sum(1 for key, times in delivered.items() if times > 1)
        never = len(load_keys - set(delivered))
        self.outbox = dict(enqueued=len(committed_keys), rows=len(load_keys), statuses=statuses,
                           handed_to_sender=sum(delivered.values()), delivered_twice=twice, never_delivered=never)
        if twice:
            self.fail(f"outbox: {twice} messages handed to the sender more than once")
        if never:
            self.fail(f"outbox: {never} messages never handed to the sender")
        if statuses.get("sent", 0) != len(load_keys):
            self.fail(f"outbox: not every message is sent after the final deliver --once: statuses {statuses}")
        if self.drain.status != 0:
            self.fail(f"the final deliver --once: exit {self.drain.status}: {self.drain.stderr.strip()}")
        self.deliverer_exits = [status for status, _ in self.deliverer_runs]
        for status, err in self.deliverer_runs:
            if status != 0:
                self.errors[err or f"deliverer exit {status}"] = self.errors.get(err or f"deliverer exit {status}", 0) + 1
        if any(status != 0 for status, _ in self.deliverer_runs):
            self.fail(f"the deliverer exited with {self.deliverer_exits}")
        for run in self.reads:
            self.errors[run.stderr.strip()] = self.errors.get(run.stderr.strip(), 0) + 1
        if self.reads:
            self.fail(f"{len(self.reads)} reader calls failed")
        if self.torn:
            self.fail(f"{len(self.torn)} torn reads, e.g. {self.torn[0]}")
        if self.torn_checks == 0:
            self.fail("the torn-read checker never completed a transaction")
        con.close()

    def report(self):
        o = self.o
        total = {key: sum(c[key] for c in self.counts.values()) for key in ("attempted", "committed", "errored", "locked")}
        result = dict(
            writers=o.writers, writes_per_writer=o.writes, readers=o.readers, hold=o.hold, hold_every=o.hold_every,
            writes=total, by_operation=self.counts,
            lock_share=total["locked"] / total["attempted"] if total["attempted"] else 0.0,
            write_latency_seconds=self.latency, ingest=self.ingest,
            holds=dict(attempted=len(self.holds), committed=sum(1 for h in self.holds if h[1])),
            reader_loops=self.read_loops, reader_errors=len(self.reads),
            torn_read_checks=self.torn_checks, torn_reads=len(self.torn), torn_checker="python sqlite3, one transaction"
            if self.extension_loads else "switchboard sql, one statement",
            integrity=self.integrity, outbox=self.outbox, deliverer_exits=self.deliverer_exits,
            errors=self.errors, interrupted=self.interrupted.is_set(), writing_seconds=round(self.write_seconds, 1), wall_seconds=round(self.wall, 1),
            load_average=self.load, cores=os.cpu_count(), database=self.db, failures=self.failures,
        )
        w = result["writes"]
        lines = [
            f"INTERRUPTED after {self.write_seconds:.0f} s: the figures and checks are of the writes that ran"
        ] if self.interrupted.is_set() else []
        lines += [
            f"load: {o.writers} writers x {o.writes} writes, {o.readers} readers, holder {o.hold:g} s every {o.hold_every:g} s, "
            f"{o.batches} sync + {o.batches} import batches of {o.batch_size}",
            f"writes: {w['attempted']} attempted, {w['committed']} committed, {w['errored']} errored, "
            f"{w['locked']} surfaced '{LOCKED}' ({100 * result['lock_share']:.3f}%)",
            "  " + ", ".join(f"{op} {c['committed']}/{c['attempted']}" for op, c in self.counts.items()),
            "write latency: p50 {p50:.3f} s, p95 {p95:.3f} s, p99 {p99:.3f} s, max {max:.3f} s".format(**self.latency),
            "ingest: sync {batches} batches ({committed} committed, {errored} errored, {rows} posts); ".format(**self.ingest["sync"])
            + "import {batches} batches ({committed} committed, {errored} errored, {rows} schools)".format(**self.ingest["imports"]),
            f"holder: {result['holds']['committed']}/{result['holds']['attempted']} write transactions of {o.hold:g} s committed",
            f"readers: {self.read_loops} loops, {len(self.reads)} errors; torn-read checks: {self.torn_checks} "
            f"({result['torn_checker']}), torn reads: {len(self.torn)}",
            f"integrity_check: {self.integrity}",
            "outbox: {enqueued} enqueued, {rows} rows, statuses {statuses}, handed to the sender {handed_to_sender} "
            "times, twice {delivered_twice}, never {never_delivered}".format(**self.outbox),
            f"deliverer exits: {self.deliverer_exits}",
            f"wall: {result['wall_seconds']} s ({result['writing_seconds']} s writing); load average "
            f"{self.load['before']:.2f} before, {self.load['max']:.2f} max, {self.load['after']:.2f} after ({os.cpu_count()} cores)",
        ]
        if self.errors:
            lines.append("errors: " + "; ".join(f"{count} x {text[:160]}" for text, count in
                                                 sorted(self.errors.items(), key=lambda e: -e[1])[:8]))
        lines.append("FAILED:\n  " + "\n  ".join(self.failures[:20]) if self.failures else "all checks passed")
        print("\n".join(lines))
        if o.json:
            with open(o.json, "w") as out:
                json.dump(result, out, indent=2)
        return result


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--writers", type=int, default=4, help="writer processes at once (default 4)")
    parser.add_argument("--writes", type=int, default=1000, help="writes per writer (default 1000)")
    parser.add_argument("--readers", type=int, default=2, help="reader loops through the CLI (default 2)")
    parser.add_argument("--batches", type=int, help="sync batches, and as many import batches (default: 1 per 1,000 writes, at least 4)")
    parser.add_argument("--batch-size", type=int, default=200, help="records per sync or import batch (default 200)")
    parser.add_argument("--hold", type=float, default=1.0, help="seconds the holder keeps its write transaction (0: no holder)")
    parser.add_argument("--hold-every", type=float, default=5.0, help="seconds between the holder's transactions (default 5)")
    parser.add_argument("--folder", help="where the database and batches go (default: a new temporary folder, kept)")
    parser.add_argument("--json", help="also write the figures to this file as JSON")
    parser.add_argument("--progress", type=int, default=0, help="print progress to stderr every N seconds (0: never)")
    o = parser.parse_args(argv)
    if o.batches is None:
        o.batches = max(4, o.writers * o.writes // 1000)
    if not os.access(cli_path(), os.X_OK):
        raise SystemExit(f"no CLI at {cli_path()}: run swift build (or set SWITCHBOARD_CLI)")
    harness = Harness(o)
    harness.setup()
    harness.run()
    harness.check()
    result = harness.report()
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
