"""The inbox (spec 002, Notifications): the unread count, the type chips with counts, unread/all and due/upcoming,
search, the notification cards 50 at a time, and each card's mark read/unread and delete; mark all read and clear
read for the page. Opening a card marks it read and follows its `route`.

Reads: notifications-unread-count and notifications-type-counts (the counters), notifications-inbox (its trigram
index for a search).
"""
import json

from . import runs
from .page import Page, acting, allowed
from .runs import TimedOut
from .strings import strings

PAGE_SIZE = 50
SHOW = ("all", "unread")
WHEN = [("all", "All"), ("due", "Due"), ("upcoming", "Upcoming")]


def filters(args):
    """The inbox's filters from the URL: type, search, show (all|unread) and when (all|due|upcoming)."""
    return {"type": allowed("notifications-inbox", "type", args.get("type")),
            "search": (args.get("search") or "").strip(),
            "show": "unread" if args.get("show") == "unread" else None,
            "when": allowed("notifications-inbox", "when", args.get("when"))}


async def show(datasette, request):
    page = await Page.open(datasette, request, "inbox")
    chosen = filters(request.args)
    when = chosen["when"] or "all"
    cursor = {"cursor_scheduled_for": request.args.get("cursor_scheduled_for"),
              "cursor_id": request.args.get("cursor_id")}
    context = {"chosen": chosen, "when_choices": WHEN, "items": [], "problem": None, "chips": [], "counts": None,
               "paged": bool(cursor["cursor_id"]), "here": page.url(**chosen, **cursor), "first": page.url(**chosen),
               "filtered": bool(chosen["type"] or chosen["search"] or chosen["show"] or chosen["when"]),
               "chip_url": lambda kind: page.url(**{**chosen, "type": kind}),
               "show_url": lambda show: page.url(**{**chosen, "show": show}),
               "when_url": lambda choice: page.url(**{**chosen, "when": None if choice == "all" else choice})}
    try:
        context["counts"] = (await page.read("notifications-unread-count", when=when))[0]
        context["chips"] = await page.read("notifications-type-counts", when=when)
        items = await page.read("notifications-inbox", type=chosen["type"], search=chosen["search"] or None,
                                unread="true" if chosen["show"] else None, when=when, limit=PAGE_SIZE + 1, **cursor)
    except TimedOut:
        context["problem"] = strings.connection_timed_out
        return await page.render("inbox.html", context)
    more = len(items) > PAGE_SIZE
    items = items[:PAGE_SIZE]
    last = items[-1] if items else None
    context.update(
        items=items,
        next=page.url(**chosen, cursor_scheduled_for=last["scheduled_for"], cursor_id=last["id"]) if more else None)
    return await page.render("inbox.html", context)


def target(page, route):
    """Where opening a notification goes, from its `route` (route_map's screen): the quick-send page for a
    send_template link, Datasette's page of the coach or school it names, else (offers, events, documents, and
    notifications itself) the inbox, as spec 002 stays on the notifications page by default."""
    if isinstance(route, str):
        try:
            route = json.loads(route)
        except ValueError:
            route = {}
    screen, key = (route or {}).get("screen"), (route or {}).get("id")
    urls = page.datasette.urls
    if screen == "send_template" and key:
        return page.url("quick-send", highlight=key)
    if screen in ("coach_detail", "school_detail") and key:
        return urls.row(page.database, "coaches" if screen == "coach_detail" else "schools", key)
    return None


# Each card's and the page's actions: the canned write each runs, and the banner of a success.
ACTIONS = {"read": ("notifications-mark-read", "Marked read"), "unread": ("notifications-mark-unread", "Marked unread"),
           "delete": ("notifications-delete", "Notification deleted"),
           "mark-all-read": ("notifications-mark-all-read", "Marked {} as read"),
           "clear-read": ("notifications-clear-read", "Deleted {} read")}


async def act(datasette, request):
    page, action, fields = await acting(datasette, request, "inbox")
    back = page.back(fields)
    if action == "open":
        written = await page.write("notifications-mark-read", id=fields.get("id"))
        if written.missing:
            return page.done(written.missing, False, back)
        route = await runs.value(page.db, "SELECT route FROM notification_inbox WHERE id = :id AND user_id = :user",
                                 {"id": fields.get("id"), "user": page.access.user_id})
        return page.done(None, True, target(page, route) or back)
    if action == "clear-read" and fields.get("confirmed") != "1":
        return await page.ask(strings.clear_read_confirm, "inbox/clear-read", fields, strings.clear_read, back)
    query, success = ACTIONS[action]
    written = await page.write(query, id=fields.get("id") if "id" in fields else None)
    if written.missing:
        return page.done(written.missing, False, back)
    if isinstance(written.result, int):
        success = success.format(f"{written.result} notification{'' if written.result == 1 else 's'}")
    return page.done(success, True, back)
