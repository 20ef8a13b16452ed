"""The static site in headless Chromium, with nothing but the site reachable.

One ``sette-kit build-site`` of the lessons per test session (the packages come from
the cache, ``~/.cache/sette-kit/site``, filled from npm and PyPI on first use), served by
a static file server, opened in one browser context whose every request to another host
is blocked and recorded (:class:`sk_site.Guard`).  Each lesson page must:

* run all its code on Pyodide (``data-sk-state="ready"``: no cell failed), with no error
  or traceback shown and a widget in every place the notebook has one;
* work: its entry of ``lesson_steps.STEPS`` (links adapted to the site's pages), or else
  a driver for each kind of the kit's widgets on it (deal, answer a quiz, play a round,
  run a simulation... see ``sk_site.DRIVERS``);
* have asked for nothing outside the site.

Also: every link of every page leads to a file of the site, and "Open as an editable
notebook" opens the lesson in JupyterLite, whose kernel runs it with live widgets.
Screenshots: ``test-output/screenshots/site-*.png`` (or ``$SETTE_KIT_TEST_OUTPUT``).
"""

from __future__ import annotations

import json
import re
import time
from html.parser import HTMLParser
from urllib.parse import unquote, urlparse

import pytest
from sk_browser import ERROR_TEXTS, HANG_MS, run_steps, screenshot
from sk_axe import axe_violations, describe, record_counts
from sk_site import (BACKGROUND_DONE_JS, Guard, StaticServer, open_site_page, python_says, site_steps,
                     wait_site_page, widget_kinds)

from sette_kit.serve import lessons_dir, list_lessons

pytestmark = pytest.mark.browser

LESSONS = list_lessons(lessons_dir())
LANDING = "00-start-here.ipynb" if "00-start-here.ipynb" in LESSONS else (LESSONS or [""])[0]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def page_of(name: str) -> str:
    return "index.html" if name == LANDING else name[:-len(".ipynb")] + ".html"


def widget_cells(name: str) -> int:
    """Code cells of the committed notebook whose output is a widget."""
    nb = json.loads((lessons_dir() / name).read_text(encoding="utf-8"))
    return sum(1 for c in nb["cells"] if c["cell_type"] == "code"
               and any(WIDGET_VIEW in o.get("data", {}) for o in c.get("outputs", [])))


@pytest.fixture(scope="session")
def site_server(site):
    with StaticServer(site.out) as server:
        yield server


@pytest.fixture(scope="session")
def site_context(browser, site_server):
    """One browser context for all the site's pages (so later pages use the browser's cache)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.guard = Guard(context, site_server.base)
    yield context
    context.close()


@pytest.fixture
def site_page(site_context):
    page = site_context.new_page()
    page.set_default_timeout(HANG_MS)
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.on("dialog", lambda d: d.dismiss())
    yield page
    page.close()


def shown_errors(page) -> list[str]:
    found = [f"cell error: {t}" for t in page.locator(".sk-cell-error").all_inner_texts()]
    body = page.inner_text("body")
    found += [f"text {t!r}" for t in ERROR_TEXTS if t in body]
    found += [f"page error: {e}" for e in page.errors]
    return found


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_runs_in_the_browser_with_nothing_outside_reachable(
        name, site, site_server, site_context, site_page, screenshots):
    page = site_page
    state = open_site_page(page, site_server.url(page_of(name)))
    stem = name[:-len(".ipynb")]
    screenshot(page, screenshots / f"site-{stem}.png")
    assert state.state == "ready", (state, shown_errors(page))
    assert shown_errors(page) == []
    expected = widget_cells(name)
    shown = page.locator(".sk-code-output:has(.jupyter-widgets)").count()
    assert shown == expected, f"{shown} widget outputs on the page, the notebook has {expected}"
    steps = site_steps(name, widget_kinds(page))
    if expected:
        assert steps, f"no interaction to check for {name}: add it to lesson_steps.STEPS"
    run_steps(page, steps)
    screenshot(page, screenshots / f"site-{stem}-after.png")
    assert shown_errors(page) == []
    violations = axe_violations(page)  # the static site too
    record_counts(f"site {name}", "after its steps", violations)
    assert violations == [], f"axe-core on the site's {page_of(name)}:\n{describe(violations)}"
    assert site_context.guard.left == [], "requests tried to leave the site"


@pytest.mark.parametrize("lang,name", [("it", "02-the-matta"), ("es", "11-trentuno-rules")])
def test_a_lesson_of_each_language_reads_in_it(lang, name, site, site_server, site_context, site_page,
                                              screenshots):
    """The site publishes every language; one page each, read whole."""
    from sk_i18n import english_left

    page = site_page
    state = open_site_page(page, site_server.url(f"{lang}/{name}.html"))
    screenshot(page, screenshots / f"site-{lang}-{name}.png")
    assert state.state == "ready", (state, shown_errors(page))
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.locator(".sk-code-output:has(.jupyter-widgets)").count() == widget_cells(f"{lang}/{name}.ipynb")
    left = english_left(page)
    assert not left, f"English on the site's {lang}/{name}.html:\n" + "\n".join(left)
    violations = axe_violations(page)
    record_counts(f"site {lang}/{name}", "rendered", violations)
    assert violations == [], describe(violations)
    assert site_context.guard.left == []


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        for key, value in attrs:
            if key in ("href", "src") and value:
                self.urls.append((tag, value))


def test_every_link_of_every_page_leads_into_the_site(site):
    out = site.out
    pages = sorted(out.glob("*.html"))
    assert (out / "index.html") in pages and len(pages) >= len(LESSONS)
    for page in pages:
        parser = Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for tag, url in parser.urls:
            parsed = urlparse(url)
            if parsed.scheme in ("http", "https", "mailto"):
                assert tag == "a", f"{page.name} loads {url} from outside the site"
                continue
            if parsed.scheme == "data" or not parsed.path:
                continue
            target = (page.parent / unquote(parsed.path)).resolve()
            assert target.is_file(), f"{page.name}: {url} leads nowhere"
            assert not parsed.path.endswith(".ipynb"), f"{page.name}: {url} is a notebook link"
    # lesson-to-lesson links: the landing page links every other lesson's page
    landing = (out / "index.html").read_text(encoding="utf-8")
    for name in LESSONS:
        if name != LANDING:
            assert f'href="{page_of(name)}' in landing, f"the landing page has no link to {name}"


def test_the_site_is_only_plain_files_of_its_own(site):
    """Pyodide's core, our lock and wheels, and no file fetched from elsewhere at run time."""
    out = site.out
    lock = json.loads((out / "wheels" / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        # wheels/<12 hex digits of the file's sha256>/<name>.whl: a new build never
        # serves a stale file from a browser's cache
        folder, _, name = entry["file_name"].partition("/")
        assert folder == entry["sha256"][:12] and "/" not in name, entry["file_name"]
        assert (out / "wheels" / entry["file_name"]).is_file()
    assert "numpy" not in lock["packages"] and "matplotlib" not in lock["packages"]
    # every pin of browser-requirements.txt is needed (no stale pins)
    from sette_kit.site._wheels import read_pins
    assert set(read_pins()) <= set(lock["packages"]), set(read_pins()) - set(lock["packages"])
    config = json.loads((out / "lite" / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert not re.match(r"https?:", kernel["pyodideUrl"])


def follow(page, href: str):
    start = time.perf_counter()
    page.locator(f"main .sk-lesson-map a[href='{href}']").click()  # the landing page's map of the lessons
    page.wait_for_function("document.body.dataset.skState === 'loading'", timeout=HANG_MS, polling=20)
    return wait_site_page(page, start)


def test_lesson_links_keep_python_running_and_start_each_lesson_clean(
        site, site_server, site_context, site_page, screenshots):
    """A lesson link opens the next lesson in the same Python: its widgets work, the
    previous lesson's widgets and variables are gone, Back works."""
    targets = [n for n in LESSONS if n != LANDING and widget_cells(n)][:2]
    assert targets, "no lesson with widgets besides the landing page"
    page = site_page
    assert open_site_page(page, site_server.url("index.html")).state == "ready"
    python_says(page, "left_behind = 1")
    count = "import ipywidgets as _w; print(len(_w.Widget.widgets))"
    on_landing = python_says(page, count).strip()
    for name in targets:
        state = follow(page, page_of(name))
        assert state.state == "ready", (state, shown_errors(page))
        assert page.url.endswith(page_of(name))
        assert page.locator("main h1.sk-lesson-title").inner_text() in page.title()
        assert page.locator(".sk-code-output:has(.jupyter-widgets)").count() == widget_cells(name)
        run_steps(page, site_steps(name, widget_kinds(page)))
        assert python_says(page, "print('left_behind' in dir())").strip() == "False"
        start = time.perf_counter()
        page.go_back()
        page.wait_for_function("document.body.dataset.skState === 'loading'", timeout=HANG_MS, polling=20)
        assert wait_site_page(page, start).state == "ready"
        assert page.url.endswith("/index.html")
        # the lesson's widgets were closed: exactly the landing page's are alive again
        assert python_says(page, count).strip() == on_landing
        python_says(page, "left_behind = 1")
    screenshot(page, screenshots / "site-followed-links.png")
    assert shown_errors(page) == []
    assert site_context.guard.left == [], "requests tried to leave the site"


def test_open_as_editable_notebook_runs_in_jupyterlite(site, site_server, site_context, site_page,
                                                       screenshots):
    """From a lesson page, the editable link opens JupyterLite; its kernel runs the lesson."""
    name = next((n for n in LESSONS if n != LANDING and widget_cells(n)), LANDING)
    page = site_page
    missing_files = []
    page.on("response", lambda r: missing_files.append(r.url) if r.status == 404 else None)
    open_site_page(page, site_server.url(page_of(name)))
    page.locator("a.sk-edit-link").click()
    page.wait_for_url(re.compile(r"/lite/notebooks/"), timeout=HANG_MS)
    page.wait_for_function("() => document.querySelector('.jp-Notebook .jp-Cell') !== null", timeout=HANG_MS)
    page.get_by_role("menuitem", name="Run").click()
    page.get_by_role("menuitem", name=re.compile("^Run All Cells")).click()
    page.wait_for_function("() => document.querySelector('.jp-Notebook .jp-OutputArea-output .sk-widget') !== null",
                           timeout=HANG_MS, polling=100)  # the kernel ran the lesson: its widgets are live
    screenshot(page, screenshots / f"site-editable-{name[:-len('.ipynb')]}.png")
    errors = page.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.error"]')
    assert errors.count() == 0, errors.all_inner_texts()
    # JupyterLite's favicons (its build does not ship them) are the site's own
    assert missing_files == [], missing_files
    assert site_context.guard.left == [], "requests tried to leave the site"


# ---- what a visit downloads, drawn before Python, projector mode ----------------

MB = 1_000_000


def core_bytes(out) -> int:
    """What a bare Pyodide boot downloads: the four files of the site's core."""
    cores = [p.parent for p in out.glob("pyodide/*/pyodide.mjs")]
    assert len(cores) == 1, cores
    return sum(f.stat().st_size for f in cores[0].iterdir() if f.is_file())


def fresh_context(browser, site_server):
    """A browser context of its own: an empty cache and no service worker yet, with the
    browser's HTTP cache on (a learner's browser: nothing routed, other hosts recorded)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.guard = Guard(context, site_server.base, block=False)
    return context


def test_a_first_visit_downloads_little_beyond_pyodide_and_a_reload_nothing(
        site, site_server, browser):
    """A first visit: at most 6 MB more than a bare Pyodide boot; a reload and a second
    lesson opened anew (a bookmark): at most 1 MB each, as the server sends them."""
    context = fresh_context(browser, site_server)
    try:
        page = context.new_page()
        site_server.reset()
        assert open_site_page(page, site_server.url("01-cards-and-scoring.html"), timeout=900).state == "ready"
        # the first visit's background work: the service worker keeps what the page and its
        # Python fetched, a snapshot is made; let it finish (what a learner reading does)
        page.wait_for_function(BACKGROUND_DONE_JS, timeout=300_000)
        first = site_server.reset()
        extra = first - core_bytes(site.out)
        assert extra <= 6 * MB, (f"a first visit downloads {first / MB:.1f} MB, "
                                 f"{extra / MB:.1f} MB beyond the bare Pyodide boot")
        page.reload(wait_until="commit")
        assert wait_site_page(page, time.perf_counter(), timeout=900).state == "ready"
        again = site_server.reset()
        assert again <= 1 * MB, f"a reload downloads {again / MB:.2f} MB: {site_server.files}"
        other = context.new_page()
        assert open_site_page(other, site_server.url("03-playing-a-round.html"), timeout=900).state == "ready"
        anew = site_server.reset()
        assert anew <= 1 * MB, f"a lesson opened anew downloads {anew / MB:.2f} MB"
        assert context.guard.left == []
    finally:
        context.close()


def test_a_lesson_is_drawn_before_python_starts(site, site_server, browser, screenshots):
    """With Python never starting (its worker's script held back), the lesson still
    shows each widget in its first state, its controls disabled, and says it is loading."""
    context = fresh_context(browser, site_server)
    context.route(re.compile(r"/assets/worker-[^/]+\.js$"), lambda route: route.abort())
    try:
        page = context.new_page()
        page.goto(site_server.url("01-cards-and-scoring.html"), wait_until="domcontentloaded")
        expected = widget_cells("01-cards-and-scoring.ipynb")
        page.wait_for_function(
            "(n) => document.querySelectorAll('.sk-code-output .sk-recorded .jupyter-widgets').length >= n",
            arg=expected, timeout=120_000, polling=50)
        screenshot(page, screenshots / "site-01-drawn-before-python.png")
        assert page.evaluate("document.body.dataset.skState") in ("loading", "failed")
        trainer = page.locator(".sk-recorded .sk-score-trainer").first
        assert trainer.locator(".sk-card, svg, img").count() > 0, "the recorded trainer shows no card"
        buttons = page.locator(".sk-recorded button")
        assert buttons.count() > 0
        assert all(b.is_disabled() for b in buttons.all()), "a recorded control is enabled"
    finally:
        context.close()


def test_the_live_widgets_take_the_recorded_ones_place_without_a_jump(site, site_server, site_page):
    page = site_page
    page.goto(site_server.url("01-cards-and-scoring.html"), wait_until="domcontentloaded")
    page.wait_for_function("document.querySelectorAll('.sk-recorded .jupyter-widgets').length > 0",
                           timeout=120_000, polling=50)
    tops = "() => Array.from(document.querySelectorAll('main > *')).map(e => Math.round(e.getBoundingClientRect().top + window.scrollY))"
    before = page.evaluate(tops)
    assert wait_site_page(page, time.perf_counter()).state == "ready"
    after = page.evaluate(tops)
    assert page.locator(".sk-recorded").count() == 0, "recorded outputs left after Python ran"
    moved = [(i, b, a) for i, (b, a) in enumerate(zip(before, after)) if abs(a - b) > 4]
    assert not moved, f"parts of the page moved when the widgets came alive: {moved[:5]}"


def test_projector_mode_on_the_site(site, site_server, site_page, screenshots):
    """The site's trial (review defect 14): the served pages' switch and ?projector=1."""
    page = site_page
    open_site_page(page, site_server.url("03-playing-a-round.html?projector=1"))
    assert page.evaluate("document.documentElement.classList.contains('sk-projector')")
    size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.sk-markdown p')).fontSize)")
    assert size >= 24, f"projector mode's text is {size} px"
    screenshot(page, screenshots / "site-03-projector.png")
    switch = page.get_by_role("button", name=re.compile("Projector mode"))
    assert switch.get_attribute("aria-pressed") == "true"
    switch.click()
    assert not page.evaluate("document.documentElement.classList.contains('sk-projector')")
    assert switch.get_attribute("aria-pressed") == "false"
    page.evaluate("localStorage.removeItem('sette-kit:projector')")


def test_the_learners_site_leaves_out_the_teachers_notes(site):
    """TEACHERS.md and STYLE.md are not published unless asked for,
    and the landing page says where teachers find them."""
    out = site.out
    for lang in ("", "it/", "es/"):
        assert not (out / f"{lang}TEACHERS.html").exists(), f"{lang}TEACHERS.html is published"
        assert not (out / f"{lang}STYLE.html").exists()
    landing = (out / "index.html").read_text(encoding="utf-8")
    assert "TEACHERS.html" not in landing
    assert "sk-teachers-note" in landing


@pytest.mark.parametrize("query, width", [("", 1200), ("?projector=1", 1200), ("?projector=1", 390)])
def test_the_maps_two_digit_numbers_are_whole(site, site_server, site_page, query, width, screenshots):
    """Lesson 00's map numbered items 10-13 ".0."-".3." (the list's numbers cut
    at the left): each number fits inside the list, at every text size."""
    from sk_site import MAP_NUMBERS_CUT_JS

    page = site_page
    page.set_viewport_size({"width": width, "height": 900})
    open_site_page(page, site_server.url("index.html" + query))
    assert page.locator(".sk-lesson-map ol.sk-map-list > li").count() >= 10
    assert page.evaluate(MAP_NUMBERS_CUT_JS) == []
    if query:
        page.locator(".sk-lesson-map li[value='10']").scroll_into_view_if_needed()
        screenshot(page, screenshots / f"site-00-map-projector-{width}.png")
    page.evaluate("localStorage.removeItem('sette-kit:projector')")
