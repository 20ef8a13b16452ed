"""The type checker over the source (issue 26.5): ``python -m mypy`` with the project's
``[tool.mypy]`` (pyproject.toml) exits 0, and both packages say they are typed (PEP 561)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_mypy_passes_with_the_project_config():
    pytest.importorskip("mypy")
    run = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, f"mypy exited {run.returncode}:\n{run.stdout}{run.stderr}"
    assert "unused section" not in run.stdout + run.stderr, run.stdout + run.stderr  # warn_unused_configs


@pytest.mark.parametrize("package", ["sette_kit", "widgets"])
def test_the_packages_ship_py_typed(package):
    assert (ROOT / package / "py.typed").is_file()
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in config["tool"]["setuptools"]["package-data"][package]  # in the wheel too


@pytest.mark.parametrize("module, alias, values", [
    ("sette_kit.cards", "FaceName", "FACE_NAMES"),
    ("sette_kit.games.sette.scoring", "ScoreKind", "KINDS"),
    ("sette_kit.games.sette.views", "Phase", "PHASES"),
    ("sette_kit.games.sette.views", "ActionName", "ACTIONS"),
    ("sette_kit.games.sette.rules", "StakeTiming", "STAKE_TIMINGS"),
    ("sette_kit.games.quattro.rules", "ActionName", "ACTIONS"),
    ("sette_kit.games.trentuno.rules", "ActionName", "ACTIONS"),
])
def test_each_literal_alias_names_the_values_the_code_accepts(module, alias, values):
    import importlib
    from typing import get_args

    m = importlib.import_module(module)
    assert get_args(getattr(m, alias)) == getattr(m, values)
