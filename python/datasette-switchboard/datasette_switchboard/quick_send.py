"""The quick-send page (spec 003, Telegram templates): one button per template with its icon and group, which
queues its message in the outbox (tg-send; "No group selected" for a template without one), the optional location
line, and the outbox's recent messages with their state (queued, sending, sent, failed, with Retry); "+" (Add
template) and Edit open the template editor (tg-create, tg-update, tg-delete) with its icon and group pickers.

Quick-send templates, groups and the outbox belong to the workspace, not to one of its users (spec 003's app keeps
them on the device): every user the plugin maps reads and sends them.
"""
import re

from datasette.utils.asgi import Response

from .page import Page, acting
from .strings import strings

# The SF Symbols of the icon picker (tg-icons), as the page draws them.
ICONS = {"paperplane.fill": "📨", "location.fill": "📍", "car.fill": "🚗", "bed.double.fill": "🛏️",
         "fork.knife": "🍴", "cup.and.saucer.fill": "☕", "figure.walk": "🚶", "figure.run": "🏃", "bicycle": "🚲",
         "tram.fill": "🚋", "airplane": "✈️", "house.fill": "🏠", "building.2.fill": "🏢", "cart.fill": "🛒",
         "bag.fill": "👜", "creditcard.fill": "💳", "phone.fill": "📞", "envelope.fill": "✉️", "calendar": "📅",
         "clock.fill": "🕒", "sun.max.fill": "☀️", "moon.fill": "🌙", "cloud.fill": "☁️", "bolt.fill": "⚡",
         "heart.fill": "❤️", "star.fill": "⭐", "flag.fill": "🚩", "bookmark.fill": "🔖", "tag.fill": "🏷️",
         "folder.fill": "📁", "doc.fill": "📄", "pencil": "✏️", "checkmark.circle.fill": "✅",
         "xmark.circle.fill": "❌", "exclamationmark.triangle.fill": "⚠️", "info.circle.fill": "ℹ️",
         "bell.fill": "🔔", "megaphone.fill": "📣", "hand.wave.fill": "👋", "sportscourt.fill": "🏟️",
         "gift.fill": "🎁"}
_DECIMAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)")


def icon(name):
    """The page's drawing of the SF Symbol `name` (a paper plane for one it does not know)."""
    return ICONS.get(name, "📨")


def location(text):
    """`LAT,LON` as `switchboard send --location` reads it (plain decimals, latitude within ±90, longitude within
    ±180, spaces around them ignored) and writes it (each number as Swift prints a Double: 37.7749, 40.0), or a
    ValueError saying what is wrong."""
    parts = text.strip().split(",")
    if len(parts) != 2:
        raise ValueError("expected LAT,LON (two decimal numbers separated by a comma)")
    numbers = []
    for part in (part.strip() for part in parts):
        if not _DECIMAL.fullmatch(part) or len(part) > 40:
            raise ValueError(f"'{part}' is not a decimal number")
        numbers.append(float(part))
    if not -90 <= numbers[0] <= 90:
        raise ValueError("latitude must be within -90 and 90")
    if not -180 <= numbers[1] <= 180:
        raise ValueError("longitude must be within -180 and 180")
    return ",".join(repr(number) for number in numbers)


async def show(datasette, request):
    page = await Page.open(datasette, request, "quick-send")
    buttons = await page.read("tg-templates")
    outbox = await page.read("tg-outbox", limit=20)
    latest = {}
    for message in outbox:  # newest first: the first of each template is its latest
        latest.setdefault(message["template_id"], message)
    return await page.render("quick_send.html", {
        "buttons": buttons, "outbox": outbox, "latest": latest, "icon": icon,
        "highlight": request.args.get("highlight"), "here": page.url(),
        "edit_url": lambda button: page.url("quick-send/edit", id=button["id"])})


async def editor(datasette, request, fields=None, problem=None, status=200):
    """New Template / Edit Template: the template ?id= (or `fields` as posted), the icon picker (tg-icons) and the
    group picker (tg-groups, searched with ?group_search=)."""
    page = await Page.open(datasette, request, "quick-send", write=True)
    template_id = (fields or {}).get("id") or request.args.get("id")
    template = None
    if template_id:
        found = [button for button in await page.read("tg-templates") if button["id"] == template_id]
        if not found:
            page.datasette.add_message(request, "Template not found", 3)
            return Response.redirect(page.url(), status=303)
        template = found[0]
    values = fields if fields is not None else {
        "name": template["name"] if template else "", "icon": template["icon"] if template else "paperplane.fill",
        "message_text": template["message_text"] if template else "",
        "target_group_id": str(template["target_group_id"] or "") if template else "",
        "include_location": "1" if template and template["include_location"] else ""}
    search = (request.args.get("group_search") or "").strip()
    return await page.render("quick_send_form.html", {
        "template": template, "values": values, "problem": problem, "icons": await page.read("tg-icons"),
        "icon": icon, "groups": await page.read("tg-groups", search=search or None), "group_search": search,
        "list_url": page.url(), "groups_url": page.url("quick-send/groups")}, status=status)


async def groups_json(datasette, request):
    """GET …/quick-send/groups?search=: the group picker's rows as JSON (its script searches as you type)."""
    page = await Page.open(datasette, request, "quick-send")
    return Response.json(await page.read("tg-groups", search=(request.args.get("search") or "").strip() or None))


async def act(datasette, request):
    page, action, fields = await acting(datasette, request, "quick-send")
    if action == "send":
        return await send(page, fields)
    if action == "retry":
        written = await page.write("tg-retry", id=fields.get("id"))
        return page.done(written.missing or f"Message {fields.get('id')} queued again", written.missing is None,
                         page.back(fields))
    if action == "delete":
        written = await page.write("tg-delete", id=fields.get("id"))
        return page.done(written.missing or "Template deleted", written.missing is None, page.url())
    problem = ("Enter the template's name" if not fields.get("name")
               else "Enter the message" if not fields.get("message_text")
               else strings.no_group_selected if not fields.get("target_group_id") else None)
    if problem:
        return await editor(datasette, request, fields, problem, status=400)
    values = {"name": fields["name"], "icon": fields.get("icon") or None, "message_text": fields["message_text"],
              "target_group_id": fields["target_group_id"],
              "include_location": "true" if fields.get("include_location") else "false"}
    if fields.get("id"):
        written = await page.write("tg-update", id=fields["id"], **values)
        return page.done(written.missing or "Changes saved", written.missing is None, page.url())
    await page.write("tg-create", **values)
    return page.done("Template saved", True, page.url())


async def send(page, fields):
    """A button's tap: tg-send of its template, with the location line when it includes the location and one is
    given; "No group selected" for a template without a group, as the app's alert says."""
    back = page.back(fields)
    found = [button for button in await page.read("tg-templates") if button["id"] == fields.get("id")]
    if not found:
        return page.done("Template not found", False, back)
    button = found[0]
    if button["target_group_id"] is None:
        return page.done(strings.no_group_selected, False, back)
    where, note = None, ""
    if button["include_location"]:
        try:
            where = location(fields["location"]) if fields.get("location", "").strip() else None
        except ValueError as error:
            return page.done(f"Location: {error}", False, back)
        note = "" if where else "; no location given, so it goes without the location line"
    written = await page.write("tg-send", id=button["id"], location=where, key=fields.get("key") or None)
    if written.missing:
        return page.done("Duplicate of a message already queued (the same one in the last 10 seconds, or under this key); "
                         "nothing queued", False, back)
    message = written.row
    return page.done(f"Queued message {message['id']} to {message['group_name']}{note}", True, back)
