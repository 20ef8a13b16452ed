"""lessons/voila.json takes effect in the installed Voilà (HTTP only, no browser needed):
sources hidden, notebooks not downloadable, tracebacks hidden (see test_browser_security),
idle-kernel culling and preheated kernels (the execution timeout: test_served_class)."""

from __future__ import annotations

import json

import pytest

from sette_kit.serve import lessons_dir
from sk_browser import HANG_S
from test_browser_security import fetch

CONF = json.loads((lessons_dir() / "voila.json").read_text())


def test_sources_are_stripped(fixture_server):
    status, body = fetch(fixture_server.url("01-one-button.ipynb"))
    assert status == 200 and "Press me" in body  # the output is there ...
    for source in ("button.on_click", "presses.append", "def on_press", "import ipywidgets"):
        assert source not in body  # ... the code is not


@pytest.mark.parametrize("path", ["/voila/files/01-one-button.ipynb", "/voila/files/errors/raises.ipynb",
                                  "/files/01-one-button.ipynb", "/api/contents/01-one-button.ipynb?content=1"])
def test_notebooks_cannot_be_downloaded(fixture_server, path):
    status, body = fetch(fixture_server.base + path)
    assert "on_press" not in body and "sk-internal-detail" not in body
    assert status in (403, 404) or '"content": null' in body or '"content":null' in body, (status, body[:200])


def test_idle_kernels_are_culled_and_kernels_preheated(fixture_server):
    assert fixture_server.wait_for(
        f"Culling kernels with idle durations > {CONF['MappingKernelManager']['cull_idle_timeout']} seconds",
        timeout=HANG_S)
    assert fixture_server.wait_for("Kernel pool of 01-one-button.ipynb is filled", timeout=HANG_S)


@pytest.mark.browser
def test_served_page_loads_front_end_packages_that_fit(fixture_server, page):
    """The newcomer's review (issue 24): every served page logged about 14 warnings
    "Unsatisfied version 4.2.5 ... (required ^4.6.2)": the widget manager and Voilà's
    JupyterLab preview extension were built for a newer JupyterLab than the 4.2.5 Voilà
    bundles.  A page loads only the widget manager, at a version built for Voilà's
    JupyterLab, and its console has no such warning."""
    from sk_browser import HANG_MS, open_page

    messages = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    open_page(page, fixture_server.url("01-one-button.ipynb"))
    page.get_by_role("button", name="Press me").wait_for(state="visible", timeout=HANG_MS)
    mismatched = [m for m in messages if "Unsatisfied version" in m or "No satisfying version" in m]
    assert not mismatched, "\n".join(mismatched)
    assert "@voila-dashboards/jupyterlab-preview" not in page.content()
