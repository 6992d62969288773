"""The explorer (GET /graphql) and the internal page (/internal) in headless Chromium.

Run by scripts/browser-tests.sh, which builds the binary and installs what is
missing. Starts the real `moments-bff serve` on port 0 with a seeded temp
database, learns the port from its `listening on` line, and drives both pages
with explicit waits for what the page shows (no sleeps). Screenshots at phone
(390x844) and desktop (1280x800) sizes go to $ARTIFACTS_DIR.

Environment: MOMENTS_BFF_BINARY (required), ARTIFACTS_DIR (default: a temp dir),
CHROMIUM (default /usr/bin/chromium), CHROMEDRIVER (default /usr/bin/chromedriver).
"""

import json
import os
import queue
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

BINARY = os.environ["MOMENTS_BFF_BINARY"]
WAIT_SECONDS = 20
PHONE = (390, 844)
DESKTOP = (1280, 800)


class Server:
    """moments-bff serve on 127.0.0.1, port 0, its own seeded database."""

    def __init__(self, workdir, *arguments):
        self.database = os.path.join(workdir, "moments.sqlite")
        subprocess.run([BINARY, "seed", "--database", self.database], check=True, stdout=subprocess.DEVNULL, timeout=60)
        self.stderr = open(os.path.join(workdir, "server.log"), "w")
        self.process = subprocess.Popen(
            [BINARY, "serve", "--host", "127.0.0.1", "--port", "0", "--database", self.database, *arguments],
            stdout=subprocess.PIPE, stderr=self.stderr, text=True,
            env={k: v for k, v in os.environ.items() if k not in ("HOST", "PORT", "INTERNAL_PAGE", "EXPLORER")})
        # The listening line is read on a thread so the wait has a deadline.
        lines = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in self.process.stdout], daemon=True).start()
        deadline = time.monotonic() + 60
        while True:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                self.stop()
                raise RuntimeError("moments-bff printed no listening line within 60 s")
            if line.startswith("listening on http://"):
                self.base = line[len("listening on "):].strip()
                return

    def graphql(self, query, variables=None):
        request = urllib.request.Request(
            self.base + "/graphql", data=json.dumps({"query": query, "variables": variables}).encode(),
            headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.stderr.close()


def browser():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=%d,%d" % DESKTOP, "--lang=en-US"):
        options.add_argument(argument)
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def viewport(driver, size):
    """The page's own size, exactly (the window's includes no chrome headless, but be sure)."""
    width, height = size
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})


def wait(driver, condition, message):
    return WebDriverWait(driver, WAIT_SECONDS).until(condition, message)


def severe_console_errors(driver, ignore_external=False):
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    if ignore_external:
        # The demo data's pictures are on other hosts, unreachable without a network.
        errors = [e for e in errors if not (e.get("source") == "network" and "127.0.0.1" not in e["message"].split(" ")[0])]
    return errors


# The explorer


def test_explorer_loads_without_console_errors(ctx):
    driver, server = ctx["driver"], ctx["server"]
    viewport(driver, DESKTOP)
    driver.get(server.base + "/graphql")
    assert "GraphQL explorer" in driver.title, driver.title
    wait(driver, lambda d: d.find_element(By.ID, "docs").get_attribute("data-ready") == "true", "schema never loaded")
    editor = driver.find_element(By.ID, "query").get_attribute("value")
    assert "query getMomentsDetailsByUserID($userID: ID!, $withLikes: Boolean!)" in editor, editor
    variables = json.loads(driver.find_element(By.ID, "variables").get_attribute("value"))
    assert variables == {"userID": "0", "withLikes": True}, variables
    errors = severe_console_errors(driver)
    assert not errors, errors


def test_explorer_runs_the_timeline_from_the_keyboard(ctx):
    driver, server = ctx["driver"], ctx["server"]
    viewport(driver, DESKTOP)
    driver.get(server.base + "/graphql")
    editor = wait(driver, EC.element_to_be_clickable((By.ID, "query")), "no editor")
    editor.click()
    ActionChains(driver).key_down(Keys.CONTROL).send_keys(Keys.ENTER).key_up(Keys.CONTROL).perform()
    out = wait(driver, lambda d: d.find_element(By.ID, "response") if d.find_element(By.ID, "response").get_attribute("data-status") else False,
               "the request never answered")
    assert out.get_attribute("data-status") == "200"
    assert driver.find_element(By.ID, "status").text.startswith("200"), driver.find_element(By.ID, "status").text
    assert " ms" in driver.find_element(By.ID, "timing").text, driver.find_element(By.ID, "timing").text
    body = json.loads(out.text)
    timeline = body["data"]["getMomentsDetailsByUserID"]
    assert timeline["userDetails"]["name"] == "Jake Lin", timeline["userDetails"]
    assert len(timeline["moments"]) == 5, len(timeline["moments"])
    assert all("isLiked" in m and "likes" in m for m in timeline["moments"])
    driver.save_screenshot(os.path.join(ctx["artifacts"], "explorer-desktop.png"))
    errors = severe_console_errors(driver)
    assert not errors, errors


def test_explorer_shows_the_encoding_and_the_etag(ctx):
    driver, server = ctx["driver"], ctx["server"]
    viewport(driver, DESKTOP)
    driver.get(server.base + "/graphql")
    wait(driver, EC.element_to_be_clickable((By.ID, "run")), "no run button").click()
    out = wait(driver, lambda d: d.find_element(By.ID, "response") if d.find_element(By.ID, "response").get_attribute("data-status") else False,
               "the request never answered")
    # Chromium accepts br: the demo timeline (over 1 KiB) comes compressed; a POST has no tag.
    assert out.get_attribute("data-encoding") == "br", out.get_attribute("data-encoding")
    timing = driver.find_element(By.ID, "timing").text
    assert " · br " in timing and "ETag" not in timing, timing
    driver.find_element(By.ID, "use-get").click()
    driver.execute_script('document.getElementById("response").removeAttribute("data-status")')
    driver.find_element(By.ID, "run").click()
    out = wait(driver, lambda d: d.find_element(By.ID, "response") if d.find_element(By.ID, "response").get_attribute("data-status") else False,
               "the GET never answered")
    assert out.get_attribute("data-status") == "200"
    tag = out.get_attribute("data-etag")
    assert tag.startswith('"') and tag.endswith('-br"'), tag
    assert "ETag " + tag in driver.find_element(By.ID, "timing").text
    errors = severe_console_errors(driver)
    assert not errors, errors


def test_explorer_loads_the_like_mutation_in_one_click(ctx):
    driver, server = ctx["driver"], ctx["server"]
    viewport(driver, DESKTOP)
    driver.get(server.base + "/graphql")
    wait(driver, EC.element_to_be_clickable((By.ID, "example-like")), "no like button").click()
    editor = driver.find_element(By.ID, "query").get_attribute("value")
    assert editor.startswith("mutation updateMomentLike($momentID: ID!, $userID: ID!, $isLiked: Boolean!)"), editor
    variables = json.loads(driver.find_element(By.ID, "variables").get_attribute("value"))
    assert variables == {"momentID": "0", "userID": "0", "isLiked": True}, variables


def test_explorer_runs_a_subscription_and_shows_events_as_they_arrive(ctx):
    driver, server = ctx["driver"], ctx["server"]
    viewport(driver, DESKTOP)
    driver.get(server.base + "/graphql")
    wait(driver, EC.element_to_be_clickable((By.ID, "example-live")), "no Live example").click()
    driver.find_element(By.ID, "run").click()
    wait(driver, lambda d: d.find_element(By.ID, "response").get_attribute("data-events") == "0", "the stream never opened")
    # Taylor Swift (user 1, a friend) likes Jake Lin's moment 4, then takes it back.
    answer = server.graphql('mutation { updateMomentLike(momentID: "4", userID: "1", isLiked: true) { userDetails { id } } }')
    assert answer.get("data"), answer
    wait(driver, lambda d: d.find_element(By.ID, "response").get_attribute("data-events") == "1", "the like's event never showed")
    shown = driver.find_element(By.ID, "response").text
    assert "momentLikesChanged" in shown and '"id": "4"' in shown and "Taylor Swift" in shown, shown
    answer = server.graphql('mutation { updateMomentLike(momentID: "4", userID: "1", isLiked: false) { userDetails { id } } }')
    assert answer.get("data"), answer
    wait(driver, lambda d: d.find_element(By.ID, "response").get_attribute("data-events") == "2", "the unlike's event never showed")
    # Another run ends the stream: the timeline example answers as before.
    driver.find_element(By.ID, "example-timeline").click()
    driver.find_element(By.ID, "run").click()
    wait(driver, lambda d: d.find_element(By.ID, "response").get_attribute("data-status") == "200"
         and "getMomentsDetailsByUserID" in d.find_element(By.ID, "response").text, "the timeline never ran after the stream")
    errors = severe_console_errors(driver)
    assert not errors, errors


def test_explorer_docs_show_moment_is_liked_with_its_description(ctx):
    driver, server = ctx["driver"], ctx["server"]
    viewport(driver, DESKTOP)
    driver.get(server.base + "/graphql")
    wait(driver, lambda d: d.find_element(By.ID, "docs").get_attribute("data-ready") == "true", "schema never loaded")
    if driver.find_element(By.ID, "toggle-docs").get_attribute("aria-pressed") != "true":
        driver.find_element(By.ID, "toggle-docs").click()
    wait(driver, EC.element_to_be_clickable((By.CSS_SELECTOR, '#docs-content a[data-type="Moment"]')), "no Moment type").click()
    field = wait(driver, EC.visibility_of_element_located((By.CSS_SELECTOR, '[data-field="Moment.isLiked"]')), "no Moment.isLiked")
    assert "isLiked" in field.text and "Boolean!" in field.text, field.text
    # Whatever introspection says is what the page shows.
    fields = server.graphql('{ __type(name: "Moment") { fields { name description } } }')["data"]["__type"]["fields"]
    expected = next(f["description"] for f in fields if f["name"] == "isLiked")
    shown = field.find_element(By.CSS_SELECTOR, ".desc").text
    assert shown == (expected.strip() if expected else "No description."), (shown, expected)
    driver.save_screenshot(os.path.join(ctx["artifacts"], "explorer-desktop-docs.png"))


def test_explorer_on_a_phone(ctx):
    driver, server = ctx["driver"], ctx["server"]
    viewport(driver, PHONE)
    driver.get(server.base + "/graphql")
    wait(driver, EC.element_to_be_clickable((By.ID, "run")), "no run button").click()
    wait(driver, lambda d: d.find_element(By.ID, "response").get_attribute("data-status") == "200", "the request never answered")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= PHONE[0], "the page scrolls sideways: %d px" % width
    driver.save_screenshot(os.path.join(ctx["artifacts"], "explorer-phone.png"))
    driver.find_element(By.ID, "toggle-docs").click()
    wait(driver, EC.element_to_be_clickable((By.CSS_SELECTOR, '#docs-content a[data-type="Moment"]')), "no docs on a phone").click()
    wait(driver, EC.visibility_of_element_located((By.CSS_SELECTOR, '[data-field="Moment.isLiked"]')), "no Moment.isLiked on a phone")
    driver.save_screenshot(os.path.join(ctx["artifacts"], "explorer-phone-docs.png"))
    driver.find_element(By.ID, "close-docs").click()
    wait(driver, EC.invisibility_of_element_located((By.ID, "docs")), "the docs never closed")


# The internal page


def liked_in_database(server, moment_id, user_id):
    with sqlite3.connect("file:%s?mode=ro" % server.database, uri=True) as connection:
        return connection.execute("SELECT 1 FROM moment_likes WHERE moment_id = ? AND user_id = ?",
                                  (moment_id, user_id)).fetchone() is not None


def test_internal_page_flips_likes_and_likes_a_moment(ctx):
    driver, server = ctx["driver"], ctx["server"]
    viewport(driver, DESKTOP)
    driver.get(server.base + "/internal")
    wait(driver, lambda d: d.find_element(By.ID, "facts").get_attribute("data-ready") == "true", "facts never loaded")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "article.moment")) == 5, "Jake Lin's five moments never showed")
    assert driver.find_element(By.ID, "viewer").get_attribute("value") == "0"
    assert driver.find_element(By.ID, "viewer-name").text == "Jake Lin"
    assert driver.find_element(By.CSS_SELECTOR, '#rows tr[data-table="moments"]').text.endswith("5")
    assert driver.find_elements(By.CSS_SELECTOR, "[data-like-button]"), "likes on: like buttons expected"

    toggle = driver.find_element(By.CSS_SELECTOR, "label.switch")
    toggle.click()  # off: the app's isLikeButtonForMomentEnabled = false, so $withLikes = false
    wait(driver, lambda d: d.find_element(By.ID, "timeline").get_attribute("data-with-likes") == "false", "likes never turned off")
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-like-button]"), "likes off: no like buttons"
    assert len(driver.find_elements(By.CSS_SELECTOR, "article.moment")) == 5
    toggle.click()
    wait(driver, lambda d: d.find_element(By.ID, "timeline").get_attribute("data-with-likes") == "true", "likes never turned on")

    # Moment 0 (Taylor Swift's) is not liked by Jake Lin in the demo data.
    assert not liked_in_database(server, "0", "0")
    button = wait(driver, EC.element_to_be_clickable((By.CSS_SELECTOR, '[data-like-button="0"]')), "no like button on moment 0")
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    wait(driver, EC.presence_of_element_located((By.CSS_SELECTOR, '[data-likers="0"] [data-liker-id="0"]')), "Jake Lin never showed as a liker")
    assert driver.find_element(By.CSS_SELECTOR, '[data-like-button="0"]').get_attribute("aria-pressed") == "true"
    assert "Jake Lin" in driver.find_element(By.CSS_SELECTOR, '[data-likers="0"]').text
    assert liked_in_database(server, "0", "0"), "the like is not in the database"
    # Pictures from other hosts fail without a network: give the fallbacks a moment to settle? No:
    # initials sit under every picture, so the screenshot is right whenever it is taken.
    driver.save_screenshot(os.path.join(ctx["artifacts"], "internal-desktop.png"))
    errors = severe_console_errors(driver, ignore_external=True)
    assert not errors, errors


def test_internal_page_shows_a_like_made_elsewhere_within_a_second(ctx):
    """The page's EventSource (momentLikesChanged over SSE) redraws a moment liked by another client."""
    driver, server = ctx["driver"], ctx["server"]
    viewport(driver, DESKTOP)
    driver.get(server.base + "/internal")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "article.moment")) == 5, "the timeline never showed")
    wait(driver, lambda d: d.find_element(By.ID, "timeline").get_attribute("data-live") == "open", "the live stream never opened")
    # Moment 4 (Jake Lin's own) has no likes in the demo data; Taylor Swift (user 1, a friend) likes it from outside.
    assert driver.find_element(By.CSS_SELECTOR, '[data-like-button="4"]').get_attribute("aria-pressed") == "false"
    answer = server.graphql('mutation { updateMomentLike(momentID: "4", userID: "1", isLiked: true) { userDetails { id } } }')
    assert answer.get("data"), answer
    acknowledged = time.monotonic()
    WebDriverWait(driver, 1.0, poll_frequency=0.02).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, '[data-likers="4"] [data-liker-id="1"]'),
        "Taylor Swift's like never showed on the page within a second")
    shown_after = time.monotonic() - acknowledged
    # Jake Lin's own button is untouched: the event is the moment as the viewer sees it.
    assert driver.find_element(By.CSS_SELECTOR, '[data-like-button="4"]').get_attribute("aria-pressed") == "false"
    print("  the like showed %.0f ms after its acknowledgement" % (shown_after * 1000), flush=True)
    server.graphql('mutation { updateMomentLike(momentID: "4", userID: "1", isLiked: false) { userDetails { id } } }')
    WebDriverWait(driver, 1.0, poll_frequency=0.02).until(
        lambda d: not d.find_elements(By.CSS_SELECTOR, '[data-likers="4"] [data-liker-id="1"]'),
        "the unlike never showed on the page within a second")
    errors = severe_console_errors(driver, ignore_external=True)
    assert not errors, errors


def test_internal_page_on_a_phone(ctx):
    driver, server = ctx["driver"], ctx["server"]
    viewport(driver, PHONE)
    driver.get(server.base + "/internal")
    wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "article.moment")) == 5, "the timeline never showed")
    wait(driver, lambda d: d.find_element(By.ID, "facts").get_attribute("data-ready") == "true", "facts never loaded")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= PHONE[0], "the page scrolls sideways: %d px" % width
    driver.save_screenshot(os.path.join(ctx["artifacts"], "internal-phone.png"))


def test_internal_page_resets_to_demo_data_after_confirmation(ctx):
    driver, server = ctx["driver"], ctx["server"]
    viewport(driver, DESKTOP)
    assert liked_in_database(server, "0", "0"), "the earlier test's like should still be there"
    driver.get(server.base + "/internal")
    wait(driver, EC.element_to_be_clickable((By.ID, "reset-start")), "no reset button").click()
    assert liked_in_database(server, "0", "0"), "the first click must only ask"
    wait(driver, EC.element_to_be_clickable((By.ID, "reset-confirm")), "no confirmation").click()
    wait(driver, lambda d: not liked_in_database(server, "0", "0"), "the reset never happened")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '[data-like-button="0"][aria-pressed="false"]'), "the page still shows the like")


TESTS = [
    test_explorer_loads_without_console_errors,
    test_explorer_runs_the_timeline_from_the_keyboard,
    test_explorer_loads_the_like_mutation_in_one_click,
    test_explorer_shows_the_encoding_and_the_etag,
    test_explorer_runs_a_subscription_and_shows_events_as_they_arrive,
    test_explorer_docs_show_moment_is_liked_with_its_description,
    test_explorer_on_a_phone,
    test_internal_page_flips_likes_and_likes_a_moment,
    test_internal_page_shows_a_like_made_elsewhere_within_a_second,
    test_internal_page_on_a_phone,
    test_internal_page_resets_to_demo_data_after_confirmation,
]


def main():
    workdir = tempfile.mkdtemp(prefix="moments-browser-")
    artifacts = os.environ.get("ARTIFACTS_DIR") or os.path.join(workdir, "artifacts")
    os.makedirs(artifacts, exist_ok=True)
    # Explicit `on`: the reset is offered only then.
    server = Server(workdir, "--internal-page", "on")
    driver = None
    passed = failed = 0
    try:
        driver = browser()
        ctx = {"driver": driver, "server": server, "artifacts": artifacts}
        for test in TESTS:
            started = time.monotonic()
            try:
                driver.get_log("browser")  # each test sees only its own console
                test(ctx)
                passed += 1
                print("PASS %s (%.1f s)" % (test.__name__, time.monotonic() - started), flush=True)
            except Exception:
                failed += 1
                print("FAIL %s" % test.__name__, flush=True)
                traceback.print_exc()
                try:
                    driver.save_screenshot(os.path.join(artifacts, "failed-%s.png" % test.__name__))
                except Exception:
                    pass
    finally:
        if driver is not None:
            driver.quit()
        server.stop()
    print("screenshots and server log: %s, %s" % (artifacts, os.path.join(workdir, "server.log")))
    print("browser: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
