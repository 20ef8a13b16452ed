"""The teacher's dashboard in Chromium: five learners answer, the histogram shows them.

``sette-kit class`` runs as a subprocess on a free port; five learners are HTTP clients
(the learner pages are the static site's, built in another session); the teacher's page
is the dashboard at the printed ``teacher:`` address.  The test sends the class to lesson
06, waits until Predict 3's card says 5 answers, reveals it, runs a vote again on
Predict 1, shows and hides the names (a nickname ``<script>…`` is text), kills the hub
with SIGKILL and starts it again on the same file and port (the dashboard reconnects by
itself and shows every answer), keeps a screenshot of the revealed dashboard
(``test-output/screenshots/class-dashboard.png``; with ``SETTE_KIT_DOCS_IMG=1`` also the
documentation's ``docs/img/class-dashboard.png``) and runs axe-core on it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import sk_axe
from sk_class import Hub, post

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
NICKNAMES = ("Ada", "Bruno", "<script>x</script>", "Carla", "Dario")
GUESSES = ("1/10", "5%", "0.03", "2/65", "1/4")   # Predict 3: a 7 then a figure, exactly 2/65 ≈ 3.1%


@pytest.fixture
def hub(tmp_path):
    hub = Hub(tmp_path)
    try:
        yield hub.teacher, hub.join, hub.kill_9_and_restart
    finally:
        hub.close()


def test_five_answers_drawn_revealed_and_axe_clean(browser, hub):
    from playwright.sync_api import expect

    teacher, join, kill_9_and_restart = hub
    base = teacher.split("/class/teacher")[0]
    code = join.rsplit("=", 1)[1]
    context = browser.new_context(viewport={"width": 1600, "height": 1000}, accept_downloads=True)
    page = context.new_page()
    outside = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(base) else None)
    try:
        page.goto(teacher)
        expect(page.get_by_role("heading", name="Join the class")).to_be_visible()
        expect(page.get_by_text(code, exact=True)).to_be_visible()
        page.wait_for_function("() => { const q = document.getElementById('qr'); "
                               "return q.complete && q.naturalWidth > 0; }")  # the QR code is drawn
        assert "#" not in page.url  # the secret is taken out of the address bar (a projector shows it)
        page.get_by_label("Lesson").select_option("06")
        page.get_by_role("button", name="Send everyone to this lesson").click()
        expect(page.get_by_role("heading", name="Lesson 06: The probability of busting")).to_be_visible()

        tokens = [post(base, "/class/api/join", {"code": code, "nickname": n})["token"] for n in NICKNAMES]
        for k, (token, guess) in enumerate(zip(tokens, GUESSES)):
            post(base, "/class/api/events", {"events": [
                {"id": f"{k}-p3", "lesson": "06", "item": "06.p3", "answer": guess, "exact": "2/65"},
                {"id": f"{k}-p1", "lesson": "06", "item": "06.p1", "answer": "higher" if k < 3 else "lower",
                 "exact": "lower"}]}, token)
        expect(page.get_by_text("5 joined · 5 answered in this lesson")).to_be_visible()

        p3 = page.get_by_role("article", name="Predict 3")
        expect(p3.get_by_text("5 answers", exact=True)).to_be_visible()
        expect(p3.get_by_text("Hidden until you reveal it: 5 answers so far.")).to_be_visible()
        p3.get_by_role("button", name="Reveal").click()
        chart = p3.get_by_role("img", name="Predict 3: the class's answers", exact=False)
        expect(chart).to_be_visible()
        expect(p3.get_by_text("Exact answer: 3.1% (2/65)")).to_be_visible()
        # 5%, 0.03 and 2/65 below 10%; 1/10 from 10% to 20%; 1/4 from 20% to 30%
        assert "round 1: 0–10% 3, 10–20% 1, 20–30% 1, 30–40% 0" in chart.get_attribute("aria-label")

        # vote again on Predict 1: the second round is drawn beside the first
        p1 = page.get_by_role("article", name="Predict 1")
        p1.get_by_role("button", name="Vote again").click()
        expect(p1.get_by_text("0 answers · round 2")).to_be_visible()
        for k, token in enumerate(tokens):
            post(base, "/class/api/events", {"events": [{"id": f"{k}-p1-2", "lesson": "06", "item": "06.p1",
                                                         "answer": "lower", "round": 2, "exact": "lower"}]}, token)
        expect(p1.get_by_text("5 answers · round 2")).to_be_visible()
        p1.get_by_role("button", name="Reveal").click()
        expect(p1.get_by_text("round 1: 5 answers")).to_be_visible()
        expect(p1.get_by_text("round 2: 5 answers")).to_be_visible()
        expect(p1.get_by_text("Exact answer: lower")).to_be_visible()

        # an exercise: the share right at the first try and the common mistakes
        for k, token in enumerate(tokens):
            first = {"id": f"{k}-6.1-1", "lesson": "06", "item": "6.1", "tries": 1}
            if k < 2:
                events = [{**first, "answer": "1/2", "right": False, "mistake": "forgot the card in hand"},
                          {**first, "id": f"{k}-6.1-2", "answer": "15/39", "right": True, "tries": 2}]
            else:
                events = [{**first, "answer": "15/39", "right": True}]
            post(base, "/class/api/events", {"events": events}, token)
        ex = page.get_by_role("article", name="Exercise 6.1")
        expect(ex.get_by_text("Right at the first try: 3 of 5 (60%)")).to_be_visible()
        expect(ex.get_by_text("forgot the card in hand (2)")).to_be_visible()

        # names: hidden on the projector, shown on the teacher's view; a nickname is text, never markup
        roster = page.get_by_role("region", name="Learners")
        expect(roster).to_be_hidden()
        page.get_by_role("button", name="Show names").click()
        expect(roster.get_by_text("<script>x</script> (3)")).to_be_visible()
        assert page.locator("#roster-list script").count() == 0
        page.get_by_role("button", name="Hide names").click()
        expect(roster).to_be_hidden()

        # the teachers' notes: on the teacher's own view, behind the secret
        page.get_by_role("button", name="Teachers' notes").click()
        notes = page.get_by_role("region", name="Teachers' notes")
        expect(notes.get_by_role("heading", name="sette-kit · Notes for teachers")).to_be_visible()
        violations = sk_axe.axe_violations(page)  # the teacher's view with the notes open
        assert violations == [], sk_axe.describe(violations)
        page.get_by_role("button", name="Teachers' notes").click()
        expect(notes).to_be_hidden()

        # kill -9 of the hub and a restart on the same file: the dashboard reconnects by itself
        kill_9_and_restart()
        post(base, "/class/api/events", {"events": [{"id": "late", "lesson": "06", "item": "06.p4", "answer": "1/2"}]},
             tokens[0])  # the learners' tokens still hold
        expect(page.get_by_role("article", name="Predict 4").get_by_text("1 answer", exact=True)).to_be_visible()
        expect(p3.get_by_text("5 answers", exact=True)).to_be_visible()
        expect(page.get_by_text("Cannot reach the class hub")).to_have_count(0)

        out = Path(os.environ.get("SETTE_KIT_TEST_OUTPUT") or ROOT / "test-output") / "screenshots"
        out.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out / "class-dashboard.png"), full_page=True)
        if os.environ.get("SETTE_KIT_DOCS_IMG"):  # the documentation's picture: docs/img/class-dashboard.png
            shutil.copy(out / "class-dashboard.png", ROOT / "docs" / "img" / "class-dashboard.png")

        violations = sk_axe.axe_violations(page)
        assert violations == [], sk_axe.describe(violations)
        assert outside == []  # the dashboard loads nothing from anywhere else
    finally:
        context.close()
