"""Delivery lives in ``sette_kit/app``; the old import paths stay.

Each old path is the moved module itself (not a copy), so a name read or patched there is
the one that runs; the landing page, the Markdown renderer and the title reader are one
each; the package data the moved modules read is listed where setuptools ships it.
"""

from __future__ import annotations

import fnmatch
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

OLD_NEW = [("sette_kit.serve", "sette_kit.app.serve"), ("sette_kit.cli", "sette_kit.app.cli"),
           ("sette_kit.cli.trentuno", "sette_kit.app.cli.trentuno"), ("sette_kit.webapp", "sette_kit.app.webapp"),
           ("sette_kit.webapp.kernels", "sette_kit.app.webapp.kernels"), ("sette_kit.site", "sette_kit.app.site"),
           ("sette_kit.site._pages", "sette_kit.app.site._pages"),
           ("sette_kit.classroom.hub", "sette_kit.app.classroom.hub"),
           ("sette_kit.classroom.store", "sette_kit.app.classroom.store"),
           ("sette_kit.classroom.items", "sette_kit.app.classroom.items"),
           ("sette_kit.classroom.summary", "sette_kit.app.classroom.summary")]


@pytest.mark.parametrize("old, new", OLD_NEW)
def test_an_old_path_is_the_moved_module(old, new):
    import importlib

    assert importlib.import_module(old) is importlib.import_module(new)


def test_the_old_names_are_kept():
    from sette_kit import course
    from sette_kit.app import markdown, testing
    from sette_kit.cli import main
    from sette_kit.serve import LANDING_PAGE, Server, descendants, free_port, lessons_dir, rss_bytes
    from sette_kit.site import _pages
    from sette_kit.webapp import app

    assert LANDING_PAGE == _pages.LANDING == course.LANDING
    assert (Server, free_port, descendants, rss_bytes) == (testing.Server, testing.free_port,
                                                           testing.descendants, testing.rss_bytes)
    assert app.markdown_html is _pages.markdown_html is markdown.markdown_html
    assert app.markdown_title is _pages.markdown_title is markdown.markdown_title
    assert (lessons_dir() / "voila.json").is_file() and callable(main)


def test_both_channels_render_markdown_alike():
    from sette_kit.app.markdown import markdown_html, markdown_title

    text = "intro\n# Notes for *teachers*\n<!-- lesson 0 -->\n\n<details><summary>A</summary>\n\n7½\n\n</details>"
    html = markdown_html(text)
    assert "lesson 0" not in html and "<details>" in html and "&lt;" not in html
    assert markdown_title(text, "x") == "Notes for teachers"


def test_python_m_on_the_old_path_still_runs_the_command():
    out = subprocess.run([sys.executable, "-m", "sette_kit.cli", "score", "7c"], capture_output=True,
                         text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0 and "7" in out.stdout, out.stderr


def test_the_entry_point_and_the_moved_package_data():
    tomllib = pytest.importorskip("tomllib")
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert conf["project"]["scripts"]["sette-kit"] == "sette_kit.app.cli:main"
    data = conf["tool"]["setuptools"]["package-data"]
    app = ROOT / "sette_kit" / "app"
    wanted = {"sette_kit.app.webapp": [*(app / "webapp" / "templates").glob("*.html"),
                                       *(app / "webapp" / "voila_template").rglob("*.*")],
              "sette_kit.app.classroom": list((app / "classroom" / "static").iterdir()),
              "sette_kit.app.site": [*(app / "site" / "js" / "src").iterdir(), app / "site" / "js" / "package.json",
                                     app / "site" / "browser-requirements.txt",
                                     *(p for p in (app / "site" / "runtime").rglob("*.py")
                                       if "__pycache__" not in p.parts)]}
    for package, files in wanted.items():
        base = ROOT.joinpath(*package.split("."))
        assert files
        for path in files:
            rel = path.relative_to(base).as_posix()
            assert any(fnmatch.fnmatch(rel, pattern) for pattern in data[package]), (package, rel)
