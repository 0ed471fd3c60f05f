#!/usr/bin/env python3
"""The five pages' times (Benchmarks/datasette/run.sh, WHAT=pages): every page of datasette-switchboard
(/<db>/-/switchboard/feed, inbox, templates, quick-send, posts and their editors), each filter and search on it
(search terms drawn from the data as measure.py draws them, seeded), fetched as HTML by a signed-in actor from a
running `datasette serve`, each against the CLI on the same call in the same run: `switchboard run` of the canned
query that lists the page's rows with the same filters (process included). The page runs more than that one query
(the counters' statistics, chips and counts): its cost over the CLI's is the ratio.

Wall-clock ms on one kept-alive connection (the server's time plus the loopback's), p50 and p95, page and CLI
alternating; the goal is every page's p95 under 0.3 s at 1M posts and 300,000 notifications.

  pages.py BASE_URL DATABASE_NAME DB CLI OUT.json COOKIE [--runs N] [--seed S] [--label L]
  measure.py table OUT.json ...     the Markdown table (the same format as the table and view pages')
"""
import sys
import urllib.parse

from measure import measure, options, run, terms

ROWS = "51"  # the pages ask for a page of 50 and one more (whether there is a next page)


def cases(conn, seed, db):
    """(label, page path, CLI arguments) for every page, filter and search measured."""
    base = f"/{db}/-/switchboard"
    found = []

    def add(label, path, query, arguments):
        found.append((f"/-/switchboard/{label}", f"{base}/{path}", run(query, arguments)))

    for path, arguments in [("feed", []), ("feed?platform=instagram", ["platform=instagram"]),
                            ("feed?type=flagged", ["flagged=true"]), ("feed?type=recruiting", ["recruiting=true"]),
                            ("feed?sentiment=negative", ["sentiment=negative"])]:
        add(path, path, "social-feed", [f"limit={ROWS}"] + arguments)
    school = conn.execute("SELECT school_id FROM social_media_posts WHERE school_id IS NOT NULL GROUP BY school_id "
                          "ORDER BY count(*) DESC LIMIT 1").fetchone()[0]
    add("feed?school_id=ID", f"feed?school_id={school}", "social-feed", [f"limit={ROWS}", f"school_id={school}"])
    date, key = conn.execute("SELECT post_date, id FROM social_media_posts ORDER BY post_date_ms DESC, id DESC "
                             "LIMIT 1 OFFSET 49").fetchone()
    add("feed (the next 50)", f"feed?cursor_post_date={urllib.parse.quote(date)}&cursor_id={key}", "social-feed",
        [f"limit={ROWS}", f"cursor_post_date={date}", f"cursor_id={key}"])
    for kind, term in terms(conn, "social_media_posts", ("post_content", "author_name", "author_handle"), seed).items():
        add(f"feed?search= {kind} `{term}`", f"feed?search={urllib.parse.quote(term)}", "social-feed",
            [f"limit={ROWS}", f"search={term}"])
    for path, arguments in [("inbox", []), ("inbox?type=deadline_alert", ["type=deadline_alert"]),
                            ("inbox?show=unread", ["unread=true"]), ("inbox?when=due", ["when=due"]),
                            ("inbox?when=upcoming", ["when=upcoming"])]:
        add(path, path, "notifications-inbox", [f"limit={ROWS}"] + arguments)
    for kind, term in terms(conn, "notifications", ("title", "message"), seed).items():
        add(f"inbox?search= {kind} `{term}`", f"inbox?search={urllib.parse.quote(term)}", "notifications-inbox",
            [f"limit={ROWS}", f"search={term}"])
    add("templates", "templates", "templates-list", [])
    add("templates?type=email", "templates?type=email", "templates-list", ["type=email"])
    for kind, term in terms(conn, "communication_templates", ("name", "body"), seed).items():
        add(f"templates?search= {kind} `{term}`", f"templates?search={urllib.parse.quote(term)}", "templates-list",
            [f"search={term}"])
    template = conn.execute("SELECT id FROM communication_templates ORDER BY seq LIMIT 1").fetchone()[0]
    quick = conn.execute("SELECT id FROM tg_templates ORDER BY sort_order, id LIMIT 1").fetchone()[0]
    post = conn.execute("SELECT id FROM posts ORDER BY id LIMIT 1").fetchone()[0]
    add("templates/new", "templates/new", "templates-variables", [])
    add("templates/edit?id=ID", f"templates/edit?id={template}", "templates-show", [f"id={template}"])
    add("templates/preview?body=", "templates/preview?body=Dear%20%7B%7Bcoach_name%7D%7D", "templates-variables", [])
    add("quick-send", "quick-send", "tg-templates", [])
    add("quick-send/new", "quick-send/new", "tg-groups", [])
    add("quick-send/edit?id=ID", f"quick-send/edit?id={quick}", "tg-templates", [])
    add("posts", "posts", "posts-with-placeholders", [])
    add("posts/edit?id=ID", f"posts/edit?id={post}", "posts-show", [f"id={post}"])
    return found


def measure_pages(base, name, database, cli, out, cookie, runs, seed, label):
    measure(base, name, database, cli, out, runs, seed, label, find=cases, headers={"Cookie": f"ds_actor={cookie}"})


if __name__ == "__main__":
    positional, settings = options(sys.argv[1:], {"runs": 20, "seed": 1, "label": ""})
    measure_pages(*positional, **settings)
