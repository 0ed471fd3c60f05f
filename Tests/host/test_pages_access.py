"""The pages' access rules, through Datasette's in-process client: who acts as which workspace user (the plugin's
`actors`), what anonymous visitors get (`anonymous`), a second user's rows invisible and untouchable, the CSRF
token, the CLI's words for a missing id, and the rows before and after each refused write."""
import asyncio
import sqlite3

import pytest
from pages_support import ALEX, BLAKE, Client, cli_json, make_workspace, rows, serve

PAGES = ["feed", "inbox", "templates", "quick-send", "posts"]
EDITORS = ["templates/new", "templates/edit?id=b-template", "quick-send/new", "posts/edit?id=1"]


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    return make_workspace(tmp_path_factory.mktemp("pages-access") / "demo.db")


@pytest.fixture(scope="module")
def ds(workspace):
    return serve(workspace)


def test_anonymous_visitors_get_no_pages_unless_the_operator_says_read(ds, workspace):
    for path in PAGES + EDITORS:
        response = Client(ds).get(f"/demo/-/switchboard/{path}")
        assert response.status_code == 403 and "Sign in to see these pages" in response.text, path
    stranger = Client(ds, "stranger").get("/demo/-/switchboard/feed")  # signed in, but no workspace user
    assert stranger.status_code == 403 and "stranger is not one of this workspace&#39;s users" in stranger.text
    reader = Client(serve(workspace, anonymous="read", anonymous_user=ALEX))
    for path in PAGES:
        page = reader.get(f"/demo/-/switchboard/{path}")
        assert page.status_code == 200, path
        assert "Read-only: Jordan Rivera's pages" in page.text and 'method="post"' not in page.text, path
    for path in EDITORS:
        page = reader.get(f"/demo/-/switchboard/{path}")
        assert page.status_code == 403 and "read-only here" in page.text, path
    before = rows(workspace, "SELECT id, flagged_for_review FROM social_media_posts ORDER BY id")
    post = before[0][0]
    refused = reader.post("/demo/-/switchboard/feed/flag", {"id": post}, page="/-/messages")  # a page with a token
    assert refused.status_code == 403 and "read-only here" in refused.text
    assert rows(workspace, "SELECT id, flagged_for_review FROM social_media_posts ORDER BY id") == before


def test_a_workspace_of_several_users_needs_anonymous_user_for_anonymous_reading(workspace):
    response = Client(serve(workspace, anonymous="read")).get("/demo/-/switchboard/feed")
    assert response.status_code == 403 and "anonymous_user setting" in response.text


def test_an_actor_mapped_to_no_user_of_the_database_is_refused(workspace):
    response = Client(serve(workspace, actors={"alex": "no-such-user"}), "alex").get("/demo/-/switchboard/inbox")
    assert response.status_code == 403 and "alex acts as user no-such-user" in response.text


def test_each_user_sees_only_their_own_rows(ds, workspace):
    alex, blake = Client(ds, "alex"), Client(ds, "blake")
    for page, blakes in [("feed", "Blake scholarship news"), ("inbox", "Blake offer"), ("templates", "Blake template")]:
        assert blakes not in alex.get(f"/demo/-/switchboard/{page}").text, page
        assert blakes in blake.get(f"/demo/-/switchboard/{page}").text, page
    feed = blake.get("/demo/-/switchboard/feed").text
    assert "Signed in as Blake Second" in feed and "1 post" in feed and "Zoë García" not in feed
    assert blake.get("/demo/-/switchboard/feed", search="scholarship").text.count('class="sb-card sb-post') == 1
    assert alex.get("/demo/-/switchboard/feed", search="scholarship").text.count('class="sb-card sb-post') == len(
        cli_json(workspace, "social-feed", "search=scholarship")) == 37


@pytest.mark.parametrize("path, data, message, table, key", [
    ("feed/flag", {"id": "b-post"}, "Post not found", "social_media_posts", "b-post"),
    ("feed/notes", {"id": "b-post", "notes": "mine now"}, "Post not found", "social_media_posts", "b-post"),
    ("feed/delete", {"id": "b-post", "confirmed": "1"}, "Post not found", "social_media_posts", "b-post"),
    ("inbox/read", {"id": "b-note"}, "Notification not found", "notifications", "b-note"),
    ("inbox/delete", {"id": "b-note"}, "Notification not found", "notifications", "b-note"),
    ("templates/save", {"id": "b-template", "name": "Taken", "type": "text", "body": "x"}, "Template not found",
     "communication_templates", "b-template"),
    ("templates/delete", {"id": "b-template", "confirmed": "1"}, "Template not found", "communication_templates",
     "b-template"),
])
def test_a_second_users_rows_are_untouchable(ds, workspace, path, data, message, table, key):
    """Alex names Blake's rows: each write says the CLI's words for a missing id and changes nothing."""
    before = rows(workspace, f"SELECT * FROM {table} WHERE id = ?", key)
    response = Client(ds, "alex").post(f"/demo/-/switchboard/{path}", data)
    assert response.status_code == 303
    assert Client(ds).banners(response) == [message]
    assert rows(workspace, f"SELECT * FROM {table} WHERE id = ?", key) == before != []


def test_a_missing_id_answers_the_clis_words(ds, workspace):
    alex = Client(ds, "alex")
    for path, message in [("feed/unflag", "Post not found"), ("feed/clear-notes", "Post not found"),
                          ("inbox/unread", "Notification not found"), ("inbox/open", "Notification not found"),
                          ("quick-send/retry", "Nothing to retry: no failed message with this id"),
                          ("quick-send/delete", "Template not found"), ("posts/save", "Post not found")]:
        response = alex.post(f"/demo/-/switchboard/{path}", {"id": "404"})
        assert alex.banners(response) == [message], path
    answer = alex.post("/demo/-/switchboard/feed/flag", {"id": "nope"}, json_answer=True)
    assert (answer.status_code, answer.json()) == (400, {"ok": False, "message": "Post not found",
                                                         "redirect": "/demo/-/switchboard/feed"})


def test_every_write_needs_datasettes_csrf_token(ds, workspace):
    post = rows(workspace, "SELECT id FROM social_media_posts WHERE user_id = ? AND flagged_for_review = 0 LIMIT 1",
                ALEX)[0][0]
    alex = Client(ds, "alex")
    response = asyncio.run(ds.client.post("/demo/-/switchboard/feed/flag", data={"id": post}, cookies=alex.cookies))
    assert response.status_code == 403 and "did not match" in response.text
    assert rows(workspace, "SELECT flagged_for_review FROM social_media_posts WHERE id = ?", post) == [(0,)]
    assert alex.post("/demo/-/switchboard/feed/flag", {"id": post}).status_code == 303
    assert rows(workspace, "SELECT flagged_for_review FROM social_media_posts WHERE id = ?", post) == [(1,)]
    assert alex.post("/demo/-/switchboard/feed/unflag", {"id": post}).status_code == 303
    assert rows(workspace, "SELECT flagged_for_review FROM social_media_posts WHERE id = ?", post) == [(0,)]


def test_a_database_without_a_workspace_has_no_pages(tmp_path):
    plain = tmp_path / "plain.db"
    sqlite3.connect(plain).execute("CREATE TABLE t (x)")
    assert Client(serve(plain), "alex").get("/plain/-/switchboard/feed").status_code == 404


def test_blake_cannot_reach_alex_through_the_canned_queries_on_the_pages(ds, workspace):
    """The pages give every canned query the acting user: a user_id in the URL changes nothing."""
    page = Client(ds, "blake").get("/demo/-/switchboard/feed", user_id=ALEX).text
    assert "Blake scholarship news" in page and "Zoë García" not in page
    assert BLAKE not in page.replace(f'value="{BLAKE}"', "")


def test_the_databases_page_links_to_the_pages(ds):
    page = Client(ds, "alex").get("/demo").text
    assert 'href="/demo/-/switchboard/feed"' in page and "Switchboard pages" in page
    assert Client(ds, "alex").get("/demo/-/switchboard").headers["location"] == "/demo/-/switchboard/feed"
