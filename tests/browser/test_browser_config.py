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
    """The newcomer's review: every served page logged about 20 warnings
    "Unsatisfied version 4.2.5 ... (required ^4.6.2)" and "(required ^4.5.10)": the widget
    manager of jupyterlab_widgets 3.0.17 and Voilà's JupyterLab preview extension were
    built for a newer JupyterLab than the 4.2.5 Voilà bundles.  A page loads the widget
    manager built for JupyterLab 4.2 (jupyterlab_widgets 3.0.13) and Voilà's own widgets
    manager, nothing else; its widgets work.  The warnings left, "(required ^4.5.10)",
    are those of Voilà 0.5.13's own widgets-manager8, which no pin of the kit can change.
    The page also tells the server it reached a browser (a slow start keeps its
    kernel)."""
    from sk_browser import HANG_MS, open_page

    messages = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    open_page(page, fixture_server.url("01-one-button.ipynb"))
    button = page.get_by_role("button", name="Press me")
    button.wait_for(state="visible", timeout=HANG_MS)
    assert page.locator(".widget-button").count() == 1  # a live widget, not a fallback text
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    assert sorted(e["name"] for e in config["federated_extensions"]) == [
        "@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8"]
    too_new = [m for m in messages if ("Unsatisfied version" in m or "No satisfying version" in m)
               and "^4.5.10" not in m and "^6.5.10" not in m and "^7.5.10" not in m]
    assert not too_new, "\n".join(too_new)
