"""The feed page (spec 001) in headless Chromium: its cards match the CLI's social-feed for each filter and search,
and each action (flag, unflag, notes add/edit/clear, delete with its confirmation, Sync Posts) changes exactly its
rows; keyboard navigation, connection errors, the banner that dismisses itself, and nothing shows an id unasked."""
from pages_browser import needs_chromium
from pages_support import ALEX, cli_json, rows

pytestmark = needs_chromium


def card_ids(pages):
    """The ids of the cards shown, in order (from the cards' forms; the ids are not shown)."""
    return [field.get_attribute("value") for field in pages.all("article.sb-post form[action$='/feed/delete'] "
                                                                  "input[name=id]")]


def post(database, post_id):
    return rows(database, "SELECT flagged_for_review, notes FROM social_media_posts WHERE id = ?", post_id)


def test_the_feed_shows_what_the_cli_shows_for_each_filter(pages, pages_server):
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("feed")
    assert pages.find("h1").text == "Social Media Monitoring"
    assert [stat.text.replace("\n", " ") for stat in pages.all(".sb-stat")] == [
        "Total Posts 99+", "Twitter/X Posts 99+", "Instagram Posts 100", "Flagged for Review 33"]
    assert card_ids(pages) == [row["id"] for row in cli_json(database, "social-feed")]
    assert pages.find(".sb-count").text == "300 posts"
    pages.assert_no_ids_or_sql()
    pages.shoot("feed")
    first = pages.find("article.sb-post")
    pages.find(".sb-details summary", first).click()  # the user asks for the details: then the id shows
    assert card_ids(pages)[0] in first.text
    pages.find("#sb-search").send_keys("scholar")
    pages.click_and_load(pages.find(".sb-search-row button"))
    assert card_ids(pages) == [row["id"] for row in cli_json(database, "social-feed", "search=scholar")]
    assert pages.find(".sb-count").text == "37 posts"
    pages.shoot("feed-search")
    pages.open("feed?platform=instagram&type=flagged")
    assert pages.find(".sb-filters summary").get_attribute("aria-label") == "Filter posts. 2 filters active."
    assert card_ids(pages) == [row["id"] for row in cli_json(database, "social-feed", "platform=instagram",
                                                             "flagged=true")]
    pages.open("feed?sentiment=negative&type=recruiting")
    assert card_ids(pages) == [row["id"] for row in cli_json(database, "social-feed", "sentiment=negative",
                                                             "recruiting=true")]
    pages.open("feed?search=nothing-has-this")
    assert [pages.find(".sb-empty h2").text, pages.find(".sb-empty p").text] == [
        "No posts match your filters", "Try adjusting your search or filter criteria"]
    pages.click_and_load(pages.find(".sb-empty a.sb-button"))  # Clear Filters
    assert len(card_ids(pages)) == 50
    pages.click_and_load(pages.find(".sb-pager a"))  # the next 50, by the feed's keyset cursor
    assert card_ids(pages) == [row["id"] for row in cli_json(database, "social-feed", "limit=100")][50:100]


def test_flag_unflag_and_notes_from_the_card(pages, pages_server):
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("feed")
    target = card_ids(pages)[1]
    assert post(database, target) == [(0, None)]
    pages.click_and_load(pages.all("article.sb-post")[1].find_element("css selector", "button.sb-flag"))
    assert post(database, target) == [(1, None)]
    assert pages.banners() == ["Flagged for review"]
    card = pages.all("article.sb-post")[1]
    assert "🚩 Flagged" in card.text and "Flagged for review." in card.get_attribute("aria-label")
    assert pages.find("button.sb-flag", card).get_attribute("aria-pressed") == "true"
    pages.click_and_load(pages.find("button.sb-flag", card))
    assert post(database, target) == [(0, None)]
    card = pages.all("article.sb-post")[1]
    pages.find(".sb-notes summary", card).click()
    pages.find(".sb-notes textarea", card).send_keys("Call Monday")
    pages.click_and_load(pages.find(".sb-notes button.sb-primary", card))
    assert post(database, target) == [(0, "Call Monday")]
    card = pages.all("article.sb-post")[1]
    assert "📝 Notes" in card.text and pages.find(".sb-notes summary", card).text == "📝 Edit notes"
    pages.find(".sb-notes summary", card).click()
    notes = pages.find(".sb-notes textarea", card)
    notes.clear()
    notes.send_keys("Call Tuesday instead")
    pages.click_and_load(pages.find(".sb-notes button.sb-primary", card))
    assert post(database, target) == [(0, "Call Tuesday instead")]
    card = pages.all("article.sb-post")[1]
    pages.find(".sb-notes summary", card).click()
    pages.click_and_load(next(button for button in pages.all(".sb-notes button", card) if button.text == "Clear notes"))
    assert post(database, target) == [(0, None)]
    assert pages.banners() == ["Notes cleared"]


def test_delete_asks_first(pages, pages_server):
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("feed")
    target = card_ids(pages)[2]
    before = rows(database, "SELECT count(*) FROM social_media_posts")[0][0]
    card = pages.all("article.sb-post")[2]
    pages.find("button.sb-danger", card).click()
    assert pages.confirm("Cancel") == "Delete this post from your feed?"
    assert rows(database, "SELECT count(*) FROM social_media_posts WHERE id = ?", target) == [(1,)]
    pages.find("button.sb-danger", card).click()
    pages.confirm("Delete")
    assert rows(database, "SELECT count(*) FROM social_media_posts WHERE id = ?", target) == [(0,)]
    assert rows(database, "SELECT count(*) FROM social_media_posts")[0][0] == before - 1
    assert pages.banners() == ["Post deleted"] and target not in card_ids(pages)


def test_sync_posts_runs_the_configured_sync_and_its_banner_goes_by_itself(pages, pages_server):
    from selenium.webdriver.support import expected_conditions
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("feed")
    before = rows(database, "SELECT count(*) FROM social_media_posts WHERE user_id = ?", ALEX)[0][0]
    button = pages.find(".sb-header .sb-sync button")
    assert (button.text, button.get_attribute("aria-label")) == ("Sync Posts",
                                                                 "Sync new posts from Twitter and Instagram")
    pages.click_and_load(button)
    assert pages.banners() == ["Synced 2 new posts"]
    assert rows(database, "SELECT count(*) FROM social_media_posts WHERE user_id = ?", ALEX)[0][0] == before + 2
    assert pages.all("article.sb-post .sb-author")[0].text == "Coach Newman"
    pages.shoot("feed-synced")
    banner = pages.find(".sb-banner.sb-success")
    assert banner.get_attribute("data-dismiss") == "5000"
    pages.wait(expected_conditions.invisibility_of_element(banner), 15)
    pages.click_and_load(pages.find(".sb-header .sb-sync button"))
    assert pages.banners() == ["No new posts found. You're up to date!"]


def test_keyboard_reaches_every_action_and_shows_where_it_is(pages, pages_server):
    from selenium.webdriver.common.keys import Keys
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("feed")
    order = []
    body = pages.find("body")
    body.send_keys(Keys.TAB)
    for _ in range(40):
        active = pages.driver.switch_to.active_element
        order.append((active.tag_name, active.get_attribute("aria-label") or active.text.strip()))
        if order[-1] == ("button", "Delete post"):
            break
        active.send_keys(Keys.TAB)
    labels = [label for _, label in order]
    for earlier, later in [("Feed", "Inbox"), ("Posts", "Sync new posts from Twitter and Instagram"),
                           ("Sync new posts from Twitter and Instagram", ""), ("Search", "Filter posts. 0 filters active."),
                           ("Filter posts. 0 filters active.", "Flag post for review"),
                           ("Flag post for review", "📝 Add notes"), ("📝 Add notes", "Delete post")]:
        assert labels.index(earlier) < labels.index(later), (earlier, later, order)
    flag = pages.driver.switch_to.active_element  # Delete post; back to its card's Flag
    assert flag.tag_name == "button"
    assert pages.driver.execute_script("return getComputedStyle(document.activeElement).outlineStyle") == "solid"
    target = card_ids(pages)[0]
    flag = pages.find("button.sb-flag")
    pages.driver.execute_script("arguments[0].focus()", flag)
    marker = pages.find("html")
    flag.send_keys(Keys.ENTER)
    from selenium.webdriver.support import expected_conditions
    pages.wait(expected_conditions.staleness_of(marker))
    pages.loaded()
    assert post(database, target)[0][0] == 1
    pages.find("button.sb-danger").send_keys(Keys.ENTER)
    dialog = pages.wait(lambda d: pages.all("dialog.sb-dialog[open]") and pages.find("dialog.sb-dialog[open]"))
    assert pages.driver.switch_to.active_element.text == "Cancel"  # the safe choice has the focus
    dialog.send_keys(Keys.ESCAPE)
    pages.wait(expected_conditions.staleness_of(dialog))
    assert rows(database, "SELECT count(*) FROM social_media_posts WHERE id = ?", target) == [(1,)]


def test_connection_errors_show_the_specs_words(pages, pages_server):
    _, database = pages_server
    pages.sign_in("alex")
    pages.open("feed")
    target = card_ids(pages)[3]
    pages.driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
    try:
        pages.find("button.sb-flag", pages.all("article.sb-post")[3]).click()
        pages.wait(lambda d: pages.find(".sb-problem").is_displayed())
    finally:
        pages.driver.delete_network_conditions()
    assert pages.find(".sb-problem .sb-banner-text").text == "Unable to load posts. Check your connection."
    assert post(database, target)[0][0] == 0
    pages.shoot("feed-offline")
    pages.click_and_load(pages.find(".sb-problem .sb-retry"))
    assert pages.find("h1").text == "Social Media Monitoring"


def test_anonymous_readers_and_a_second_user(pages, pages_server):
    _, database = pages_server
    pages.sign_in(None)
    pages.open("feed")
    assert pages.find(".sb-who").text == "Read-only: Jordan Rivera's pages"
    assert pages.all("form[method=post]") == [] and pages.all("button.sb-flag") == []
    assert len(card_ids(pages)) == 0 and len(pages.all("article.sb-post")) == 50
    pages.shoot("feed-read-only")
    pages.sign_in("blake")
    pages.open("feed")
    assert pages.find(".sb-who").text == "Signed in as Blake Second"
    assert card_ids(pages) == ["b-post"] and pages.find(".sb-count").text == "1 post"
    others = rows(database, "SELECT id, flagged_for_review, notes FROM social_media_posts WHERE id != 'b-post' "
                            "ORDER BY id")
    pages.click_and_load(pages.find("article.sb-post button.sb-flag"))
    assert post(database, "b-post") == [(1, None)] and pages.banners() == ["Flagged for review"]
    assert rows(database, "SELECT id, flagged_for_review, notes FROM social_media_posts WHERE id != 'b-post' "
                          "ORDER BY id") == others
