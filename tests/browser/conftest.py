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
import shutil
from pathlib import Path

import pytest

from sette_kit.serve import Server, list_lessons, lessons_dir

# the fixture notebooks are served, not executed by nbval
collect_ignore_glob = ["fixtures/*", "fixtures/**/*"]

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
FIXTURES = HERE / "fixtures"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def require_browser() -> bool:
    return os.environ.get("SETTE_KIT_REQUIRE_BROWSER", "") not in ("", "0")


def chromium_path() -> str | None:
    for candidate in (os.environ.get("SETTE_KIT_CHROMIUM"), shutil.which("chromium"),
                      "/usr/bin/chromium", shutil.which("chromium-browser")):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def _missing(reason: str):
    if require_browser():
        pytest.fail(f"{reason}, but SETTE_KIT_REQUIRE_BROWSER=1 requires the browser tests to run",
                    pytrace=False)
    pytest.skip(reason)


def output_dir() -> Path:
    path = Path(os.environ.get("SETTE_KIT_TEST_OUTPUT") or ROOT / "test-output")
    (path / "screenshots").mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def screenshots() -> Path:
    return output_dir() / "screenshots"


@pytest.fixture(scope="session")
def fixture_server():
    """``sette-kit serve --dir tests/browser/fixtures`` with the kit's configuration."""
    with Server(FIXTURES, startup_timeout=90) as srv:
        yield srv


@pytest.fixture(scope="session")
def lessons_server():
    """``sette-kit serve`` on the real lessons (skips when lessons/ has no notebook yet)."""
    if not list_lessons(lessons_dir()):
        pytest.skip("lessons/ has no notebook yet")
    with Server(startup_timeout=90) as srv:
        yield srv


@pytest.fixture(scope="session")
def browser():
    exe = chromium_path()
    if exe is None:
        _missing("no Chromium found (install Debian's `chromium` package)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("the playwright Python package is not installed")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS, headless=True, timeout=60_000)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    pg = context.new_page()
    pg.set_default_timeout(30_000)
    pg.js_dialogs = []
    pg.on("dialog", lambda d: (pg.js_dialogs.append(d.message), d.dismiss()))
    try:
        yield pg
    finally:
        context.close()
