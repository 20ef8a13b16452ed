"""A rebuilt site is never served stale.

The site is built, visited (its service worker keeps the core and the wheels), built
again into the same folder with one wheel changed - the ``comm`` wheel, carrying a small
module ``sk_build_probe`` that says which build it is from - and the open page is
reloaded: the page's Python must import the new build's module, the server must have
sent the new wheel, and the browser must have deleted what only the old build had (its
kept files and its memory snapshot).
"""

from __future__ import annotations

import json
import shutil
import sys
import time
import zipfile

import pytest
from sk_browser import HANG_MS, missing
from sk_site import BACKGROUND_DONE_JS, Guard, StaticServer, open_site_page, python_says, wait_site_page

pytestmark = pytest.mark.browser

PROBE = "sk_build_probe"
CACHE = "sette-kit-site-v1"
SNAPSHOTS = "sette-kit-snapshots-v1"
KEPT_JS = """async ([name]) => (await (await caches.open(name)).keys()).map((r) => r.url)"""


def probed(wheel, dest, label: str):
    """A copy of ``wheel`` (same file name) with the module ``sk_build_probe``."""
    dest.mkdir(parents=True, exist_ok=True)
    out = dest / wheel.name
    with zipfile.ZipFile(wheel) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            zout.writestr(info, zin.read(info))
        zout.writestr(f"{PROBE}.py", f"BUILD = {label!r}\n")
    return out


def build(out, monkeypatch, label: str):
    """``build_site`` of the lessons into ``out``, its comm wheel carrying ``label``."""
    from sette_kit.site import _wheels, build_site

    real = _wheels.download

    def download(pins, dest, log=print):
        got = real(pins, dest, log=log)
        # inside the build's cache (the bytecode step compiles only the cache's wheels)
        got["comm"] = probed(got["comm"], dest.parent / "test-probes" / label, label)
        return got

    monkeypatch.setattr(_wheels, "download", download)
    build_site(out, log=lambda text: print(f"build-site: {text}", file=sys.stderr))
    monkeypatch.setattr(_wheels, "download", real)
    return json.loads((out / "manifest.json").read_text())


def comm_file(manifest) -> str:
    found = [f for f in manifest["files"] if "/comm-" in f]
    assert len(found) == 1, found
    return found[0]


def test_a_rebuilt_site_with_a_changed_wheel_is_picked_up(tmp_path, monkeypatch, browser):
    for tool in ("npm", "node"):
        if shutil.which(tool) is None:
            missing(f"building the static site needs Node.js with npm (`{tool}` not found)")
    pytest.importorskip("jupyterlite_core")
    out = tmp_path / "site"
    first = build(out, monkeypatch, "one")
    with StaticServer(out) as server:
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        guard = Guard(context, server.base)
        try:
            page = context.new_page()
            assert open_site_page(page, server.url("index.html"), timeout=900).state == "ready"
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=HANG_MS)
            assert python_says(page, f"import {PROBE}; print({PROBE}.BUILD)").strip() == "one"
            old = server.url(comm_file(first))
            page.wait_for_function(f"({KEPT_JS})(['{CACHE}']).then((urls) => urls.includes({old!r}))",
                                   timeout=HANG_MS, polling=200)
            page.wait_for_function(BACKGROUND_DONE_JS, timeout=HANG_MS, polling=250)

            second = build(out, monkeypatch, "two")
            new = comm_file(second)
            assert new != comm_file(first) and second["build"] != first["build"]
            server.reset()
            page.reload(wait_until="commit")
            assert wait_site_page(page, time.perf_counter(), timeout=900).state == "ready"
            assert python_says(page, f"import {PROBE}; print({PROBE}.BUILD)").strip() == "two"
            assert any(path == "/" + new for path, _ in server.files), "the new wheel was not fetched"
            # the new build's service worker took over and deleted what only the old build had,
            # and keeps the new build's wheel: one condition, waited on.  (Read once more right
            # after a wait for "only current files", the old wheel was once listed again, on a
            # quiet machine; where it came back from is not known.  Kept for good, this wait
            # fails; only a passing moment of it goes unseen.)
            current = {server.url(f) for f in second["files"]}
            page.wait_for_function(
                f"({KEPT_JS})(['{CACHE}']).then((urls) => !urls.includes({old!r})"
                f" && urls.includes({server.url(new)!r})"
                f" && urls.every((u) => {json.dumps(sorted(current))}.includes(u)))",
                timeout=HANG_MS, polling=200)
            page.wait_for_function(
                f"({KEPT_JS})(['{SNAPSHOTS}']).then((keys) => keys.every((k) => !decodeURIComponent(k).includes({old!r})))",
                timeout=HANG_MS, polling=200)
            assert guard.left == []
        finally:
            context.close()
