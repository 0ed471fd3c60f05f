"""The page tests' browser: `datasette serve` over a workspace (pages_support.make_workspace) with the pages set up
(actors, read-only anonymous pages of the demo's user, a sync command), and Debian's headless Chromium driven by
Selenium, signed in as an actor. One server and one browser per test module. Every wait is an explicit wait on a
condition; screenshots go to Tests/host/output/pages/ (git-ignored) at 1400x1000 and 390x844."""
import contextlib
import json
import pathlib
import re
import shutil
import subprocess
import sys
import time

import pytest
from pages_support import ALEX, SECRET, UUID, make_workspace, plugin_settings, signed_in

from conftest import CLI, free_port

CHROMEDRIVER = shutil.which("chromedriver")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(CHROMEDRIVER is None or CHROMIUM is None,
                                    reason="needs chromium and chromedriver (apt-get install chromium chromium-driver)")
OUTPUT = pathlib.Path(__file__).resolve().parent / "output" / "pages"
SIZES = [(1400, 1000), (390, 844)]
WAIT = 30  # the bound of every wait for a condition, in seconds
# The posts the sync command brings: two new ones for the demo's user.
SYNCED = [{"platform": "twitter", "post_url": "https://twitter.com/coachnew/status/1", "author_name": "Coach Newman",
           "author_handle": "@coachnew", "post_content": "Camp dates are out: sign up now", "post_date":
           "2026-02-10T11:58:00Z", "is_recruiting_related": True},
          {"platform": "instagram", "post_url": "https://instagram.com/p/newpost2", "author_name": "Coach Newman",
           "author_handle": "@coachnew", "post_content": "Great practice today", "post_date": "2026-02-10T11:57:00Z"}]


def start(directory, **more):
    """(base URL, database path, process) of `datasette serve` over a fresh workspace in `directory`."""
    database = make_workspace(directory / "demo.db")
    synced = directory / "synced.json"
    synced.write_text(json.dumps(SYNCED))
    metadata = directory / "metadata.json"
    settings = {"anonymous": "read", "anonymous_user": ALEX,
                "sync_command": [CLI, "sync", "posts", "--command", f"cat {synced}"], **more}
    metadata.write_text(json.dumps(plugin_settings(**settings)))
    port = free_port()
    log = directory / "datasette.log"
    datasette = pathlib.Path(sys.executable).parent / "datasette"
    with open(log, "w") as out:
        process = subprocess.Popen([str(datasette), "serve", str(database), "--host", "127.0.0.1", "--port", str(port),
                                    "--metadata", str(metadata), "--secret", SECRET], stdout=out, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while "Uvicorn running" not in log.read_text():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"datasette did not start: {log.read_text()}")
        time.sleep(0.1)
    return f"http://127.0.0.1:{port}", database, process


def stop(process):
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextlib.contextmanager
def chrome(width, height):
    """Debian's headless Chromium through chromedriver, its window `width` x `height`, pages loading within WAIT."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=en-US",
                     f"--window-size={width},{height}"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(WAIT)
    try:
        yield driver
    finally:
        driver.quit()


@contextlib.contextmanager
def browse(base):
    """A Session of headless Chromium on the server at `base`."""
    with chrome(*SIZES[0]) as driver:
        yield Session(driver, base)


class Session:
    """The browser on the server at `base`."""

    def __init__(self, driver, base):
        self.driver, self.base = driver, base

    def sign_in(self, actor):
        """Sign in as `actor` (None: sign out)."""
        self.driver.get(self.base + "/-/versions.json")
        self.driver.delete_all_cookies()
        if actor:
            self.driver.add_cookie({"name": "ds_actor", "value": signed_in(actor)["ds_actor"]})

    def open(self, path):
        """GET `path` (under /demo/-/switchboard/ unless it starts with /) and wait until it has loaded."""
        self.driver.get(self.base + (path if path.startswith("/") else f"/demo/-/switchboard/{path}"))
        self.loaded()

    def loaded(self):
        from selenium.webdriver.support.ui import WebDriverWait
        WebDriverWait(self.driver, WAIT).until(lambda d: d.execute_script("return document.readyState") == "complete")

    def wait(self, condition, bound=WAIT):
        from selenium.webdriver.support.ui import WebDriverWait
        return WebDriverWait(self.driver, bound).until(condition)

    def find(self, selector, within=None):
        from selenium.webdriver.common.by import By
        return (within or self.driver).find_element(By.CSS_SELECTOR, selector)

    def all(self, selector, within=None):
        from selenium.webdriver.common.by import By
        return (within or self.driver).find_elements(By.CSS_SELECTOR, selector)

    def texts(self, selector):
        return [element.text for element in self.all(selector)]

    def click_and_load(self, element):
        """Click `element` (a link or a form's button) and wait for the page it leads to: a new document (the mark
        left on this one's window is gone) that has loaded. While the page changes, a check may fail to run (the
        element or the script's context belongs to the old document); the wait tries again."""
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.support.ui import WebDriverWait
        self.driver.execute_script("window.sbLeaving = true")
        element.click()
        WebDriverWait(self.driver, WAIT, ignored_exceptions=(WebDriverException,)).until(lambda d: d.execute_script(
            "return window.sbLeaving === undefined && document.readyState === 'complete'"))

    def confirm(self, answer):
        """Answer the confirmation dialog open now: its button labelled `answer`; returns the dialog's question."""
        from selenium.webdriver.support import expected_conditions
        dialog = self.wait(lambda d: self.all("dialog.sb-dialog[open]") and self.find("dialog.sb-dialog[open]"))
        question = self.find("h2", dialog).text
        button = next(button for button in self.all("button", dialog) if button.text == answer)
        if answer in ("Cancel", "OK"):
            button.click()
            self.wait(expected_conditions.staleness_of(dialog))
        else:
            self.click_and_load(button)
        return question

    def banners(self):
        """The visible banners' texts."""
        return [banner.text for banner in self.all(".sb-banner .sb-banner-text") if banner.is_displayed()]

    def visible_text(self):
        return self.find("body").text

    def shoot(self, name):
        """Screenshots of the page with its viewport at both sizes (Chromium's device metrics: exactly 1400x1000 and
        390x844 CSS pixels, the page laid out again at each), OUTPUT/NAME-1400.png and NAME-390.png."""
        OUTPUT.mkdir(parents=True, exist_ok=True)
        try:
            for width, height in SIZES:
                self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                    "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
                self.wait(lambda d, w=width, h=height: d.execute_script("return [innerWidth, innerHeight]") == [w, h])
                self.driver.save_screenshot(str(OUTPUT / f"{name}-{width}.png"))
        finally:
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def assert_no_ids_or_sql(self):
        """No UUID and no SQL statement in what the page shows (closed disclosures hide their contents)."""
        text = self.visible_text()
        assert not UUID.search(text), UUID.search(text)
        assert not re.search(r"\b(SELECT|INSERT|UPDATE|DELETE FROM)\b", text), text
