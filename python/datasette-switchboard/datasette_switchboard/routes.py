"""The pages' URLs, under each workspace database (Datasette's register_routes):

    /<db>/-/switchboard                      -> the feed
    /<db>/-/switchboard/feed                 GET: the feed (?search= &platform= &school_id= &type=flagged|recruiting
                                             &sentiment= &cursor_post_date= &cursor_id=)
    /<db>/-/switchboard/feed/ACTION          POST id: flag, unflag, notes (id, notes), clear-notes, delete; sync
    /<db>/-/switchboard/inbox                GET: the inbox (?type= &search= &show=unread &when=due|upcoming, cursor)
    /<db>/-/switchboard/inbox/ACTION         POST: open, read, unread, delete (id); mark-all-read, clear-read
    /<db>/-/switchboard/templates            GET: My Templates (?type= &search=)
    /<db>/-/switchboard/templates/new        GET: Create New;  /templates/edit?id= GET: Edit
    /<db>/-/switchboard/templates/preview    GET ?body=: the live preview (JSON)
    /<db>/-/switchboard/templates/ACTION     POST: save (id for an edit; preview to preview only), delete (id)
    /<db>/-/switchboard/quick-send           GET: the buttons and the outbox (?highlight=ID)
    /<db>/-/switchboard/quick-send/new       GET: New Template;  /quick-send/edit?id= GET: Edit Template
    /<db>/-/switchboard/quick-send/groups    GET ?search=: the group picker (JSON)
    /<db>/-/switchboard/quick-send/ACTION    POST: send (id, location, key), retry (id), save, delete (id)
    /<db>/-/switchboard/posts                GET: the posts (?template=);  /posts/edit?id= GET: Edit
    /<db>/-/switchboard/posts/save           POST id, title, summary, body

Every POST carries Datasette's CSRF token, and answers with a redirect back to the page and a banner (or JSON for the
pages' script, which asks with Accept: application/json).
"""
import functools
import sqlite3

from datasette.utils.asgi import Response

import switchboard
from . import feed, inbox, posts, quick_send, template_library
from .page import ERROR

BASE = r"^/(?P<database>[^/]+)/-/switchboard"


def _post(handler, page):
    """`handler` for POSTs only (a GET goes to the page); a parameter the canned query refuses, or a constraint the
    database refuses, comes back as an error banner on the page."""
    @functools.wraps(handler)
    async def checked(datasette, request):
        back = f"{datasette.urls.database(request.url_vars['database'])}/-/switchboard/{page}"
        if request.method != "POST":
            return Response.redirect(back)
        try:
            return await handler(datasette, request)
        except (switchboard.QueryError, sqlite3.IntegrityError) as error:
            datasette.add_message(request, str(error), ERROR)
            if "application/json" in request.headers.get("accept", ""):
                return Response.json({"ok": False, "message": str(error), "redirect": back}, status=400)
            return Response.redirect(back, status=303)
    return checked


def _get(handler):
    """`handler(datasette, request)` as a route (Datasette passes a route only the arguments it names)."""
    async def view(datasette, request):
        return await handler(datasette, request)
    return view


async def _home(datasette, request):
    return Response.redirect(f"{datasette.urls.database(request.url_vars['database'])}/-/switchboard/feed")


ROUTES = [
    (BASE + r"/?$", _home),
    (BASE + r"/feed$", feed.show),
    (BASE + r"/feed/(?P<action>flag|unflag|notes|clear-notes|delete|sync)$", _post(feed.act, "feed")),
    (BASE + r"/inbox$", inbox.show),
    (BASE + r"/inbox/(?P<action>open|read|unread|delete|mark-all-read|clear-read)$", _post(inbox.act, "inbox")),
    (BASE + r"/templates$", template_library.show),
    (BASE + r"/templates/(?:new|edit)$", _get(template_library.editor)),
    (BASE + r"/templates/preview$", template_library.preview_json),
    (BASE + r"/templates/(?P<action>save|delete)$", _post(template_library.act, "templates")),
    (BASE + r"/quick-send$", quick_send.show),
    (BASE + r"/quick-send/(?:new|edit)$", _get(quick_send.editor)),
    (BASE + r"/quick-send/groups$", quick_send.groups_json),
    (BASE + r"/quick-send/(?P<action>send|retry|save|delete)$", _post(quick_send.act, "quick-send")),
    (BASE + r"/posts$", posts.show),
    (BASE + r"/posts/edit$", posts.editor),
    (BASE + r"/posts/save$", _post(posts.act, "posts")),
]
