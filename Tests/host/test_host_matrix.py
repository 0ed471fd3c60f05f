"""One answer in every host: the same canned-query calls through seven hosts give the same rows.

The hosts: the switchboard CLI (`switchboard run`, the reference), the sqlite3 shell with `.load` (the query
file as it is, `.param set`), stdlib sqlite3 through `switchboard.connect()` (`switchboard.queries`), APSW
(its own SQLite, `switchboard.load`), aiosql over the bundled queries/, the Datasette JSON API (the plugin's
canned queries, in-process, its `now` setting) and sqlite-utils (its Python API, with the plugin). None of
them sets anything up but what its own docs say: load the extension and pin the clock ($SWITCHBOARD_NOW, the
plugin's `now`); no host sets a time zone, so the dates come from each user's users.timezone.

One small workspace, made once: three users (UTC, America/New_York, Pacific/Kiritimati) with posts,
notifications and templates around the spring-forward day of 2026 in New York and the turn of the year,
dates in the forms real sources write (milliseconds, no zone, a space or a lower-case t, +0000, a bare date),
accents and short words to search, quick-send buttons and posts with placeholders. The clock is pinned to
noon in New York on the spring-forward day. The calls cover every page with its filters and searches
(accents, one and two characters, spaces, several words), each user, and paging with a cursor.

Cells are compared after normalisation: booleans as 0/1, JSON columns (`-- returns json:`) parsed, whole
REALs as integers. A failure names the host, the call and the first differing value.
"""
import asyncio
import json
import os
import sqlite3
import subprocess

import aiosql
import apsw
import pytest
import sqlite_utils
from datasette.app import Datasette

import switchboard
from conftest import CLI, cli_catalog
from switchboard.aiosql_adapters import SQLite3Adapter

NOW = "2026-03-08T16:00:00Z"  # noon in New York, the day its clocks go forward
USERS = {"u-utc": "UTC", "u-ny": "America/New_York", "u-ki": "Pacific/Kiritimati"}
CATALOG = cli_catalog()

# (id suffix, platform, content, post_date, sentiment, flagged, recruiting, school, notes)
POSTS = [
    ("1", "twitter", "Camp registration opens Monday. Great offer for our recruits", "2026-03-08T15:00:00.123Z",
     "positive", 1, 1, "s-etat", None),
    ("2", "instagram", "José signed his offer today! Café celebration", "2026-03-08T06:30:00Z", "very_positive", 0, 1,
     "s-north", None),
    ("3", "twitter", "A busy week of practice", "2026-03-08T07:30:00Z", "neutral", 0, 0, None, None),
    ("4", "twitter", "Niño de oro: 5k run at the camp", "2026-03-07T17:00:00Z", "negative", 1, 0, "s-etat", "check this"),
    ("5", "instagram", "résumé review for juniors", "2026-03-01 14:00:00", None, 0, 1, "s-north", None),
    ("6", "twitter", "offer   letters  arrived", "2026-02-28t09:15:00z", "positive", 0, 1, None, None),
    ("7", "instagram", "Year-end thanks to every family", "2025-12-31T10:30:00Z", "positive", 0, 0, "s-etat", None),
    ("8", "twitter", "New year, new goals", "2026-01-01T09:00:00+0000", "neutral", 0, 0, None, None),
    ("9", "twitter", "Spring showcase", "2026-03-09", None, 0, 1, "s-north", None),
    ("10", "twitter", "Proud of the team", "2026-02-14T12:00:00+05:30", "very_positive", 1, 0, None, ""),
]
# (id suffix, type, title, message, priority, read, scheduled_for, action_url)
NOTIFICATIONS = [
    ("deadline", "deadline_alert", "Application deadline", "Submit your résumé", "high", False, "2026-03-08T06:30:00Z",
     "/schools/s-etat"),
    ("follow", "follow_up_reminder", "Follow up with José", "", "normal", True, "2026-03-07T17:00:00Z",
     "/coaches?highlight=c1"),
    ("offer", "offer", "Scholarship offer", "Niño offer details", "high", False, "2026-03-09T12:00:00Z", "/offers?highlight=9"),
    ("year", "event", "New year camp", "Bring a camp registration form", "low", False, "2025-12-31T10:30:00Z", None),
    ("digest", "daily_digest", "Daily digest", "3 unread", "normal", True, "2026-01-01T09:00:00+0000", None),
    ("inbound", "inbound_interaction", "Reply from coach", "camp registration form", "normal", False,
     "2026-03-08T15:59:00Z", None),
    ("event", "event", "Spring showcase", "of note", "normal", False, "2026-02-01 00:00:00", "/events/7"),
]
# (id suffix, name, type, body, created_at)
TEMPLATES = [
    ("thanks", "Thank you", "email", "Dear {{coach_name}}, thank you for the visit", "2026-01-15T02:00:00Z"),
    ("jose", "Querido José", "text", "Hola {{coach_name}}, ¿café? {{#oops}}", "2025-12-31T10:30:00Z"),
    ("camp", "Camp follow-up", "twitter", "See you at camp, {{sport}} fans", "2026-03-08T06:30:00Z"),
]


def make_workspace(path):
    """The fixture workspace: `switchboard init` (the schema), then plain SQL (no extension needed)."""
    subprocess.run([CLI, "init", "--db", str(path)], check=True, capture_output=True)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute("PRAGMA foreign_keys=ON")
        conn.executemany("INSERT INTO users (id, name, sport, timezone) VALUES (?, ?, 'Soccer', ?)",
                         [(user, f"User {zone}", zone) for user, zone in USERS.items()])
        conn.executemany("INSERT INTO schools (id, name) VALUES (?, ?)",
                         [("s-etat", "État University"), ("s-north", "North High")])
        for user in USERS:
            conn.execute("INSERT INTO coaches (id, user_id, school_id, name) VALUES (?, ?, 's-etat', 'Coach Pérez')",
                         (f"c-{user}", user))
            conn.executemany(
                "INSERT INTO social_media_posts (id, user_id, coach_id, school_id, platform, post_url, post_content,"
                " post_date, author_handle, author_name, sentiment, flagged_for_review, is_recruiting_related, notes)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(f"p-{user}-{n}", user, f"c-{user}" if int(n) % 2 else None, school, platform,
                  f"https://x.com/{user}/{n}", content, date, "@coachperez", "Coach Pérez" if int(n) % 3 else "",
                  sentiment, flagged, recruiting, notes)
                 for n, platform, content, date, sentiment, flagged, recruiting, school, notes in POSTS])
            conn.executemany(
                "INSERT INTO notifications (id, user_id, type, title, message, priority, read_at, scheduled_for,"
                " action_url) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(f"n-{user}-{n}", user, kind, title, message, priority, "2026-03-08T10:00:00Z" if read else None,
                  when, url) for n, kind, title, message, priority, read, when, url in NOTIFICATIONS])
            conn.executemany(
                "INSERT INTO communication_templates (id, user_id, name, type, body, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(f"t-{user}-{n}", user, name, kind, body, created, created)
                 for n, name, kind, body, created in TEMPLATES])
        conn.executemany("INSERT INTO tg_groups (id, title, member_count, sort_order) VALUES (?, ?, ?, ?)",
                         [(-1001, "Family Chat", 4, 0), (-1002, "Équipe de foot", 12, 1)])
        conn.executemany(
            "INSERT INTO tg_templates (id, name, icon, message_text, target_group_id, target_group_name, sort_order,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, '2026-03-01T00:00:00Z')",
            [("11111111-1111-4111-8111-111111111111", "On my way", "car.fill", "Leaving now", -1001, "Family Chat", 0),
             ("22222222-2222-4222-8222-222222222222", "Running late", "clock", "Late by {{minutes}}", None, None, 1),
             ("33333333-3333-4333-8333-333333333333", "Práctica", "sportscourt", "¡Vamos!", -1002, "Équipe de foot", 2)])
        conn.executemany("INSERT INTO post_templates VALUES (?, ?, ?, ?)",
                         [("profile", "name", "mission", "personal statement"),
                          ("daily recap", "Day", "Highlights", "Notes")])
        conn.executemany(
            "INSERT INTO posts (id, user_id, parent_id, title, template_name, created_at) VALUES (?, 7, ?, ?, ?, ?)",
            [(1, None, "Sam", "profile", "2026-03-01T12:00:00Z"), (2, 1, "Reply", "daily recap", "2026-03-02T12:00:00Z"),
             (3, None, "Lost", "missing-template", "2026-03-03T12:00:00Z")])
    conn.close()


def calls():
    """(label, query, parameters as the CLI takes them): every page, its filters and searches, each user."""
    result = []
    for user in USERS:
        me = {"user_id": user}
        result += [
            (f"feed {user}", "social-feed", me),
            (f"inbox {user}", "notifications-inbox", {**me, "limit": "100"}),
            (f"templates {user}", "templates-list", me),
            (f"stats {user}", "social-stats", me),
            (f"profile {user}", "profile-show", me),
        ]
    ny = {"user_id": "u-ny"}
    for search in ["é", "jose", "José", "CAFÉ", "a", "of", "  offer", "camp reg", "ñ", "5k", "xyz"]:
        result.append((f"feed search {search!r}", "social-feed", {**ny, "search": search}))
    for search in ["é", "ñ", "of", "  offer", "camp reg", "jos"]:
        result.append((f"inbox search {search!r}", "notifications-inbox", {**ny, "search": search, "limit": "100"}))
    result += [
        ("feed twitter", "social-feed", {**ny, "platform": "twitter"}),
        ("feed flagged", "social-feed", {**ny, "flagged": "true"}),
        ("feed recruiting instagram", "social-feed", {"user_id": "u-ki", "recruiting": "true", "platform": "instagram"}),
        ("feed sentiment", "social-feed", {"user_id": "u-utc", "sentiment": "positive"}),
        ("feed school", "social-feed", {**ny, "school_id": "s-etat"}),
        ("feed page 1", "social-feed", {**ny, "limit": "3"}),
        ("feed page 2", "social-feed", {**ny, "limit": "3", "cursor_post_date": "2026-03-08T07:30:00Z",
                                        "cursor_id": "p-u-ny-3"}),
        ("feed past the end", "social-feed", {**ny, "cursor_post_date": "2025-01-01T00:00:00Z", "cursor_id": "x"}),
        ("feed count", "social-count", ny),
        ("feed count search", "social-count", {**ny, "search": "camp", "flagged": "true"}),
        ("feed schools", "social-schools", ny),
        ("inbox deadlines", "notifications-inbox", {**ny, "type": "deadline_alert", "limit": "100"}),
        ("inbox unread", "notifications-inbox", {"user_id": "u-ki", "unread": "true", "limit": "100"}),
        ("inbox due", "notifications-inbox", {**ny, "when": "due", "limit": "100"}),
        ("inbox upcoming", "notifications-inbox", {"user_id": "u-utc", "when": "upcoming", "limit": "100"}),
        ("inbox page 2", "notifications-inbox", {**ny, "limit": "2", "cursor_scheduled_for": "2026-03-08T06:30:00Z",
                                                 "cursor_id": "n-u-ny-deadline"}),
        ("inbox unread count", "notifications-unread-count", {**ny, "when": "due"}),
        ("inbox chips", "notifications-type-counts", ny),
        ("templates email", "templates-list", {**ny, "type": "email"}),
        ("templates search", "templates-list", {**ny, "search": "jos"}),
        ("templates search short", "templates-list", {"user_id": "u-ki", "search": "th"}),
        ("template show", "templates-show", {**ny, "id": "t-u-ny-thanks"}),
        ("template buttons", "templates-type-counts", ny),
        ("template variables", "templates-variables", {}),
        ("quick-send buttons", "tg-templates", {}),
        ("quick-send groups", "tg-groups", {}),
        ("quick-send group search", "tg-groups", {"search": "équipe"}),
        ("quick-send group search short", "tg-groups", {"search": "fa"}),
        ("quick-send widget", "tg-widget", {}),
        ("quick-send icons", "tg-icons", {}),
        ("posts", "posts-with-placeholders", {}),
        ("posts of a template", "posts-with-placeholders", {"template_name": "profile"}),
        ("post", "posts-show", {"id": "2"}),
        ("post templates", "posts-templates", {}),
        ("post template placeholders", "posts-template-placeholders", {"template_name": "nope"}),
    ]
    return result


CALLS = calls()


def normalised(rows, query):
    """`rows` (dicts) with booleans as 0/1, JSON columns parsed and whole REALs as integers."""
    kinds = CATALOG[query]["column_types"]

    def cell(column, value):
        if isinstance(value, bool):
            return int(value)
        if kinds.get(column) == "json" and isinstance(value, str):
            try:
                return json.loads(value)
            except ValueError:
                return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return value
    return [{column: cell(column, value) for column, value in row.items()} for row in rows]


def bindings(query, parameters):
    """Every declared parameter, typed as the CLI types it (unset ones None)."""
    return switchboard.CannedQuery(CATALOG[query]).bindings(parameters)


def run_cli(path, query, parameters):
    arguments = [CLI, "run", query, "--db", str(path), "--format", "json"]
    for name, value in parameters.items():
        arguments += ["-p", f"{name}={value}"]
    result = subprocess.run(arguments, capture_output=True, text=True, env={**os.environ, "SWITCHBOARD_NOW": NOW})
    assert result.returncode == 0, f"cli {query} {parameters}: {result.stderr}"
    return json.loads(result.stdout)


def shell_literal(value):
    if isinstance(value, str):
        assert '"' not in value and "\\" not in value
        return '"' + "'" + value.replace("'", "''") + "'" + '"'
    return str(value)


def run_shell(path, query, parameters):
    """The query file as it is, in the sqlite3 shell: `.load`, the clock, `.param set`, `.mode json`."""
    script = [f".load '{switchboard.loadable_path()}'", "PRAGMA foreign_keys=ON;", "PRAGMA recursive_triggers=ON;",
              ".output /dev/null", f"SELECT switchboard_now('{NOW}');", ".output stdout"]
    script += [f".param set :{name} {shell_literal(value)}"
               for name, value in bindings(query, parameters).items() if value is not None]
    script += [".mode json", (switchboard.query_folder() / f"{query}.sql").read_text(encoding="utf-8")]
    result = subprocess.run(["sqlite3", "-bail", str(path)], input="\n".join(script) + "\n", capture_output=True,
                            text=True)
    assert result.returncode == 0 and result.stderr == "", f"sqlite3 {query} {parameters}: {result.stderr}"
    return json.loads(result.stdout) if result.stdout.strip() else []


def with_clock(open_database):
    """`open_database()` with $SWITCHBOARD_NOW set to NOW, as a host's user sets it (switchboard.connect(), the
    sqlite-utils plugin read it when they open a connection)."""
    os.environ["SWITCHBOARD_NOW"] = NOW
    try:
        return open_database()
    finally:
        del os.environ["SWITCHBOARD_NOW"]


class Packaged:
    """The Python package's canned queries (`switchboard.queries`) on a connection with the extension loaded."""

    def __init__(self, conn):
        self.queries = switchboard.queries(conn)

    def __call__(self, query, parameters):
        return getattr(self.queries, query.replace("-", "_"))(**parameters)


class Stdlib(Packaged):
    """switchboard.connect() (stdlib sqlite3, the clock from $SWITCHBOARD_NOW) and switchboard.queries()."""

    def __init__(self, path):
        conn = with_clock(lambda: switchboard.connect(path))
        assert isinstance(conn, sqlite3.Connection)
        super().__init__(conn)


class APSW(Packaged):
    """An apsw.Connection (APSW's own SQLite), switchboard.load(), the clock pinned, switchboard.queries()."""

    def __init__(self, path):
        conn = apsw.Connection(str(path))
        switchboard.load(conn)
        conn.execute("SELECT switchboard_now(?)", (NOW,))
        super().__init__(conn)


class Aiosql:
    """aiosql over the bundled queries/ (the package's adapter), on a switchboard.connect() connection."""

    def __init__(self, path):
        self.conn = with_clock(lambda: switchboard.connect(path))
        self.conn.row_factory = sqlite3.Row
        self.queries = aiosql.from_path(switchboard.query_folder(), SQLite3Adapter)

    def __call__(self, query, parameters):
        rows = getattr(self.queries, query.replace("-", "_"))(self.conn, **bindings(query, parameters))
        return [dict(row) for row in rows]


class SqliteUtils:
    """sqlite_utils.Database (the plugin loads the extension and pins the clock from $SWITCHBOARD_NOW)."""

    def __init__(self, path):
        self.db = with_clock(lambda: sqlite_utils.Database(path))

    def __call__(self, query, parameters):
        return list(self.db.query(CATALOG[query]["sql"], bindings(query, parameters)))


class DatasetteAPI:
    """Datasette's JSON API over the plugin's canned queries, in-process, its clock the plugin's `now`."""

    def __init__(self, path):
        self.path = path
        self.ds = Datasette([str(path)], metadata={"plugins": {"datasette-switchboard": {"now": NOW}}})

    def __call__(self, query, parameters):
        response = asyncio.run(self.ds.client.get(f"/{self.path.stem}/{query}.json",
                                                  params={**parameters, "_shape": "array"}))
        assert response.status_code == 200, f"datasette {query} {parameters}: {response.text}"
        return response.json()


class Shell:
    """The sqlite3 shell, one process a call (run_shell)."""

    def __init__(self, path):
        self.path = path

    def __call__(self, query, parameters):
        return run_shell(self.path, query, parameters)


HOSTS = {"sqlite3 shell": Shell, "stdlib sqlite3": Stdlib, "apsw": APSW, "aiosql": Aiosql, "datasette": DatasetteAPI,
         "sqlite-utils": SqliteUtils}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    path = tmp_path_factory.mktemp("matrix") / "matrix.db"
    make_workspace(path)
    return path


@pytest.fixture(scope="module")
def reference(workspace):
    """The CLI's answer to every call, normalised: the reference every host must give."""
    return [normalised(run_cli(workspace, query, parameters), query) for _, query, parameters in CALLS]


def first_difference(expected, got):
    """Where `got` first differs from `expected` (lists of rows), in words; None when they are the same."""
    for index, (want, have) in enumerate(zip(expected, got)):
        if want != have:
            for column in list(want) + [column for column in have if column not in want]:
                if want.get(column, "<no column>") != have.get(column, "<no column>"):
                    return (f"row {index} column {column}: expected {want.get(column, '<no column>')!r}, "
                            f"got {have.get(column, '<no column>')!r}")
    if len(expected) != len(got):
        return f"{len(got)} rows, expected {len(expected)}"
    return None


def test_the_reference_covers_every_page_and_shows_each_users_dates(reference):
    """At least 40 calls, each page among them, and the CLI's own answer as the issue has it: a New York user's
    template of 2026-01-15T02:00:00Z reads "Jan 14, 2026"; the inbox and the feed count the user's calendar."""
    assert len(CALLS) >= 40
    assert {query for _, query, _ in CALLS} >= {"social-feed", "notifications-inbox", "templates-list", "tg-templates",
                                                "posts-with-placeholders"}
    by_label = {label: rows for (label, _, _), rows in zip(CALLS, reference)}
    dates = {user: {row["id"]: row["formatted_date"] for row in by_label[f"templates {user}"]} for user in USERS}
    assert dates["u-ny"] == {"t-u-ny-thanks": "Jan 14, 2026", "t-u-ny-jose": "Dec 31, 2025", "t-u-ny-camp": "Mar 8, 2026"}
    assert dates["u-utc"]["t-u-utc-thanks"] == "Jan 15, 2026"
    assert dates["u-ki"] == {"t-u-ki-thanks": "Jan 15, 2026", "t-u-ki-jose": "Jan 1, 2026", "t-u-ki-camp": "Mar 8, 2026"}
    inbox = {user: {row["id"]: row["relative_time"] for row in by_label[f"inbox {user}"]} for user in USERS}
    assert (inbox["u-utc"]["n-u-utc-year"], inbox["u-ny"]["n-u-ny-year"], inbox["u-ki"]["n-u-ki-year"]) == (
        "Dec 31, 2025", "Dec 31, 2025", "Jan 1")
    feed = {user: {row["id"]: row["relative_time"] for row in by_label[f"feed {user}"]} for user in USERS}
    # Noon the day before, seen at noon on the spring-forward day: a day in New York (23 hours), 23 hours in UTC.
    assert (feed["u-ny"]["p-u-ny-4"], feed["u-utc"]["p-u-utc-4"]) == ("1 day ago", "23 hr. ago")
    assert by_label["feed past the end"] == [] and len(by_label["feed page 2"]) == 3


@pytest.mark.parametrize("host", list(HOSTS))
def test_every_host_gives_the_clis_answer(host, workspace, reference):
    run = HOSTS[host](workspace)
    differences = []
    for (label, query, parameters), expected in zip(CALLS, reference):
        difference = first_difference(expected, normalised(run(query, parameters), query))
        if difference:
            differences.append(f"{host}, {label} ({query} {parameters}): {difference}")
    assert differences == [], "\n".join(differences)
