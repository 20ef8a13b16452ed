"""The distribution ships every package of the source tree and the lessons."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

tomllib = pytest.importorskip("tomllib") if sys.version_info >= (3, 11) else pytest.importorskip("tomli")


def _config():
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["setuptools"]


RUNTIME = ROOT / "sette_kit" / "app" / "site" / "runtime"


def test_every_python_package_is_listed_in_pyproject():
    listed = set(_config()["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for top in ("sette_kit", "widgets") for p in (ROOT / top).rglob("__init__.py")
             if "__pycache__" not in p.parts
             # the static site's browser runtime is a distribution of its own (its IPython
             # stand-in must never be importable next to a real IPython): package data here
             and RUNTIME not in p.parents}
    assert found <= listed, f"packages missing from pyproject.toml: {sorted(found - listed)}"


def test_the_lessons_ship_inside_the_distribution():
    cfg = _config()
    assert cfg["package-dir"]["sette_kit.lessons"] == "lessons"
    patterns = cfg["package-data"]["sette_kit.lessons"]
    assert "*.ipynb" in patterns and "voila.json" in patterns and "*.md" in patterns


def _requirements():
    from packaging.requirements import Requirement

    with open(ROOT / "pyproject.toml", "rb") as f:
        return [Requirement(r) for r in tomllib.load(f)["project"]["dependencies"]]


def _installed_on(platform: str) -> set[str]:
    env = {"sys_platform": platform, "platform_system": "Emscripten" if platform == "emscripten" else "Linux"}
    return {r.name.lower().replace("_", "-") for r in _requirements() if r.marker is None or r.marker.evaluate(env)}


def test_in_a_browser_only_pure_python_packages_are_required():
    """Pyodide (sys_platform "emscripten"): ipywidgets and its front-end packages only
    (pure-Python wheels); numpy, the server and the command line's progress bar are
    marked out."""
    assert _installed_on("emscripten") == {"ipywidgets", "jupyterlab-widgets", "widgetsnbextension"}


def test_on_cpython_everything_serve_needs_and_numpy_and_never_matplotlib():
    linux = _installed_on("linux")
    assert {"numpy", "voila", "jupyterlab", "ipywidgets", "tqdm"} <= linux
    assert not any("matplotlib" in r.name for r in _requirements())
