"""Every spec string the pages show (datasette_switchboard.strings.SPEC_STRINGS) is on its page, in the state that
shows it: a workspace with rows, an empty one, a filter that keeps nothing, each sync outcome, a read that runs out
of time, the editors. Through Datasette's in-process client; the texts the pages' script shows (confirmations,
loading, connection errors) are in the page for it. The browser tests (test_pages_*.py) see them shown."""
import contextlib
import html
import re
import subprocess

import pytest
from pages_support import ALEX, Client, make_workspace, rows, serve

from conftest import CLI, DEMO_NOW
from datasette_switchboard import runs
from datasette_switchboard.strings import SPEC_STRINGS, Strings

# The strings with slots, as the pages fill them: the pattern to find instead.
FILLED = {"sync_synced": r"Synced \d+ new posts?", "sync_failed": r"Sync failed: \S",
          "filter_label": r"Filter posts\. \d+ filters? active\.", "inbox_unread": r"\d+ unread",
          "chip_label": r"(All|Follow-ups|Deadlines|Inbound|Digest|Offers|Events) filter\. (active|inactive)",
          "members": r"\d+ members", "placeholder_hint": r"Enter the (title|summary|body|name|mission) for this post",
          "location_line": r"📍 https://maps\.google\.com/\?q=-?\d+(\.\d+)?,-?\d+(\.\d+)?"}


@pytest.fixture(scope="module")
def shown(tmp_path_factory):
    """The text of every state of every page, by page (quick-send, feed, ...), with the pages' HTML unescaped."""
    folder = tmp_path_factory.mktemp("pages-strings")
    full = make_workspace(folder / "demo.db")
    empty = folder / "empty.db"
    subprocess.run([CLI, "init", "--db", str(empty)], check=True, capture_output=True)
    subprocess.run(["sqlite3", str(empty), f"INSERT INTO users (id, name) VALUES ('{ALEX}', 'Empty Workspace')"],
                   check=True)
    synced = folder / "synced.json"
    synced.write_text('[{"platform": "twitter", "post_url": "https://x.com/s/1", "post_content": "Signed!", '
                      '"author_name": "Coach S", "author_handle": "@s", "post_date": "2026-02-10T11:00:00Z"}]')
    pages = {}
    (on_my_way,), = rows(full, "SELECT id FROM tg_templates WHERE name = 'On my way'")
    (template,), = rows(full, "SELECT id FROM communication_templates WHERE user_id = ? LIMIT 1", ALEX)

    def add(page, text):
        pages.setdefault(page, []).append(html.unescape(text))

    alex = Client(serve(full, sync_command=[CLI, "sync", "posts", "--command", f"cat {synced}"]), "alex")
    for page in ["feed", "feed?search=nothing-has-this", "inbox", "templates", "templates/new", "quick-send",
                 "quick-send/new", f"quick-send/edit?id={on_my_way}", f"templates/edit?id={template}", "posts/edit?id=11",
                 "posts/edit?id=3"]:
        add(page.split("/")[0].split("?")[0], alex.get(f"/demo/-/switchboard/{page}").text)
    fetch = [CLI, "sync", "posts", "--command", f"cat {synced}"]
    for sync_command in [fetch, fetch, [CLI, "sync", "posts", "--command", "exit 75"], None]:
        client = Client(serve(full, sync_command=sync_command), "alex")
        add("feed", " ".join(client.banners(client.post("/demo/-/switchboard/feed/sync", {}))))
    client = Client(serve(full), "alex")
    add("quick-send", " ".join(client.banners(client.post("/demo/-/switchboard/quick-send/send", {
        "id": on_my_way, "location": "48.85,2.29"}, page="/demo/-/switchboard/quick-send"))))
    add("quick-send", client.get("/demo/-/switchboard/quick-send").text)
    nobody = Client(serve(empty), "alex")
    for page in ["feed", "inbox", "templates", "quick-send", "quick-send/new", "posts"]:
        add(page.split("/")[0], nobody.get(f"/empty/-/switchboard/{page}").text)
    with interrupted():
        for page in ["feed", "inbox"]:
            add(page, alex.get(f"/demo/-/switchboard/{page}").text)
    return {page: "\n".join(texts) for page, texts in pages.items()}


@contextlib.contextmanager
def interrupted():
    """Every read of the pages stopped at once, as by Datasette's time limit."""
    original = runs.sqlite_timelimit

    @contextlib.contextmanager
    def at_once(conn, ms):
        conn.set_progress_handler(lambda: 1, 1)
        try:
            yield
        finally:
            conn.set_progress_handler(None, 1)
    runs.sqlite_timelimit = at_once
    try:
        yield
    finally:
        runs.sqlite_timelimit = original


@pytest.mark.parametrize("name", sorted(SPEC_STRINGS))
def test_every_spec_string_is_on_its_page(shown, name):
    spec = SPEC_STRINGS[name]
    pattern = FILLED.get(name, re.escape(spec.text))
    assert re.search(pattern, shown[spec.page]), (name, spec.text, spec.page)


def test_the_states_say_what_the_spec_says(shown):
    feed = shown["feed"]
    assert "No posts yet" in feed and "Sync posts to start monitoring coach and program social media" in feed
    assert "Synced 1 new post" in feed and "No new posts found. You're up to date!" in feed
    assert re.search(r"Sync failed: Rate limit exceeded \(.*\)\. Please wait a few minutes before syncing again\.",
                     feed)
    assert "Sync failed: no source is set up on this server" in feed
    assert 'data-confirm="Delete this post from your feed?"' in feed
    assert "Connection timed out" in re.sub(r'data-timeout="[^"]*"', "", feed)  # the page's banner, not the script's
    assert 'data-sb-failure="Could not delete notification"' in shown["inbox"]
    assert 'aria-label="Filter posts. 2 filters active."' not in feed


def test_fill_replaces_the_slots_in_order():
    assert Strings.fill("chip_label", "Deadlines", "active") == "Deadlines filter. active"
    assert Strings.fill("sync_failed", "no network") == "Sync failed: no network"
    assert DEMO_NOW  # the clock the pages' workspaces run at
