"""The quick-send page (spec 003) and the posts page (spec 004) in headless Chromium: a button's tap queues what
`switchboard send` queues (with the location line when given), "No group selected" as the app's alert, the outbox's
states with Retry, the template editor with its icon and group pickers; the posts' placeholders and their fallbacks
in edit mode. Each checked in the rows."""
import shutil
import subprocess

from pages_browser import needs_chromium
from pages_support import cli_json, rows

from conftest import CLI

pytestmark = needs_chromium
LOCATION = "37.7749,-122.4194"


def button(pages, name):
    return next(item for item in pages.all("li.sb-qs") if pages.find(".sb-qs-name", item).text == name)


def alert(pages, screenshot=None):
    """The lines of the alert open now (its title, message and button), answered with OK."""
    dialog = pages.wait(lambda d: pages.all("dialog.sb-dialog[open]") and pages.find("dialog.sb-dialog[open]"))
    lines = dialog.text.split("\n")
    if screenshot:
        pages.shoot(screenshot)
    pages.confirm("OK")
    return lines


def outbox(database):
    return rows(database, "SELECT template_name, group_id, group_name, text, location, status FROM outbox ORDER BY id")


def test_the_buttons_queue_what_send_queues(pages, pages_server, tmp_path):
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("quick-send")
    assert pages.find("h1").text == "Templates"
    assert [name.text for name in pages.all(".sb-qs-name")] == [row["name"] for row in cli_json(database,
                                                                                               "tg-templates")]
    assert pages.find(".sb-header a.sb-round").get_attribute("aria-label") == "Add template"
    assert pages.find(".sb-qs-group", button(pages, "Old team update")).text == "No group selected"
    assert pages.find(".sb-outbox p").text == "Nothing queued"
    pages.assert_no_ids_or_sql()
    pages.shoot("quick-send")
    copy = tmp_path / "cli.db"
    shutil.copyfile(database, copy)
    pages.click_and_load(pages.find("button.sb-qs-button", button(pages, "Running late")))
    assert pages.banners() == ["Queued message 1 to Carpool Crew"]
    assert pages.find(".sb-state", button(pages, "Running late")).text == "Queued"
    late = button(pages, "On my way")
    pages.find(".sb-location summary", late).click()
    pages.find(".sb-location input", late).send_keys(LOCATION)
    pages.click_and_load(pages.find("button.sb-qs-button", late))
    assert pages.banners() == ["Queued message 2 to Family"]
    ids = dict(rows(database, "SELECT name, id FROM tg_templates"))
    subprocess.run([CLI, "send", ids["Running late"], "--db", str(copy)], check=True, capture_output=True)
    subprocess.run([CLI, "send", ids["On my way"], "--location", LOCATION, "--db", str(copy)], check=True,
                   capture_output=True)
    assert outbox(database) == outbox(copy) == [
        ("Running late", -1001000000003, "Carpool Crew", "Running about 10 minutes late, sorry!", None, "queued"),
        ("On my way", -1001000000001, "Family", f"On my way! 🚗\n\n📍 https://maps.google.com/?q={LOCATION}", LOCATION,
         "queued")]
    pages.find("button.sb-qs-button", button(pages, "Running late")).click()  # within 10 s: a duplicate
    assert alert(pages)[1].startswith("Duplicate of a message already queued") and len(outbox(database)) == 2
    wrong = button(pages, "Pick me up")
    pages.find(".sb-location summary", wrong).click()
    pages.find(".sb-location input", wrong).send_keys("91,0")
    pages.find("button.sb-qs-button", wrong).click()
    assert alert(pages) == ["Error", "Location: latitude must be within -90 and 90", "OK"]
    assert len(outbox(database)) == 2


def test_no_group_selected_is_the_apps_alert(pages, pages_server):
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("quick-send")
    before = outbox(database)
    pages.find("button.sb-qs-button", button(pages, "Old team update")).click()
    assert alert(pages, "quick-send-no-group") == ["Error", "No group selected", "OK"]
    assert outbox(database) == before


def test_the_outbox_shows_each_state_and_retries_a_failed_message(pages, pages_server):
    _, database = pages_server
    pages.sign_in("alex")
    ids = dict(rows(database, "SELECT name, id FROM tg_templates"))
    import sqlite3
    with sqlite3.connect(database) as conn:
        for name, status in [("Game day", "sent"), ("Home safe", "sending"), ("Call me", "failed")]:
            conn.execute("INSERT INTO outbox (idempotency_key, template_id, template_name, group_id, group_name, text, "
                         "status, attempts, last_error, lease_expires_at, sent_at) SELECT ?, id, name, target_group_id, "
                         "target_group_name, message_text, ?, ?, ?, ?, ? FROM tg_templates WHERE id = ?",
                         (f"key-{name}", status, 5 if status == "failed" else 1, "exit 1" if status == "failed" else None,
                          "2026-02-10T12:02:00.000Z" if status == "sending" else None,
                          "2026-02-10T12:00:01.000Z" if status == "sent" else None, ids[name]))
    conn.close()
    pages.open("quick-send")
    states = {pages.find(".sb-qs-name", item).text: pages.find(".sb-state", item).text
              for item in pages.all("li.sb-qs") if pages.all(".sb-state", item)}
    assert {name: states[name] for name in ["Game day", "Home safe", "Call me"]} == {
        "Game day": "Sent", "Home safe": "Sending", "Call me": "Failed"}
    failed = next(item for item in pages.all(".sb-outbox-item") if "Call me" in item.text)
    assert "Failed (5 attempts)" in failed.text and "exit 1" in failed.text
    pages.shoot("quick-send-outbox")
    pages.click_and_load(pages.find("button", failed))
    assert rows(database, "SELECT status, attempts, last_error FROM outbox WHERE idempotency_key = 'key-Call me'") == [
        ("queued", 0, "exit 1")]
    assert pages.banners()[0].endswith("queued again")


def test_add_edit_and_delete_a_quick_send_template(pages, pages_server):
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("quick-send")
    pages.click_and_load(pages.find(".sb-header a.sb-round"))  # +
    assert pages.find("h1").text == "New Template"
    assert [legend.text for legend in pages.all("legend")] == ["Template Info", "Message", "Target Group", "Options"]
    pages.find("#sb-name").send_keys("At the gym")
    pages.find("#sb-icon option[value='figure.run']").click()
    pages.find("#sb-message").send_keys("At the gym, back at 7")
    search = pages.find("#sb-group-search")
    assert search.get_attribute("placeholder") == "Search groups"
    search.send_keys("carp")
    pages.wait(lambda d: [option.text for option in pages.all("#sb-group option")] == [
        "Select...", "Carpool Crew (6 members)"])
    pages.find("#sb-group option[value='-1001000000003']").click()
    pages.find("input[name=include_location]").click()
    pages.shoot("quick-send-new")
    pages.click_and_load(pages.find("button.sb-save"))
    assert rows(database, "SELECT icon, message_text, target_group_id, target_group_name, include_location, sort_order "
                          "FROM tg_templates WHERE name = 'At the gym'") == [
        ("figure.run", "At the gym, back at 7", -1001000000003, "Carpool Crew", 1, 0)]
    pages.click_and_load(pages.find("a.sb-edit", button(pages, "At the gym")))
    assert pages.find("h1").text == "Edit Template"
    message = pages.find("#sb-message")
    message.clear()
    message.send_keys("At the gym, back at 8")
    pages.click_and_load(pages.find("button.sb-save"))
    assert rows(database, "SELECT message_text FROM tg_templates WHERE name = 'At the gym'") == [
        ("At the gym, back at 8",)]
    pages.click_and_load(pages.find("a.sb-edit", button(pages, "At the gym")))
    pages.click_and_load(pages.find(".sb-delete-form button"))
    assert rows(database, "SELECT count(*) FROM tg_templates WHERE name = 'At the gym'") == [(0,)]


def test_the_posts_placeholders_and_their_fallbacks(pages, pages_server):
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("posts")
    assert [link.get_attribute("href").rsplit("=", 1)[1] for link in pages.all("article.sb-post-item a.sb-button")] == [
        str(row["id"]) for row in cli_json(database, "posts-with-placeholders")]
    pages.assert_no_ids_or_sql()
    pages.shoot("posts")
    for post, expected in [(3, ["name", "mission", "personal statement"]),  # the profile template's placeholders
                           (4, ["Title", "Summary", "Body"]),  # a template that does not exist: the fallbacks
                           (11, ["Title", "Summary", "Body"])]:  # no template
        pages.open(f"posts/edit?id={post}")
        fields = pages.all(".sb-post-form .sb-field input, .sb-post-form .sb-field textarea")
        assert [field.get_attribute("placeholder") for field in fields] == expected, post
        assert [field.get_attribute("aria-label") for field in fields] == expected, post
        hints = [pages.find(f"#{field.get_attribute('aria-describedby')}").get_attribute("textContent")
                 for field in fields]
        assert hints == [f"Enter the {label.lower()} for this post" for label in expected], post
        pages.assert_no_ids_or_sql()
    pages.shoot("post-edit")
    title = pages.find(".sb-post-form input[name=title]")
    title.send_keys("A title at last")
    pages.click_and_load(pages.find(".sb-post-form button.sb-primary"))
    assert rows(database, "SELECT title, summary, body FROM posts WHERE id = 11") == [
        ("A title at last", "Summary of post 11", "Body of post 11.")]
    assert pages.banners() == ["Post saved"]
