"""Execute lesson notebooks from a clean kernel and commit-ready them.

    python lessons/_build.py                 # every lessons/NN-*.ipynb, lessons/it/..., lessons/es/...
    python lessons/_build.py lessons/02-the-matta.ipynb
    python lessons/_build.py --check          # execute and time, write nothing

Each notebook is executed in place with a fresh kernel (working directory: lessons/),
widget state is stripped from its metadata, the tab title of a lesson of the course
catalogue is stamped into it (``sette_kit.course.tab_title``), and any error output
fails the build.
The time each notebook took is printed (target: under 20 s each, 120 s for all).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent


def build(path: Path, timeout: int = 120, write: bool = True) -> float:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    client.execute()
    elapsed = time.perf_counter() - start
    nb.metadata.pop("widgets", None)
    _stamp_title(nb, path)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                raise SystemExit(f"{path.name}: cell raised {out.get('ename')}: {out.get('evalue')}")
            if out.get("name") == "stderr" and "Traceback" in out.get("text", ""):
                raise SystemExit(f"{path.name}: a traceback was printed")
    nbformat.validate(nb)
    if write:
        nbformat.write(nb, path)
    return elapsed


def _stamp_title(nb, path: Path) -> None:
    """The tab title Voilà shows (``<title>`` is the notebook's ``title`` metadata), from
    the course catalogue (:func:`sette_kit.course.tab_title`) for the lessons it names, in
    the notebook's language (its folder: ``lessons/it/``, ``lessons/es/``; issue 17)."""
    from sette_kit import course
    from sette_kit.errors import SetteKitError
    from sette_kit.i18n import LANGUAGES, language

    from sette_kit.theme import page_words

    lang = path.parent.name if path.parent.name in LANGUAGES else "en"
    nb.metadata["sette_kit"] = page_words(lang)  # the served page's frame, in its language
    try:
        with language(lang):
            nb.metadata["title"] = course.tab_title(path.name)
    except SetteKitError:  # not a lesson of the catalogue: leave its title alone
        pass


def main(argv: list[str]) -> int:
    write = "--check" not in argv
    paths = [Path(a) for a in argv if a != "--check"] or [
        p for folder in (HERE, HERE / "it", HERE / "es") for p in sorted(folder.glob("[0-9][0-9]-*.ipynb"))]
    total = 0.0
    for p in paths:
        t = build(p.resolve(), write=write)
        total += t
        print(f"{p.name}: executed in {t:.1f} s (target < 20 s)")
    print(f"all {len(paths)}: {total:.1f} s (target < 120 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
