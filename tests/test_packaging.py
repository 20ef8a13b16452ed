"""The distribution ships every package of the source tree and the lessons."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

tomllib = pytest.importorskip("tomllib") if sys.version_info >= (3, 11) else pytest.importorskip("tomli")


def _config():
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["setuptools"]


def test_every_python_package_is_listed_in_pyproject():
    listed = set(_config()["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts)
             for top in ("sette_kit", "widgets") for p in (ROOT / top).rglob("__init__.py")
             if "__pycache__" not in p.parts}
    assert found <= listed, f"packages missing from pyproject.toml: {sorted(found - listed)}"


def test_the_lessons_ship_inside_the_distribution():
    cfg = _config()
    assert cfg["package-dir"]["sette_kit.lessons"] == "lessons"
    patterns = cfg["package-data"]["sette_kit.lessons"]
    assert "*.ipynb" in patterns and "voila.json" in patterns and "*.md" in patterns
