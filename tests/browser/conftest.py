"""Fixtures for the browser tests: Voilà servers started with ``sette-kit serve`` and
headless Debian Chromium driven by Playwright.

Without Chromium or Playwright the tests that need a browser skip with the reason;
with ``SETTE_KIT_REQUIRE_BROWSER=1`` (set by .ci/run) they fail instead.  Tests that
only talk HTTP or websockets to the server run everywhere.

Screenshots go to ``$SETTE_KIT_TEST_OUTPUT/screenshots/`` (default ``test-output/``
at the top of the clone, which git ignores).
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from sette_kit.serve import Server

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # the helper modules beside this file
    sys.path.insert(0, str(HERE))
from sk_browser import HANG_MS, HANG_S, browser_or_skip  # noqa: E402
import sk_axe  # noqa: E402

# the fixture notebooks are served, not executed by nbval
collect_ignore_glob = ["fixtures/*", "fixtures/**/*"]

ROOT = HERE.parent.parent
FIXTURES = HERE / "fixtures"
# the shared test servers serve a test suite, not a class: a cap that a small CI machine's
# memory-based default cannot make lower than the load test's 20 sessions need
TEST_MAX_KERNELS = 60
#: pytest-timeout's bound on one browser test (setup and teardown included): above the
#: hang guard of any one wait (``sk_browser.HANG_S``), so that a hang is reported by the
#: wait that hung; a test with a bound of its own (``@pytest.mark.timeout``) keeps it
TEST_TIMEOUT_S = 3 * HANG_S


def pytest_collection_modifyitems(config, items):
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(TEST_TIMEOUT_S))


def pytest_configure(config):
    try:
        from playwright.sync_api import expect
    except ImportError:
        return
    expect.set_options(timeout=HANG_MS)  # every expect(...) waits on its condition, to the hang guard


def output_dir() -> Path:
    path = Path(os.environ.get("SETTE_KIT_TEST_OUTPUT") or ROOT / "test-output")
    (path / "screenshots").mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def screenshots() -> Path:
    return output_dir() / "screenshots"


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The lessons built once for the session with ``sette-kit build-site`` (the site's
    tests and the class's learner pages)."""
    import shutil

    from sk_browser import missing

    for tool in ("npm", "node"):
        if shutil.which(tool) is None:
            missing(f"building the static site needs Node.js with npm (`{tool}` not found)")
    try:
        import jupyterlite_core  # noqa: F401
    except ImportError:
        missing("building the static site needs `pip install 'sette-kit[site]'`")
    from sette_kit.site import build_site

    out = tmp_path_factory.mktemp("site") / "site"
    report = build_site(out, log=lambda text: print(f"build-site: {text}", file=sys.stderr))
    print(report.summary(), file=sys.stderr)
    return report


@pytest.fixture(scope="session")
def fixture_server():
    """``sette-kit serve --dir tests/browser/fixtures --preheat`` with the kit's configuration."""
    with Server(FIXTURES, preheat=True, max_kernels=TEST_MAX_KERNELS, max_kernels_per_client=TEST_MAX_KERNELS,
                startup_timeout=HANG_S) as srv:
        yield srv


@pytest.fixture(scope="session")
def lessons_server():
    """``sette-kit serve`` on the real lessons."""
    with Server(max_kernels=TEST_MAX_KERNELS, max_kernels_per_client=TEST_MAX_KERNELS,
                startup_timeout=HANG_S) as srv:
        yield srv


@pytest.fixture(scope="session")
def browser():
    exe, args = browser_or_skip()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=args, headless=True, timeout=HANG_MS)
        new_context = b.new_context

        def hang_guarded_context(*a, **kw):
            """Every context of the tests waits, on every action, up to the hang guard only."""
            context = new_context(*a, **kw)
            context.set_default_timeout(HANG_MS)
            context.set_default_navigation_timeout(HANG_MS)
            return context
        b.new_context = hang_guarded_context
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(HANG_MS)
    pg.js_dialogs = []
    pg.on("dialog", lambda d: (pg.js_dialogs.append(d.message), d.dismiss()))
    pg.outside = []  # requests to any other host than this machine (the theme's check)
    pg.on("request", lambda r: pg.outside.append(r.url)
          if not re.match(r"^(https?://(127\.0\.0\.1|localhost|\[::1\])[:/]|data:|blob:|about:)", r.url) else None)
    try:
        yield pg
    finally:
        leave(pg)
        context.close()


def leave(page) -> None:
    """Leave the page as a learner does (its kernel is shut down on the way out):
    closing the browser context alone would skip the page's ``beforeunload``."""
    try:
        page.goto("about:blank", timeout=HANG_MS)
    except Exception:  # a page that failed its test may not answer: close it anyway
        pass


def pytest_terminal_summary(terminalreporter):
    """Print the axe-core counts of every page checked in this run."""
    lines = sk_axe.report_lines()
    if lines:
        terminalreporter.section(f"axe-core {sk_axe.axe_version()}: violations per page")
        for line in lines:
            terminalreporter.write_line(line)
