"""A class in Chromium, learners' side: five learner pages of the static site
and the teacher's dashboard, against ``sette-kit class --site <the built site>``.

Five learners (two of them reading Italian and Spanish) join by the printed ``join:``
address (a nickname offered by the hub, or their own), land on the lesson the teacher
chose (06), and answer its first Predict with the page's own buttons: the dashboard's
card counts five answers.  *Vote again* opens the Predict again on every page; the
second round comes in.  *Reveal* shows Predict 4's answer on every page.  The hub is
killed with SIGKILL; the learners answer Predict 3 meanwhile (their pages keep the
answers and say so); the hub starts again on the same file, the pages send what waited,
and the summary holds every answer; a reload shows a learner's own answers again and
sends nothing twice; *pause* puts "eyes on the board" on every page,
*resume* lifts it.  Screenshots: ``test-output/screenshots/class-learner-*.png``.
"""

from __future__ import annotations

import time

import pytest
from sk_browser import HANG_MS
from sk_class import Hub, get

pytestmark = pytest.mark.browser

# (nickname, the landing page in their language, Predict 1's choice, Predict 3's guess)
LEARNERS = (("Ada", "", "higher", "5%"), ("Bruno", "it/", "lower", "3%"),
            ("Carla", "es/", "lower", "1/10"), ("<b>Dario</b>", "", "higher", "0.03"), ("", "", "lower", "2/65"))
PAUSED = {"": "Eyes on the board", "it/": "Occhi alla lavagna", "es/": "Mira a la pizarra"}


@pytest.fixture
def hub(tmp_path, site):
    hub = Hub(tmp_path, site.out)
    try:
        yield hub
    finally:
        hub.close()


def item(page, item_id: str):
    """The widget of item ``item_id`` on a learner's page (its own class, in any language)."""
    return page.locator(".sk-item-" + item_id.replace(".", "-"))


def choose(page, item_id: str, choice: str) -> None:
    """Press the button of ``choice`` ("higher" or "lower": the first or the second)."""
    buttons = item(page, item_id).locator("button.sk-predict-choice")
    (buttons.first if choice == "higher" else buttons.last).click()


def wait_answers(hub, item_id: str, n: int, rnd: int = 1) -> dict:
    """Wait (on the hub's own long poll) until ``item_id`` has ``n`` answers in round ``rnd``."""
    deadline = time.monotonic() + HANG_MS / 1000
    version = None
    while True:
        query = f"?lesson=06&version={version}&wait=5" if version is not None else "?lesson=06"
        s = get(hub.base, f"/class/api/summary{query}", hub.secret)
        version = s["version"]
        found = {i["item"]: i for i in s["items"]}[item_id]
        rounds = {r["round"]: r["answers"] for r in found.get("rounds", [])}
        if rounds.get(rnd, 0) >= n or time.monotonic() > deadline:
            return found


def test_five_learners_join_answer_vote_again_and_survive_a_kill_9(browser, hub, screenshots):
    from playwright.sync_api import expect

    teacher = browser.new_context(viewport={"width": 1600, "height": 1000}).new_page()
    teacher.goto(hub.teacher)
    teacher.get_by_label("Lesson").select_option("06")
    teacher.get_by_role("button", name="Send everyone to this lesson").click()
    expect(teacher.get_by_role("heading", name="Lesson 06: The probability of busting")).to_be_visible()

    pages = []
    for nickname, folder, _choice, _guess in LEARNERS:
        page = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
        page.errors = []
        page.on("pageerror", lambda exc, page=page: page.errors.append(str(exc)))
        page.goto(f"{hub.base}/{folder}?class={hub.code.lower()}")  # the code in any case
        pages.append(page)
    screenshots.mkdir(parents=True, exist_ok=True)
    for k, (page, (nickname, folder, _choice, _guess)) in enumerate(zip(pages, LEARNERS)):
        dialog = page.get_by_role("dialog")
        expect(dialog.get_by_text(hub.code, exact=True)).to_be_visible()
        box = dialog.get_by_role("textbox")
        expect(box).not_to_have_value("")  # a nickname is offered
        if k == 0:
            page.screenshot(path=str(screenshots / "class-learner-join.png"))
        if nickname:
            box.fill(nickname)
        dialog.locator("button[type=submit]").click()
        page.wait_for_url(f"**/{folder}06-*", timeout=HANG_MS)  # sent to the teacher's lesson
        expect(page.locator("#sk-class-bar")).to_contain_text(nickname or "")
    for page in pages:
        page.wait_for_selector("body[data-sk-state=ready]", timeout=HANG_MS)
    assert "<b>Dario</b>" in pages[3].locator("#sk-class-bar").inner_text()  # text, never markup

    # Predict 1, with the page's own buttons: the dashboard counts five
    for page, (_n, _f, choice, _g) in zip(pages, LEARNERS):
        choose(page, "06.p1", choice)
        expect(item(page, "06.p1").locator(".sk-predict-reveal")).not_to_be_empty()
    p1 = teacher.get_by_role("article", name="Predict 1")
    expect(p1.get_by_text("5 answers", exact=True)).to_be_visible()
    found = wait_answers(hub, "06.p1", 5)
    assert found["exact"] == "lower"  # every page's engine sent the same exact answer

    # vote again: the Predict opens again on every page, and the second round comes in
    p1.get_by_role("button", name="Vote again").click()
    for page in pages:
        expect(item(page, "06.p1").locator("button.sk-predict-choice").first).to_be_enabled()
        expect(item(page, "06.p1").locator(".sk-predict-reveal")).to_be_empty()
        choose(page, "06.p1", "lower")
    expect(p1.get_by_text("5 answers · round 2")).to_be_visible()

    # reveal: Predict 4's answer shows on every page
    p4 = teacher.get_by_role("article", name="Predict 4")
    p4.get_by_role("button", name="Reveal").click()
    for page in pages:
        expect(item(page, "06.p4").locator(".sk-predict-reveal")).to_contain_text("125/247")

    # kill -9 of the hub: the pages keep what they answer, say so, and send it on restart
    hub.kill_9()
    for page, (_n, _f, _c, guess) in zip(pages, LEARNERS):
        item(page, "06.p3").locator(".sk-predict-box input").fill(guess)
        item(page, "06.p3").locator(".sk-predict-box input").press("Enter")
        expect(page.locator("body")).to_have_attribute("data-sk-class-queue", "1")
    pages[0].evaluate("window.scrollTo(0, 0)")
    expect(pages[0].locator("#sk-class-bar")).to_contain_text("Answers waiting to be sent: 1")
    pages[0].screenshot(path=str(screenshots / "class-learner-waiting.png"))
    hub.restart()
    for page in pages:
        expect(page.locator("body")).to_have_attribute("data-sk-class-queue", "0")
    summary = hub.summary()
    by_item = {i["item"]: i for i in summary["items"]}
    assert summary["learners"] == 5
    assert by_item["06.p3"]["answers"] == 5 and by_item["06.p3"]["exact"] == "2/65"
    assert [r["answers"] for r in by_item["06.p1"]["rounds"]] == [5, 5]

    # a reload keeps the learner's own answers and sends nothing again
    pages[0].reload()
    pages[0].wait_for_selector("body[data-sk-state=ready]", timeout=HANG_MS)
    expect(item(pages[0], "06.p3").locator(".sk-predict-reveal")).to_contain_text("The answer:")
    expect(item(pages[0], "06.p1").locator(".sk-predict-reveal")).to_contain_text("The answer:")
    expect(pages[0].locator("body")).to_have_attribute("data-sk-class-queue", "0")
    assert hub.summary()["items"] == summary["items"]

    # pause and resume: "eyes on the board" on every page, in its language
    hub.control(action="pause")
    for page, (_n, folder, _c, _g) in zip(pages, LEARNERS):
        expect(page.get_by_role("alertdialog", name=PAUSED[folder])).to_be_visible()
    pages[1].screenshot(path=str(screenshots / "class-learner-paused.png"))
    hub.control(action="resume")
    for page in pages:
        expect(page.get_by_role("alertdialog")).to_have_count(0)
        assert page.errors == []
    for page in [teacher, *pages]:
        page.context.close()
