"""Every lesson (and every fixture notebook) in real headless Chromium through Voilà.

Generic checks for each page: it loads, Voilà shows no error, its widgets appear, and
a screenshot is saved; then the page's own steps from ``lesson_steps`` run.  The
landing page links to every lesson and every lesson links back to it.

Every lesson (whatever its name: a new lesson is checked as soon as it is in lessons/)
is also checked by axe-core (``sk_axe``) once its widgets have rendered and
again after its main interaction: any violation, whatever its impact, fails the test,
and the counts are printed at the end of the run (and kept in
``test-output/axe-counts.txt``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lesson_steps import FIXTURE_STEPS, STEPS
from sette_kit.serve import LANDING_PAGE, list_lessons, lessons_dir
from sk_axe import axe_violations, describe, record_counts
from sk_browser import HANG_MS, open_page, run_steps, screenshot, voila_errors, widget_count
from test_browser_theme import check_theme

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parent / "fixtures"
LESSONS = list_lessons(lessons_dir())
FIXTURE_PAGES = list_lessons(FIXTURES)


def check_page(page, server, name, steps, shots, prefix="", axe=False):
    info = open_page(page, server.url(name))
    shot = shots / f"{prefix}{name.removesuffix('.ipynb')}.png"
    found = {}
    try:
        assert info.status == 200, f"{name}: HTTP {info.status}"
        assert voila_errors(page, info) == [], f"{name} shows an error"
        if info.widget_outputs:
            assert widget_count(page) >= info.widget_outputs, \
                f"{name}: {info.widget_outputs} widget outputs but {widget_count(page)} rendered widgets"
        if axe:
            found["rendered"] = axe_violations(page)
        run_steps(page, steps)
        assert voila_errors(page) == [], f"{name} shows an error after its steps"
        assert page.js_dialogs == [], f"{name} opened dialogs: {page.js_dialogs}"
        if axe:
            found["after its steps"] = axe_violations(page)
    finally:
        screenshot(page, shot)
        for when, violations in found.items():
            record_counts(name, when, violations)
    assert shot.stat().st_size > 1000
    for when, violations in found.items():
        assert violations == [], f"axe-core on {name}, {when}:\n{describe(violations)}"
    return info


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_in_browser(name, lessons_server, page, screenshots):
    """Each lesson, served: its widgets render, its steps run, axe-core finds nothing; then,
    on the same page, its look at 1280 px, in projector mode and at 390 px."""
    check_page(page, lessons_server, name, STEPS.get(name, []), screenshots, axe=True)
    check_theme(page, name, screenshots / "theme")


@pytest.mark.parametrize("name", FIXTURE_PAGES)
def test_fixture_in_browser(name, fixture_server, page, screenshots):
    info = check_page(page, fixture_server, name, FIXTURE_STEPS[name], screenshots, prefix="fixture-")
    if name != LANDING_PAGE:
        assert info.widget_outputs >= 1  # each fixture really exercises widget rendering


def hrefs(page) -> list[str]:
    return page.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))")


def links_to(page, target: str) -> bool:
    pattern = re.compile(rf"(^|/){re.escape(target)}([#?].*)?$")
    return any(pattern.search(h) for h in hrefs(page))


def check_landing_links(page, server, names):
    open_page(page, server.url(LANDING_PAGE))
    missing = [n for n in names if n != LANDING_PAGE and not links_to(page, n)]
    assert missing == [], f"the landing page does not link to {missing}"
    for name in names:
        if name == LANDING_PAGE:
            continue
        open_page(page, server.url(name))
        assert links_to(page, LANDING_PAGE), f"{name} has no link back to {LANDING_PAGE}"
    # following a link from the landing page opens the lesson as a Voila page
    open_page(page, server.url(LANDING_PAGE))
    target = next(n for n in names if n != LANDING_PAGE)
    lesson_map = page.locator(".sk-lesson-map")  # the lessons' landing page: its map (the header links too)
    (lesson_map if lesson_map.count() else page).locator(f"a[href$='{target}']").click()
    page.wait_for_url(re.compile(rf"/voila/render/{re.escape(target)}$"), timeout=HANG_MS)
    page.wait_for_function("() => !document.getElementById('loading')", timeout=HANG_MS)
    assert voila_errors(page) == []


def test_fixture_landing_page_links_every_page_and_back(fixture_server, page):
    check_landing_links(page, fixture_server, FIXTURE_PAGES)


def test_lessons_landing_page_links_every_lesson_and_back(lessons_server, page):
    check_landing_links(page, lessons_server, LESSONS)


def test_teachers_notes_open_from_the_address_serve_printed(lessons_server, page, screenshots):
    """The notes hold every answer, so learners never get them
    from the landing page (it has no link to them, only a line saying where teachers find
    them); the address ``serve`` printed for the teacher opens them."""
    if LANDING_PAGE not in LESSONS:
        pytest.fail(f"lessons/{LANDING_PAGE} is missing")
    open_page(page, lessons_server.url(LANDING_PAGE))
    assert [h for h in hrefs(page) if "TEACHERS" in h.split("#")[0]] == [], "no way to the answers for learners"
    body = page.inner_text("body")
    assert "sette-kit serve prints the address of the notes, with every answer, when it starts" in body
    with page.expect_navigation():                      # the notes' address without the teacher's key
        page.goto(lessons_server.url("TEACHERS.md"))
    assert page.get_by_role("heading", name="For teachers").is_visible()
    assert "exit ticket" not in page.inner_text("body").lower()
    with page.expect_navigation():
        page.goto(lessons_server.teachers_notes)
    assert page.get_by_role("heading", level=1, name=re.compile(r"Notes for teachers$")).is_visible()
    assert page.locator("h2").count() >= 9  # a section per lesson
    screenshot(page, screenshots / "teachers-notes.png")
    page.locator("nav a", has_text="Start here").click()
    page.wait_for_url(re.compile(rf"/voila/render/{re.escape(LANDING_PAGE)}$"))


def test_markdown_pages_are_only_the_served_folders_own(fixture_server):
    """The app shows the Markdown files at the top of the served folder, nothing else."""
    from test_browser_security import fetch

    status, body = fetch(fixture_server.base + "/voila/render/NOTES.md?key=" + fixture_server.teacher_key)
    assert status == 200 and "<h1>Fixture notes</h1>" in body and "&lt;script&gt;" in body
    assert "<script>" not in body.split("</style>", 1)[1]  # raw HTML in the notes is escaped
    assert "sk-hidden-comment" not in body
    for path in ("missing.md", "errors/NOTES.md", "..%2Fpyproject.md", "%2Fetc%2Fissue.md"):
        status, body = fetch(fixture_server.base + "/voila/render/" + path + "?key=" + fixture_server.teacher_key)
        assert status == 404, (path, status)
