"""What the page tests share: a demo workspace with a second user, the plugin's settings for the pages, signed-in
actors, the CLI's answer to the same canned query, and rows read back from the database file."""
import asyncio
import json
import os
import re
import sqlite3
import subprocess
import urllib.parse

from datasette.app import Datasette

from conftest import CLI, DEMO_NOW

ALEX = "00000001-0000-4000-8000-000000000001"  # the demo's user, Jordan Rivera
BLAKE = "bbbbbbbb-0000-4000-8000-00000000000b"  # a second user, with rows of every per-user kind
SECRET = "pages-test-secret"
# Datasette actors: alex acts as the demo's user, blake as the second; nobody maps stranger.
ACTORS = {"alex": ALEX, "blake": BLAKE}
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)


def make_workspace(path):
    """A demo database at `path` (switchboard demo, the clock at DEMO_NOW) plus BLAKE's own post, notification and
    template, each marked "Blake"."""
    subprocess.run([CLI, "demo", "--db", str(path), "--now", DEMO_NOW], check=True, capture_output=True)
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA recursive_triggers = ON")
        conn.execute("INSERT INTO users (id, name, timezone) VALUES (?, 'Blake Second', 'UTC')", (BLAKE,))
        conn.execute("INSERT INTO social_media_posts (id, user_id, platform, post_url, post_content, author_name, "
                     "author_handle, post_date) VALUES ('b-post', ?, 'twitter', 'https://x.com/blake/1', "
                     "'Blake scholarship news', 'Coach Blake', '@coachblake', '2026-02-10T11:00:00Z')", (BLAKE,))
        conn.execute("INSERT INTO notifications (id, user_id, type, title, message, scheduled_for) VALUES "
                     "('b-note', ?, 'offer', 'Blake offer', 'For Blake', '2026-02-10T11:00:00Z')", (BLAKE,))
        conn.execute("INSERT INTO communication_templates (id, user_id, name, type, body) VALUES "
                     "('b-template', ?, 'Blake template', 'email', 'Hi {{coach_name}}')", (BLAKE,))
    conn.close()
    return path


def plugin_settings(**more):
    """The plugin's settings for the page tests: the clock, the actors, and `more`."""
    return {"plugins": {"datasette-switchboard": {"now": DEMO_NOW, "actors": ACTORS, **more}}}


def serve(database, **more):
    """A Datasette (in-process) over `database` with plugin_settings(**more)."""
    return Datasette([str(database)], metadata=plugin_settings(**more), secret=SECRET)


def signed_in(actor):
    """The ds_actor cookie of `actor` (an id) for a Datasette whose secret is SECRET."""
    return {"ds_actor": Datasette([], secret=SECRET).sign({"a": {"id": actor}}, "actor")}


def rows(database, sql, *params):
    """The rows of `sql` on the database file (read afresh)."""
    with sqlite3.connect(database) as conn:
        found = conn.execute(sql, params).fetchall()
    conn.close()
    return found


def cli_json(database, name, *pairs, user=ALEX):
    """The CLI's rows for `switchboard run NAME -p pair ... --user USER`, as JSON."""
    arguments = [CLI, "run", name, "--db", str(database), "--format", "json", "--user", user]
    for pair in pairs:
        arguments += ["-p", pair]
    result = subprocess.run(arguments, capture_output=True, text=True, check=True,
                            env={**os.environ, "SWITCHBOARD_NOW": DEMO_NOW})
    return json.loads(result.stdout)


class Client:
    """Datasette's in-process client as one actor (None: anonymous), posting forms with the CSRF token a page gave."""

    def __init__(self, ds, actor=None):
        self.ds, self.cookies = ds, signed_in(actor) if actor else {}

    def get(self, path, **params):
        """GET `path` (which may carry its own query string) with `params` added."""
        if params:
            path += ("&" if "?" in path else "?") + urllib.parse.urlencode(params)
        return asyncio.run(self.ds.client.get(path, cookies=self.cookies))

    def post(self, path, data, page=None, json_answer=False):
        """POSTs `data` to `path` with the CSRF token of `page` (default: the page `path` belongs to)."""
        shown = self.get(page or path.rsplit("/", 1)[0])
        token = shown.cookies.get("ds_csrftoken") or self.cookies.get("ds_csrftoken")
        self.cookies = {**self.cookies, "ds_csrftoken": token}
        headers = {"accept": "application/json"} if json_answer else {}
        return asyncio.run(self.ds.client.post(path, data={**data, "csrftoken": token}, cookies=self.cookies,
                                               headers=headers))

    def banners(self, response):
        """The banners a redirect leaves for the next page (Datasette's ds_messages cookie)."""
        cookie = response.cookies.get("ds_messages")
        return [message for message, _ in self.ds.unsign(cookie, "messages")] if cookie else []
