"""Datasette and sqlite-utils over a Switchboard database, with the datasette-switchboard and
sqlite-utils-switchboard plugins installed (scripts/test installs them from python/ into .venv).

A real Datasette serves the demo database on 127.0.0.1 at a free port: a view that needs the
extension, `?_search=` finding posts through the FTS5 index, and canned queries with their defaults.
"""
import json
import os
import subprocess
import sys
import time
import urllib.parse
import urllib.request

import pytest

from conftest import CLI, DEMO_NOW, cli_catalog, free_port

BIN = os.path.dirname(sys.executable)


@pytest.fixture(scope="module")
def datasette(tmp_path_factory):
    """Base URL of a Datasette serving demo.db; stopped (and killed if need be) afterwards."""
    folder = tmp_path_factory.mktemp("datasette")
    database = folder / "demo.db"
    subprocess.run([CLI, "demo", "--db", str(database), "--now", "2026-02-10T12:00:00Z"], check=True, capture_output=True)
    port = free_port()
    log = open(folder / "datasette.log", "wb")
    server = subprocess.Popen([os.path.join(BIN, "datasette"), "serve", str(database), "--host", "127.0.0.1",
                               "--port", str(port)], stdout=log, stderr=subprocess.STDOUT,
                              env={**os.environ, "SWITCHBOARD_NOW": DEMO_NOW})
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(base + "/-/versions.json", timeout=2).read()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("datasette did not start: " + (folder / "datasette.log").read_text())
                time.sleep(0.2)
        yield base, database
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def get(base, path, **query):
    url = f"{base}{path}.json?{urllib.parse.urlencode({**query, '_shape': 'array'})}"
    with urllib.request.urlopen(url, timeout=30) as response:
        body = response.read()
    try:
        return json.loads(body)
    except ValueError:
        pytest.fail(f"{url} gave no JSON: {body[:300]!r}")


def cli_json(database, name, *pairs):
    arguments = [CLI, "run", name, "--db", str(database), "--format", "json"]
    for pair in pairs:
        arguments += ["-p", pair]
    result = subprocess.run(arguments, capture_output=True, text=True, check=True, env={**os.environ, "SWITCHBOARD_NOW": DEMO_NOW})
    return json.loads(result.stdout)


def test_a_view_that_calls_switchboard_functions(datasette):
    base, _ = datasette
    rows = get(base, "/demo/social_feed", _size=3, flagged_for_review=1, _sort_desc="post_date")
    assert [(row["display_name"], row["relative_time"], row["sentiment_label"]) for row in rows] == [
        ("Renée Nguyen", "8 hr. ago", "🔥 Very Positive"), ("Kevin Dubois", "22 hr. ago", "👍 Positive"),
        ("Ana Müller", "2 days ago", "😐 Neutral")]


def test_search_uses_the_fts5_index(datasette):
    base, database = datasette
    rows = get(base, "/demo/social_media_posts", _search="offer", _size="max")
    assert len(rows) == len(cli_json(database, "social-feed", "search=offer", "limit=300")) > 0
    assert all("offer" in row["search_tags"].lower() or "offer" in row["post_content"].lower() for row in rows)
    assert [row["title"] for row in get(base, "/demo/tg_groups", _search="team")] == ["Team Chat"]
    assert len(get(base, "/demo/notifications", _search="transcript", _size="max")) == 9


def test_canned_queries_apply_the_declared_defaults(datasette):
    base, database = datasette
    assert get(base, "/demo/social-stats") == [
        {"totalPosts": 300, "twitterPosts": 200, "instagramPosts": 100, "flaggedPosts": 33,
         "totalPostsBadge": "99+", "twitterPostsBadge": "99+", "instagramPostsBadge": "100", "flaggedPostsBadge": "33"}]
    feed = get(base, "/demo/social-feed")  # every parameter unset: the only user, 50 rows
    assert len(feed) == 50
    assert [row["id"] for row in feed] == [row["id"] for row in cli_json(database, "social-feed")]
    picked = get(base, "/demo/social-feed", platform="instagram", flagged="true", limit="3", user_id="")
    assert [row["id"] for row in picked] == [
        row["id"] for row in cli_json(database, "social-feed", "platform=instagram", "flagged=true", "limit=3")]
    assert len(get(base, "/demo/notifications-inbox")) == 207


def test_writes_are_not_offered_and_reads_have_their_whole_description(datasette):
    base, _ = datasette
    with urllib.request.urlopen(base + "/demo.json", timeout=30) as response:
        queries = {query["name"]: query for query in json.loads(response.read())["queries"]}
    assert "social-feed" in queries and "notifications-mark-all-read" not in queries
    assert queries["social-feed"]["description"] == cli_catalog()["social-feed"]["description"]
    assert queries["social-feed"]["description"].endswith("(rows after it in (post_date, id) descending order).")


def test_sqlite_utils_search_and_functions(tmp_path):
    database = tmp_path / "demo.db"
    subprocess.run([CLI, "demo", "--db", str(database), "--now", "2026-02-10T12:00:00Z"], check=True, capture_output=True)
    utils = os.path.join(BIN, "sqlite-utils")
    found = subprocess.run([utils, "search", str(database), "social_media_posts", "offer", "-c", "id"],
                           capture_output=True, text=True)
    assert found.returncode == 0, found.stderr
    assert len(json.loads(found.stdout)) == len(cli_json(database, "social-feed", "search=offer", "limit=300"))
    labels = subprocess.run([utils, str(database), "SELECT sentiment_label('very_positive') AS label"],
                            capture_output=True, text=True, check=True)
    assert json.loads(labels.stdout) == [{"label": "🔥 Very Positive"}]
