"""The lesson kit in real headless Chromium through Voilà, at 1280 px and on a
390 px phone: a prediction in lesson 1 (a choice by click, a number by keyboard), and the
probability tree, the coverage picture and a prediction that hides an area diagram, on a
fixture page (``fixtures/lessonkit/kit-pictures.ipynb``) until a lesson uses them.

Screenshots (``screenshots/lessonkit-*.png``) are saved to be looked at.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from sette_kit import course
from sette_kit.serve import Server, lessons_dir
from sk_browser import (HANG_MS, HANG_S, full_screenshot, layout_js, open_page, predict, viewport_page,
                        voila_errors)

pytestmark = pytest.mark.browser

KIT_FIXTURES = Path(__file__).resolve().parent / "fixtures" / "lessonkit"
PAGE = "kit-pictures.ipynb"
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}

# what would be cut or too wide on the page
LAYOUT_JS = layout_js("button", ".sk-widget, .sk-lesson-header, .sk-rule-box, .sk-tree, .sk-chart")

ANY = re.compile(".*")  # an attribute with any value (``open`` has none)


@pytest.fixture(scope="module")
def kit_server():
    with Server(KIT_FIXTURES, startup_timeout=HANG_S) as srv:
        yield srv


@pytest.fixture(params=list(WIDTHS))
def sized_page(request, browser):
    with viewport_page(browser, WIDTHS[request.param]) as pg:
        pg.width_name = request.param
        yield pg


def test_lesson_1_predictions(lessons_server, sized_page, screenshots):
    page = sized_page
    info = open_page(page, lessons_server.url("01-cards-and-scoring.ipynb"))
    assert voila_errors(page, info) == []
    assert page.locator("h1.sk-lesson-title").inner_text() == "Cards and scoring"
    assert page.title() == "Lesson 1 · Cards and scoring"      # the catalogue's tab title
    assert page.locator(".sk-lesson-header a[href='02-the-matta.ipynb']").count() == 1
    assert page.locator(".sk-rule-box").count() >= 3
    assert page.locator(".sk-predict").count() >= 2
    first = predict("A 5, a 2 and a King: what is this hand?")(page)
    assert first.locator(".sk-predict-reveal").inner_text().strip() == ""       # nothing shown before a guess
    first.get_by_role("button", name="7½: the best score", exact=True).click()
    reveal = first.locator(".sk-predict-result[role='status']")
    reveal.wait_for(state="visible")
    assert "Right." in reveal.inner_text() and "5 + 2 + ½ = 7½" in reveal.inner_text()
    # one guess: every choice is disabled (each button's state is its own update: wait for it)
    for choice in first.locator("button.sk-predict-choice").all():
        expect(choice).to_be_disabled(timeout=HANG_MS)
    # the keyboard: a number typed and committed with Enter
    second = predict("If you add up the values of all 40 cards")(page)
    box = second.locator(".sk-predict-box input")
    box.focus()
    page.keyboard.type("100")
    page.keyboard.press("Enter")
    second.locator(".sk-predict-result").wait_for(state="visible")
    text = second.locator(".sk-predict-result").inner_text()
    assert "Your guess: 100." in text and "The answer: 118." in text and "too low" in text
    assert page.evaluate(LAYOUT_JS) == []
    assert voila_errors(page) == []
    full_screenshot(page, screenshots / f"lessonkit-01-{page.width_name}.png")


def test_landing_page_map(lessons_server, sized_page, screenshots):
    page = sized_page
    info = open_page(page, lessons_server.url("00-start-here.ipynb"))
    assert voila_errors(page, info) == []
    items = page.locator(".sk-lesson-map .sk-map-item")
    assert items.count() >= 13
    assert page.locator(".sk-lesson-map a[href='01-cards-and-scoring.ipynb']").count() == 1
    # every lesson of the catalogue that exists is a link; the others read "coming"
    have = course.available(lessons_dir())
    assert page.locator(".sk-lesson-map .sk-coming").count() == len(course.LESSONS) - len(have)
    assert page.locator(".sk-lesson-map a").count() >= len(have) - 1
    assert page.evaluate(LAYOUT_JS) == []
    full_screenshot(page, screenshots / f"lessonkit-00-{page.width_name}.png")
    # a link of the map opens the lesson in the same tab (not a new one)
    page.locator(".sk-lesson-map a[href='01-cards-and-scoring.ipynb']").click()
    page.wait_for_url(re.compile(r"/voila/render/01-cards-and-scoring\.ipynb$"), timeout=HANG_MS)
    page.wait_for_function("() => !document.getElementById('loading')", timeout=HANG_MS)
    assert len(page.context.pages) == 1 and voila_errors(page) == []


def test_tree_coverage_and_area_diagram(kit_server, sized_page, screenshots):
    page = sized_page
    info = open_page(page, kit_server.url(PAGE))
    assert voila_errors(page, info) == []
    tree = page.locator(".sk-probability-tree")
    # the tree: level 1 shows, deeper levels are closed; the keyboard opens one
    # the first card a figure: 4½, hit again (a level of its own)
    figure = tree.locator("details.sk-tree-inner > summary", has_text="a figure · 12 of 39 cards")
    inner = figure.locator("xpath=..")
    assert inner.get_attribute("open") is None
    figure.focus()
    page.keyboard.press("Enter")
    expect(inner).to_have_attribute("open", ANY, timeout=HANG_MS)
    assert inner.locator(":scope > ul > li").count() == 5
    ace = tree.locator("details.sk-tree-leaf > summary", has_text="an Ace · 4 of 39 cards")
    leaf = ace.locator("xpath=..")
    ace.click()
    assert "The probability of this path is 4/39" in leaf.locator(".sk-tree-counting").inner_text()
    # each button draws the tree anew (the kernel sends it), so the level is found again,
    # never held as an element handle of the drawing before
    tree.get_by_role("button", name="Close every level").click()
    expect(inner).not_to_have_attribute("open", ANY, timeout=HANG_MS)
    tree.get_by_role("button", name="Open every level").click()
    expect(inner).to_have_attribute("open", ANY, timeout=HANG_MS)
    assert "Following the plan is worth -0.4990 per unit staked" in tree.locator(".sk-tree-ev").inner_text()
    # the coverage picture: a hundred intervals, then a hundred more
    cov = page.locator(".sk-coverage-picture")
    assert cov.locator("svg[role='img'] title").text_content().endswith("of 100 intervals cover the exact value")
    assert "of 100 intervals missed" in cov.locator(".sk-coverage-tally").inner_text()
    cov.get_by_role("button", name="Another 100 runs").click()
    page.wait_for_function(
        "() => document.querySelector('.sk-coverage-tally').innerText.includes('of 200 intervals')", timeout=HANG_MS)
    assert "Runs 1-100" in cov.locator(".sk-coverage-history").inner_text()
    # the prediction hides the area diagram until the guess
    pred = page.locator(".sk-predict")
    assert pred.locator(".sk-predict-extra").is_hidden()
    pred.locator(".sk-predict-box input").fill("5%")
    pred.locator("button.sk-predict-commit").click()
    pred.locator(".sk-predict-extra figure.sk-chart").wait_for(state="visible")
    assert "The answer: 2/65 ≈ 3.1%." in pred.locator(".sk-predict-result").inner_text()
    assert page.evaluate(LAYOUT_JS) == []
    assert voila_errors(page) == []
    full_screenshot(page, screenshots / f"lessonkit-pictures-{page.width_name}.png")


def test_lesson_links_open_the_next_lesson_in_jupyterlab(browser, tmp_path):
    """In JupyterLab (the committed notebook, not yet run, so its outputs are untrusted)
    the header's "Next" link opens the next lesson as a tab of JupyterLab."""
    import shutil

    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        pytest.skip("jupyterlab is not installed")
    from test_browser_jupyterlab import Lab

    from sette_kit.serve import lessons_dir

    lab = Lab(tmp_path)
    for name in ("01-cards-and-scoring.ipynb", "02-the-matta.ipynb"):
        shutil.copy(lessons_dir() / name, lab.root / name)
    lab.start()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.goto(lab.url("01-cards-and-scoring.ipynb"))
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=HANG_MS)
        # the header's navigation (JupyterLab's sanitizer keeps its class, not its aria-label)
        top = page.locator(".jp-OutputArea-output .sk-lesson-nav-top")
        link = top.get_by_role("link", name="Next: Lesson 2 · The matta →")
        link.wait_for(timeout=HANG_MS)
        link.click()
        page.wait_for_function(
            "() => Array.from(document.querySelectorAll('.lm-DockPanel-tabBar .lm-TabBar-tabLabel'))"
            ".some(e => e.innerText.includes('02-the-matta'))", timeout=HANG_MS)
        assert len(context.pages) == 1
    finally:
        context.close()
        lab.stop()
