"""sqlite-utils over a Switchboard workspace, with the sqlite-utils-switchboard plugin installed (scripts/test
installs the packages under python/ into .venv): the functions, the clock of $SWITCHBOARD_NOW, `optimize` and
`rebuild-fts` (which would write to the read-only fts5vocab table), `search` as the canned queries search, and `insert`
of the specs' JSON (camelCase keys, records that leave keys out) with no `--alter`.
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


def cli_ids(database, search, ordered=False):
    result = subprocess.run([CLI, "run", "social-feed", "--db", str(database), "--format", "json", "-p",
                             f"search={search}", "-p", "limit=10000"], capture_output=True, text=True, check=True)
    ids = [row["id"] for row in json.loads(result.stdout)] if result.stdout.strip() else []
    return ids if ordered else sorted(ids)


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
    for table, records in [("communication_templates", TEMPLATES), ("notifications", NOTIFICATIONS),
                           ("social_media_posts", [{**record, "user_id": USER} for record in SOCIAL_POSTS]),
                           ("tg_templates", TG_TEMPLATES)]:
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
