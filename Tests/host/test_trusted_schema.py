"""Every view of a workspace under `PRAGMA trusted_schema=OFF`, with the extension loaded, on the two SQLite libraries
a Python process here has: the stdlib sqlite3's (the system's, 3.40.1 on Debian 12: the oldest SQLite Switchboard
supports) and APSW's newer one.

Switchboard's functions are INNOCUOUS, so its calls never fail in a view: reading the clock (`switchboard_now()`) too,
as the feed's and inbox's views do; pinning it (`switchboard_now(ts)`, DIRECTONLY) is in no view or trigger. What fails
is pinned here and listed in docs/schema.md ("trusted_schema=OFF"): before SQLite 3.41.0
the built-in JSON functions were not innocuous (fixed by drh's check-in "Fix JSON functions so that they work
correctly under PRAGMA trusted_schema", 2023-01-09), so the four views that call them fail there.
"""
import re
import sqlite3

import apsw
import pytest

from conftest import EXTENSION

# The views that fail on a SQLite before 3.41.0, with SQLite's message; none fail from 3.41.0 on.
FAIL_BEFORE_3_41 = {
    "message_drafts": "unsafe use of json_object()",
    "social_posts_search_tags": "unsafe use of json_quote()",
    "social_post_chunk_list": "unsafe use of json_quote()",
    "social_post_replaced_chunk_list": "unsafe use of json_quote()",
}


def open_stdlib(path):
    con = sqlite3.connect(path)
    con.enable_load_extension(True)
    con.load_extension(EXTENSION)
    return con, sqlite3.sqlite_version_info


def open_apsw(path):
    con = apsw.Connection(str(path))
    con.enable_load_extension(True)
    con.load_extension(EXTENSION)
    return con, tuple(int(part) for part in apsw.sqlite_lib_version().split("."))


@pytest.mark.parametrize("open_library", [open_stdlib, open_apsw], ids=["stdlib-sqlite3", "apsw"])
def test_every_view_under_trusted_schema_off(demo_file, open_library):
    con, version = open_library(demo_file)
    views = [name for name, in con.execute("SELECT name FROM sqlite_master WHERE type = 'view' ORDER BY name")]
    assert len(views) == 18 and {"social_feed", "notification_inbox", "template_library", "tg_template_buttons",
                                 "posts_with_placeholders"} <= set(views)
    con.execute("PRAGMA trusted_schema = OFF")
    assert list(con.execute("PRAGMA trusted_schema")) == [(0,)]
    failed = {}
    for view in views:
        try:
            list(con.execute(f'SELECT * FROM "{view}"'))
        except (sqlite3.Error, apsw.Error) as error:
            failed[view] = str(error)
    assert failed == (FAIL_BEFORE_3_41 if version < (3, 41, 0) else {}), version
    con.close()


def test_the_oldest_supported_sqlite_is_the_one_pinned():
    """The stdlib's SQLite here is the oldest supported one (3.40.1), where the list above is not empty; if the
    system's SQLite moves on, docs/schema.md's statement of the oldest version must move with it."""
    assert sqlite3.sqlite_version_info[:2] >= (3, 40)
    assert tuple(int(part) for part in apsw.sqlite_lib_version().split(".")) >= (3, 41, 0)


def test_no_view_or_trigger_calls_the_directonly_clock_setter(demo_file):
    """Views read the clock (switchboard_now(), innocuous); no view or trigger pins it, and no trigger reads it."""
    con, _ = open_stdlib(demo_file)
    schema = con.execute("SELECT name, type, sql FROM sqlite_master WHERE type IN ('view', 'trigger')").fetchall()
    assert [name for name, _, sql in schema if re.search(r"switchboard_now\s*\(\s*[^)\s]", sql, re.I)] == []
    assert [name for name, kind, sql in schema if kind == "trigger" and "switchboard_now" in sql.lower()] == []
    assert sorted(name for name, kind, sql in schema if kind == "view" and "switchboard_now()" in sql) == [
        "notification_due_this_week", "notification_inbox", "social_feed"]
    flags = dict(con.execute("SELECT narg, flags FROM pragma_function_list WHERE name = 'switchboard_now'").fetchall())
    assert flags[1] & 0x80000 and not flags[0] & 0x80000 and flags[0] & 0x200000  # DIRECTONLY, and INNOCUOUS
    con.close()


# The pages' writes, as their canned queries change the tables. On 3.40 a write whose triggers maintain an FTS5
# index fails (FTS5's tables were not innocuous there); on APSW's 3.54 every one works. The versions in between
# are not tested here.
PAGE_WRITES = {
    "flag": ("UPDATE social_media_posts SET flagged_for_review = 1 WHERE rowid = 1", None),
    "notes": ("UPDATE social_media_posts SET notes = 'Call Monday' WHERE rowid = 1", None),
    "mark read": ("UPDATE notifications SET read_at = '2026-02-10T12:00:00Z' WHERE rowid = 1", None),
    "delete a notification": ("DELETE FROM notifications WHERE rowid = 2",
                              'unsafe use of virtual table "notifications_trigram"'),
    # A post's delete triggers split its text into chunks (schema/0027) before they reach its FTS5 index.
    "delete a post": ("DELETE FROM social_media_posts WHERE rowid = 3", "unsafe use of json_quote()"),
    "create a template": ("INSERT INTO communication_templates (user_id, name, type, body) "
                          "SELECT id, 'Thanks', 'text', 'Thank you' FROM sole_user", None),
    "queue a quick-send": ("INSERT INTO outbox (idempotency_key, group_id, text) VALUES ('key-1', -1001, 'Hi')", None),
}


@pytest.mark.parametrize("open_library", [open_stdlib, open_apsw], ids=["stdlib-sqlite3", "apsw"])
def test_the_pages_writes_under_trusted_schema_off(demo_file, open_library):
    con, version = open_library(demo_file)
    if (3, 40) < version[:2] < (3, 54):
        pytest.skip(f"SQLite {version}: which writes fail is pinned for 3.40 and 3.54 only")
    con.execute("PRAGMA trusted_schema = OFF")
    failed = {}
    for action, (sql, _) in PAGE_WRITES.items():
        try:
            con.execute(sql)
        except (sqlite3.Error, apsw.Error) as error:
            failed[action] = str(error)
    expected = {action: message for action, (_, message) in PAGE_WRITES.items() if message}
    assert failed == (expected if version[:2] == (3, 40) else {}), version
    con.close()
