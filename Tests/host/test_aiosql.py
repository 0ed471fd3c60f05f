"""The canned queries in queries/ load with plain aiosql (default settings) and run unchanged, against the demo data.

Every name line carries aiosql 15's parameter signature (`-- name: social-feed(user_id, search, ...)`), the
docstring's declared parameters; writes end in `!` (aiosql returns the changed-row count) or, when they have
RETURNING, `<!` (aiosql returns the row). What the headers declare comes from the one parser, the CLI's
catalog (`switchboard queries --format json`); these tests never read a header themselves.
"""
import re
import sqlite3

import aiosql
import apsw
import pytest

from conftest import DEMO_SCRIPTS, EXTENSION, MIGRATIONS, ROOT, cli_catalog

QUERIES = ROOT / "queries"
DEMO_NOW = "2026-02-10T12:00:00Z"
# A `:name` outside string literals, as aiosql and SQLite see it.
PARAMETER = re.compile(r"'(?:''|[^'])*'|(?<![:\w]):(\w+)")


# The queries the docs name, at least.
REQUIRED = {
    "social_feed", "social_stats", "notifications_inbox", "notifications_mark_all_read", "notifications_clear_read",
    "templates_list", "templates_type_counts", "tg_templates", "tg_widget", "posts_with_placeholders",
}
QUERY_FILES = sorted(QUERIES.glob("*.sql"))
LOADED = aiosql.from_path(QUERIES, "apsw")
CATALOG = cli_catalog()


def function_name(path):
    return path.stem.replace("-", "_")


def declarations(name):
    """The parameters query `name` (`social-feed`) declares: name -> (type, required)."""
    return {parameter: (kind, required) for parameter, (kind, required, _) in declared_defaults(name).items()}


def declared_ranges(name):
    """name -> (lowest, highest) allowed value (None for no bound), for the parameters that declare a range."""
    return {declared["name"]: (declared["minimum"], declared["maximum"])
            for declared in CATALOG[name]["declarations"] if declared["range"] is not None}


def declared_defaults(name):
    """name -> (type, required, default as a bindable value or None)."""
    bindable = {"boolean": lambda value: {"true": 1, "false": 0}[value], "integer": int}
    return {declared["name"]: (declared["type"], declared["requirement"] == "required",
                               None if declared["default"] is None
                               else bindable.get(declared["type"], str)(declared["default"]))
            for declared in CATALOG[name]["declarations"]}


def used_parameters(sql):
    return {name for name in PARAMETER.findall(sql) if name}


def is_read(path):
    return CATALOG[path.stem]["op"] == ""


@pytest.fixture(scope="module")
def demo():
    """An in-memory demo database: the migrations, then schema/demo/*.sql, with the clock pinned."""
    con = apsw.Connection(":memory:")
    con.enable_load_extension(True)
    con.load_extension(EXTENSION)
    for path in MIGRATIONS + DEMO_SCRIPTS:
        con.execute(path.read_text()).fetchall()
    con.execute("SELECT switchboard_now(?)", (DEMO_NOW,)).fetchall()
    yield con
    con.close()


@pytest.fixture
def scratch(demo):
    """The demo database inside a savepoint that is rolled back, so a test may write."""
    demo.execute("SAVEPOINT scratch")
    yield demo
    demo.execute("ROLLBACK TO scratch; RELEASE scratch")


def value(con, sql):
    return con.execute(sql).fetchall()[0][0]


def demo_arguments(con, path):
    """Every declared parameter: None for the optional ones, a real id from the demo for the required ones."""
    area = path.stem.split("-")[0]
    ids = {
        ("templates", "id"): "SELECT id FROM communication_templates ORDER BY seq LIMIT 1",
        ("templates", "coach_id"): "SELECT id FROM coaches WHERE school_id IS NOT NULL ORDER BY name LIMIT 1",
        ("posts", "id"): "SELECT parent_id FROM posts WHERE parent_id IS NOT NULL ORDER BY id LIMIT 1",
        ("posts", "template_name"): "SELECT name FROM post_templates ORDER BY name LIMIT 1",
    }
    arguments = {}
    for name, (_, required) in declarations(path.stem).items():
        arguments[name] = value(con, ids[(area, name)]) if required else None
    return arguments


def run(con, name, **arguments):
    """Runs a read query through aiosql with every declared parameter (None unless given); rows as dicts."""
    function = name.replace("-", "_")
    full = {parameter: None for parameter in declarations(name)}
    full.update(arguments)
    rows, columns = [], None
    with getattr(LOADED, function + "_cursor")(con, **full) as cursor:
        for row in cursor:  # APSW describes the columns only while the statement runs
            columns = columns or [column[0] for column in cursor.getdescription()]
            rows.append(dict(zip(columns, row)))
    return rows


def test_every_file_loads_as_one_query_named_after_it():
    names = sorted(name for name in LOADED.available_queries if not name.endswith("_cursor"))
    assert names == sorted(function_name(path) for path in QUERY_FILES)
    assert REQUIRED <= set(names)
    assert sorted(CATALOG) == [path.stem for path in QUERY_FILES]


@pytest.mark.parametrize("path", QUERY_FILES, ids=lambda path: path.stem)
def test_header_name_and_parameters_match_the_sql(path):
    entry = CATALOG[path.stem]
    assert entry["origin"] == f"built-in {path.name}"
    assert path.stem.split("-")[0] in {"social", "notifications", "templates", "tg", "posts", "profile", "schools", "coaches"}
    query = getattr(LOADED, function_name(path))
    assert query.__doc__.splitlines()[0] and not query.__doc__.startswith(":")
    assert entry["summary"] and query.__doc__.startswith(entry["summary"])
    assert set(declarations(path.stem)) == used_parameters(query.sql)
    assert entry["signature"] == list(declarations(path.stem))
    if entry["op"] in ("!", "<!"):
        assert (entry["op"] == "<!") == ("RETURNING" in query.sql)


# The demo queues no quick-send message: the outbox's reads see the one tg-send queues (in the rolled-back scratch).
FILLED_BY = {"tg-outbox": ("tg-send", "SELECT id FROM tg_templates WHERE target_group_id IS NOT NULL ORDER BY id LIMIT 1")}


@pytest.mark.parametrize("path", [path for path in QUERY_FILES if is_read(path)], ids=lambda path: path.stem)
def test_read_query_returns_demo_rows(scratch, path):
    if path.stem in FILLED_BY:
        write, template = FILLED_BY[path.stem]
        full = {parameter: None for parameter in declarations(write)}
        list(getattr(LOADED, function_name(QUERIES / f"{write}.sql"))(scratch, **{**full, "id": value(scratch, template)}))
    query = getattr(LOADED, function_name(path))
    rows = list(query(scratch, **demo_arguments(scratch, path)))
    assert rows, f"{path.stem} returned no rows on the demo data"


@pytest.mark.parametrize("path", [path for path in QUERY_FILES if is_read(path)], ids=lambda path: path.stem)
def test_defaults_in_the_sql_match_the_declared_ones(demo, path):
    """Leaving a defaulted parameter NULL (as the shell and aiosql do) gives what the declared default gives."""
    query = getattr(LOADED, function_name(path))
    unset = demo_arguments(demo, path)
    defaults = {name: default for name, (_, _, default) in declared_defaults(path.stem).items() if default is not None}
    assert list(query(demo, **unset)) == list(query(demo, **{**unset, **defaults}))


def test_ranges_hold_their_defaults_and_bound_every_limit_and_days():
    for path in QUERY_FILES:
        ranges, defaults = declared_ranges(path.stem), declared_defaults(path.stem)
        for name, (low, high) in ranges.items():
            default = defaults[name][2]
            assert default is None or ((low is None or low <= default) and (high is None or default <= high)), path
        for name in ("limit", "days"):
            if name in defaults:
                assert name in ranges, f"{path}: :{name} declares no range"
    assert declared_ranges("notifications-generate-follow-ups") == {"days": (0, 3650)}
    assert declared_ranges("tg-reorder") == {"position": (0, None)}


def test_the_catalog_keeps_a_parameters_continued_description_whole():
    search = next(declared for declared in CATALOG["social-feed"]["declarations"] if declared["name"] == "search")
    assert search["description"] == (
        "words to find in the content, author name or handle: each, in any order, a case-insensitive substring of one "
        "of them (docs/search.md); at most 32 words of 256 bytes")
    assert "rowid" not in CATALOG["social-feed"]["description"]


@pytest.mark.parametrize("name", ["social-feed", "notifications-inbox", "templates-list", "tg-groups"])
@pytest.mark.parametrize("search", ['"', "AND", "NEAR(", "*", "-x", "col:x", "🙂", "a\0b", "OR OR", "   "])
def test_any_search_text_gives_rows_or_none_never_an_error(demo, name, search):
    assert isinstance(run(demo, name, search=search), list)


def test_social_stats_counts_the_demo_posts(demo):
    assert run(demo, "social-stats") == [{
        "totalPosts": 300, "twitterPosts": 200, "instagramPosts": 100, "flaggedPosts": 33,
        "totalPostsBadge": "99+", "twitterPostsBadge": "99+", "instagramPostsBadge": "100", "flaggedPostsBadge": "33",
    }]


def test_social_feed_filters_combine(demo):
    flagged = run(demo, "social-feed", flagged=True, limit=100)
    assert len(flagged) == 33 and {row["platform"] for row in flagged} == {"instagram"}
    assert run(demo, "social-feed", flagged=True, platform="twitter") == []
    neutral = run(demo, "social-feed", sentiment="neutral", platform="instagram", limit=100)
    assert len(neutral) == value(demo, "SELECT count(*) FROM social_media_posts WHERE sentiment = 'neutral' AND platform = 'instagram'")
    assert {row["sentiment_label"] for row in neutral} == {"😐 Neutral"}
    recruiting = run(demo, "social-feed", recruiting=True, limit=300)
    assert len(recruiting) == 226 and all(row["is_recruiting_related"] == 1 for row in recruiting)
    assert all(row["flagged_for_review"] == 1 for row in flagged)
    school = "00000002-0000-4000-8000-000000000001"
    assert {row["school_name"] for row in run(demo, "social-feed", school_id=school)} == {"State University"}


def test_social_feed_search_finds_handles_accents_and_prefixes(demo):
    smith = run(demo, "social-feed", search="smith", limit=100)
    assert len(smith) == 15
    assert all("smith" in (row["post_content"] + row["author_handle"] + row["author_name"]).lower() for row in smith)
    assert len(run(demo, "social-feed", search="jose", limit=100)) == 10
    assert run(demo, "social-feed", search="NEAR( \"col: * -", limit=100) == []
    assert len(run(demo, "social-feed", search="   ")) == 50


def test_social_feed_keyset_pages_cover_every_post_once_in_order(demo):
    seen, cursor = [], {}
    for _ in range(20):  # 300 posts are 6 full pages; a cursor that stops moving must not loop forever
        page = run(demo, "social-feed", **cursor)
        if not page:
            break
        assert len(page) <= 50
        seen += [(row["post_date"], row["id"]) for row in page]
        cursor = {"cursor_post_date": page[-1]["post_date"], "cursor_id": page[-1]["id"]}
    else:
        pytest.fail(f"no empty page after 20 pages ({len(seen)} rows)")
    assert len(seen) == 300 and seen == sorted(set(seen), reverse=True)


def test_notifications_inbox_and_counts(demo):
    assert run(demo, "notifications-unread-count") == [
        {"unread": 74, "unread_label": "74 unread", "unread_badge": "74", "read": 141, "has_unread": 1, "has_read": 1}]
    deadlines = run(demo, "notifications-inbox", type="deadline_alert", when="all")
    assert len(deadlines) == 34 and {row["type_label"] for row in deadlines} == {"Deadlines"}
    assert len(run(demo, "notifications-inbox", search="transcript", when="all")) == 9
    assert len(run(demo, "notifications-inbox", unread=True, when="all")) == 74
    # Every notification comes back by default (no cut at 100, future ones too): 207 due now and 8 upcoming.
    assert len(run(demo, "notifications-inbox")) == 215
    assert len(run(demo, "notifications-inbox", when="due")) == 207
    upcoming = run(demo, "notifications-inbox", when="upcoming")
    assert len(upcoming) == 8 and upcoming[0]["relative_time"] == "in 4h"
    assert run(demo, "notifications-inbox", limit=1, when="due")[0]["relative_time"] == "42m ago"
    # The counts take the same when and count the same list.
    assert run(demo, "notifications-unread-count", when="due")[0]["unread_label"] == "66 unread"
    assert run(demo, "notifications-type-counts", when="due")[0]["chip"] == "All (207)"
    assert [row["chip"] for row in run(demo, "notifications-type-counts")] == [
        "All (215)", "Follow-ups (33)", "Deadlines (34)", "Inbound (48)", "Digest (34)", "Offers (33)", "Events (33)"]
    assert [row["type"] for row in run(demo, "notifications-type-counts")] == [
        None, "follow_up_reminder", "deadline_alert", "inbound_interaction", "daily_digest", "offer", "event"]


def test_templates_pages(demo):
    assert [row["button_label"] for row in run(demo, "templates-type-counts")] == [
        "All (12)", "Email (5)", "Text (4)", "Twitter (3)"]
    assert [row["name"] for row in run(demo, "templates-list", type="twitter")] == [
        row["name"] for row in run(demo, "templates-list") if row["type"] == "twitter"]
    assert [row["name"] for row in run(demo, "templates-variables")] == ["coach_name", "athlete_name", "school_name", "sport"]
    rendered = run(demo, "templates-render", id="00000004-0000-4000-8000-000000000001",
                   coach_id="00000003-0000-4000-8000-000000000001")
    assert rendered[0]["message"] == (
        "Dear José Smith,\n\nMy name is Jordan Rivera, a Soccer player in the class of 2027. I am very interested"
        " in State University and would love to learn more about your program.\n\nThank you,\nJordan Rivera")
    assert rendered[0]["missing"] == "[]"
    with pytest.raises(apsw.SQLError, match=r"missing value for \{\{gpa\}\} for coach 'José Smith'"):
        run(demo, "templates-render", id="00000004-0000-4000-8000-000000000005",
            coach_id="00000003-0000-4000-8000-000000000001")
    gpa = run(demo, "templates-render", id="00000004-0000-4000-8000-000000000005",
              coach_id="00000003-0000-4000-8000-000000000001", partial=True)
    assert gpa[0]["missing"] == '["gpa"]'


def test_tg_widget_is_the_first_four_buttons(demo):
    assert [row["name"] for row in run(demo, "tg-widget")] == ["On my way", "Running late", "Practice done", "Game day"]
    assert [row["name"] for row in run(demo, "tg-templates")][:4] == ["On my way", "Running late", "Practice done", "Game day"]


def test_posts_placeholders_fall_back(demo):
    assert run(demo, "posts-template-placeholders", template_name="profile") == [{
        "template_name": "profile", "known": 1, "placeholder_title": "name",
        "placeholder_summary": "mission", "placeholder_body": "personal statement"}]
    assert run(demo, "posts-template-placeholders", template_name="nope")[0]["placeholder_title"] == "Title"
    parent = run(demo, "posts-show", id=1)[0]
    assert parent["child_count"] == 3 and parent["placeholder_title"] == "Game recap"
    missing = run(demo, "posts-show", id=4)[0]
    assert missing["template_name"] == "journal" and missing["placeholder_title"] is None
    assert (missing["title_label"], missing["summary_label"], missing["body_label"]) == ("Title", "Summary", "Body")


def test_mark_all_read_and_clear_read_change_every_matching_row(scratch):
    LOADED.notifications_mark_all_read(scratch, user_id=None)
    assert scratch.changes() == 74
    assert run(scratch, "notifications-unread-count")[0]["unread"] == 0
    LOADED.notifications_clear_read(scratch, user_id=None)
    assert scratch.changes() == 215
    assert value(scratch, "SELECT count(*) FROM notifications") == 0


def test_bad_template_fails_with_the_named_constraint_and_changes_nothing(scratch):
    before = value(scratch, "SELECT count(*) FROM communication_templates")
    with pytest.raises(apsw.ConstraintError, match=r"^CHECK constraint failed: template_name_required$"):
        LOADED.templates_create(scratch, name="", type="email", body="Hi", variables=None, user_id=None)
    with pytest.raises(apsw.ConstraintError, match=r"^CHECK constraint failed: template_type_valid$"):
        LOADED.templates_create(scratch, name="Fax", type="fax", body="Hi", variables=None, user_id=None)
    with pytest.raises(apsw.ConstraintError, match=r"^CHECK constraint failed: template_body_required$"):
        LOADED.templates_update(scratch, id="00000004-0000-4000-8000-000000000001", name=None, type=None, body="",
                                variables=None, user_id=None)
    assert value(scratch, "SELECT count(*) FROM communication_templates") == before


def test_a_body_that_does_not_parse_is_saved_as_written(scratch):
    # Spec 000: "Special characters in body: Allow (no restrictions)"; the problem is in template_error.
    LOADED.templates_create(scratch, name="Broken", type="email", body="Hi {{#coach}}", variables=None, user_id=None)
    assert value(scratch, "SELECT body || ' | ' || template_error(body) FROM communication_templates WHERE name = 'Broken'") == (
        "Hi {{#coach}} | unclosed section 'coach' opened at line 1, column 4")


def test_log_interaction_stores_the_rendered_template(scratch):
    template, coach = "00000004-0000-4000-8000-000000000003", "00000003-0000-4000-8000-000000000001"
    LOADED.templates_log_interaction(scratch, id=template, coach_id=coach, occurred_at="2026-02-10T12:00:00Z",
                                     allow_missing=None, user_id=None)
    assert scratch.changes() == 1
    body = value(scratch, f"SELECT body FROM interactions WHERE template_id = '{template}' AND coach_id = '{coach}'")
    assert body == run(scratch, "templates-render", id=template, coach_id=coach)[0]["message"]
    before = value(scratch, "SELECT count(*) FROM interactions")
    with pytest.raises(apsw.SQLError, match=r"missing value for \{\{gpa\}\} for coach 'José Smith'"):
        LOADED.templates_log_interaction(scratch, id="00000004-0000-4000-8000-000000000005", coach_id=coach,
                                         occurred_at=None, allow_missing=None, user_id=None)
    assert value(scratch, "SELECT count(*) FROM interactions") == before


def test_reorder_moves_one_button_and_shifts_the_others(scratch):
    LOADED.tg_reorder(scratch, id="00000008-0000-4000-8000-000000000006", position=1)
    assert scratch.changes() == 5
    assert [(row["name"], row["sort_order"]) for row in run(scratch, "tg-templates")] == [
        ("On my way", 0), ("Home safe", 1), ("Running late", 2), ("Practice done", 3), ("Game day", 4),
        ("Pick me up", 5), ("Old team update", 6), ("Call me", 7)]


def test_social_feed_search_is_driven_by_the_hits(demo):
    """With a search the rows come by rowid from post_search, in its order (the table-valued function picks
    its own plan: SearchPlanTests, a school's posts by the school's index): no other index is asked, no sort of its
    rows, never a scan of the posts table."""
    arguments = {name: None for name in declarations("social-feed")}
    rows = list(demo.execute("EXPLAIN QUERY PLAN " + LOADED.social_feed.sql, {**arguments, "search": "smith"}))
    plan = [row[3] for row in rows]
    assert "SEARCH p USING INTEGER PRIMARY KEY (rowid=?)" in plan
    # post_search, with every argument bound (index 119: query, user, page size, school, the cursor's date and id), once
    assert plan.count("SCAN s VIRTUAL TABLE INDEX 119:") == 1
    assert not [row for row in rows if "TEMP B-TREE" in row[3]]
    assert not [step for step in plan if "_fts" in step]
    assert not [step for step in plan if step in ("SCAN p", "SCAN m") or step.startswith(("SCAN p ", "SCAN m "))]


def test_returning_rows_reach_the_caller(scratch):
    """`<!` writes give the caller their RETURNING row (APSW: a tuple in the RETURNING list's order)."""
    row = LOADED.templates_create(scratch, name="Thanks", type="email", body="Thank you, {{coach_name}}.",
                                  variables=None, user_id=None)
    assert row[1:5] == ("00000001-0000-4000-8000-000000000001", "Thanks", "email", "Thank you, {{coach_name}}.")
    assert value(scratch, f"SELECT name FROM communication_templates WHERE id = '{row[0]}'") == "Thanks"
    flagged = LOADED.social_flag(scratch, id=value(scratch, "SELECT id FROM social_media_posts WHERE NOT flagged_for_review LIMIT 1"),
                                 user_id=None)
    assert flagged[10] == 1
    assert LOADED.social_flag(scratch, id="no-such-post", user_id=None) is None


@pytest.fixture
def stdlib_demo():
    """The demo database on a stdlib sqlite3 connection (needs a Python whose sqlite3 can load extensions)."""
    con = sqlite3.connect(":memory:", isolation_level=None)
    con.enable_load_extension(True)
    con.load_extension(EXTENSION)
    con.enable_load_extension(False)
    for path in MIGRATIONS + DEMO_SCRIPTS:
        con.executescript(path.read_text())
    con.execute("SELECT switchboard_now(?)", (DEMO_NOW,))
    yield con
    con.close()


def test_writes_report_row_counts(stdlib_demo):
    """`!` writes return the changed-row count (the sqlite3 driver has rowcount; with APSW read con.changes())."""
    queries = aiosql.from_path(QUERIES, "sqlite3")
    assert queries.notifications_mark_all_read(stdlib_demo, user_id=None) == 74
    assert queries.notifications_mark_all_read(stdlib_demo, user_id=None) == 0
    assert queries.notifications_clear_read(stdlib_demo, user_id=None) == 215
    assert queries.social_delete(stdlib_demo, id="no-such-post", user_id=None) == 0
    assert queries.tg_reorder(stdlib_demo, id="00000008-0000-4000-8000-000000000006", position=1) == 5
    assert LOADED.notifications_mark_all_read.__doc__.startswith('"Mark all as read"')


def test_returning_rows_reach_the_caller_with_the_sqlite3_driver_and_the_caller_commits(tmp_path):
    """aiosql's own sqlite3 adapter gives a `<!` write the cursor's lastrowid; switchboard's (the package's
    aiosql_adapters.SQLite3Adapter) gives its RETURNING row. sqlite3 opened a transaction for the write, which
    aiosql leaves open: the caller commits, as docs/hosts.md shows."""
    import subprocess

    import switchboard
    from conftest import CLI
    from switchboard.aiosql_adapters import SQLite3Adapter

    database = tmp_path / "demo.db"
    subprocess.run([CLI, "demo", "--db", str(database), "--now", DEMO_NOW], check=True, capture_output=True)
    con = switchboard.connect(database)
    queries = aiosql.from_path(switchboard.query_folder(), SQLite3Adapter)
    row = queries.templates_create(con, name="Thanks", type="email", body="Thank you, {{coach_name}}.", variables=None,
                                   user_id=None)
    assert row[1:5] == ("00000001-0000-4000-8000-000000000001", "Thanks", "email", "Thank you, {{coach_name}}.")
    other = sqlite3.connect(database)
    count = "SELECT count(*) FROM communication_templates WHERE name = 'Thanks'"
    assert con.in_transaction and other.execute(count).fetchone() == (0,)
    con.commit()
    assert other.execute(count).fetchone() == (1,)
    assert queries.social_flag(con, id="no-such-post", user_id=None) is None
    plain = aiosql.from_path(QUERIES, "sqlite3").templates_create(con, name="Again", type="text", body="Hi",
                                                                   variables=None, user_id=None)
    assert isinstance(plain, int)  # aiosql's adapter: the lastrowid, not the row
    con.rollback()
    other.close()
    con.close()
