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
- A canned query's page leads with its form; its SQL shows when asked (Datasette's "show" link, `?_show_sql=1`).
- The write queries the pages need (flag, notes, mark read, delete, create a template...) are offered
  as writable canned queries only when the plugin's `allow_writes` setting is given: a Datasette allow
  block (`{"id": "root"}`), which Datasette's permission system then applies to each of them.
- `?_search=` on every table and view whose canned query searches (the posts, notifications, templates, Telegram
  groups and their views: switchboard.search) finds the rows that query's `:search` finds (the case-insensitive
  substring of every word, in any order); their pages show the search box. A search the index narrows to a few
  rows lists them through it (post_search, the trigram index) and counts them; a larger one tests the rows a
  page reads (switchboard.search.way), and its count, when it takes longer than Datasette pages can wait, is
  left out (datasette_switchboard.scale).
- Table and view pages of a workspace get titles, descriptions, facets and a sort, and no facet suggestions
  (`_nosuggest=1`), which read every row of the page for each column. Their row counts come from the counters
  where they can, a view's from its table, any other within a short time (datasette_switchboard.scale); their
  facets are computed for a page of at most 10,000 rows whose count took at most 30 ms. The feed's and the
  inbox's views have no facets (over a view that ends in ORDER BY, a facet computes every column of every row;
  their tables have them). The posts' and notifications' tables and views show 50 rows a page (the feed's page
  size) unless `_size` is given.
- A table or view page lists the display columns of its page's canned query first (`-- display:`), the
  others after, as `?_col=` would (unless the URL gives `_col` or `_nocol`).
- A canned read query whose optional `:limit` has no default (notifications-inbox: every notification, as
  spec 002 and the CLI take them) gets a page of 50 (social-feed's page size) when no `limit` is given;
  an empty `limit` in the form still takes them all.
- The five apps' pages, at /<db>/-/switchboard/feed, /inbox, /templates, /quick-send and /posts (routes.py), each
  reading the canned queries the CLI runs for the acting user (access.py: the plugin's `actors`, `actor_user_key`,
  `anonymous` and `anonymous_user` settings), each action one of the canned writes, with Datasette's CSRF token.
  "Sync Posts" runs the operator's `sync_command` (sync.py).
- Datasette 0.65.x only (the requirement says datasette<1.0): the 1.0 alphas replace the canned_queries and
  get_metadata hooks it serves the queries through with stored queries (datasette.add_query), an API that still
  changes from alpha to alpha. Started under one anyway (installed with --no-deps), it logs one warning saying so.

    plugins:
      datasette-switchboard:
        now: "2026-02-10T12:00:00Z"     # optional; else $SWITCHBOARD_NOW; else the system clock
        allow_writes: {"id": "root"}    # optional; without it, no write query is offered
        actors: {"root": "<users.id>"}  # the pages: who acts as which workspace user (docs/hosts.md)
        anonymous: "read"               # optional: "none" (the default) or read-only pages for anonymous visitors
        sync_command: ["switchboard", "sync", "posts", "--command", "./fetch.sh"]   # optional: Sync Posts
"""
import functools
import html
import json
import logging
import os
import re
import sqlite3
import urllib.parse

from datasette import hookimpl
from datasette.filters import FilterArguments
from datasette.utils.asgi import Response
from datasette.version import __version__ as DATASETTE_VERSION

import switchboard
from .routes import ROUTES
from .runs import canned as _query
from .runs import catalog as _catalog
from .scale import PageFacet, count_from_counters, facets, searching, serving, table_counts_in_one_trip
from .workspace import is_workspace as _is_workspace
from switchboard.search import SEARCHES, condition, way_sql

PLUGIN = "datasette-switchboard"
log = logging.getLogger("datasette_switchboard")
_warned = False
_loaded = True
# The writes the pages' actions need, offered when the owner allows writes.
WRITES = ["social-flag", "social-unflag", "social-toggle-flag", "social-set-notes", "social-clear-notes",
          "social-delete", "notifications-mark-read", "notifications-mark-all-read", "notifications-clear-read",
          "notifications-delete", "notifications-mark-unread", "templates-create", "templates-update",
          "templates-delete", "tg-send", "tg-retry"]
REFUSED_NOW = ("switchboard_now(ts) is not available here: this server's clock is set by the "
               "datasette-switchboard plugin's `now` setting or $SWITCHBOARD_NOW")
# A canned query page's size where the query's :limit has no default (notifications-inbox, which takes every
# notification by default, as spec 002 and the CLI do), and the page size of the posts' and notifications' tables
# and views: social-feed's default page size.
PAGE_SIZE = "50"
# Titles, descriptions, facets and sorts for a workspace's tables and views. The feed and the inbox sort newest
# first by the instant keys (post_date_ms, scheduled_for_ms), as their views and queries do, not by the stored text,
# PAGE_SIZE rows a page unless `_size` is given (Datasette's 100 rows of their 30-45 columns take 50-60 ms of CPU to
# render, more than the rest of the page).
TABLES = {
    "social_media_posts": {"title": "Social posts", "description": "The posts the social page monitors (spec 001); "
                           "facet the feed here (a page of up to 10,000 posts).",
                           "facets": facets("platform", "sentiment", "flagged_for_review", "is_recruiting_related"),
                           "sort_desc": "post_date_ms", "size": int(PAGE_SIZE)},
    "social_feed": {"title": "Social feed", "description": "The social page's cards: each post with its labels, "
                    "school, coach and relative time (spec 001). Facets are on Social posts (social_media_posts): "
                    "over this view they would compute every card.", "sort_desc": "post_date_ms",
                    "size": int(PAGE_SIZE)},
    "notifications": {"title": "Notifications", "description": "The notifications (spec 002).",
                      "facets": facets("type", "priority"), "sort_desc": "scheduled_for_ms", "size": int(PAGE_SIZE)},
    "notification_inbox": {"title": "Notification inbox", "description": "The notifications page's rows (spec 002). "
                           "Facets are on Notifications (notifications): over this view they would compute every "
                           "row.", "sort_desc": "scheduled_for_ms", "size": int(PAGE_SIZE)},
    "communication_templates": {"title": "Communication templates", "description": "Templates (spec 000).",
                                "facets": facets("type"), "sort_desc": "updated_at"},
    "template_library": {"title": "Template library", "description": "The templates page's rows (spec 000).",
                         "facets": facets("type")},
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
# Table or view -> the canned query whose `display` columns its page shows first (the others follow, as stored): a
# page's view has its read query's, a table the write query's that changes its rows (the read's are computed columns).
DISPLAYED_BY = {"social_feed": "social-feed", "social_media_posts": "social-flag",
                "notification_inbox": "notifications-inbox", "notifications": "notifications-mark-read",
                "template_library": "templates-list", "communication_templates": "templates-create",
                "tg_template_buttons": "tg-templates", "tg_templates": "tg-update",
                "posts_with_placeholders": "posts-with-placeholders", "posts": "posts-with-placeholders"}


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
        "hide_sql": True,  # the form first; the "show" link shows the SQL (the feed's is 87 lines)
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
    configuration, by CLI name, from the package's catalog (the CLI's parse of the query headers).

    Built once per allow block and copied on each call: Datasette asks for every canned query of a database
    to check the permission of each one (on the database's page, once per query, each time building all of
    them: 45% of that page's time), and it adds keys to the dicts it gets."""
    key = json.dumps(allow_writes, sort_keys=True)
    return {name: dict(config) for name, config in _canned_query_config(key).items()}


@functools.lru_cache(maxsize=16)
def _canned_query_config(allow_writes_json):
    allow_writes = json.loads(allow_writes_json)
    config = {}
    for query in map(_query, _catalog()):
        if query.kind == "read":
            config[query.name] = _query_config(query)
        elif query.name in WRITES and allow_writes is not None:
            config[query.name] = _query_config(query, allow_writes)
    return config


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


@hookimpl
def register_facet_classes():
    """PageFacet: the facets the plugin declares, computed for pages of up to FACET_ROWS rows."""
    return [PageFacet]


@hookimpl(trylast=True)
def filters_from_request(request, database, table, datasette):
    """Marks the workspace's table or view whose page this request serves (datasette_switchboard.scale.serving), and
    reads ?_switchboard_search= (what ?_search= becomes on a workspace's searched tables and views, see asgi_wrapper):
    the rows the table's canned query finds for that search (switchboard.search), listed through the index, or
    tested row by row with or without its candidates, as one short query tells (for the posts: post_search's own
    plan for a page). These pages show the search box even before a search (Datasette shows it only where it finds
    an FTS table, which a view is not)."""
    if not _loaded:
        return None

    async def inner():
        if not await _is_workspace(datasette, database):
            return None
        serving.set(table)  # this request serves table's page: its row count may come from the counters
        if table not in SEARCHES:
            return None
        search = request.args.get("_switchboard_search", "")
        context = {"supports_search": True, "search": search}
        if not search:
            return FilterArguments([], {}, [], context)
        params = {"switchboard_search": search}
        way = (await datasette.get_database(database).execute(way_sql(table, "switchboard_search"), params)).first()[0]
        searching.set(way)
        return FilterArguments([condition(table, "switchboard_search", way)], params, [f'search matches "{search}"'],
                               context)
    return inner


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
    PAGE_SIZE when none is given), turns ?_search= into the canned queries' search on SEARCHES' tables and views,
    adds _nosuggest=1 to a workspace's table and view pages, and, on an HTML
    table or view page without ?_col= or ?_nocol=, lists the display columns first (DISPLAYED_BY). A workspace's
    row counts come from its counters (count_from_counters)."""
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
                table_counts_in_one_trip(datasette.get_database(database))
                return await app(scope, receive, send)
            offered = canned_query_config(_plugin_config(datasette).get("allow_writes"))
            if name in offered:
                query = _query(name)
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
            count_from_counters(db)
            pairs = urllib.parse.parse_qsl(query_string, keep_blank_values=True)
            added = []
            if name in SEARCHES and "_search" in arguments:
                pairs = [("_switchboard_search" if key == "_search" else key, value) for key, value in pairs]
            if "_nosuggest" not in arguments:
                added.append(("_nosuggest", "1"))
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


@functools.cache
def _display_columns(name):
    """The `display` columns of the canned query `name`, in its header's order."""
    return _catalog()[name]["display_columns"]


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


@hookimpl
def register_routes(datasette):
    """The five pages and their actions (routes.py)."""
    return ROUTES


def _a_page(template):
    return template is not None and getattr(template, "name", template).startswith("switchboard/")


@hookimpl
def extra_css_urls(template, datasette):
    """The pages' stylesheet, on the pages only."""
    return [datasette.urls.static_plugins(PLUGIN, "pages.css")] if _a_page(template) else []


@hookimpl
def extra_js_urls(template, datasette):
    """The pages' script (confirmations, banners, live preview, connection errors), on the pages only: each page
    works without it."""
    # a module: deferred, so it runs once the page is there
    return [{"url": datasette.urls.static_plugins(PLUGIN, "pages.js"), "module": True}] if _a_page(template) else []


@hookimpl
def database_actions(datasette, actor, database, request):
    """A link to the pages in a workspace database's actions menu."""
    async def inner():
        if not _loaded or not await _is_workspace(datasette, database):
            return []
        return [{"href": f"{datasette.urls.database(database)}/-/switchboard/feed",
                 "label": "Switchboard pages: feed, inbox, templates, quick-send, posts"}]
    return inner
