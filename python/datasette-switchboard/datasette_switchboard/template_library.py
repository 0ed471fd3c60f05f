"""The templates page (spec 000, Communication Templates): "My Templates (N)" with the type filter and its counts, a
search and the template cards; "Create New" and Edit, a form with the variables guide, the variables the body uses,
its warnings and a live preview (template_render with the guide's example values); Delete with a confirmation.

Reads: templates-type-counts (the counters), templates-list, templates-show, templates-variables. Writes:
templates-create, templates-update, templates-delete.
"""
import json

from datasette.utils.asgi import Response

from .page import Page, acting, allowed
from .strings import strings

TYPES = [("email", "Email"), ("text", "Text"), ("twitter", "Twitter")]
# The body's preview: its parse error, else the text rendered with the example values (and the user's partials), and
# the names it uses.
PREVIEW_SQL = """
SELECT template_error(:body) AS warning,
       CASE WHEN template_error(:body) IS NULL
            THEN template_render(:body, :vars, 'text',
                                 (SELECT json_group_object(name, body) FROM template_partials WHERE user_id = :user))
       END AS preview,
       CASE WHEN template_error(:body) IS NULL THEN template_variables(:body) END AS variables
"""


async def samples(page):
    """The variables guide (templates-variables) and its example values as a JSON object."""
    guide = await page.read("templates-variables")
    return guide, json.dumps({row["name"]: row["example"] for row in guide if row["example"] is not None})


async def preview(page, body):
    """{"warning", "preview", "variables"} of `body`: why it does not parse (then no preview), or the text rendered
    with the guide's examples and the names it uses."""
    _, values = await samples(page)
    row = (await page.db.execute(PREVIEW_SQL, {"body": body or "", "vars": values, "user": page.access.user_id})).first()
    return {"warning": row["warning"], "preview": row["preview"],
            "variables": json.loads(row["variables"]) if row["variables"] else []}


async def show(datasette, request):
    page = await Page.open(datasette, request, "templates")
    chosen = {"type": allowed("templates-list", "type", request.args.get("type")),
              "search": (request.args.get("search") or "").strip()}
    buttons = await page.read("templates-type-counts")
    templates = await page.read("templates-list", type=chosen["type"], search=chosen["search"] or None)
    return await page.render("templates.html", {
        "chosen": chosen, "buttons": buttons, "templates": templates, "total": buttons[0]["count"] if buttons else 0,
        "here": page.url(**chosen), "button_url": lambda kind: page.url(**{**chosen, "type": kind}),
        "edit_url": lambda template: page.url("templates/edit", id=template["id"])})


async def editor(datasette, request, fields=None, problem=None, status=200):
    """The Create New / Edit form: a new template, the template ?id=, or `fields` as posted (after a refused save or
    a Preview without script)."""
    page = await Page.open(datasette, request, "templates", write=True)
    template_id = (fields or {}).get("id") or request.args.get("id")
    template = None
    if template_id:
        found = await page.read("templates-show", id=template_id)
        if not found:
            page.datasette.add_message(request, "Template not found", 3)
            return Response.redirect(page.url(), status=303)
        template = found[0]
    values = fields if fields is not None else {
        "name": template["name"] if template else "", "type": template["type"] if template else "email",
        "body": template["body"] if template else ""}
    guide, _ = await samples(page)
    total = (await page.read("templates-type-counts"))[0]["count"]
    return await page.render("template_form.html", {
        "template": template, "values": values, "types": TYPES, "guide": guide, "total": total, "problem": problem,
        "shown": await preview(page, values.get("body")), "list_url": page.url()}, status=status)


async def preview_json(datasette, request):
    """GET …/templates/preview?body=: the live preview's JSON (the form's script asks as the body changes)."""
    page = await Page.open(datasette, request, "templates")
    return Response.json(await preview(page, request.args.get("body", "")))


async def act(datasette, request):
    page, action, fields = await acting(datasette, request, "templates")
    if action == "delete":
        if fields.get("confirmed") != "1":
            return await page.ask(f"Delete “{fields.get('name') or 'this template'}”?", "templates/delete", fields,
                                  strings.templates_delete, page.url("templates/edit", id=fields.get("id")))
        written = await page.write("templates-delete", id=fields.get("id"))
        return page.done(written.missing or "Template deleted", written.missing is None, page.url())
    if "preview" in fields:
        return await editor(datasette, request, fields)
    problem = ("Enter the template's name" if not fields.get("name")
               else "Enter the template's body" if not fields.get("body") else None)
    if problem:
        return await editor(datasette, request, fields, problem, status=400)
    values = {"name": fields["name"], "type": fields.get("type") or "email", "body": fields["body"]}
    if fields.get("id"):
        written = await page.write("templates-update", id=fields["id"], **values)
        saved = "Changes saved"
    else:
        written = await page.write("templates-create", **values)
        saved = "Template saved"
    if written.missing:
        return page.done(written.missing, False, page.url())
    warning = written.row.get("body_warning") if written.row else None
    return page.done(f"{saved}. Warning: {warning}" if warning else saved, True, page.url())
