"""sqlite-utils over a Switchboard workspace, with the sqlite-utils-switchboard plugin installed (scripts/test
installs the packages under python/ into .venv): the functions, the clock of $SWITCHBOARD_NOW, `optimize` and
`rebuild-fts` (which would write to the read-only fts5vocab table), `search` as the canned queries search, `insert`
of the specs' JSON as it is (camelCase keys, records that leave keys out, no user_id: the acting user's) with
no `--alter`, streamed (peak memory flat in the input's size) and all or nothing, and `disable-fts` refused.
"""
import json
import os
import subprocess
import sys

import pytest

from conftest import CLI, DEMO_NOW
from test_spec_roundtrip import GROUPS, NOTIFICATIONS, SOCIAL_POSTS, TEMPLATES, TG_TEMPLATES, USER, assert_same, cli

UTILS = os.path.join(os.path.dirname(sys.executable), "sqlite-utils")


def utils(*arguments, stdin=None, env=None):
    result = subprocess.run([UTILS, *map(str, arguments)], capture_output=True, text=True, input=stdin,
                            env={**os.environ, **(env or {})})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout) if result.stdout.strip() else None


def refused(*arguments, stdin=None):
    """Runs sqlite-utils expecting it to fail; its standard error."""
    result = subprocess.run([UTILS, *map(str, arguments)], capture_output=True, text=True, input=stdin)
    assert result.returncode == 1, (result.returncode, result.stdout, result.stderr)
    return result.stderr


def cli_ids(database, search, ordered=False):
    result = subprocess.run([CLI, "run", "social-feed", "--db", str(database), "--format", "json", "-p",
                             f"search={search}", "-p", "limit=10000"], capture_output=True, text=True, check=True)
    ids = [row["id"] for row in json.loads(result.stdout)] if result.stdout.strip() else []
    return ids if ordered else sorted(ids)


# Runs a command and prints its peak resident set (KiB). A child's peak counts the memory of the process it was
# forked from (vfork shares it until exec), so sqlite-utils is started by this small process, not by pytest.
PEAK = """
import resource, subprocess, sys
result = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
assert result.returncode == 0, result.stderr
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def peak_memory_kib(*arguments):
    """Runs sqlite-utils to completion; its peak resident set, in KiB."""
    result = subprocess.run([sys.executable, "-c", PEAK, UTILS, *map(str, arguments)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return int(result.stdout)


def test_functions_and_the_pinned_clock(demo_file):
    assert utils(demo_file, "SELECT sentiment_label('very_positive') AS label") == [{"label": "🔥 Very Positive"}]
    assert utils(demo_file, "SELECT switchboard_now() AS now", env={"SWITCHBOARD_NOW": DEMO_NOW}) == [{"now": DEMO_NOW}]
    rows = utils(demo_file, "SELECT relative_time FROM social_feed ORDER BY post_date DESC, id DESC LIMIT 1",
                 env={"SWITCHBOARD_NOW": DEMO_NOW})
    assert rows == [{"relative_time": "39 min. ago"}]


def test_optimize_and_rebuild_fts_then_search_still_finds(demo_file):
    before = utils("search", demo_file, "social_media_posts", "offer", "-c", "id")
    assert utils("optimize", demo_file) is None
    assert utils("rebuild-fts", demo_file) is None
    assert utils("search", demo_file, "social_media_posts", "offer", "-c", "id") == before
    assert sorted(row["id"] for row in before) == cli_ids(demo_file, "offer")
    # named tables are left to sqlite-utils, as given
    assert utils("rebuild-fts", demo_file, "social_media_posts") is None


def test_search_finds_what_the_canned_query_finds(demo_file):
    """On a workspace, `search` is the canned query's search (every host's: test_search_hosts.py): substrings of
    every word, in the query's order, with sqlite-utils' own options and output."""
    found = [row["id"] for row in utils("search", demo_file, "social_media_posts", "schol", "-c", "id")]
    assert len(found) == 37 and found == cli_ids(demo_file, "schol", ordered=True)
    assert [row["id"] for row in utils("search", demo_file, "social_feed", "schol", "-c", "id")] == found  # a view
    quoted = utils("search", demo_file, "social_media_posts", "schol", "--quote", "-c", "id")
    assert [row["id"] for row in quoted] == found
    # FTS5 syntax is text to find like any other: `schol*` is in no post, `offer OR camp` needs all three words
    assert utils("search", demo_file, "social_media_posts", "schol*") == []
    either = utils("search", demo_file, "social_media_posts", "offer OR camp", "-c", "id")
    assert sorted(row["id"] for row in either) == cli_ids(demo_file, "offer OR camp")
    first = utils("search", demo_file, "notifications", "TRANSCR", "--limit", "1")
    assert (list(first[0])[:3], first[0]["title"]) == (["rowid", "seq", "id"], "Deadline: Transcript upload")
    shown = subprocess.run([UTILS, "search", str(demo_file), "tg_groups", "team", "--sql"], capture_output=True,
                           text=True)
    assert shown.stdout == ('SELECT rowid AS rowid, * FROM "tg_groups"\nWHERE search_contains(:query, title)\n'
                            "ORDER BY sort_order, title COLLATE NOCASE, id\n")


def test_search_elsewhere_is_sqlite_utils_own(tmp_path):
    other = tmp_path / "other.db"
    utils("insert", other, "docs", "-", stdin='[{"id": 1, "text": "scholarship news"}]', env={})
    utils("enable-fts", other, "docs", "text")
    assert utils("search", other, "docs", "schol") == []
    assert [row["id"] for row in utils("search", other, "docs", "scholarship")] == [1]


@pytest.fixture
def workspace(tmp_path):
    db = tmp_path / "workspace.db"
    subprocess.run([CLI, "init", "--db", str(db)], check=True, capture_output=True, timeout=60)
    cli(db, "run", "profile-create", "-p", "name=Jordan Rivera", "-p", f"id={USER}", "-p", "sport=Soccer")
    return db


def test_insert_takes_the_specs_json_as_it_is(workspace, tmp_path):
    # the spec's JSON as it is: no user_id (the workspace's only user's rows), camelCase keys
    for table, records in [("communication_templates", TEMPLATES), ("notifications", NOTIFICATIONS),
                           ("social_media_posts", SOCIAL_POSTS), ("tg_templates", TG_TEMPLATES)]:
        path = tmp_path / f"{table}.json"
        path.write_text(json.dumps(records))
        utils("insert", workspace, table, path)
    # TelegramGroup's memberCount goes into member_count, from stdin and as newline-delimited JSON too
    utils("insert", workspace, "tg_groups", "-", "--nl", stdin="\n".join(json.dumps(group) for group in GROUPS))
    assert cli(workspace, "run", "tg-groups") == [
        {**group, "displayTitle": f"{group['title']} ({group['memberCount']} members)"} for group in GROUPS]
    for record in TEMPLATES:
        assert_same(record, cli(workspace, "run", "templates-show", "-p", f"id={record['id']}")[0])
    inbox = {row["id"]: row for row in cli(workspace, "run", "notifications-inbox", "-p", "when=all")}
    for record in NOTIFICATIONS:
        assert_same(record, inbox[record["id"]])
    feed = {row["id"]: row for row in cli(workspace, "run", "social-feed")}
    for record in SOCIAL_POSTS:
        assert_same(record, feed[record["id"]])
    for record, row in zip(TG_TEMPLATES, cli(workspace, "run", "tg-templates")):
        assert_same(record, row)
    columns = {row["name"] for row in utils(workspace, "SELECT name FROM pragma_table_info('tg_groups')")}
    assert "memberCount" not in columns  # no --alter happened


def write_schools(path, count, array):
    """`count` schools of about 1 KB each (a long website), as NDJSON or a JSON array, written a line at a time."""
    with open(path, "w") as file:
        file.write("[" if array else "")
        for n in range(count):
            record = json.dumps({"id": f"school-{n}", "name": f"School {n}", "website": "https://example.edu/" + "x" * 1000})
            file.write(("," if array and n else "") + record + "\n")
        file.write("]" if array else "")


@pytest.mark.parametrize("nl", [True, False], ids=["ndjson", "json-array"])
def test_insert_streams_with_flat_memory(workspace, tmp_path, nl):
    """24 MiB of records peak within 8 MiB of the peak for 40 KiB of them: the input is never held whole (the
    plugin used to read it all, then hand sqlite-utils a copy: 331 MB for 39 MB of NDJSON; plain sqlite-utils
    holds a JSON array whole: 127 MB for 42 MB)."""
    small, large = tmp_path / "small.json", tmp_path / "large.json"
    write_schools(small, 40, array=not nl)
    write_schools(large, 24 * 1024, array=not nl)
    flags = ["--nl"] if nl else []
    baseline = peak_memory_kib("insert", workspace, "schools", small, *flags, "--truncate")
    peak = peak_memory_kib("insert", workspace, "schools", large, *flags, "--truncate")
    assert utils(workspace, "SELECT count(*) AS n FROM schools") == [{"n": 24 * 1024}]
    assert peak - baseline < 8 * 1024, f"peak {peak} KiB for 24 MiB against {baseline} KiB for 40 KiB"


def test_insert_is_all_or_nothing_naming_the_record(workspace):
    """A record sync would refuse stops the insert, names the record and why, and writes nothing, not even the
    records before it; so does a record of another user."""
    posts = [dict(SOCIAL_POSTS[0], id="p1", post_url="https://x.com/a/1"), dict(SOCIAL_POSTS[0], id="p2", post_url="https://x.com/a/2")]
    without_date = {key: value for key, value in SOCIAL_POSTS[0].items() if key != "post_date"}
    lines = [json.dumps(post) for post in posts]
    error = refused("insert", workspace, "social_media_posts", "-", "--nl",
                    stdin="\n".join(lines + [json.dumps(dict(without_date, id="p3", post_url="https://x.com/a/3", post_date=None))]))
    assert error == ("Error: line 3: NOT NULL constraint failed: social_media_posts.post_date; "
                     "nothing was inserted into social_media_posts\n")
    error = refused("insert", workspace, "social_media_posts", "-", stdin=json.dumps(posts + [dict(posts[0], id="p9", user_id="someone-else")]))
    assert error == ("Error: record 3: user_id 'someone-else' is not the acting user '" + USER + "' (set SWITCHBOARD_USER); "
                     "nothing was inserted into social_media_posts\n")
    error = refused("insert", workspace, "social_media_posts", "-", stdin=json.dumps(posts)[:-3])
    assert error.startswith("Error: record 2: not JSON (") and error.endswith("; nothing was inserted into social_media_posts\n")
    assert utils(workspace, "SELECT count(*) AS n FROM social_media_posts") == [{"n": 0}]
    utils("insert", workspace, "social_media_posts", "-", stdin=json.dumps(posts))
    assert utils(workspace, "SELECT id, user_id FROM social_media_posts ORDER BY id") == [
        {"id": "p1", "user_id": USER}, {"id": "p2", "user_id": USER}]
    # upsert updates by any key the table has (here post_url), keeping what the record leaves out
    utils("upsert", workspace, "social_media_posts", "-", "--pk", "id",
          stdin=json.dumps([{"id": "p1", "post_url": "https://x.com/a/1", "post_content": "Changed",
                             "platform": "twitter", "author_handle": "@a", "author_name": "A", "post_date": "2026-02-10T14:30:00Z"}]))
    assert utils(workspace, "SELECT post_content, sentiment FROM social_media_posts WHERE id = 'p1'") == [
        {"post_content": "Changed", "sentiment": "positive"}]


def test_disable_fts_of_a_workspace_is_refused(demo_file):
    """sqlite-utils would drop the index and leave the triggers that keep it, so every later write to the table
    would fail: refused, saying why, and the index is still there."""
    error = refused("disable-fts", demo_file, "social_media_posts")
    assert error.startswith("Error: social_media_posts's full-text index is part of the Switchboard workspace")
    assert utils(demo_file, "SELECT count(*) AS n FROM sqlite_master WHERE name = 'social_posts_fts'") == [{"n": 1}]


# sqlite-utils as anyone has it, without the sqlite-utils-switchboard plugin: it loads no plugin when
# sys._called_from_test is set (sqlite_utils/plugins.py).
PLAIN = "import sys; sys._called_from_test = True; from sqlite_utils.cli import cli; cli()"


def plain(*arguments):
    return subprocess.run([sys.executable, "-c", PLAIN, *map(str, arguments)], capture_output=True, text=True)


def test_plain_sqlite_utils_optimizes_rebuilds_and_disables(demo_file):
    """Without the plugin: optimize and rebuild-fts work (0025 keeps the fts5vocab table out of their `USING FTS5`
    pattern), and disable-fts drops the index with every trigger that writes it (each writes `INSERT INTO [index]`),
    so the table stays writable; `check` names the index missing, and `check --rebuild` brings it back."""
    before = cli_ids(demo_file, "offer")
    for command in (["optimize", demo_file], ["rebuild-fts", demo_file]):
        result = plain(*command)
        assert (result.returncode, result.stderr) == (0, "")
    assert cli_ids(demo_file, "offer") == before
    result = plain("disable-fts", demo_file, "social_media_posts")
    assert (result.returncode, result.stderr) == (0, "")
    left = "SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger') AND sql LIKE '%social_posts_fts%'"
    assert utils(demo_file, left) == []
    utils(demo_file, "INSERT INTO social_media_posts (user_id, platform, post_url, post_content, post_date, author_name, author_handle) "
                     "SELECT id, 'twitter', 'https://x.com/new/1', 'A new offer', '2026-02-10T11:00:00Z', 'Ann', '@ann' FROM sole_user")
    checked = subprocess.run([CLI, "check", "--db", str(demo_file)], capture_output=True, text=True)
    assert checked.returncode == 1
    assert "\nsocial_posts_fts: missing (another tool dropped it; search through it fails)\n" in checked.stdout
    rebuilt = subprocess.run([CLI, "check", "--rebuild", "--db", str(demo_file)], capture_output=True, text=True)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert rebuilt.stdout.startswith("Restored 1 missing index: social_posts_fts.\n")
    assert len(cli_ids(demo_file, "offer")) == len(before) + 1
