#!/usr/bin/env python3
"""Hostile input to the CLI's readers (issue 12, "Hostile input"): generates each input, runs
`switchboard sync posts FILE` or `switchboard import TABLE FILE` on a fresh database, and prints a
Markdown table: outcome, exit code, first stderr line, posts/rows before and after, wall time and
peak RSS (the child's ru_maxrss from wait4), and peak RSS over the input's size for the large
cases. Every case must end in a clear rejection or correct handling: no crash, no hang (a case
over --timeout seconds is killed and shown as a hang), and the script exits 1 if any case crashed
or hung.

Usage: Benchmarks/reliability/hostile.py [--bin PATH] [--mb 100] [--timeout 600]
  (default binary: .build/release/switchboard-cli, built first; --only TEXT runs the cases whose
  name contains TEXT)
"""
import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
POST = ('"platform":"twitter","post_url":"https://x.com/c/{name}","post_date":"{date}",'
        '"author_handle":"@c","author_name":"C"')
CSV_HEADER = b"post_url,platform,post_date,author_handle,author_name,post_content\n"


def post(name, extra=b"", date="2026-02-10T14:30:00Z"):
    return b"{" + POST.format(name=name, date=date).encode() + extra + b"}"


def csv_row(name, content):
    return b"https://x.com/c/" + name.encode() + b",twitter,2026-02-10T14:30:00Z,@c,C," + content + b"\n"


def write_big(path, head, fill, size, tail):
    """head + fill repeated to `size` bytes + tail, written in 1 MiB chunks."""
    chunk = fill * ((1 << 20) // len(fill))
    with open(path, "wb") as out:
        out.write(head)
        left = size
        while left > 0:
            piece = chunk[:left]
            out.write(piece)
            left -= len(piece)
        out.write(tail)


def write_records(path, size):
    """A JSON array of distinct ~1 KB posts on one line, `size` bytes in all."""
    with open(path, "wb") as out:
        out.write(b"[")
        written, n = 1, 0
        while written < size:
            record = (b"," if n else b"") + post(f"r{n}", b',"post_content":"' + b"z" * 900 + b'"')
            out.write(record)
            written += len(record)
            n += 1
        out.write(b"]")


def cases(mb):
    """(name, command, writer(path)) for each case; command is sync or import TABLE."""
    size = mb * 1_000_000
    bad = b"a\xff\xfeb"
    sync = ["sync", "posts"]
    yield "baseline: one valid post (NDJSON)", sync, lambda p: open(p, "wb").write(post("ok") + b"\n")
    yield "BOM + JSON array", sync, lambda p: open(p, "wb").write(b"\xef\xbb\xbf[" + post("bom1") + b"]")
    yield "BOM + NDJSON", sync, lambda p: open(p, "wb").write(b"\xef\xbb\xbf" + post("bom2") + b"\n")
    yield "BOM + CSV", sync, lambda p: open(p, "wb").write(b"\xef\xbb\xbf" + CSV_HEADER + csv_row("bom3", b"x"))
    yield "invalid UTF-8 in an NDJSON value", sync, lambda p: open(p, "wb").write(
        post("u1", b',"post_content":"' + bad + b'"') + b"\n" + post("u2") + b"\n")
    yield "invalid UTF-8 in an NDJSON key", sync, lambda p: open(p, "wb").write(post("u3", b',"' + bad + b'":1') + b"\n")
    yield "invalid UTF-8 in a JSON array record", sync, lambda p: open(p, "wb").write(
        b"[" + post("u4", b',"author_name":"' + bad + b'"') + b"]")
    yield "invalid UTF-8 in a CSV value", sync, lambda p: open(p, "wb").write(CSV_HEADER + csv_row("u5", bad))
    yield "invalid UTF-8 in the CSV header", sync, lambda p: open(p, "wb").write(b"post_url," + bad + b"\nx,y\n")
    yield "lone surrogate escape \\ud800", sync, lambda p: open(p, "wb").write(post("u6", b',"post_content":"\\ud800"') + b"\n")
    yield "CRLF CSV, quoted newline and comma", sync, lambda p: open(p, "wb").write(
        CSV_HEADER.replace(b"\n", b"\r\n") + csv_row("c1", b'"two\nlines, one cell"').replace(b"\n", b"\r\n", 1)
        .rstrip(b"\n") + b"\r\n" + csv_row("c2", b"plain").rstrip(b"\n") + b"\r\n")
    yield f"{mb} MB NDJSON line (one string)", sync, lambda p: write_big(
        p, post("big1", b',"post_content":"')[:-1], b"a", size, b'"}\n' + post("after1") + b"\n")
    yield f"{mb} MB JSON array element (one string)", sync, lambda p: write_big(
        p, b"[" + post("big2", b',"post_content":"')[:-1], b"a", size, b'"},' + post("after2") + b"]")
    yield f"{mb} MB JSON array element (array of 1s)", sync, lambda p: write_big(
        p, b"[" + post("big3", b',"media_urls":[')[:-1], b"1,", size, b'1]},' + post("after3") + b"]")
    yield f"{mb} MB NDJSON number", sync, lambda p: write_big(
        p, post("big4", b',"likes_count":')[:-1], b"9", size, b"}\n")
    yield f"{mb} MB NDJSON line of garbage", sync, lambda p: write_big(
        p, post("before5") + b"\n", b"x", size, b"\n" + post("after5") + b"\n")
    yield f"{mb} MB CSV line (quoted field)", sync, lambda p: write_big(
        p, CSV_HEADER + csv_row("big6", b'"').rstrip(b"\n"), b"a", size, b'"\n' + csv_row("after6", b"x"))
    yield f"{mb} MB CSV unterminated quote", sync, lambda p: write_big(
        p, CSV_HEADER + csv_row("big7", b'"').rstrip(b"\n"), b"a", size, b"")
    yield f"{mb} MB CSV header", sync, lambda p: write_big(p, b"post_url,", b"a", size, b"\nx,y\n")
    yield f"{mb} MB valid JSON array on one line (1 KB records)", sync + ["--no-classify"], lambda p: write_records(p, size)
    yield "JSON record of 200,000 values (400 KB)", sync, lambda p: open(p, "wb").write(
        post("many", b',"media_urls":[' + b"1," * 199_999 + b"1]") + b"\n" + post("after-many") + b"\n")
    yield "CSV row of 1,000,000 empty fields", sync, lambda p: open(p, "wb").write(
        CSV_HEADER + b"," * 1_000_000 + b"\n" + csv_row("after-fields", b"x"))
    yield f"import: {mb} MB NDJSON line", ["import", "schools"], lambda p: write_big(
        p, b'{"id":"s1","name":"', b"a", size, b'"}\n{"id":"s2","name":"After"}\n')
    for depth in (10_000, 1_000_000):
        yield f"{depth:,}-deep arrays in an NDJSON line", sync, lambda p, d=depth: open(p, "wb").write(
            post("d1", b',"media_urls":' + b"[" * d + b"]" * d) + b"\n" + post("after-d") + b"\n")
        yield f"{depth:,}-deep objects in a JSON array", sync, lambda p, d=depth: open(p, "wb").write(
            b"[" + b'{"a":' * d + b"1" + b"}" * d + b"]")
    yield "import: 10,000-deep JSON", ["import", "schools"], lambda p: open(p, "wb").write(b"[" * 10_000 + b"]" * 10_000)
    yield "NUL escaped in a value (\\u0000)", sync, lambda p: open(p, "wb").write(post("n1", b',"post_content":"a\\u0000b"') + b"\n")
    yield "NUL raw in a JSON string", sync, lambda p: open(p, "wb").write(post("n2", b',"post_content":"a\x00b"') + b"\n")
    yield "NUL bytes between NDJSON records", sync, lambda p: open(p, "wb").write(
        post("n3") + b"\n\x00\x00\x00\n" + post("n4") + b"\n")
    yield "NUL between JSON array elements", sync, lambda p: open(p, "wb").write(b"[" + post("n5") + b"\x00," + post("n6") + b"]")
    yield "NUL in a CSV value", sync, lambda p: open(p, "wb").write(CSV_HEADER + csv_row("n7", b"a\x00b"))
    for number in ("99999999999999999999", "-1e400", "1e400", "9.5"):
        yield f"likes_count {number}", sync, lambda p, n=number: open(p, "wb").write(
            post("num", b',"likes_count":' + n.encode()) + b"\n")
    yield "import: memberCount 99999999999999999999", ["import", "tg_groups"], lambda p: open(p, "wb").write(
        b'[{"id":-1001,"title":"T","memberCount":99999999999999999999}]')
    for number in ("99999999999999999999", "12abc"):
        yield f"import: CSV member_count {number}", ["import", "tg_groups"], lambda p, n=number: open(p, "wb").write(
            b"id,title,member_count\n-1001,T," + n.encode() + b"\n")
    for date in ("2026-02-30T10:00:00Z", "2026-13-01T10:00:00Z", "2026-02-10T25:00:00Z", "2026-02-30"):
        yield f"post_date {date}", sync, lambda p, d=date: open(p, "wb").write(post("date", date=d) + b"\n")


def run(binary, args, timeout):
    """Runs the CLI; returns (exit, stdout, stderr, wall seconds, peak RSS KiB, hung)."""
    started = time.monotonic()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen([binary] + args, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        hung = False
        deadline = started + timeout
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                os.kill(process.pid, signal.SIGKILL)
                hung = True
            time.sleep(0.01)
        wall = time.monotonic() - started
        out.seek(0)
        err.seek(0)
        code = os.waitstatus_to_exitcode(status)
        return code, out.read().decode(errors="replace"), err.read().decode(errors="replace"), wall, usage.ru_maxrss, hung


def count(db, table):
    return subprocess.run(["sqlite3", db, f"SELECT count(*) FROM {table}"], capture_output=True, text=True).stdout.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", help="the CLI to run (default: build and run .build/release/switchboard-cli)")
    parser.add_argument("--mb", type=int, default=100, help="size of the large single-line cases, in MB (10^6 bytes)")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--only", help="run only the cases whose name contains this text")
    options = parser.parse_args()
    if not options.bin:
        subprocess.run(["swift", "build", "-c", "release", "--product", "switchboard-cli"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        options.bin = os.path.join(ROOT, ".build/release/switchboard-cli")
    work = tempfile.mkdtemp(prefix="switchboard-hostile-")
    try:
        base = os.path.join(work, "base.db")
        subprocess.run([options.bin, "init", "--db", base], check=True, capture_output=True)
        users = os.path.join(work, "users.json")
        with open(users, "w") as f:
            f.write('[{"id":"u1","name":"Ada Lovelace"}]')
        subprocess.run([options.bin, "import", "users", users, "--db", base], check=True, capture_output=True)
        print(f"{time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}, {options.bin}, load average {os.getloadavg()[0]:.2f}, "
              f"{os.cpu_count()} CPUs\n")
        print("| case | input | outcome | exit | first stderr line | rows before → after | wall | peak RSS | RSS / input |")
        print("|---|---:|---|---:|---|---|---:|---:|---:|")
        failures = 0
        for name, command, write in cases(options.mb):
            if options.only and options.only not in name:
                continue
            db = os.path.join(work, "case.db")
            shutil.copyfile(base, db)
            path = os.path.join(work, "input")
            write(path)
            size = os.path.getsize(path)
            table = "social_media_posts" if command[0] == "sync" else command[1]
            before = count(db, table)
            code, out, err, wall, rss, hung = run(options.bin, command + [path, "--db", db], options.timeout)
            after = count(db, table)
            integrity = subprocess.run(["sqlite3", db, "PRAGMA integrity_check"], capture_output=True, text=True).stdout.strip()
            if hung:
                outcome = f"HANG (killed after {options.timeout:.0f} s)"
            elif code < 0 or code > 2:
                outcome = f"CRASH (signal {-code})" if code < 0 else f"CRASH (exit {code})"
            else:
                outcome = out.splitlines()[0] if out else "(nothing on stdout)"
            if hung or code < 0 or code > 2 or integrity != "ok":
                failures += 1
            if integrity != "ok":
                outcome += f"; integrity_check: {integrity}"
            first = (err.splitlines() or [""])[0]
            if len(first) > 110:
                first = first[:107] + "..."
            first = first.replace("|", "\\|")
            ratio = f"{rss * 1024 / size:.2f}" if size >= 10_000_000 else ""
            shown = f"{size / 1e6:.0f} MB" if size >= 1_000_000 else f"{size} B"
            print(f"| {name} | {shown} | {outcome} | {code} | `{first}` | {before} → {after} | {wall:.2f} s | "
                  f"{rss / 1024:.0f} MiB | {ratio} |", flush=True)
            os.remove(path)
        return 1 if failures else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
