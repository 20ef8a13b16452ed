"""The test tree's own rules: every test file says whether it runs on the
pure path, the pure run's cheap text check agrees with the real marker, and a pure file can
be imported with numpy blocked."""

from __future__ import annotations

import ast

import pytest
from suite_layout import HEAVY, ONCE, TESTS, all_test_files, declared_once, declares_pure

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

FILES = [path for path in all_test_files() if "browser" not in path.relative_to(TESTS).parts]


def name(path):
    return path.relative_to(TESTS).as_posix()


def marks_pure(tree: ast.Module) -> bool:
    """True when the module's top-level ``pytestmark`` holds ``pytest.mark.pure`` (read from its syntax)."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            return any(isinstance(n, ast.Attribute) and n.attr == "pure" and ast.unparse(n) == "pytest.mark.pure"
                       for n in ast.walk(node.value))
    return False


@pytest.mark.parametrize("path", FILES, ids=name)
def test_every_test_file_is_pure_or_says_why_it_runs_once(path):
    text = path.read_text(encoding="utf-8")
    assert declares_pure(path) or declared_once(path) or HEAVY.search(text), (
        f"{name(path)} imports nothing heavy: mark it pure (pytestmark = pytest.mark.pure) or say why it "
        f"runs once in tests/support/suite_layout.py ONCE")


@pytest.mark.parametrize("path", FILES, ids=name)
def test_the_text_check_agrees_with_the_marker(path):
    assert declares_pure(path) == marks_pure(ast.parse(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", [p for p in FILES if declares_pure(p)], ids=name)
def test_a_pure_file_imports_no_blocked_library_at_its_top(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = [a.name for n in tree.body if isinstance(n, ast.Import) for a in n.names]
    names += [n.module for n in tree.body if isinstance(n, ast.ImportFrom) and n.module]
    assert not [m for m in names if m.split(".")[0] in ("numpy", "matplotlib")]


def test_every_declared_file_exists_and_is_not_pure():
    for where in ONCE:
        path = TESTS / where
        assert path.exists(), f"tests/support/suite_layout.py ONCE names {where}, which is gone"
        if path.is_file():
            assert not declares_pure(path), f"{where} is pure: take it out of ONCE"
