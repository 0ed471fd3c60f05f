"""Datasette plugin for Switchboard databases.

- Every connection loads libswitchboard.so (from the switchboard-sqlite package) and turns on
  foreign_keys and recursive_triggers. Its clock is pinned to the plugin's `now` setting, else to
  $SWITCHBOARD_NOW, when either is set; then `switchboard_now(ts)`, which pins a connection's clock,
  is replaced for everything run afterwards (visitors' SQL included) by a function that refuses, so no
  visitor can re-pin one pooled connection. `switchboard_now()` (reading the clock) stays. Dates need no
  setting: the views show each user's in users.timezone, and no SQL function sets a zone, so nothing a visitor
  runs moves what another request sees. Where this Python's sqlite3 cannot load extensions, it logs one
  warning and Datasette serves without the functions.
- Every database holding a Switchboard workspace (it has the `sole_user` view) offers the canned read
  queries as Datasette canned queries, named as in the CLI (`/db/social-feed`), with their description
  and each parameter's declaration as help. Datasette binds a parameter left empty as `''`; the queries
  read `''` as unset, so declared defaults apply and `:user_id` falls back to the database's only user.
  Parameters are checked as the CLI checks them (type, allowed values, range, from the catalog the
  package ships) and a bad one is refused (400) with the CLI's message.
- The write queries the pages need (flag, notes, mark read, delete, create a template...) are offered
  as writable canned queries only when the plugin's `allow_writes` setting is given: a Datasette allow
  block (`{"id": "root"}`), which Datasette's permission system then applies to each of them.
- `?_search=` on social_media_posts and social_feed finds what the CLI's search finds (case-insensitive
  substrings, every word, accent-folded prefixes): it runs the social-feed query's own search.
- Table and view pages of a workspace get titles, descriptions, facets and a sort; the views' pages
  skip facet suggestions (`_nosuggest=1`), which cost seconds over the function-heavy views. The feed's and
  the inbox's views (HEAVY_VIEWS) skip the row count and have no facets: over a view that ends in ORDER BY,
  both compute every column of every row (0.2-0.3 s each at 30,000 posts); their tables have the facets.
  They show 50 rows a page (the feed's page size) unless `_size` is given.
- A table or view page lists the display columns of its page's canned query first (`-- display:`), the
  others after, as `?_col=` would (unless the URL gives `_col` or `_nocol`).
- A canned read query whose optional `:limit` has no default (notifications-inbox: every notification, as
  spec 002 and the CLI take them) gets a page of 50 (social-feed's page size) when no `limit` is given;
  an empty `limit` in the form still takes them all.
- Datasette 0.65.x only (the requirement says datasette<1.0): the 1.0 alphas replace the canned_queries and
  get_metadata hooks it serves the queries through with stored queries (datasette.add_query), an API that still
  changes from alpha to alpha. Started under one anyway (installed with --no-deps), it logs one warning saying so.

    plugins:
      datasette-switchboard:
        now: "2026-02-10T12:00:00Z"     # optional; else $SWITCHBOARD_NOW; else the system clock
        allow_writes: {"id": "root"}    # optional; without it, no write query is offered
"""
import functools
import html
import json
import logging
import os
import re
import sqlite3
import urllib.parse

import switchboard
from datasette import hookimpl
from datasette.version import __version__ as DATASETTE_VERSION
from datasette.filters import FilterArguments
from datasette.utils.asgi import Response

PLUGIN = "datasette-switchboard"
log = logging.getLogger("datasette_switchboard")
_warned = False
_loaded = True
# The writes the pages' actions need, offered when the owner allows writes.
WRITES = ["social-flag", "social-unflag", "social-toggle-flag", "social-set-notes", "social-clear-notes",
          "social-delete", "notifications-mark-read", "notifications-mark-all-read", "notifications-clear-read",
          "notifications-delete", "templates-create", "templates-update", "templates-delete", "tg-send"]
# Where ?_search= runs the CLI's search (social-feed's :search): table -> the column holding the post's id.
SEARCHED = {"social_media_posts": "id", "social_feed": "id"}
REFUSED_NOW = ("switchboard_now(ts) is not available here: this server's clock is set by the "
               "datasette-switchboard plugin's `now` setting or $SWITCHBOARD_NOW")
# Titles, descriptions, facets and sorts for a workspace's tables and views. The feed and the inbox sort newest
# first by the instant keys (post_date_ms, scheduled_for_ms), as their views and queries do, not by the stored text.
TABLES = {
    "social_media_posts": {"title": "Social posts", "description": "The posts the social page monitors (spec 001); "
                           "facet the feed here.",
                           "facets": ["platform", "sentiment", "flagged_for_review", "is_recruiting_related"],
                           "sort_desc": "post_date_ms"},
    "social_feed": {"title": "Social feed", "description": "The social page's cards: each post with its labels, "
                    "school, coach and relative time (spec 001). Facets and the row count are on Social posts "
                    "(social_media_posts): over this view they would compute every card.", "sort_desc": "post_date_ms"},
    "notifications": {"title": "Notifications", "description": "The notifications (spec 002).",
                      "facets": ["type", "priority"], "sort_desc": "scheduled_for_ms"},
    "notification_inbox": {"title": "Notification inbox", "description": "The notifications page's rows (spec 002). "
                           "Facets and the row count are on Notifications (notifications): over this view they would "
                           "compute every row.", "sort_desc": "scheduled_for_ms"},
    "communication_templates": {"title": "Communication templates", "description": "Templates (spec 000).",
                                "facets": ["type"], "sort_desc": "updated_at"},
    "template_library": {"title": "Template library", "description": "The templates page's rows (spec 000).",
                         "facets": ["type"]},
    "tg_templates": {"title": "Quick-send templates", "description": "Telegram quick-send buttons (spec 003).",
                     "sort": "sort_order"},
    "tg_template_buttons": {"title": "Quick-send buttons", "description": "The quick-send page's buttons, in their "
                            "order (spec 003); the tg-send query queues one's message."},
    "tg_groups": {"title": "Telegram groups", "description": "The groups a quick-send can target (spec 003).",
                  "sort": "sort_order"},
    "posts": {"title": "Posts", "description": "Posts with template placeholders (spec 004).", "sort_desc": "id"},
    "posts_with_placeholders": {"title": "Posts with placeholders",
                                "description": "Posts in the posts API's shape (spec 004)."},
}
# The views whose every row computes function-heavy columns before the view's ORDER BY: their pages skip the row
# count (`_nocount=1`) and have no facets, which would compute the whole view (0.2-0.3 s each at 30,000 posts), and
# show PAGE_SIZE rows unless `_size` is given (Datasette's 100 rows of their 45 columns take 56 ms of CPU to render).
HEAVY_VIEWS = {"social_feed", "notification_inbox"}
# Table or view -> the canned query whose `display` columns its page shows first (the others follow, as stored): a
# page's view has its read query's, a table the write query's that changes its rows (the read's are computed columns).
DISPLAYED_BY = {"social_feed": "social-feed", "social_media_posts": "social-flag",
                "notification_inbox": "notifications-inbox", "notifications": "notifications-mark-read",
                "template_library": "templates-list", "communication_templates": "templates-create",
                "tg_template_buttons": "tg-templates", "tg_templates": "tg-update",
                "posts_with_placeholders": "posts-with-placeholders", "posts": "posts-with-placeholders"}
# A canned query page's size where the query's :limit has no default (notifications-inbox, which takes every
# notification by default, as spec 002 and the CLI do), and HEAVY_VIEWS' page size: social-feed's default page size.
PAGE_SIZE = "50"


def _plugin_config(datasette):
    return datasette.plugin_config(PLUGIN) or {}


def unsupported(version):
    """The warning for a Datasette this plugin cannot serve the queries in (1.0 and its alphas); None for 0.x."""
    if int(re.match(r"\d+", version)[0]) < 1:
        return None
    return (f"datasette-switchboard serves its canned queries on Datasette 0.65.x, not {version}, whose canned_queries "
            "and get_metadata hooks are gone (stored queries replace them); pip install 'datasette>=0.65,<1.0'")


@hookimpl
def startup(datasette):
    """Warns once, at start, under a Datasette the plugin does not support (``unsupported``)."""
    warning = unsupported(DATASETTE_VERSION)
    if warning:
        log.warning(warning)


@hookimpl
def prepare_connection(conn, database, datasette):
    """Loads the extension into each of Datasette's connections, pins the clock, and shuts `switchboard_now(ts)`."""
    global _warned, _loaded
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA recursive_triggers=ON")
    try:
        switchboard.load(conn)
    except switchboard.LoadError as error:
        _loaded = False
        if not _warned:
            _warned = True
            log.warning("datasette-switchboard: serving without Switchboard's functions: %s", error)
        return
    now = _plugin_config(datasette).get("now") or os.environ.get("SWITCHBOARD_NOW")
    if now:
        conn.execute("SELECT switchboard_now(?)", (now,))

    def refuse(ts):
        raise sqlite3.OperationalError(REFUSED_NOW)

    conn.create_function("switchboard_now", 1, refuse)


def _parameter_help(query):
    """The declarations of `query`'s parameters as the CLI prints them, one line each."""
    lines = []
    for parameter in query.parameters.values():
        clauses = [parameter.type]
        if parameter.allowed:
            clauses.append("one of " + "|".join(parameter.allowed))
        if parameter.range:
            clauses.append(parameter.range)
        if parameter.required:
            clauses.append("required")
        elif parameter.default is not None:
            clauses.append(f"default {_text(parameter.default, parameter.type)}")
        else:
            clauses.append("optional")
        lines.append((parameter.name, ", ".join(clauses), parameter.description))
    return lines


def _text(value, kind):
    return ("true" if value else "false") if kind == "boolean" else str(value)


def _query_config(query, allow=None):
    help_html = "".join(f"<dt><code>{html.escape(name)}</code> ({html.escape(clauses)})</dt>"
                        f"<dd>{html.escape(description)}</dd>" for name, clauses, description in _parameter_help(query))
    config = {
        "sql": query.sql_for_text_parameters(),
        "title": query.summary,
        "description": query.description,
        "description_html": f"<p>{html.escape(query.description)}</p>" + (f"<dl>{help_html}</dl>" if help_html else ""),
        "params": list(query.parameters),
    }
    if allow is not None:
        config.update({"sql": _without_returning(config["sql"]), "write": True, "allow": allow})
    return config


# A string literal, quoted name or comment (skipped), or the RETURNING keyword.
_RETURNING_OR_SKIPPED = re.compile(r"""'(?:''|[^'])*'|"(?:""|[^"])*"|\[[^\]]*\]|--[^\n]*|/\*.*?\*/|(?P<returning>\bRETURNING\b)""",
                                   re.DOTALL | re.IGNORECASE)


def _without_returning(sql):
    """`sql` without its RETURNING clause: Datasette 0.65 runs a write with `conn.execute()` and commits without
    reading its rows, which SQLite refuses ("cannot commit transaction - SQL statements in progress")."""
    found = [match.start() for match in _RETURNING_OR_SKIPPED.finditer(sql) if match["returning"]]
    return sql[:found[-1]].rstrip() if found else sql


def canned_query_config(allow_writes=None):
    """The bundled read queries (and, given an allow block, the pages' writes) as Datasette canned-query
    configuration, by CLI name, from the package's catalog (the CLI's parse of the query headers)."""
    config = {}
    for query in _queries().values():
        if query.kind == "read":
            config[query.name] = _query_config(query)
        elif query.name in WRITES and allow_writes is not None:
            config[query.name] = _query_config(query, allow_writes)
    return config


@functools.lru_cache(maxsize=None)
def _queries():
    return {entry["name"]: switchboard.CannedQuery(entry) for entry in switchboard.catalog()}


async def _is_workspace(datasette, database):
    try:
        db = datasette.get_database(database)
    except KeyError:
        return False
    return "sole_user" in await db.view_names()


@hookimpl
def canned_queries(datasette, database):
    """The canned queries, for databases that hold a Switchboard workspace (none without the extension)."""
    async def inner():
        if not _loaded or not await _is_workspace(datasette, database):
            return {}
        return canned_query_config(_plugin_config(datasette).get("allow_writes"))
    return inner


@hookimpl
def get_metadata(datasette, key, database, table):
    """Titles, descriptions, facets and sorts for the tables and views of each workspace database."""
    databases = {}
    for name, db in datasette.databases.items():
        if name.startswith("_") or not db.path or not _has_sole_user(db.path):
            continue
        databases[name] = {"tables": TABLES}
    return {"databases": databases} if databases else {}


_workspaces = {}


@hookimpl
def extra_template_vars(template, database, request, datasette):
    """A writable canned query's page with its title, description and parameter help: Datasette 0.65 renders the
    form of a write without the query's metadata (the page's title is `demo: social-flag`, with no help)."""
    if template != "query.html" or request is None or request.method != "GET" or not _loaded:
        return {}

    async def inner():
        split = _split(request.path)
        if split is None or split[1] not in WRITES or not await _is_workspace(datasette, split[0]):
            return {}
        config = await datasette.get_canned_query(split[0], split[1], request.actor)
        return {"metadata": config} if config and config.get("write") else {}
    return inner


def _has_sole_user(path):
    if path not in _workspaces:
        try:
            with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
                _workspaces[path] = conn.execute(
                    "SELECT 1 FROM sqlite_master WHERE type = 'view' AND name = 'sole_user'").fetchone() is not None
        except sqlite3.Error:
            _workspaces[path] = False
    return _workspaces[path]


def _search_sql():
    """social-feed's SQL with its parameters renamed `:switchboard_search_*`, to run inside a table page's query."""
    sql = _queries()["social-feed"].sql_for_text_parameters(prefix="switchboard_search_").rstrip()
    return sql[:-1] if sql.endswith(";") else sql


@hookimpl(trylast=True)
def filters_from_request(request, database, table, datasette):
    """?_switchboard_search= (what ?_search= becomes on SEARCHED tables, see asgi_wrapper): the CLI's search. The
    pages of SEARCHED tables show the search box even before a search (Datasette shows it only where it finds an
    FTS table, which the social_feed view is not)."""
    if table not in SEARCHED:
        return None
    search = request.args.get("_switchboard_search")
    if not search:
        return FilterArguments([], {}, [], {"supports_search": True, "search": ""})
    feed = _queries()["social-feed"]
    params = {f"switchboard_search_{name}": "" for name in feed.parameters}
    params.update({"switchboard_search_search": search, "switchboard_search_limit": "10000"})
    where = f"{SEARCHED[table]} IN (SELECT id FROM (\n{_search_sql()}\n))"
    return FilterArguments([where], params, [f'search matches "{search}"'],
                           {"supports_search": True, "search": search})


def _bad_parameter(query, arguments):
    """The CLI's message for the first given parameter of `query` that does not fit its declaration, or None."""
    for name, parameter in query.parameters.items():
        value = arguments.get(name)
        if value is None or value == "":
            continue
        try:
            parameter.convert(value if isinstance(value, str) else str(value))
        except switchboard.QueryError as error:
            return str(error)
    return None


def _pins_clock(sql):
    """Whether `sql` (a visitor's) calls switchboard_now with an argument, for a clear refusal up front (the
    function registered in prepare_connection refuses it anyway, with SQLite's "user-defined function raised
    exception")."""
    return re.search(r"switchboard_now\s*\(\s*[^)\s]", re.sub(r"--[^\n]*|/\*.*?\*/", " ", sql, flags=re.S),
                     re.I) is not None


def _split(path):
    """(database, name, extension) of a `/db/name` or `/db/name.ext` path, (database, "", extension) of
    `/db` or `/db.ext`, else None."""
    parts = [urllib.parse.unquote(part) for part in path.strip("/").split("/")]
    if len(parts) == 1:
        database, dot, extension = parts[0].partition(".")
        return database, "", extension if dot else ""
    if len(parts) != 2:
        return None
    database, name = parts
    name, dot, extension = name.partition(".")
    return database, name, extension if dot else ""


async def _body(receive):
    chunks = []
    while True:
        message = await receive()
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)


def _replay(body):
    sent = False

    async def receive():
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}
    return receive


def _form(body):
    """(the posted parameters, whether they came as JSON), read as Datasette reads a canned query's POST."""
    text = body.decode("utf-8", "replace").strip()
    if text.startswith("{") and text.endswith("}"):
        try:
            return {key: "" if value is None else value for key, value in json.loads(text).items()}, True
        except (ValueError, AttributeError):
            return {}, False
    return dict(urllib.parse.parse_qsl(text, keep_blank_values=True)), False


@hookimpl
def asgi_wrapper(datasette):
    """Checks canned queries' parameters before Datasette runs them (a read whose :limit has no default gets
    PAGE_SIZE when none is given), turns ?_search= into the CLI's search on SEARCHED tables, adds _nosuggest=1 to
    the views' pages of a workspace and _nocount=1 and _size=50 to HEAVY_VIEWS' pages, and, on an HTML table or
    view page without ?_col= or ?_nocol=, lists the display columns first (DISPLAYED_BY)."""
    def wrap(app):
        async def checked(scope, receive, send):
            if scope.get("type") != "http" or not _loaded:
                return await app(scope, receive, send)
            split = _split(scope.get("path", ""))
            if split is None or split[0] not in datasette.databases or not await _is_workspace(datasette, split[0]):
                return await app(scope, receive, send)
            database, name, extension = split
            query_string = scope.get("query_string", b"").decode("latin-1")
            arguments = dict(urllib.parse.parse_qsl(query_string, keep_blank_values=True))
            if not name:
                if _pins_clock(arguments.get("sql", "")):
                    return await _refuse(datasette, scope, send, REFUSED_NOW, extension)
                return await app(scope, receive, send)
            offered = canned_query_config(_plugin_config(datasette).get("allow_writes"))
            if name in offered:
                query = _queries()[name]
                if scope["method"] == "POST":
                    body = await _body(receive)
                    form, is_json = _form(body)
                    arguments = {**arguments, **form}
                    # Datasette binds only the parameters posted: the others go in as '' (unset), as on a GET
                    form = {**{parameter: "" for parameter in query.parameters}, **form}
                    receive = _replay(json.dumps(form).encode("utf-8") if is_json
                                      else urllib.parse.urlencode(form).encode("utf-8"))
                elif _pages_by_default(query) and "limit" not in arguments:
                    arguments["limit"] = PAGE_SIZE
                    scope = {**scope, "query_string": urllib.parse.urlencode(arguments).encode("latin-1")}
                problem = _bad_parameter(query, arguments)
                if problem:
                    return await _refuse(datasette, scope, send, problem, extension)
                return await app(scope, receive, send)
            db = datasette.get_database(database)
            pairs = urllib.parse.parse_qsl(query_string, keep_blank_values=True)
            added = []
            if name in SEARCHED and "_search" in arguments:
                pairs = [("_switchboard_search" if key == "_search" else key, value) for key, value in pairs]
            if name in await db.view_names() and "_nosuggest" not in arguments:
                added.append(("_nosuggest", "1"))
            if name in HEAVY_VIEWS and "_nocount" not in arguments:
                added.append(("_nocount", "1"))
            if name in HEAVY_VIEWS and "_size" not in arguments:
                added.append(("_size", PAGE_SIZE))
            if not extension and name in DISPLAYED_BY and "_col" not in arguments and "_nocol" not in arguments:
                added.extend(("_col", column) for column in await _columns_in_display_order(db, name))
            if pairs != list(urllib.parse.parse_qsl(query_string, keep_blank_values=True)) or added:
                scope = {**scope, "query_string": urllib.parse.urlencode(pairs + added).encode("latin-1")}
            return await app(scope, receive, send)
        return checked
    return wrap


def _pages_by_default(query):
    """Whether `query`'s page gets PAGE_SIZE rows when no `limit` is given: a read whose optional :limit has no
    default (it would render every row; the CLI still takes them all)."""
    limit = query.parameters.get("limit")
    return query.kind == "read" and limit is not None and not limit.required and limit.default is None


@functools.lru_cache(maxsize=None)
def _display_columns(name):
    """The `display` columns of the canned query `name`, in its header's order."""
    return next(entry["display_columns"] for entry in switchboard.catalog() if entry["name"] == name)


async def _columns_in_display_order(db, table):
    """`table`'s columns for `_col=`: DISPLAYED_BY's query's display columns that it has, then the rest as stored;
    without its primary keys, which Datasette shows first anyway (and twice if named in `_col`)."""
    columns = await db.table_columns(table)
    keys = set(await db.primary_keys(table))
    first = [column for column in _display_columns(DISPLAYED_BY[table]) if column in columns]
    return [column for column in first + [column for column in columns if column not in first] if column not in keys]


async def _refuse(datasette, scope, send, message, extension):
    """A 400 with `message`: Datasette's error JSON for .json or a JSON request, else its error page."""
    headers = dict(scope.get("headers") or [])
    if extension == "json" or headers.get(b"accept") == b"application/json" or "_json" in scope.get(
            "query_string", b"").decode("latin-1"):
        response = Response.json({"ok": False, "error": message, "status": 400, "title": "Invalid parameter"},
                                 status=400)
    else:
        from datasette.utils.asgi import Request
        page = await datasette.render_template(
            "error.html", {"ok": False, "error": message, "status": 400, "title": "Invalid parameter"},
            request=Request({"csrftoken": lambda: "", **scope}, None))
        response = Response.html(page, status=400)
    await response.asgi_send(send)
