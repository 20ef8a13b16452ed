"""Every lesson executes top to bottom with numpy and matplotlib blocked.

That is what a learner's browser on Pyodide has: no numpy, no matplotlib.  Each lesson
runs in a fresh kernel (nbclient, as ``lessons/_build.py`` does) whose IPython start-up
file refuses both imports before any cell runs; a last cell checks that neither was
loaded, and no cell may end in an error.  The cells whose output nbval compares
(``# NBVAL_CHECK_OUTPUT``) print exactly what the committed lesson shows: the pure path
gives the same Fractions and, for the same seed, the same simulations as numpy's.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
PATHS = sorted(LESSONS.glob("[0-9][0-9]-*.ipynb"))

BLOCKER = textwrap.dedent('''
    import sys
    from importlib.abc import MetaPathFinder

    BLOCKED = ("numpy", "matplotlib")
    if any(name in sys.modules for name in BLOCKED):
        raise RuntimeError("numpy or matplotlib was loaded before the start-up file ran")


    class _Refuse(MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ModuleNotFoundError(f"No module named {name!r} (blocked for the test)", name=name)
            return None


    sys.meta_path.insert(0, _Refuse())
''')

CHECK = textwrap.dedent('''
    import sys
    loaded = [m for m in ("numpy", "matplotlib") if m in sys.modules]
    from sette_kit import accel
    print("loaded:", loaded, "path:", accel.path())
''')


@pytest.fixture(scope="module")
def ipython_dir(tmp_path_factory):
    d = tmp_path_factory.mktemp("ipython")
    startup = d / "profile_default" / "startup"
    startup.mkdir(parents=True)
    (startup / "00-block-numpy.py").write_text(BLOCKER, encoding="utf-8")
    return d


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_lesson_runs_top_to_bottom_without_numpy_or_matplotlib(path, ipython_dir, monkeypatch):
    monkeypatch.setenv("IPYTHONDIR", str(ipython_dir))
    nb = nbformat.read(path, as_version=4)
    committed = [_printed(c) for c in nb.cells]
    nb.cells.append(nbformat.v4.new_code_cell(CHECK))
    client = NotebookClient(nb, timeout=600, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(LESSONS)}})
    client.execute()
    errors = [f"{o.get('ename')}: {o.get('evalue')}" for c in nb.cells for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors, errors
    last = "".join(o.get("text", "") for o in nb.cells[-1].outputs if o.get("output_type") == "stream")
    assert "loaded: [] path: pure" in last, last
    for i, cell in enumerate(nb.cells[:-1]):
        if cell.cell_type == "code" and cell.source.startswith("# NBVAL_CHECK_OUTPUT"):
            assert _printed(cell) == committed[i], (path.name, i, cell.source[:80])


def _printed(cell) -> str:
    if cell.cell_type != "code":
        return ""
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o.get("output_type") == "stream")
