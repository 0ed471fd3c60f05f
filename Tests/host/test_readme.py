"""Every example in README.md and the docs/ pages runs as written and prints what the page shows.

Each top-level fenced ```sh, ```python and ```sql block of README.md and of each page in
EXPECTED_BLOCKS is one test case, named by its page and the block's first line. (The function
reference's indented ```sql examples, in docs/functions.md, are run by the Swift SQL shell tests;
the pages in NOT_RUN have their own tests.) A block runs in a fresh temporary folder laid out like a checkout: examples/, queries/
and reports/ link to the repository's, .build/release/libswitchboard.so links to the built extension and
.build/debug/switchboard-cli to the built CLI, `switchboard` on PATH is the built CLI, and the demo databases
are there, made in the present as `swift run switchboard-cli demo` makes them, and read on today's clock
(see `folder`).
Nothing is built: the CLI is $SWITCHBOARD_CLI and the extension $SWITCHBOARD_EXTENSION (conftest.py).

- ```sh: the block runs as one `bash -euo pipefail` script, so a command that exits non-zero fails
  it. `# text` lines after a command are its output: stdout, or stderr where the line ends in
  `(stderr)`. They are compared line for line with what it printed; `...` or `…` stands for any text.
  Unless the page shows its stderr, a command must not print an error there. `sqlite>` lines go to
  the `sqlite3` command before them, and the lines after each one are its output. Lines starting as
  in SKIPPED are not run. Commands in LONG_RUNNING are started, probed once with an HTTP GET of the
  path the page names (expecting 200), then stopped.
- ```python: the block runs with this Python, and must print nothing on stderr. `print(...)  # text`
  lines show its stdout.
- ```sql: the block runs in `sqlite3` on the demo database with the extension loaded. A shown row
  `-- 'input'  col1  col2` must be what the statement gives for a table holding only that input.

Run: cd <repo> && .venv/bin/pytest -q Tests/host/test_readme.py
(scripts/test runs it with the rest of Tests/host; set SWITCHBOARD_CLI and SWITCHBOARD_EXTENSION to test
another build.)
"""
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass, field

import pytest

from conftest import CLI, EXTENSION, ROOT, free_port

# The pages whose examples run here, and how many blocks of each language each one holds.
EXPECTED_BLOCKS = {
    "README.md": {"sh": 5, "python": 1, "sql": 0},
    "docs/cli.md": {"sh": 3, "python": 0, "sql": 0},
    "docs/functions.md": {"sh": 0, "python": 0, "sql": 1},
    "docs/hosts.md": {"sh": 1, "python": 3, "sql": 0},
    "docs/queries.md": {"sh": 1, "python": 0, "sql": 0},
    "docs/quick-send.md": {"sh": 1, "python": 0, "sql": 0},
    "docs/reports.md": {"sh": 1, "python": 0, "sql": 0},
    "docs/your-data.md": {"sh": 2, "python": 0, "sql": 0},
}
# Pages with examples that other tests run, each with its reason.
NOT_RUN = {
    "docs/install.md": "builds dist/ and the portable .so; scripts/install-test installs and uses each artifact",
    "docs/deploy.md": "Litestream replication; Tests/host/test_litestream.py replicates and restores",
    "docs/sources.md": "needs real X, Instagram and Telegram tokens; Tests/CLITests/SourceSyncTests.swift and "
                       "TelegramSenderTests.swift run the same commands against local servers that speak those APIs",
}
PAGES = {page: (ROOT / page).read_text() for page in EXPECTED_BLOCKS}

# Commands that are never run, matched by how they start, each with its reason.
SKIPPED = {
    "swift build": "builds; the test uses the built CLI and extension",
    "swift run": "builds first; the fixture runs the built CLI's `switchboard demo` instead",
    "scripts/test": "the whole test suite, this test included",
    "apt-get": "installs system packages",
    "install ": "installs into /usr/local; the test puts the CLI on PATH and sets SWITCHBOARD_EXTENSION",
    "pip install": "installs from the network; .venv has these packages",
    "strip": "changes the portable build's .so, which the test does not build",
}
# Servers: started with --port (a free one), probed once, stopped.
LONG_RUNNING = {"datasette"}

ELLIPSIS = re.compile(r"\.\.\.|…")
ERROR = re.compile(r"(?i)\b(error|failed|traceback|exception|cannot|unable|refused)\b|no such|not found")
PROBE = """
import socket, sys, time, urllib.request
port, path = int(sys.argv[1]), sys.argv[2]
deadline = time.monotonic() + 30
while True:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        break
    except OSError:
        if time.monotonic() > deadline:
            sys.exit(f"nothing listens on port {port} after 30 s")
        time.sleep(0.2)
with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as response:
    sys.exit(0 if response.status == 200 else f"GET {path}: HTTP {response.status}")
"""


@dataclass
class Command:
    text: str
    stdout: list = field(default_factory=list)  # the page's shown output
    stderr: list = field(default_factory=list)
    session: list = field(default_factory=list)  # (statement, shown output) after `sqlite> `


@dataclass
class Block:
    language: str
    body: str
    page: str = "README.md"

    @property
    def name(self):
        return first_line(self.body)


def first_line(text):
    """A command's or block's first line without its comment."""
    return re.sub(r"\s+#\s.*", "", text.splitlines()[0]).strip()


def page_blocks(text, page):
    return [Block(m.group(1), m.group(2), page)
            for m in re.finditer(r"^```(sh|python|sql)\n(.*?)^```$", text, re.M | re.S)]


def incomplete(text):
    """Whether a shell command continues on the next line (open quote, trailing \\, | or &&)."""
    if re.search(r"(\\|\||&&)\s*$", text):
        return True
    try:
        shlex.split(text, comments=True)
    except ValueError:
        return True
    return False


def parse_sh(body):
    commands, lines = [], iter(body.splitlines())
    for line in lines:
        if not line.strip():
            continue
        if line.startswith("sqlite> "):
            commands[-1].session.append((line[len("sqlite> "):], []))
        elif commands and commands[-1].session:
            commands[-1].session[-1][1].append(line)
        elif line == "#" or line.startswith("# "):
            shown = re.fullmatch(r"(.*?)\s+\(stderr\)", line[2:])
            (commands[-1].stderr if shown else commands[-1].stdout).append(shown[1] if shown else line[2:])
        else:
            text = line
            heredoc = re.search(r"<<-?\s*'?(\w+)'?", line)
            if heredoc:
                for more in lines:
                    text += "\n" + more
                    if more.strip() == heredoc[1]:
                        break
            while not heredoc and incomplete(text):
                text += "\n" + next(lines)
            commands.append(Command(text))
    return commands


def skip_reason(command):
    return next((why for start, why in SKIPPED.items() if command.text.startswith(start)), None)


def matches(shown, printed):
    return len(shown) == len(printed) and all(
        re.fullmatch(".*".join(map(re.escape, ELLIPSIS.split(want))), got, re.S) for want, got in zip(shown, printed))


@pytest.fixture(scope="session")
def demo_database(tmp_path_factory):
    path = tmp_path_factory.mktemp("demo") / "switchboard-demo.db"
    subprocess.run([CLI, "demo", "--db", str(path)], check=True, capture_output=True, timeout=60)
    return path


@pytest.fixture
def folder(tmp_path, demo_database):
    """A fresh folder laid out like a checkout, and the environment a user has after installing."""
    work, bin_ = tmp_path / "work", tmp_path / "bin"
    (work / ".build" / "release").mkdir(parents=True)
    (work / ".build" / "debug").mkdir()
    bin_.mkdir()
    (bin_ / "switchboard").symlink_to(os.path.abspath(CLI))
    (work / ".build" / "release" / "libswitchboard.so").symlink_to(os.path.abspath(EXTENSION))
    (work / ".build" / "debug" / "switchboard-cli").symlink_to(os.path.abspath(CLI))
    for name in ("examples", "queries", "reports"):
        (work / name).symlink_to(ROOT / name)
    # The demo databases earlier blocks create: switchboard-demo.db by the first block's
    # `swift run switchboard-cli demo` (skipped: it builds), demo.db by the sync block's
    # `switchboard demo --db demo.db`, which the import/export block uses.
    for name in ("switchboard-demo.db", "demo.db"):
        shutil.copy(demo_database, work / name)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SWITCHBOARD_")}
    env.update(PATH=os.pathsep.join([str(bin_), os.path.dirname(sys.executable), env.get("PATH", "")]),
               HOME=str(tmp_path), SWITCHBOARD_EXTENSION=os.path.abspath(EXTENSION))
    return work, env


def run(args, work, env, input=None):
    """Runs args in its own process group, which is killed whole on timeout (a server included)."""
    with subprocess.Popen(args, cwd=work, env=env, stdin=subprocess.DEVNULL if input is None else subprocess.PIPE,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          start_new_session=True) as process:
        try:
            out, err = process.communicate(input, timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            out, err = process.communicate()
            pytest.fail(f"{args[-1]} did not finish in 60 s\n{err}")
        return process.returncode, out, err


def run_sh(block, work, env):
    commands = parse_sh(block.body)
    runnable = [(n, c) for n, c in enumerate(commands) if not skip_reason(c)]
    if not runnable:
        pytest.skip("; ".join(f"{first_line(c.text)}: {skip_reason(c)}" for c in commands))
    capture = work.parent / "capture"
    capture.mkdir()
    (capture / "probe.py").write_text(PROBE)
    cap = shlex.quote(str(capture))
    marker = "@@readme-statement@@"
    script = []
    for n, command in runnable:
        out = f">{cap}/{n}.out 2>{cap}/{n}.err"
        script.append(f"echo {n} >{cap}/current")
        program = re.match(r"(?:\w+=\S*\s+)*(\S+)", command.text)[1]
        if command.session:
            assert program == "sqlite3", f"sqlite> lines after {command.text!r}"
            (capture / f"{n}.sql").write_text("".join(f"{s}\n.print {marker}\n" for s, _ in command.session))
            script.append(f"{{\n{command.text}\n}} <{cap}/{n}.sql {out}")
        elif program in LONG_RUNNING:
            path = re.search(r"(?<!\S)(/[\w./-]+)", command.text.partition(" # ")[2])
            assert path, f"{command.text!r} names no path to probe"
            port = free_port()
            script += [f"{{\n{shlex.join(shlex.split(command.text, comments=True))} --port {port} &\n}} {out}",
                       "server=$!; trap 'kill $server 2>/dev/null || true' EXIT",
                       f"{shlex.quote(sys.executable)} {cap}/probe.py {port} {shlex.quote(path[1])}",
                       "kill $server; wait $server || true"]
        else:
            script.append(f"{{\n{command.text}\n}} {out}")
    status, _, err = run(["bash", "-euo", "pipefail", "-c", "\n".join(script)], work, env)
    if status != 0:
        n = int((capture / "current").read_text())
        pytest.fail(f"exit {status}: {commands[n].text}\n{(capture / f'{n}.err').read_text()}{err}")
    for n, command in runnable:
        out, err = (capture / f"{n}.out").read_text(), (capture / f"{n}.err").read_text()
        if command.session:
            printed = out.split(marker + "\n")
            for (statement, shown), got in zip(command.session, printed):
                if shown:
                    assert matches(shown, got.splitlines()), f"sqlite> {statement}\nprinted:\n{got}"
        if command.stdout:
            assert matches(command.stdout, out.splitlines()), f"{command.text}\nprinted:\n{out}"
        if command.stderr:
            assert matches(command.stderr, err.splitlines()), f"{command.text}\nprinted on stderr:\n{err}"
        else:
            assert not ERROR.search(err), f"{command.text}\nprinted on stderr:\n{err}"


def run_python(block, work, env):
    (work / "example.py").write_text(block.body)
    status, out, err = run([sys.executable, "example.py"], work, env)
    assert status == 0 and not err, f"exit {status}\n{err}"
    shown = [m[1] for m in re.finditer(r"^\s*print\(.*\)\s+# ?(.*)$", block.body, re.M)]
    if shown:
        assert matches(shown, out.splitlines()), f"printed:\n{out}"


# A ```sql block's shown rows name their input by its text: `-- 'text'  col1  col2` is the row the
# statement gives when the table it reads holds only that text, in this column.
SQL_INPUT_COLUMN = {"social_media_posts": "post_content"}


def run_sql(block, work, env):
    statement = "\n".join(line for line in block.body.splitlines() if not line.startswith("--"))
    shell = ["sqlite3", "-bail", "-cmd", ".load ./.build/release/libswitchboard", "switchboard-demo.db"]
    status, out, err = run(shell, work, env, statement)
    assert status == 0 and not err, f"exit {status}\n{err}"
    rows = re.findall(r"^-- ('(?:[^']|'')*')\s+(.*)$", block.body, re.M)
    if rows:
        table = re.search(r"\bFROM\s+(\w+)", statement)[1]
        script = "".join(f"WITH {table}({SQL_INPUT_COLUMN[table]}) AS (VALUES ({text})) {statement}\n"
                         for text, _ in rows)
        status, out, err = run(shell, work, env, script)
        assert status == 0 and not err, f"exit {status}\n{err}"
        assert [line.split("|") for line in out.splitlines()] == [shown.split() for _, shown in rows], out


RUNNERS = {"sh": run_sh, "python": run_python, "sql": run_sql}
BLOCKS = [block for page, text in PAGES.items() for block in page_blocks(text, page)]


@pytest.mark.parametrize("block", BLOCKS, ids=[f"{b.page}: {b.name}" for b in BLOCKS])
def test_readme_example(block, folder):
    RUNNERS[block.language](block, *folder)


def test_every_block_is_found():
    found = {page: {language: [b.language for b in BLOCKS if b.page == page].count(language) for language in RUNNERS}
             for page in PAGES}
    assert found == EXPECTED_BLOCKS
    sh = [b for b in BLOCKS if b.language == "sh"]
    assert sum(len(parse_sh(b.body)) for b in sh) > 2 * len(sh)  # commands, not whole blocks


def test_every_page_with_examples_is_run():
    """A docs/ page that gains a runnable block is run here, or says in NOT_RUN what runs it."""
    pages = [f"docs/{p.name}" for p in sorted((ROOT / "docs").glob("*.md"))]
    with_blocks = {page for page in pages if page_blocks((ROOT / page).read_text(), page)}
    assert with_blocks - set(PAGES) - set(NOT_RUN) == set()
    assert set(NOT_RUN) <= with_blocks


def block_named(name):
    return next(b for b in BLOCKS if b.name == name)


@pytest.mark.parametrize("name, old, new", [
    ("export SWITCHBOARD_DB=$PWD/switchboard-demo.db", "run social-stats", "run social-statz"),  # an unknown query: exit 2
    ("switchboard demo --db demo.db >/dev/null", "# Synced 1 new post", "# Synced 2 new posts"),  # other output
    ("swift build -c release --product switchboard", "Dear Coach Rivera,", "Dear Coach Smith,"),  # sqlite>
    ("import switchboard", "# 🔥 Very Positive", "# 👍 Positive"),  # print(...)  # output
    ("pip install ./python ./python/datasette-switchboard ./python/sqlite-utils-switchboard",
     "/switchboard-demo/social-feed", "/switchboard-demo/no-such-query"),  # the server's probe: 404
    ('switchboard init --name "Sam Rivera" --db mine.db', "# Coach Lee,Coastal Tech", "# Coach Lee,Unknown School"),  # a row
    ("switchboard init --db empty.db >/dev/null", "# line 3: skipped: name is missing", "# line 3: skipped: id is missing"),  # stderr
])
def test_a_broken_example_fails(name, old, new, folder):
    block = block_named(name)
    assert old in block.body
    broken = Block(block.language, block.body.replace(old, new))
    with pytest.raises((AssertionError, pytest.fail.Exception)):
        RUNNERS[block.language](broken, *folder)
