"""Datasette over a Switchboard database, with the datasette-switchboard plugin installed (scripts/test installs
the packages under python/ into .venv), through Datasette's own test client (`datasette.client`, in-process).

The demo database: views that need the extension, `?_search=` finding what the CLI's search finds (every host's
search: test_search_hosts.py), counts from the counters, canned
queries with their defaults, their parameters checked as the CLI checks them and their declarations as help,
the clock that visitors cannot re-pin, and the pages' writes, offered only when the owner allows them.
"""
import asyncio
import contextlib
import json
import os
import re
import shutil
import sqlite3
import subprocess
import threading

import datasette.database
import pytest
from datasette.app import Datasette

import switchboard
from conftest import CLI, DEMO_NOW, cli_catalog
from datasette_switchboard import REFUSED_NOW, scale
from switchboard.search import SEARCHES, way
from test_host_matrix import normalised


def serve(database, **plugin):
    """A Datasette serving `database` with the plugin configured (`now`, `allow_writes`)."""
    return Datasette([str(database)], metadata={"plugins": {"datasette-switchboard": plugin}} if plugin else None)


def request(ds, path, method="get", **keywords):
    return asyncio.run(getattr(ds.client, method)(path, **keywords))


def get(ds, path, **query):
    response = request(ds, path + ".json", params={**query, "_shape": "array"})
    assert response.status_code == 200, response.text
    return response.json()


def cli_json(database, name, *pairs, now=DEMO_NOW):
    arguments = [CLI, "run", name, "--db", str(database), "--format", "json"]
    for pair in pairs:
        arguments += ["-p", pair]
    result = subprocess.run(arguments, capture_output=True, text=True, check=True, env={**os.environ, "SWITCHBOARD_NOW": now})
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """(Datasette serving a demo database with its clock set by the plugin's `now`, the database's path)."""
    database = tmp_path_factory.mktemp("datasette") / "demo.db"
    subprocess.run([CLI, "demo", "--db", str(database), "--now", DEMO_NOW], check=True, capture_output=True)
    return serve(database, now=DEMO_NOW), database


@pytest.fixture
def writable(tmp_path):
    """(Datasette on a fresh demo database whose owner allows the writes to the actor root, the path)."""
    database = tmp_path / "demo.db"
    subprocess.run([CLI, "demo", "--db", str(database), "--now", DEMO_NOW], check=True, capture_output=True)
    return serve(database, now=DEMO_NOW, allow_writes={"id": "root"}), database


def test_a_view_that_calls_switchboard_functions(demo):
    ds, _ = demo
    rows = get(ds, "/demo/social_feed", _size=3, flagged_for_review=1, _sort_desc="post_date")
    assert [(row["display_name"], row["relative_time"], row["sentiment_label"]) for row in rows] == [
        ("Renée Nguyen", "8 hr. ago", "🔥 Very Positive"), ("Kevin Dubois", "22 hr. ago", "👍 Positive"),
        ("Ana Müller", "2 days ago", "😐 Neutral")]


# Datasette turns on sqlite3's callback tracebacks: the refusing function's exception is printed as well.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_the_clock_comes_from_the_configuration_and_visitors_cannot_pin_it(demo, tmp_path, monkeypatch):
    ds, database = demo
    refused = request(ds, "/demo.json", params={"sql": "SELECT switchboard_now('2027-01-01T00:00:00Z')"})
    assert (refused.status_code, refused.json()["error"]) == (400, (
        "switchboard_now(ts) is not available here: this server's clock is set by the datasette-switchboard "
        "plugin's `now` setting or $SWITCHBOARD_NOW"))
    # Spelled so that the check of the SQL text misses it: SQLite itself refuses, through the plugin's function.
    quoted = request(ds, "/demo.json", params={"sql": 'SELECT "switchboard_now"(\'2027-01-01T00:00:00Z\')'})
    assert (quoted.status_code, quoted.json()["error"]) == (400, "user-defined function raised exception")
    for _ in range(5):  # every pooled connection still has the configured clock
        assert get(ds, "/demo", sql="SELECT switchboard_now() AS now") == [{"now": DEMO_NOW}]
    monkeypatch.setenv("SWITCHBOARD_NOW", "2026-03-01T00:00:00Z")  # the environment, when nothing is configured
    copy = tmp_path / "demo.db"
    shutil.copyfile(database, copy)
    assert get(serve(copy), "/demo", sql="SELECT switchboard_now() AS now") == [{"now": "2026-03-01T00:00:00Z"}]


def test_search_finds_what_the_clis_search_finds(demo):
    ds, database = demo
    for search in ["scholar", "schol", "SCHOLARSHIP offer", "offer   SCHOL", "ai"]:
        expected = sorted(row["id"] for row in cli_json(database, "social-feed", f"search={search}", "limit=10000"))
        for table in ["social_media_posts", "social_feed"]:
            assert sorted(row["id"] for row in get(ds, f"/demo/{table}", _search=search, _size="max")) == expected, (
                table, search)
    assert len(get(ds, "/demo/social_feed", _search="scholar", _size="max")) == 37
    page = request(ds, "/demo/social_feed", params={"_search": "scholar"}).text
    assert 'value="scholar"' in page and "search matches &#34;scholar&#34;" in page
    for table in SEARCHES:  # the search box is there before a search too (a view has no FTS table)
        box = '<input id="_search" type="search" name="_search" value="">'
        assert box in request(ds, f"/demo/{table}").text, table
    assert [row["title"] for row in get(ds, "/demo/tg_groups", _search="team")] == ["Team Chat"]
    # substrings, as the CLI finds them (Datasette's own FTS search found whole words only: transcr found nothing)
    assert len(get(ds, "/demo/notifications", _search="transcr", _size="max")) == 9


def test_canned_queries_apply_the_declared_defaults(demo):
    ds, database = demo
    assert get(ds, "/demo/social-stats") == [
        {"totalPosts": 300, "twitterPosts": 200, "instagramPosts": 100, "flaggedPosts": 33,
         "totalPostsBadge": "99+", "twitterPostsBadge": "99+", "instagramPostsBadge": "100", "flaggedPostsBadge": "33"}]
    feed = get(ds, "/demo/social-feed")  # every parameter unset: the only user, 50 rows
    assert len(feed) == 50
    assert [row["id"] for row in feed] == [row["id"] for row in cli_json(database, "social-feed")]
    picked = get(ds, "/demo/social-feed", platform="instagram", flagged="true", limit="3", user_id="")
    assert [row["id"] for row in picked] == [
        row["id"] for row in cli_json(database, "social-feed", "platform=instagram", "flagged=true", "limit=3")]
    # notifications-inbox's :limit has no default (the CLI lists all 215): its page shows 50, and an empty limit all
    assert len(get(ds, "/demo/notifications-inbox")) == 50
    assert [row["id"] for row in get(ds, "/demo/notifications-inbox")] == [
        row["id"] for row in cli_json(database, "notifications-inbox", "limit=50")]
    assert len(get(ds, "/demo/notifications-inbox", limit="")) == len(cli_json(database, "notifications-inbox")) == 215
    assert 'name="limit" value="50"' in request(ds, "/demo/notifications-inbox").text


def test_canned_queries_refuse_what_the_cli_refuses(demo):
    ds, database = demo
    for path, query, message in [
        ("/demo/notifications-inbox", {"when": "bogus"}, "parameter :when must be one of all|due|upcoming, got 'bogus'"),
        ("/demo/social-feed", {"limit": "-1"}, "parameter :limit must be between 1 and 10000, got '-1'"),
        ("/demo/social-feed", {"flagged": "maybe"}, "parameter :flagged must be a boolean (true|false|1|0|yes|no), got 'maybe'"),
        ("/demo/social-feed", {"limit": "ten"}, "parameter :limit must be an integer, got 'ten'"),
    ]:
        cli = subprocess.run([CLI, "run", path.split("/")[-1], "--db", str(database),
                              *[part for name, value in query.items() for part in ("-p", f"{name}={value}")]], capture_output=True, text=True)
        assert cli.stderr == f"error: {message}\n"
        response = request(ds, path + ".json", params=query)
        assert (response.status_code, response.json()) == (
            400, {"ok": False, "error": message, "status": 400, "title": "Invalid parameter"})
        page = request(ds, path, params=query)
        assert page.status_code == 400 and message.replace("'", "&#39;") in page.text
    assert len(get(ds, "/demo/notifications-inbox", when="due", limit="")) == len(
        cli_json(database, "notifications-inbox", "when=due"))


def test_metadata_titles_descriptions_help_facets(demo):
    ds, _ = demo
    queries = {query["name"]: query for query in request(ds, "/demo.json").json()["queries"]}
    catalog = cli_catalog()
    assert "social-feed" in queries and "notifications-mark-all-read" not in queries  # no writes unless allowed
    assert queries["social-feed"]["title"] == catalog["social-feed"]["summary"]
    assert queries["social-feed"]["description"] == catalog["social-feed"]["description"]
    page = request(ds, "/demo/social-feed").text
    assert ("<dt><code>limit</code> (integer, between 1 and 10000, default 50)</dt><dd>page size</dd>" in page)
    assert ("<dt><code>platform</code> (text, one of twitter|instagram, optional)</dt><dd>only this platform</dd>"
            in page)
    # the form first, the SQL only when asked
    assert '<a href="/demo/social-feed?_show_sql=1">show</a>' in page and 'id="sql-query"' not in page
    assert '<pre id="sql-query">-- post_search (docs/search.md)' in request(ds, "/demo/social-feed", params={"_show_sql": "1"}).text
    # the feed's and inbox's views: no facets or suggestions, which would compute every row of the view; their
    # counts are their tables' (from the counters)
    for view, count in [("social_feed", 300), ("notification_inbox", 215)]:
        page = request(ds, f"/demo/{view}.json", params={"_size": "1"}).json()
        assert (page["facet_results"], page["suggested_facets"], page["filtered_table_rows_count"]) == ({}, [], count)
        assert len(request(ds, f"/demo/{view}.json").json()["rows"]) == 50  # the feed's page size, not Datasette's 100
    inbox = request(ds, "/demo/notifications.json", params={"_size": "1"}).json()
    assert (sorted(inbox["facet_results"]), inbox["filtered_table_rows_count"]) == (["priority", "type"], 215)
    assert request(ds, "/demo/template_library.json", params={"_size": "1"}).json()["suggested_facets"] == []
    posts = request(ds, "/demo/social_media_posts.json", params={"_size": "1"}).json()
    assert sorted(posts["facet_results"]) == ["flagged_for_review", "is_recruiting_related", "platform", "sentiment"]
    assert posts["suggested_facets"] == []  # none on a workspace's pages: each reads every row for each column
    assert [(value["value"], value["count"]) for value in posts["facet_results"]["platform"]["results"]] == [
        ("twitter", 200), ("instagram", 100)]
    assert posts["facet_results"]["platform"]["type"] == "column"
    page = request(ds, "/demo/social_feed").text
    assert "<h1>Social feed (view)</h1>" in page and "The social page&#39;s cards: each post with its labels" in page


def test_writes_are_offered_only_when_allowed_and_only_to_whom(writable):
    ds, database = writable
    queries = {query["name"] for query in request(ds, "/demo.json", cookies=root(ds)).json()["queries"]}
    assert {"social-flag", "social-set-notes", "notifications-mark-read", "notifications-mark-all-read",
            "notifications-clear-read", "social-delete", "templates-create"} <= queries
    assert request(ds, "/demo/notifications-mark-all-read").status_code == 403  # anonymous: Datasette refuses
    form = request(ds, "/demo/social-flag", cookies=root(ds)).text  # the form's page has the query's title and help
    assert re.search(r"<h1[^>]*>Flags one post for review \(flagged_for_review = true\)\. Returns the updated post; "
                     r"an id that is not the user&#39;s is an error\. 🔒</h1>", form)
    assert "<dt><code>id</code> (text, required)</dt><dd>the post&#x27;s id</dd>" in form
    assert "notifications-mark-all-read" not in {query["name"] for query in request(ds, "/demo.json").json()["queries"]}
    post = next(row for row in get(ds, "/demo/social_media_posts", flagged_for_review=0, _size=1))
    assert write(ds, "social-flag", id=post["id"]) == {"ok": True, "message": "Query executed, 1 row affected",
                                                       "redirect": None}
    assert get(ds, "/demo/social_media_posts", id=post["id"])[0]["flagged_for_review"] == 1
    assert write(ds, "social-set-notes", id=post["id"], notes="Call Monday")["ok"] is True
    assert get(ds, "/demo/social_media_posts", id=post["id"])[0]["notes"] == "Call Monday"
    assert get(ds, "/demo/notifications-unread-count")[0]["unread"] == 74
    assert write(ds, "notifications-mark-all-read") == {"ok": True, "message": "Query executed, 74 rows affected",
                                                        "redirect": None}
    assert get(ds, "/demo/notifications-unread-count")[0]["unread"] == 0
    assert write(ds, "templates-create", name="Thanks", type="email", body="Thank you, {{coach_name}}.")["ok"] is True
    assert [row["name"] for row in get(ds, "/demo/templates-list") if row["name"] == "Thanks"] == ["Thanks"]
    refused = write(ds, "templates-create", status=400, name="Thanks", type="fax", body="Hi")
    assert refused == {"ok": False, "error": "parameter :type must be one of email|text|twitter, got 'fax'",
                       "status": 400, "title": "Invalid parameter"}
    failed = write(ds, "templates-create", name="", type="email", body="Hi")  # SQLite's own refusal, as Datasette gives it
    assert failed["ok"] is False and "template_name_required" in failed["message"]


def root(ds):
    return {"ds_actor": ds.sign({"a": {"id": "root"}}, "actor")}


def write(ds, query, status=200, **form):
    """POSTs `form` as JSON to the writable canned query `query` as root (with the CSRF token Datasette set)."""
    page = request(ds, f"/demo/{query}", cookies=root(ds))
    assert page.status_code == 200, page.text
    token = page.cookies["ds_csrftoken"]
    response = request(ds, f"/demo/{query}", method="post", content=json.dumps(form),
                       headers={"content-type": "application/json", "accept": "application/json", "x-csrftoken": token},
                       cookies={**root(ds), "ds_csrftoken": token})
    assert response.status_code == status, response.text
    return response.json()


def test_a_write_from_the_query_pages_form(writable):
    """The browser's way: the page's form, posted with its CSRF token; Datasette redirects with its message."""
    ds, _ = writable
    page = request(ds, "/demo/notifications-mark-all-read", cookies=root(ds))
    token = re.search(r'name="csrftoken" value="([^"]+)"', page.text).group(1)
    response = request(ds, "/demo/notifications-mark-all-read", method="post", data={"csrftoken": token, "user_id": ""},
                       cookies={**root(ds), "ds_csrftoken": page.cookies["ds_csrftoken"]})
    assert (response.status_code, response.headers["location"]) == (302, "/demo/notifications-mark-all-read")
    assert ds.unsign(response.cookies["ds_messages"], "messages") == [["Query executed, 74 rows affected", 1]]
    assert get(ds, "/demo/notifications-unread-count")[0]["unread"] == 0


def header_columns(page):
    """The column names of a table page's header, in order."""
    return re.findall(r'<th class="col-[^"]*" scope="col" data-column="([^"]+)"', page)


def test_table_and_view_pages_show_the_display_columns_first(demo):
    ds, _ = demo
    catalog = cli_catalog()
    for table, query in [("social_feed", "social-feed"), ("notification_inbox", "notifications-inbox"),
                         ("template_library", "templates-list"), ("tg_template_buttons", "tg-templates"),
                         ("posts_with_placeholders", "posts-with-placeholders"), ("social_media_posts", "social-flag"),
                         ("notifications", "notifications-mark-read"), ("communication_templates", "templates-create"),
                         ("tg_templates", "tg-update"), ("posts", "posts-with-placeholders")]:
        data = request(ds, f"/demo/{table}.json", params={"_size": "1"}).json()
        stored, keys = data["columns"], data["primary_keys"]
        display = [column for column in catalog[query]["display_columns"] if column in stored and column not in keys]
        assert len(display) >= 2, table
        shown = [column for column in header_columns(request(ds, f"/demo/{table}").text) if column in stored]
        assert sorted(shown) == sorted(stored), table  # every column, each once
        assert shown[:len(keys + display)] == keys + display, (table, shown)  # Datasette shows a table's key first
    assert header_columns(request(ds, "/demo/social_feed").text)[:4] == [
        "display_name", "relative_time", "preview", "sentiment_label"]
    # the URL's own choice of columns wins
    assert header_columns(request(ds, "/demo/social_feed", params={"_col": ["post_date", "platform"]}).text) == [
        "post_date", "platform"]


def outbox(database):
    """The outbox's rows without what each send makes anew (row id, random key, times)."""
    with sqlite3.connect(database) as conn:
        conn.row_factory = sqlite3.Row
        return [{key: row[key] for key in row.keys() if key not in ("id", "idempotency_key", "created_at", "updated_at", "due_at")}
                for row in conn.execute("SELECT * FROM outbox ORDER BY id")]


def test_quick_send_queues_what_the_clis_send_queues(writable, tmp_path):
    """tg-send (a quick-send button's write) inserts the row `switchboard send ID` inserts, with no location or --var:
    the template's text as written, its group's id and name; a repeat within 10 s, or a template without a group,
    queues nothing."""
    ds, database = writable
    copy = tmp_path / "cli.db"
    shutil.copy(database, copy)
    with sqlite3.connect(database) as conn:
        templates = dict(conn.execute("SELECT name, id FROM tg_templates"))
    sent = ["On my way", "Running late", "Game day"]  # one includes the location: send's note, the row without it
    for name in sent:
        assert write(ds, "tg-send", id=templates[name]) == {"ok": True, "message": "Query executed, 1 row affected",
                                                            "redirect": None}
        subprocess.run([CLI, "send", templates[name], "--db", str(copy)], check=True, capture_output=True)
    assert outbox(database) == outbox(copy)
    assert [row["template_name"] for row in outbox(database)] == sent and {row["status"] for row in outbox(database)} == {"queued"}
    assert write(ds, "tg-send", id=templates["Running late"])["message"] == "Query executed, 0 rows affected"  # within 10 s
    assert write(ds, "tg-send", id=templates["Old team update"])["message"] == "Query executed, 0 rows affected"  # no group
    cli = subprocess.run([CLI, "send", templates["Old team update"], "--db", str(copy)], capture_output=True, text=True)
    assert cli.stderr == "error: No group selected\n"
    assert write(ds, "tg-send", id=templates["Home safe"], key="tap-1")["ok"] is True
    assert write(ds, "tg-send", id=templates["Home safe"], key="tap-1")["message"] == "Query executed, 0 rows affected"
    with sqlite3.connect(database) as conn:
        assert conn.execute("SELECT count(*) FROM outbox WHERE idempotency_key = 'tap-1'").fetchone() == (1,)
    assert len(outbox(database)) == 4


def on_every_connection(ds, name, fn):
    """`fn(conn)` run once on each of Datasette's pooled connections to database `name`, at the same time (a barrier
    holds each thread until all have one), so every connection answers: their results, one per connection."""
    threads = ds.executor._max_workers
    barrier = threading.Barrier(threads, timeout=30)

    def held(conn):
        barrier.wait()
        return fn(conn)

    async def run():
        return await asyncio.gather(*[ds.get_database(name).execute_fn(held) for _ in range(threads)])
    return asyncio.run(run())


# Datasette turns on sqlite3's callback tracebacks: the refusing function's exception is printed as well.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_visitor_cannot_set_pin_or_move_anything(demo, tmp_path):
    """An anonymous visitor's SQL tries the zone setter (gone), the clock setter (refused) and every other
    function that is not deterministic, on every pooled connection; then the same URLs give the same values from
    every connection, the CLI's, in the New York user's zone (2026-01-15T02:00:00Z reads "Jan 14")."""
    _, database = demo
    copy = tmp_path / "demo.db"
    shutil.copyfile(database, copy)
    with sqlite3.connect(copy) as conn:
        conn.execute("UPDATE users SET timezone = 'America/New_York'")
        conn.execute("INSERT INTO notifications (id, user_id, type, title, scheduled_for) SELECT 'n-late', id, 'event', "
                     "'Late', '2026-01-15T02:00:00Z' FROM users")
        conn.execute("INSERT INTO communication_templates (id, user_id, name, body, created_at, updated_at) SELECT "
                     "'t-late', id, 'Late', 'Hi', '2026-01-15T02:00:00Z', '2027-01-01T00:00:00Z' FROM users")
    conn.close()
    ds = serve(copy, now=DEMO_NOW)
    pages = {"/demo/notifications-inbox": ("notifications-inbox", {"limit": "300"}),
             "/demo/social-feed": ("social-feed", {}), "/demo/templates-list": ("templates-list", {})}

    def fetch_all(times):
        async def run():
            return await asyncio.gather(*[ds.client.get(path + ".json", params={**params, "_shape": "array"})
                                          for path, (_, params) in pages.items() for _ in range(times)])
        responses = asyncio.run(run())
        assert all(response.status_code == 200 for response in responses), [r.text for r in responses]
        queries = [query for query, _ in pages.values() for _ in range(times)]
        return [normalised(response.json(), query) for response, query in zip(responses, queries)]

    before = fetch_all(1)
    expected = [normalised(cli_json(copy, query, *[f"{k}={v}" for k, v in params.items()]), query)
                for query, params in pages.values()]
    assert before == expected
    assert [row["relative_time"] for row in before[0] if row["id"] == "n-late"] == ["Jan 14"]
    assert [row["formatted_date"] for row in before[2] if row["id"] == "t-late"] == ["Jan 14, 2026"]

    functions = on_every_connection(ds, "demo", lambda conn: [tuple(row) for row in conn.execute(
        "SELECT name, narg FROM pragma_function_list WHERE flags & 0x800 = 0 ORDER BY name, narg")])
    assert all(listed == functions[0] for listed in functions)
    ours = {spec["name"] for spec in json.loads(subprocess.run([CLI, "functions", "--format", "json"], capture_output=True,
                                                               text=True, check=True).stdout)}
    arguments = ["'Pacific/Kiritimati'", "'2027-01-01T00:00:00Z'", "'UTC'", "1"]
    attempts = ["SELECT switchboard_timezone('Pacific/Kiritimati')", "SELECT switchboard_timezone()",
                "SELECT \"switchboard_now\"('2027-01-01T00:00:00Z')", "SELECT load_extension('/nonexistent/library')"]
    attempts += [f"SELECT {name}({', '.join(arguments[:max(narg, 0)])})" for name, narg in functions[0]
                 if (name in ours or name == "load_extension") and name != "random_uuid"]
    attempts.append("SELECT length(random_uuid())")  # a new id each call: its length is the same everywhere
    assert "SELECT switchboard_now('Pacific/Kiritimati')" in attempts and "SELECT display_timezone('Pacific/Kiritimati')" in attempts

    async def attack():
        return await asyncio.gather(*[ds.client.get("/demo.json", params={"sql": sql, "_shape": "array"})
                                      for sql in attempts for _ in range(ds.executor._max_workers * 2)])
    answers = {}
    for sql, response in zip([sql for sql in attempts for _ in range(ds.executor._max_workers * 2)], asyncio.run(attack())):
        body = response.json()
        answers.setdefault(sql, set()).add((response.status_code, body["error"] if response.status_code != 200 else
                                            json.dumps(body)))
    assert answers["SELECT switchboard_timezone('Pacific/Kiritimati')"] == {(400, "no such function: switchboard_timezone")}
    assert answers["SELECT switchboard_timezone()"] == {(400, "no such function: switchboard_timezone")}
    assert answers["SELECT \"switchboard_now\"('2027-01-01T00:00:00Z')"] == {(400, "user-defined function raised exception")}
    assert answers["SELECT switchboard_now('Pacific/Kiritimati')"] == {(400, REFUSED_NOW)}
    assert answers["SELECT load_extension('/nonexistent/library')"] == {(400, "not authorized")}
    assert answers["SELECT display_timezone('Pacific/Kiritimati')"] == {
        (200, json.dumps([{"display_timezone('Pacific/Kiritimati')": "Pacific/Kiritimati"}]))}
    assert all(len(outcomes) == 1 for outcomes in answers.values()), answers  # every connection answers alike
    # The same calls straight on each pooled connection (past the plugin's check of the SQL text): refused there too.
    for sql, refusal in [("SELECT switchboard_timezone('Pacific/Kiritimati')", "no such function"),
                         ("SELECT switchboard_now('2027-01-01T00:00:00Z')", "user-defined function raised exception"),
                         ("SELECT load_extension('/nonexistent/library')", "not authorized")]:
        def tried(conn, sql=sql):
            try:
                conn.execute(sql).fetchall()
            except sqlite3.Error as error:
                return str(error)
            return "accepted"
        assert all(refusal in outcome for outcome in on_every_connection(ds, "demo", tried)), sql

    # Afterwards: every pooled connection answers as before, and the same URLs give the same values, many times over.
    assert len(ds.executor._threads) == ds.executor._max_workers
    clocks = on_every_connection(ds, "demo", lambda conn: [tuple(row) for row in conn.execute(
        "SELECT switchboard_now(), relative_time FROM notification_inbox WHERE id = 'n-late'")])
    assert clocks == [[(DEMO_NOW, "Jan 14")]] * ds.executor._max_workers
    after = fetch_all(ds.executor._max_workers * 3)
    assert after == [rows for rows in expected for _ in range(ds.executor._max_workers * 3)]


@pytest.fixture(scope="module")
def crowded(tmp_path_factory):
    """A demo database with 20,000 more posts, `quokka` in 1,900 of them: just under the trigram candidates that
    post_search reads whole (SearchPlan.candidateLimit), so it is at work on them when a short time limit runs out."""
    database = tmp_path_factory.mktemp("crowded") / "demo.db"
    subprocess.run([CLI, "demo", "--db", str(database), "--now", DEMO_NOW], check=True, capture_output=True)
    with sqlite3.connect(database) as conn:
        conn.execute("PRAGMA recursive_triggers = ON")
        conn.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
            INSERT INTO social_media_posts (user_id, platform, post_url, post_content, author_name, author_handle,
                                            post_date)
            SELECT (SELECT id FROM users), 'twitter', 'https://x.com/crowd/' || i,
                   'Crowd post ' || i || CASE WHEN i % 10 = 0 AND i <= 19000 THEN ' quokka' ELSE '' END
                       || ' at the camp',
                   'Coach ' || (i % 97), '@coach' || (i % 97),
                   strftime('%Y-%m-%dT%H:%M:%SZ', '2026-01-01', i || ' minutes')
            FROM n""")
    return database


@pytest.fixture
def interrupted_at_once(monkeypatch):
    """Datasette's time limit of 1 ms made exact: such a statement is interrupted at its first progress check, after
    100 steps of the statement that makes it (SQLite counts each statement's steps: post_search's own reads of the
    index take many more, the statement that calls it fewer before it does). Other limits stay Datasette's."""
    original = datasette.database.sqlite_timelimit

    @contextlib.contextmanager
    def limit(conn, ms):
        if ms != 1:
            with original(conn, ms):
                yield
            return
        conn.set_progress_handler(lambda: 1, 100)
        try:
            yield
        finally:
            conn.set_progress_handler(None, 100)

    monkeypatch.setattr(datasette.database, "sqlite_timelimit", limit)


def test_a_query_out_of_time_is_datasettes_own_error(crowded, interrupted_at_once):
    """A search stopped by the page's time limit (`_timelimit`, here inside post_search: interrupted_at_once)
    answers with Datasette's own "SQL query took too long" (its QueryInterrupted: SQLite's "interrupted", as is), on
    the tables' and views' pages and on the canned query's."""
    ds = Datasette([str(crowded)], metadata={"plugins": {"datasette-switchboard": {"now": DEMO_NOW}}})
    for path, search in [("social_media_posts", "_search"), ("social_feed", "_search"), ("social-feed", "search")]:
        response = request(ds, f"/demo/{path}.json", params={search: "quokka", "_timelimit": "1"})
        data = response.json()
        assert (response.status_code, data["title"]) == (400, "SQL Interrupted"), data
        assert data["error"].startswith("<p>SQL query took too long."), data["error"]


def test_a_facet_out_of_time_leaves_the_page(crowded, interrupted_at_once):
    """A facet stopped by its time limit (facet_time_limit_ms, here inside post_search: interrupted_at_once) is
    listed as timed out; the page is served."""
    ds = Datasette([str(crowded)], settings={"facet_time_limit_ms": 1},
                   metadata={"plugins": {"datasette-switchboard": {"now": DEMO_NOW}}})
    response = request(ds, "/demo/social_media_posts.json", params={"_search": "quokka", "_size": "1"})
    assert response.status_code == 200, response.text
    assert (response.json()["filtered_table_rows_count"], response.json()["facet_results"]) == (1900, {})
    page = request(ds, "/demo/social_media_posts", params={"_search": "quokka", "_size": "1"})
    assert page.status_code == 200, page.text
    assert ('<p class="facets-timed-out">These facets timed out: platform, sentiment, flagged_for_review, '
            'is_recruiting_related</p>') in page.text


def test_the_feeds_filters_read_their_index(demo):
    """The feed's flagged and sentiment filters, as Datasette's pages write them (view and table, newest first), read
    the page and the count from their index (schema 0023): however few posts a filter keeps, no walk of every post."""
    _, database = demo
    con = switchboard.connect(str(database))
    for column, index in [("flagged_for_review", "social_media_posts_flagged"),
                          ("sentiment", "social_media_posts_sentiment")]:
        for name in ["social_feed", "social_media_posts"]:
            plan = [row[3] for row in con.execute(
                f'EXPLAIN QUERY PLAN select * from {name} where "{column}" = :p0 order by post_date_ms desc limit 51',
                {"p0": "1"})]
            assert any(f"USING INDEX {index} ({column}=?)" in step for step in plan), (name, plan)
            assert not any("TEMP B-TREE" in step for step in plan), (name, plan)
        plan = [row[3] for row in con.execute(
            f'EXPLAIN QUERY PLAN select count(*) from social_media_posts where "{column}" = :p0', {"p0": "1"})]
        assert plan == [f"SEARCH social_media_posts USING COVERING INDEX {index} ({column}=?)"]
    con.close()


def test_row_counts_come_from_the_counters(tmp_path):
    """A table or view page's row count, unfiltered or by the counters' own filters, is read from the counter tables
    (here made to disagree with the rows, to tell them apart); a view's other counts are its table's; any other
    count, and a visitor's SQL, count the rows."""
    database = tmp_path / "demo.db"
    subprocess.run([CLI, "demo", "--db", str(database), "--now", DEMO_NOW], check=True, capture_output=True)
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE social_media_post_counters SET posts = posts + 1000, flagged = flagged + 50 "
                     "WHERE platform = 'twitter'")
        flagged = conn.execute("SELECT count(*) FROM social_media_posts WHERE platform = 'twitter' "
                               "AND flagged_for_review = 1").fetchone()[0]
        conn.execute("UPDATE notification_counters SET unread = unread + 7 WHERE type = 'offer'")
    ds = serve(database, now=DEMO_NOW)

    def count(path, **query):
        response = request(ds, path + ".json", params={**query, "_size": "1"})
        assert response.status_code == 200, response.text
        return response.json()["filtered_table_rows_count"]

    for name in ["social_media_posts", "social_feed"]:
        assert count(f"/demo/{name}") == 1300
        assert count(f"/demo/{name}", platform="twitter") == 1200
        assert count(f"/demo/{name}", platform="twitter", flagged_for_review="1") == flagged + 50
        # with a search (here a blank one, every row), the rows are counted
        assert count(f"/demo/{name}", platform="twitter", flagged_for_review="1", _search=" ") == flagged
        assert count(f"/demo/{name}", sentiment="negative") == get(
            ds, "/demo", sql="SELECT count(*) AS n FROM social_media_posts WHERE sentiment = 'negative'")[0]["n"]
    assert count("/demo/notification_inbox", type="offer", read_at__isnull="1") == 7 + get(
        ds, "/demo", sql="SELECT count(*) AS n FROM notifications WHERE type = 'offer' AND read_at IS NULL")[0]["n"]
    assert count("/demo/social_feed", display_name="Ana Müller") == 10  # a computed column: the view's own rows
    assert get(ds, "/demo", sql="select count(*) as n from social_media_posts ") == [{"n": 300}]


def test_the_database_page_counts_in_one_trip(tmp_path, monkeypatch):
    """The database's page: every table counted in one trip to the database's thread (the counted ones from their
    counters, here bent to tell them apart), the hidden ones (the search indexes' shadow tables) left off."""
    database = tmp_path / "demo.db"
    subprocess.run([CLI, "demo", "--db", str(database), "--now", DEMO_NOW], check=True, capture_output=True)
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE social_media_post_counters SET posts = posts + 1000 WHERE platform = 'twitter'")
    ds = serve(database, now=DEMO_NOW)
    assert request(ds, "/demo.json").status_code == 200  # the plugin's first look at the database
    trips = []
    execute_fn = type(ds.get_database("demo")).execute_fn

    async def counted(self, fn):
        trips.append(getattr(fn, "__name__", "?"))
        return await execute_fn(self, fn)

    monkeypatch.setattr(type(ds.get_database("demo")), "execute_fn", counted)
    page = request(ds, "/demo.json").json()
    counts = {table["name"]: table["count"] for table in page["tables"]}
    assert trips.count("count_all") == 1
    assert counts["social_media_posts"] == 1300 and counts["users"] == 1 and counts["tg_icons"] == 36
    assert not any(name.startswith("social_posts_trigram") for name in counts)
    assert request(ds, "/demo/social_posts_trigram_data.json").status_code == 200


def test_a_search_that_tests_rows_is_not_counted_over_a_large_table(demo, monkeypatch):
    """Over a table of more than COUNT_ROWS rows (here 100), a search that tests rows (a common one) shows no count,
    as Datasette shows none for a count out of time; one the index lists (a rare one) is counted."""
    ds, database = demo
    monkeypatch.setattr(scale, "COUNT_ROWS", 100)
    con = switchboard.connect(str(database))
    assert [way(con, "social_media_posts", search) for search in ["a", "scholarship"]] == ["tested", "listed"]
    con.close()
    for name in ["social_media_posts", "social_feed"]:
        common = request(ds, f"/demo/{name}.json", params={"_search": "a", "_size": "3"}).json()
        assert (len(common["rows"]), common["filtered_table_rows_count"]) == (3, None)
        assert request(ds, f"/demo/{name}.json", params={"_search": "scholarship"}).json()[
            "filtered_table_rows_count"] == len(cli_json(database, "social-feed", "search=scholarship", "limit=10000"))
