"""The inbox page (spec 002) in headless Chromium: the unread count, chips with counts and the list match the CLI's
queries; mark read, mark unread, delete, mark all read and clear read (with its confirmation) change exactly their
rows; opening a notification marks it read and follows its route; the loading text while a list loads."""
from pages_browser import needs_chromium
from pages_support import ALEX, cli_json, rows

pytestmark = needs_chromium


def item_ids(pages):
    return [field.get_attribute("value") for field in pages.all("article.sb-note form.sb-note-open input[name=id]")]


def read_at(database, note):
    return rows(database, "SELECT read_at FROM notifications WHERE id = ?", note)


def test_the_inbox_shows_what_the_cli_shows(pages, pages_server):
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("inbox")
    assert (pages.find("h1").text, pages.find(".sb-unread").text) == ("Notifications", "74 unread")
    chips = cli_json(database, "notifications-type-counts")
    assert [chip.text.replace("\n", " ") for chip in pages.all(".sb-chip")] == [
        (f"{chip['emoji']} " if chip["emoji"] else "") + chip["chip"] for chip in chips]
    assert [chip.get_attribute("aria-label") for chip in pages.all(".sb-chip")][:2] == [
        "All filter. active", "Follow-ups filter. inactive"]
    assert item_ids(pages) == [row["id"] for row in cli_json(database, "notifications-inbox", "limit=50")]
    first = pages.find("article.sb-note")
    assert first.get_attribute("aria-label") == cli_json(database, "notifications-inbox", "limit=1")[0][
        "accessibility_label"]
    pages.assert_no_ids_or_sql()
    pages.shoot("inbox")
    pages.click_and_load(pages.all(".sb-chip")[2])  # Deadlines
    assert pages.all(".sb-chip")[2].get_attribute("aria-label") == "Deadlines filter. active"
    assert item_ids(pages) == [row["id"] for row in cli_json(database, "notifications-inbox", "type=deadline_alert",
                                                             "limit=50")]
    pages.find("#sb-search").send_keys("transcr")
    pages.click_and_load(pages.find(".sb-search-row button"))
    assert item_ids(pages) == [row["id"] for row in cli_json(database, "notifications-inbox", "type=deadline_alert",
                                                             "search=transcr")]
    pages.open("inbox?show=unread&when=due")
    assert item_ids(pages) == [row["id"] for row in cli_json(database, "notifications-inbox", "unread=true",
                                                             "when=due", "limit=50")]
    pages.open("inbox?search=nothing-has-this")
    assert pages.find(".sb-empty h2").text == "No notifications"


def test_mark_read_unread_and_delete_one(pages, pages_server):
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("inbox?show=unread")
    note = item_ids(pages)[0]
    assert read_at(database, note) == [(None,)]
    card = pages.find("article.sb-note")
    pages.click_and_load(next(button for button in pages.all("button", card) if button.text == "Mark read"))
    assert read_at(database, note) == [("2026-02-10T12:00:00Z",)] and pages.banners() == ["Marked read"]
    assert pages.find(".sb-unread").text == "73 unread" and note not in item_ids(pages)
    pages.open("inbox")
    card = next(card for card in pages.all("article.sb-note")
                if pages.find("input[name=id]", card).get_attribute("value") == note)
    assert "sb-read" in card.get_attribute("class")
    pages.click_and_load(next(button for button in pages.all("button", card) if button.text == "Mark unread"))
    assert read_at(database, note) == [(None,)] and pages.find(".sb-unread").text == "74 unread"
    before = rows(database, "SELECT count(*) FROM notifications")[0][0]
    card = pages.all("article.sb-note")[1]
    victim = pages.find("input[name=id]", card).get_attribute("value")
    delete = pages.find("button.sb-delete", card)
    assert delete.get_attribute("aria-label") == "Delete notification"
    pages.click_and_load(delete)
    assert rows(database, "SELECT count(*) FROM notifications WHERE id = ?", victim) == [(0,)]
    assert rows(database, "SELECT count(*) FROM notifications")[0][0] == before - 1


def test_opening_a_notification_marks_it_read_and_follows_its_route(pages, pages_server):
    _, database = pages_server
    pages.sign_in("alex")
    coach, title = rows(database, "SELECT id, title FROM notifications WHERE user_id = ? AND read_at IS NULL AND "
                                  "action_url LIKE '/coaches?highlight=%' ORDER BY scheduled_for DESC LIMIT 1", ALEX)[0]
    pages.open(f"inbox?show=unread&search={title}")
    card = next(card for card in pages.all("article.sb-note")
                if pages.find("input[name=id]", card).get_attribute("value") == coach)
    pages.click_and_load(pages.find("button.sb-note-main", card))
    assert read_at(database, coach) == [("2026-02-10T12:00:00Z",)]
    highlighted = rows(database, "SELECT substr(action_url, 20) FROM notifications WHERE id = ?", coach)[0][0]
    assert pages.driver.current_url.endswith(f"/demo/coaches/{highlighted}")  # Datasette's page of that coach
    other, = rows(database, "SELECT id FROM notifications WHERE user_id = ? AND action_url IS NULL AND read_at IS NULL "
                            "LIMIT 1", ALEX)[0]
    pages.open(f"inbox?show=unread&search={rows(database, 'SELECT title FROM notifications WHERE id = ?', other)[0][0]}")
    card = next(card for card in pages.all("article.sb-note")
                if pages.find("input[name=id]", card).get_attribute("value") == other)
    pages.click_and_load(pages.find("button.sb-note-main", card))
    assert "/demo/-/switchboard/inbox" in pages.driver.current_url  # no route: the inbox stays
    assert read_at(database, other) == [("2026-02-10T12:00:00Z",)]


def test_mark_all_read_then_clear_read_with_its_confirmation(pages, pages_server):
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("inbox")
    mine = "SELECT count(*) FROM notifications WHERE user_id = ? AND read_at IS {} NULL"
    unread = rows(database, mine.format(""), ALEX)[0][0]
    pages.click_and_load(next(button for button in pages.all(".sb-bulk button") if button.text == "Mark all as read"))
    assert rows(database, mine.format(""), ALEX) == [(0,)]
    assert pages.banners() == [f"Marked {unread} notifications as read"]
    assert [button.text for button in pages.all(".sb-bulk button")] == ["Clear read"]  # nothing left to mark
    assert pages.find(".sb-unread").text == "0 unread"
    blakes = rows(database, "SELECT id, read_at FROM notifications WHERE user_id <> ?", ALEX)
    pages.find(".sb-bulk button").click()
    assert pages.confirm("Cancel") == "Delete all read notifications?"
    assert rows(database, mine.format("NOT"), ALEX)[0][0] > 0
    pages.find(".sb-bulk button").click()
    pages.confirm("Clear read")
    assert rows(database, "SELECT count(*) FROM notifications WHERE user_id = ?", ALEX) == [(0,)]
    assert rows(database, "SELECT id, read_at FROM notifications WHERE user_id <> ?", ALEX) == blakes  # Blake's stay
    assert [pages.find(".sb-empty h2").text, pages.find(".sb-empty p").text] == [
        "No notifications", "You're all caught up!"]
    pages.shoot("inbox-empty")


def test_a_list_that_loads_says_so(pages, pages_server):
    pages.sign_in("alex")
    pages.open("inbox")
    loading = pages.find(".sb-loading")
    assert not loading.is_displayed()
    chip = pages.find(".sb-chip")
    pages.driver.execute_script("arguments[0].addEventListener('click', (event) => event.preventDefault())", chip)
    chip.click()  # the page's script shows the loading state; the navigation itself is held, to look at it
    assert loading.is_displayed() and loading.text == "Loading notifications..."
