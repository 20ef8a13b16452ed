"""A class on the served lessons: ``sette-kit serve --class`` runs the
class hub inside Voilà's server, and the served lessons report to it.

Two learners (one reading Italian) open the printed ``join:`` address, pick a nickname
and land on the teacher's lesson (06) in their own language; each answers Predict 1
with the page's own buttons, and the summary counts both under the same item id.  The
teacher's reveal of Predict 4 reaches both pages; a reload keeps a learner's own answer
and sends nothing again.  The teacher's dashboard, served by the same server, shows
the two answers.  Screenshot: ``test-output/screenshots/class-served-learner.png``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sk_browser import HANG_MS, HANG_S
from sk_class import get, post

from sette_kit.serve import Server

pytestmark = pytest.mark.browser

LEARNERS = (("Ada", "", "higher"), ("Bruno", "it/", "lower"))
LESSON_06 = next(p.name for p in (Path(__file__).resolve().parents[2] / "lessons").glob("06-*.ipynb"))


@pytest.fixture
def served(tmp_path):
    with Server(class_db=tmp_path / "class.db", preheat=False, startup_timeout=HANG_S) as srv:
        yield srv


def item(page, item_id: str):
    return page.locator(".sk-item-" + item_id.replace(".", "-"))


def test_served_lessons_report_to_the_class_in_every_language(browser, served, screenshots):
    from playwright.sync_api import expect

    assert served.teacher and served.join, served.log()
    base = served.teacher.split("/class/teacher")[0]
    secret = served.teacher.split("#", 1)[1]
    code = served.join.rsplit("=", 1)[1]
    assert served.join.startswith(f"{base}/voila/render/00-start-here.ipynb?class=")
    post(base, "/class/api/control", {"action": "goto", "lesson": "06"}, secret)

    pages = []
    for nickname, folder, _choice in LEARNERS:
        page = browser.new_context(viewport={"width": 1000, "height": 900}).new_page()
        page.errors = []
        page.on("pageerror", lambda exc, page=page: page.errors.append(str(exc)))
        page.goto(served.join.replace("/render/", f"/render/{folder}"))
        dialog = page.get_by_role("dialog")
        expect(dialog.get_by_text(code, exact=True)).to_be_visible(timeout=HANG_MS)
        dialog.get_by_role("textbox").fill(nickname)
        dialog.locator("button[type=submit]").click()
        page.wait_for_url(f"**/voila/render/{folder}06-*", timeout=HANG_MS)  # the teacher's lesson
        pages.append(page)
    for page, (nickname, _f, _c) in zip(pages, LEARNERS):
        expect(page.locator("body")).to_have_attribute("data-sk-class-bridge", "ready", timeout=HANG_MS)
        expect(page.locator("#sk-class-bar")).to_contain_text(nickname)

    for page, (_n, _f, choice) in zip(pages, LEARNERS):
        buttons = item(page, "06.p1").locator("button.sk-predict-choice")
        (buttons.first if choice == "higher" else buttons.last).click()
        expect(item(page, "06.p1").locator(".sk-predict-reveal")).not_to_be_empty()
        expect(page.locator("body")).to_have_attribute("data-sk-class-queue", "0")
    summary = get(base, "/class/api/summary?lesson=06", secret)
    p1 = {i["item"]: i for i in summary["items"]}["06.p1"]
    assert (summary["learners"], p1["answers"], p1["exact"]) == (2, 2, "lower")  # one item, two languages

    post(base, "/class/api/control", {"action": "reveal", "item": "06.p4"}, secret)
    for page in pages:
        expect(item(page, "06.p4").locator(".sk-predict-reveal")).to_contain_text("125/247")
    item(pages[1], "06.p4").scroll_into_view_if_needed()
    pages[1].screenshot(path=str(screenshots / "class-served-learner.png"))

    before = get(base, "/class/api/summary?lesson=06", secret)["items"]
    pages[0].reload()  # a new kernel; the learner's own answer comes back, nothing is sent again
    expect(pages[0].locator("body")).to_have_attribute("data-sk-class-bridge", "ready", timeout=HANG_MS)
    expect(item(pages[0], "06.p1").locator(".sk-predict-reveal")).to_contain_text("The answer:")
    expect(item(pages[0], "06.p4").locator(".sk-predict-reveal")).to_contain_text("125/247")
    expect(pages[0].locator("body")).to_have_attribute("data-sk-class-queue", "0")
    assert get(base, "/class/api/summary?lesson=06", secret)["items"] == before

    teacher = browser.new_context(viewport={"width": 1600, "height": 1000}).new_page()
    teacher.goto(served.teacher)
    expect(teacher.get_by_role("article", name="Predict 1").get_by_text("2 answers", exact=True)).to_be_visible()
    for page in pages:
        assert page.errors == []
    for page in [teacher, *pages]:
        page.context.close()


def test_a_served_lesson_not_in_a_class_asks_nothing_of_a_class(browser, lessons_server):
    """``sette-kit serve`` without ``--class``: no marker, no bridge, no request for the
    class's script or API (the page sends nothing anywhere, as before)."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/class/" in r.url else None)
    page.goto(lessons_server.url(LESSON_06) + "?class=ABCDE")  # a class asked for, none served
    expect(item(page, "06.p1").locator("button.sk-predict-choice").first).to_be_enabled(timeout=HANG_MS)
    assert page.locator(".sk-class-served, .sk-class-bridge").count() == 0
    assert page.get_by_role("dialog").count() == 0 and asked == []
    context.close()
