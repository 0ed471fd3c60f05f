"""The posts page (spec 004, posts with template placeholders): the posts as display mode shows them (no
placeholders), by template; Edit shows each field with its template's placeholder, or the fallbacks Title, Summary
and Body when the post's template gives none, as the app's edit mode does.

Reads: posts-with-placeholders, posts-show, posts-templates. Writes: posts-update. Posts belong to the workspace's
posts API (their user_id is the API's author number, not a workspace user): every mapped user reads and edits them.
"""
from datasette.utils.asgi import Response

from .page import Page, allowed, form

PAGE_SIZE = 50
FIELDS = [("title", "title_label"), ("summary", "summary_label"), ("body", "body_label")]


async def show(datasette, request):
    page = await Page.open(datasette, request, "posts")
    template = request.args.get("template") or None
    listed = (await page.read("posts-templates"))[0]["templates"]
    posts = await page.read("posts-with-placeholders", template_name=template, limit=PAGE_SIZE)
    return await page.render("posts.html", {
        "posts": posts, "templates": listed, "template": template, "here": page.url(template=template),
        "edit_url": lambda post: page.url("posts/edit", id=post["id"])})


async def editor(datasette, request):
    page = await Page.open(datasette, request, "posts", write=True)
    post_id = allowed("posts-show", "id", request.args.get("id"))
    found = await page.read("posts-show", id=post_id) if post_id else []
    if not found:
        page.datasette.add_message(request, "Post not found", 3)
        return Response.redirect(page.url(), status=303)
    return await page.render("post_form.html", {"post": found[0], "fields": FIELDS, "list_url": page.url()})


async def act(datasette, request):
    page = await Page.open(datasette, request, "posts", write=True)
    fields = await form(request)
    written = await page.write("posts-update", id=fields.get("id"), title=fields.get("title"),
                               summary=fields.get("summary"), body=fields.get("body"))
    return page.done(written.missing or "Post saved", written.missing is None, page.url())
