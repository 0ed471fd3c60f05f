"""One request to one of the pages: its database, its acting user, the canned queries it runs for that user, and
how it answers (a rendered page; after a write, a redirect back with a banner, or JSON for the pages' script)."""
import urllib.parse

from datasette.utils.asgi import Forbidden, NotFound, Response

import switchboard
from . import runs
from .access import access
from .strings import strings
from .workspace import is_workspace

# Datasette.INFO and Datasette.ERROR, the kinds of its messages (the module cannot import datasette.app: it loads
# the plugins)
INFO, ERROR = 1, 3

# The pages, in the order of their tabs: (path under /<db>/-/switchboard/, tab label, the spec it shows).
PAGES = [("feed", "Feed", "001"), ("inbox", "Inbox", "002"), ("templates", "Templates", "000"),
         ("quick-send", "Quick-send", "003"), ("posts", "Posts", "004")]
# How long a success banner stays (spec 001: the sync banner auto-dismisses after 5 seconds); errors stay.
DISMISS_MS = 5000


class Page:
    """One of the pages, as `request` (a Datasette Request) asks for it."""

    def __init__(self, datasette, request, database, name, access):
        self.datasette, self.request, self.database, self.name, self.access = (datasette, request, database, name,
                                                                               access)
        self.db = datasette.get_database(database)

    @classmethod
    async def open(cls, datasette, request, name, write=False):
        """The Page `name` of the database in the URL, for its acting user (403 when there is none, or, for `write`,
        when they may only read; 404 for a database that holds no workspace)."""
        database = request.url_vars["database"]
        if not await is_workspace(datasette, database):
            raise NotFound("This database holds no Switchboard workspace")
        who = await access(datasette, request, database)
        if write and not who.can_write:
            raise Forbidden("These pages are read-only here: sign in as one of the workspace's users to change them")
        return cls(datasette, request, database, name, who)

    def url(self, page=None, **params):
        """The path of `page` (this one by default) with `params` (empty ones left out) as its query string."""
        path = f"{self.datasette.urls.database(self.database)}/-/switchboard/{page or self.name}"
        query = urllib.parse.urlencode({key: value for key, value in params.items() if value not in (None, "")})
        return f"{path}?{query}" if query else path

    async def read(self, query, **arguments):
        """The rows of the canned read `query` for the acting user (its :user_id, when it declares one)."""
        return await runs.read(self.datasette, self.db, query, **self._scoped(query, arguments))

    async def write(self, query, **arguments):
        """Runs the canned write `query` as the acting user: a runs.Written."""
        return await runs.write(self.db, query, **self._scoped(query, arguments))

    def _scoped(self, query, arguments):
        if "user_id" in runs.canned(query).parameters:
            return {**arguments, "user_id": self.access.user_id}
        return arguments

    async def user_name(self):
        return await runs.value(self.db, "SELECT name FROM users WHERE id = :id", {"id": self.access.user_id})

    async def render(self, template, context, status=200):
        """The page `template` (under templates/switchboard/) with `context` and what every page shows."""
        tabs = [{"href": self.url(path), "label": label, "current": path == self.name} for path, label, _ in PAGES]
        body = await self.datasette.render_template(
            [f"switchboard/{template}"],
            {"database": self.database, "tabs": tabs, "page": self, "strings": strings,
             "user_name": await self.user_name(), "can_write": self.access.can_write, "dismiss_ms": DISMISS_MS,
             **context},
            request=self.request)
        return Response.html(body, status=status)

    async def ask(self, question, action, fields, confirm_label, cancel):
        """The confirmation page of `action` (a page's path) for `fields`, as the app's alert asks `question`; the
        pages' script asks in a dialog instead and posts `confirmed=1` itself."""
        return await self.render("confirm.html", {"question": question, "action": self.url(action), "fields": fields,
                                                  "confirm_label": confirm_label, "cancel": cancel})

    def back(self, form):
        """Where an action goes back to: the form's `next` when it is one of this database's pages, else this page."""
        target = form.get("next") or ""
        base = f"{self.datasette.urls.database(self.database)}/-/switchboard/"
        return target if target.startswith(base) and "//" not in target[1:] else self.url()

    def done(self, message, ok=True, back=None):
        """The answer to an action: a banner (a success, auto-dismissed; or an error, which stays) on the page it
        goes back to; a 303 redirect there, or, for the pages' script (Accept: application/json), the same as JSON."""
        alerted = not ok and self.request.headers.get("x-switchboard-alert")  # the script shows it as an alert
        if message and not alerted:
            self.datasette.add_message(self.request, message, INFO if ok else ERROR)
        target = back or self.url()
        if "application/json" in self.request.headers.get("accept", ""):
            return Response.json({"ok": ok, "message": message, "redirect": target}, status=200 if ok else 400)
        return Response.redirect(target, status=303)


async def acting(datasette, request, name):
    """(the Page `name` for a write, the action in the URL, the posted form's fields) of an action's request."""
    page = await Page.open(datasette, request, name, write=True)
    return page, request.url_vars["action"], await form(request)


async def form(request):
    """The posted form's fields (the CSRF token checked by Datasette already)."""
    return dict(await request.post_vars())


def allowed(query, parameter, value):
    """`value` when it is one of the canned query's allowed values for `parameter` (or it has none), else None: a
    filter a visitor edits into the URL is left out rather than refused."""
    if not value:
        return None
    try:
        runs.canned(query).parameters[parameter].convert(value)
    except switchboard.QueryError:
        return None
    return value
