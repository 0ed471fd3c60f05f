"""The canned queries in queries/ run unchanged under aiosql with the APSW driver, against the demo data.

aiosql 15 wants a parameter list after every query name (`-- name: social_feed(platform)`) unless
`mandatory_parameters=False`; the Switchboard header (`-- name: social-feed`) declares parameters in
its docstring instead, so the queries are loaded with that option.
"""
import pathlib
import re

import aiosql
import apsw
import pytest

from conftest import EXTENSION, ROOT

QUERIES = ROOT / "queries"
DEMO_NOW = "2026-02-10T12:00:00Z"
DECLARATION = re.compile(r"^:(\w+)\s+(text|integer|real|boolean)\b(.*)$")
# A `:name` outside string literals, as aiosql and SQLite see it.
PARAMETER = re.compile(r"'(?:''|[^'])*'|(?<![:\w]):(\w+)")


def load_queries():
    return aiosql.from_path(QUERIES, "apsw", mandatory_parameters=False)


# The queries issue 4 names, at least.
REQUIRED = {
    "social_feed", "social_stats", "notifications_inbox", "notifications_mark_all_read", "notifications_clear_read",
    "templates_list", "templates_type_counts", "tg_templates", "tg_widget", "posts_with_placeholders",
}
QUERY_FILES = sorted(QUERIES.glob("*.sql"))
LOADED = load_queries()


def function_name(path):
    return path.stem.replace("-", "_")


def declarations(query):
    """The parameters a query declares in its docstring: name -> (type, required)."""
    declared = {}
    for line in query.__doc__.splitlines():
        match = DECLARATION.match(line.strip())
        if match:
            name, kind, rest = match.groups()
            clauses = rest.split(":", 1)[0]
            declared[name] = (kind, "optional" not in clauses and "default" not in clauses)
    return declared


def used_parameters(sql):
    return {name for name in PARAMETER.findall(sql) if name}


def is_read(path):
    return re.match(r"-- name: [a-z0-9_-]+\n", path.read_text()) is not None


@pytest.fixture(scope="module")
def demo():
    """An in-memory demo database: schema/*.sql, then schema/demo/*.sql, with the clock pinned."""
    con = apsw.Connection(":memory:")
    con.enable_load_extension(True)
    con.load_extension(EXTENSION)
    for path in sorted((ROOT / "schema").glob("*.sql")) + sorted((ROOT / "schema" / "demo").glob("*.sql")):
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
    query = getattr(LOADED, function_name(path))
    arguments = {}
    for name, (_, required) in declarations(query).items():
        arguments[name] = value(con, ids[(area, name)]) if required else None
    return arguments


def run(con, name, **arguments):
    """Runs a read query through aiosql with every declared parameter (None unless given); rows as dicts."""
    query = getattr(LOADED, name.replace("-", "_"))
    full = {parameter: None for parameter in declarations(query)}
    full.update(arguments)
    cursor = con.cursor()
    rows = []
    for row in cursor.execute(query.sql, full):
        rows.append(dict(zip((column[0] for column in cursor.getdescription()), row)))
    return rows


def test_every_file_loads_as_one_query_named_after_it():
    names = sorted(name for name in LOADED.available_queries if not name.endswith("_cursor"))
    assert names == sorted(function_name(path) for path in QUERY_FILES)
    assert REQUIRED <= set(names)


@pytest.mark.parametrize("path", QUERY_FILES, ids=lambda path: path.stem)
def test_header_name_and_parameters_match_the_sql(path):
    text = path.read_text()
    assert re.match(r"-- name: ([a-z0-9][a-z0-9_-]{0,63})[!#]?\n", text).group(1) == path.stem
    assert path.stem.split("-")[0] in {"social", "notifications", "templates", "tg", "posts"}
    query = getattr(LOADED, function_name(path))
    assert query.__doc__.splitlines()[0] and not query.__doc__.startswith(":")
    assert set(declarations(query)) == used_parameters(query.sql)


@pytest.mark.parametrize("path", [path for path in QUERY_FILES if is_read(path)], ids=lambda path: path.stem)
def test_read_query_returns_demo_rows(demo, path):
    query = getattr(LOADED, function_name(path))
    rows = list(query(demo, **demo_arguments(demo, path)))
    assert rows, f"{path.stem} returned no rows on the demo data"
