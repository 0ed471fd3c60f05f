"""The Datasette pages in a real browser: `datasette serve` on a demo database with the datasette-switchboard
plugin (clock set, writes allowed to root), driven by Debian's headless Chromium through Selenium.

As root (Datasette's --root login link), it opens the social feed, searches it (`scholar`), flags a post, marks a
notification read and queues a quick-send (tg-send) through the writable canned queries' forms, then reads the
changes back from the database file with sqlite3. A screenshot of each page is kept under Tests/host/output/browser/
(git-ignored), to look at. Skipped only when chromedriver is absent (.ci/run installs chromium and chromium-driver).
"""
import json
import pathlib
import re
import sqlite3
import subprocess
import sys
import time

import pytest
from pages_browser import chrome, needs_chromium, stop

from conftest import CLI, DEMO_NOW, free_port

pytestmark = needs_chromium
OUTPUT = pathlib.Path(__file__).resolve().parent / "output" / "browser"
# Bounds on waits for a condition (never a sleep that is the test's timing): Datasette's start, a page's load.
STARTUP = 60
PAGE = 30


def wait_for(condition, bound, what):
    """Polls `condition` until it gives a true value, which it returns; fails after `bound` seconds."""
    deadline = time.monotonic() + bound
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"gave up after {bound} s waiting for {what}")
        time.sleep(0.1)


@pytest.fixture
def server(tmp_path):
    """(the base URL of `datasette serve` on a fresh demo database, its root login link, the database's path)."""
    database = tmp_path / "demo.db"
    subprocess.run([CLI, "demo", "--db", str(database), "--now", DEMO_NOW], check=True, capture_output=True)
    metadata = tmp_path / "metadata.json"
    metadata.write_text(json.dumps({"plugins": {"datasette-switchboard": {"now": DEMO_NOW,
                                                                         "allow_writes": {"id": "root"}}}}))
    port = free_port()
    log = tmp_path / "datasette.log"
    datasette = pathlib.Path(sys.executable).parent / "datasette"
    with open(log, "w") as out:
        process = subprocess.Popen([str(datasette), "serve", str(database), "--host", "127.0.0.1", "--port", str(port),
                                    "--metadata", str(metadata), "--root"], stdout=out, stderr=subprocess.STDOUT)
    try:
        def login_link():
            if process.poll() is not None:
                pytest.fail(f"datasette exited with {process.returncode}: {log.read_text()}")
            found = re.search(r"http://127\.0\.0\.1:\d+/-/auth-token\?token=\w+", log.read_text())
            return found and "Uvicorn running" in log.read_text() and found.group(0)
        link = wait_for(login_link, STARTUP, "datasette serve")
        yield f"http://127.0.0.1:{port}", link, database
    finally:
        stop(process)


@pytest.fixture
def browser():
    with chrome(1280, 1000) as driver:
        yield driver


def screenshot(driver, name):
    """The whole page (the window stretched to its height and to the width of its widest table) as OUTPUT/name.png."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    width, height = driver.execute_script(
        "const wide = [...document.querySelectorAll('.table-wrapper, table')].map(e => e.scrollWidth + 40);"
        "return [Math.max(document.documentElement.scrollWidth, ...wide), document.documentElement.scrollHeight]")
    driver.set_window_size(min(max(width, 1280), 4000), min(max(height, 600), 4000))
    path = OUTPUT / f"{name}.png"
    driver.save_screenshot(str(path))
    driver.set_window_size(1280, 1000)
    return path


def submit_form(driver, fields):
    """Fills the canned query's form (`fields`: parameter -> value) and presses Run SQL, then waits for the page
    Datasette redirects to."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    form = driver.find_element(By.CSS_SELECTOR, "form.sql")
    for name, value in fields.items():
        box = form.find_element(By.CSS_SELECTOR, f'input[name="{name}"]')
        box.clear()
        box.send_keys(value)
    button = form.find_element(By.CSS_SELECTOR, 'input[type="submit"]')
    button.click()
    WebDriverWait(driver, PAGE).until(expected_conditions.staleness_of(button))
    WebDriverWait(driver, PAGE).until(lambda d: d.execute_script("return document.readyState") == "complete")


def texts(driver, selector):
    from selenium.webdriver.common.by import By
    return [element.text for element in driver.find_elements(By.CSS_SELECTOR, selector)]


def test_feed_search_flag_and_mark_read_in_chromium(server, browser):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    base, login, database = server
    with sqlite3.connect(database) as db:
        post, = db.execute("SELECT id FROM social_media_posts WHERE flagged_for_review = 0 ORDER BY id LIMIT 1").fetchone()
        note, = db.execute("SELECT id FROM notifications WHERE read_at IS NULL ORDER BY id LIMIT 1").fetchone()
        unread, = db.execute("SELECT count(*) FROM notifications WHERE read_at IS NULL").fetchone()
        template, = db.execute("SELECT id FROM tg_templates WHERE name = 'Running late'").fetchone()
        newest = [name for name, in db.execute("SELECT author_name FROM social_media_posts ORDER BY post_date_ms DESC, seq DESC LIMIT 3")]
    assert unread == 74

    browser.get(login)  # Datasette's --root link: sets the signed actor cookie, then redirects home
    WebDriverWait(browser, PAGE).until(lambda d: "/-/auth-token" not in d.current_url)
    assert "root" in browser.find_element(By.CSS_SELECTOR, "body").text
    screenshot(browser, "00-home")

    browser.get(f"{base}/demo/social_feed")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Social feed (view)"
    assert "The social page's cards" in browser.find_element(By.CSS_SELECTOR, ".metadata-description").text
    # the feed's view counts its posts from the counters (a count over the view would compute every card)
    assert browser.find_element(By.CSS_SELECTOR, "h3").text == "300 rows sorted by post_date_ms descending"
    assert newest == ["Zoë García", "Michael Chen", "Maria Dubois"]
    assert texts(browser, "table.rows-and-columns tbody tr td.col-display_name")[:3] == newest  # newest first
    screenshot(browser, "01-social-feed")

    search = browser.find_element(By.CSS_SELECTOR, 'input[name="_search"]')
    search.send_keys("scholar", Keys.ENTER)
    WebDriverWait(browser, PAGE).until(lambda d: "_search=scholar" in d.current_url)
    assert browser.find_element(By.CSS_SELECTOR, "h3").text.startswith('37 rows where search matches "scholar"')
    contents = texts(browser, "table.rows-and-columns tbody tr td.col-post_content")
    assert len(contents) == 37 and all("scholar" in text.lower() for text in contents), contents
    screenshot(browser, "02-social-feed-search-scholar")

    browser.get(f"{base}/demo/social-flag")
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("Flags one post for review")
    assert "(text, required)" in browser.find_element(By.CSS_SELECTOR, ".metadata-description").text
    screenshot(browser, "03-social-flag-form")
    submit_form(browser, {"id": post})
    assert browser.current_url == f"{base}/demo/social-flag"
    assert texts(browser, ".message-info") == ["Query executed, 1 row affected"]
    screenshot(browser, "04-social-flag-done")

    browser.get(f"{base}/demo/notifications-mark-read")
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("Marks one notification read")
    screenshot(browser, "05-notifications-mark-read-form")
    submit_form(browser, {"id": note})
    assert texts(browser, ".message-info") == ["Query executed, 1 row affected"]
    screenshot(browser, "06-notifications-mark-read-done")

    browser.get(f"{base}/demo/notification_inbox?id={note}")
    assert browser.find_element(By.CSS_SELECTOR, "h3").text.startswith("1 row where id = ")
    assert texts(browser, "table.rows-and-columns tbody tr td.col-id") == [note]
    screenshot(browser, "07-notification-inbox-row")

    browser.get(f"{base}/demo/tg_template_buttons")  # the quick-send page's buttons, then one tapped (tg-send)
    assert browser.find_element(By.TAG_NAME, "h1").text == "Quick-send buttons (view)"
    assert texts(browser, "table.rows-and-columns tbody tr td.col-name")[:2] == ["On my way", "Running late"]
    screenshot(browser, "08-quick-send-buttons")
    browser.get(f"{base}/demo/tg-send")
    assert browser.find_element(By.TAG_NAME, "h1").text.startswith("Queues a quick-send template's message")
    screenshot(browser, "09-tg-send-form")
    submit_form(browser, {"id": template})
    assert texts(browser, ".message-info") == ["Query executed, 1 row affected"]
    screenshot(browser, "10-tg-send-done")

    with sqlite3.connect(database) as db:
        assert db.execute("SELECT template_name, group_name, text, status FROM outbox").fetchall() == [
            ("Running late", "Carpool Crew", "Running about 10 minutes late, sorry!", "queued")]
        assert db.execute("SELECT flagged_for_review, updated_at FROM social_media_posts WHERE id = ?",
                          (post,)).fetchone() == (1, DEMO_NOW)
        assert db.execute("SELECT read_at FROM notifications WHERE id = ?", (note,)).fetchone() == (DEMO_NOW,)
        assert db.execute("SELECT count(*) FROM notifications WHERE read_at IS NULL").fetchone() == (unread - 1,)
        assert db.execute("SELECT count(*) FROM social_media_posts WHERE flagged_for_review = 1").fetchone() == (34,)
