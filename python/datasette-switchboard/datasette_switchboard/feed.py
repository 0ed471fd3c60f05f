"""The feed (spec 001, Social Media Monitoring): the statistics cards, search and filters, the post cards of
`social-feed` 50 at a time, and each card's flag, notes and delete; "Sync Posts" runs the configured sync.

Reads: social-stats and social-schools (the counters), social-feed (post_search). The count of a filtered list comes
from the statistics when the filters are the counters' own (none, platform or flagged alone), else from the page
itself ("50+" when there are more): never a count of every post.
"""
from .page import Page, acting, allowed
from .runs import TimedOut
from .strings import strings
from .sync import sync

PAGE_SIZE = 50
TYPES = {"flagged": "flagged", "recruiting": "recruiting"}
PLATFORMS = [("twitter", "Twitter/X"), ("instagram", "Instagram")]
SENTIMENTS = [("very_positive", "🔥 Very Positive"), ("positive", "👍 Positive"), ("neutral", "😐 Neutral"),
              ("negative", "👎 Negative")]


def filters(args):
    """The feed's filters from the URL: search, platform, school_id, type (flagged|recruiting) and sentiment."""
    return {"search": (args.get("search") or "").strip(), "platform": allowed("social-feed", "platform",
                                                                               args.get("platform")),
            "school_id": args.get("school_id") or None, "type": TYPES.get(args.get("type") or ""),
            "sentiment": allowed("social-feed", "sentiment", args.get("sentiment"))}


def counted(stats, chosen, posts, more, cursor):
    """How many posts the filters keep, as the page says it: from the statistics (the counters) for no filter,
    the platform or flagged alone; else the page's own rows, or "50+" when there are more; None past the first page."""
    others = chosen["search"] or chosen["school_id"] or chosen["sentiment"] or chosen["type"] == "recruiting"
    if not others and not (chosen["platform"] and chosen["type"]):
        if chosen["platform"]:
            return stats[f"{chosen['platform']}Posts"]
        return stats["flaggedPosts"] if chosen["type"] else stats["totalPosts"]
    if cursor:
        return None
    return f"{PAGE_SIZE}+" if more else len(posts)


async def show(datasette, request):
    page = await Page.open(datasette, request, "feed")
    chosen = filters(request.args)
    cursor = {"cursor_post_date": request.args.get("cursor_post_date"), "cursor_id": request.args.get("cursor_id")}
    context = {"chosen": chosen, "platforms": PLATFORMS, "sentiments": SENTIMENTS, "posts": [], "problem": None,
               "active": sum(1 for value in chosen.values() if value), "here": page.url(**chosen, **cursor),
               "first": page.url(**chosen), "clear": page.url(), "paged": bool(cursor["cursor_id"]), "count": None}
    try:
        context["stats"] = (await page.read("social-stats"))[0]
        context["schools"] = [school for school in await page.read("social-schools") if school["id"] is not None]
        posts = await page.read("social-feed", search=chosen["search"] or None, platform=chosen["platform"],
                                school_id=chosen["school_id"], sentiment=chosen["sentiment"],
                                flagged="true" if chosen["type"] == "flagged" else None,
                                recruiting="true" if chosen["type"] == "recruiting" else None,
                                limit=PAGE_SIZE + 1, **cursor)
    except TimedOut:
        context.update(problem=strings.connection_timed_out, stats=None, schools=[])
        return await page.render("feed.html", context)
    more = len(posts) > PAGE_SIZE
    posts = posts[:PAGE_SIZE]
    last = posts[-1] if posts else None
    context.update(
        posts=posts, count=counted(context["stats"], chosen, posts, more, cursor["cursor_id"]),
        next=page.url(**chosen, cursor_post_date=last["post_date"], cursor_id=last["id"]) if more else None)
    return await page.render("feed.html", context)


# The card's actions: the canned write each runs, and the banner of a success.
ACTIONS = {"flag": ("social-flag", "Flagged for review"), "unflag": ("social-unflag", "Flag removed"),
           "notes": ("social-set-notes", "Notes saved"), "clear-notes": ("social-clear-notes", "Notes cleared"),
           "delete": ("social-delete", "Post deleted")}


async def act(datasette, request):
    page, action, fields = await acting(datasette, request, "feed")
    back = page.back(fields)
    if action == "sync":
        message, ok = await sync(datasette, page.db.path, page.access.user_id)
        return page.done(message, ok, back)
    if action == "notes" and not (fields.get("notes") or "").strip():
        action = "clear-notes"  # saving empty notes clears them, as the app's has-notes marker reads blank ones
    if action == "delete" and fields.get("confirmed") != "1":
        return await page.ask(strings.delete_post_confirm, "feed/delete", fields, strings.templates_delete, back)
    query, success = ACTIONS[action]
    written = await page.write(query, id=fields.get("id"), notes=fields.get("notes") if action == "notes" else None)
    return page.done(written.missing or success, written.missing is None, back)
