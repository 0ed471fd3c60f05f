"""BENCHMARKS.md and RELIABILITY.md are current-results pages that cannot drift from themselves.

Each page opens with one summary table. Every row's first cell links to the section that measures it
(`[what](#anchor)`), and:
- every number in the row's figure, ratio or result cells appears, as written, in that section
  (`59×` must be there as `59×`, `6,289` as `6,289`), so the table and the section tell one story;
- its command names a script or test file that exists in the repository, or is `swift test`, whose
  `--filter` names must exist under Tests/ (a row whose figure is "not measured" may have no command: —);
- the page holds no commit hash (a hex word of 7 to 40 characters that git knows as a commit), no
  issue number ("issue 12") and no time of day ("05:11", "00:58 UTC"): history is in git.

Run: cd <repo> && .venv/bin/pytest -q Tests/host/test_results_pages.py (stdlib only, plus git for the
commit check).
"""
import pathlib
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Each page and the summary columns whose numbers must appear in the row's section.
PAGES = {
    "BENCHMARKS.md": ("figure", "ratio"),
    "RELIABILITY.md": ("result",),
}

# A number as written: digits with thousands commas and a decimal part, with its × or % sign. Not a
# digit inside a word or a longer number ("p50", "0002", the "1" of "3.40.1").
NUMBER = re.compile(r"(?<![\w.,])\d+(?:,\d{3})*(?:\.\d+)?(?:×|%)?(?![\w×%])")
HEX_WORD = re.compile(r"\b[0-9a-f]{7,40}\b")
ISSUE = re.compile(r"\bissues?\s+#?\d+", re.IGNORECASE)
# 05:11, 23:51 UTC, 00:00–00:57; not the time inside an ISO timestamp given as data (2026-02-10T12:00:00Z).
TIME_OF_DAY = re.compile(r"(?<![T\d:])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?![\d:])")
SCRIPT_PATH = re.compile(r"(?:Benchmarks|scripts|Tests)/[\w./-]+")


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def split_row(line):
    """The cells of a Markdown table row; `\\|` stays inside its cell."""
    cells = re.split(r"(?<!\\)\|", line.strip().strip("|"))
    return [c.strip() for c in cells]


def summary(text):
    """The first table on the page: its header and its rows as dicts."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    header = [h.lower() for h in split_row(lines[start])]
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append(dict(zip(header, split_row(line))))
    return header, rows


def sections(text):
    """Each heading's anchor and the text under it up to the next heading of the same or a higher level."""
    lines = text.splitlines()
    headings = []
    in_code = False
    for i, line in enumerate(lines):
        if line.startswith("```"):
            in_code = not in_code
        match = None if in_code else re.match(r"(#+) (.*)", line)
        if match:
            headings.append((i, len(match.group(1)), slug(match.group(2))))
    result = {}
    for n, (i, level, anchor) in enumerate(headings):
        end = next((j for j, lv, _ in headings[n + 1:] if lv <= level), len(lines))
        result[anchor] = "\n".join(lines[i + 1:end])
    return result


def numbers(cell):
    return NUMBER.findall(cell)


def without_code(text):
    """The page without its fenced code blocks (commands may hold hex-like words and seeds)."""
    return re.sub(r"```.*?```", "", text, flags=re.DOTALL)


def drift(page, text):
    """Every way the page's summary table disagrees with its sections or the repository."""
    columns = PAGES[page]
    header, rows = summary(text)
    problems = [f"{page}: the summary has no column {c!r}" for c in columns + ("command",) if c not in header]
    found = sections(text)
    for row in rows:
        first = row[header[0]]
        link = re.search(r"\]\(#([^)]+)\)", first)
        if not link:
            problems.append(f"{page}: row {first!r} links to no section")
            continue
        anchor = link.group(1)
        if anchor not in found:
            problems.append(f"{page}: row {first!r} links to #{anchor}, which is no heading")
            continue
        for column in columns:
            for number in numbers(row.get(column, "")):
                if number not in found[anchor]:
                    problems.append(f"{page}: {number} ({column} of {first!r}) is not in section #{anchor}")
        if row.get(columns[0]) == "not measured" and row.get("command") == "—":
            continue  # nothing measures it yet
        problems += command_problems(page, first, row.get("command", ""))
    return problems


def command_problems(page, row, command):
    paths = SCRIPT_PATH.findall(command)
    missing = [p for p in paths if not (ROOT / p.rstrip(".")).exists()]
    problems = [f"{page}: the command of {row!r} names {p}, which does not exist" for p in missing]
    if "swift test" in command:
        for name in re.findall(r"--filter '?([^'`]+)'?", command):
            for test in re.split(r"\\?\|", name):
                if not named_in_tests(test.strip()):
                    problems.append(f"{page}: the command of {row!r} filters on {test!r}, which no test under Tests/ names")
    elif not paths:
        problems.append(f"{page}: the command of {row!r} names no script: {command!r}")
    return problems


def named_in_tests(name):
    return any(name in path.read_text(errors="replace") or name in path.name for path in (ROOT / "Tests").rglob("*.swift"))


def history(text):
    """Issue numbers, times of day and the hex words among the text's that are commits in git."""
    prose = without_code(text)
    problems = [f"issue number: {m.group(0)!r}" for m in ISSUE.finditer(prose)]
    problems += [f"time of day: {m.group(0)!r}" for m in TIME_OF_DAY.finditer(prose)]
    words = sorted(set(HEX_WORD.findall(text)))
    if words and shutil.which("git") and (ROOT / ".git").exists():
        answer = subprocess.run(["git", "cat-file", "--batch-check"], cwd=ROOT, input="\n".join(w + "^{commit}" for w in words) + "\n",
                                capture_output=True, text=True, check=True).stdout.splitlines()
        problems += [f"commit hash: {w!r}" for w, line in zip(words, answer) if not line.endswith("missing") and "ambiguous" not in line]
    return problems


@pytest.mark.parametrize("page", sorted(PAGES))
def test_the_summary_agrees_with_the_sections(page):
    assert drift(page, (ROOT / page).read_text()) == []


@pytest.mark.parametrize("page", sorted(PAGES))
def test_the_page_holds_no_history(page):
    assert history((ROOT / page).read_text()) == []


def test_the_checks_can_fail():
    """A changed figure, a dead link, a missing script, a commit hash, an issue number and a time are each caught."""
    text = (ROOT / "BENCHMARKS.md").read_text()
    assert "| 0.80× |" in text
    changed = text.replace("| 0.80× |", "| 0.75× |", 1)
    assert any("0.75×" in p for p in drift("BENCHMARKS.md", changed))
    assert any("which is no heading" in p for p in drift("BENCHMARKS.md", text.replace("](#functions)", "](#nowhere)", 1)))
    assert any("does not exist" in p for p in drift("BENCHMARKS.md", text.replace("`Benchmarks/cli/run.sh`", "`Benchmarks/cli/gone.sh`", 1)))
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    stale = text + f"\nMeasured at {head} (issue 12) at 05:11 UTC.\n"
    found = history(stale)
    assert "issue number: 'issue 12'" in found and "time of day: '05:11'" in found
    if head:
        assert f"commit hash: {head!r}" in found
