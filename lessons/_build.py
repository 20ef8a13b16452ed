"""Build the lessons: the English notebooks executed, the others generated and executed.

    python lessons/_build.py                                 # every lesson, in every language
    python lessons/_build.py lessons/02-the-matta.ipynb      # one lesson, in every language
    python lessons/_build.py lessons/it/02-the-matta.ipynb   # one lesson, in one language
    python lessons/_build.py --check     # no kernel, nothing written: catalogues and notebooks up to date
    python lessons/_build.py update      # the English changed: re-extract the templates, merge the catalogues
    python lessons/_build.py update --prune   # ... and drop the obsolete (#~) entries
    python lessons/_build.py init fr     # a new language: its catalogues, every text untranslated
    python lessons/_build.py --no-write  # execute and time every notebook, write nothing

The English notebook ``lessons/NN-*.ipynb`` is the only source of a lesson (issue 25):
it is executed in place.  Each other language's notebook, ``lessons/<lang>/NN-*.ipynb``,
is generated from it and the lesson's catalogue,
``lessons/locale/<lang>/LC_MESSAGES/NN-*.po`` (see ``lessons/_catalogue.py`` for what
is translated and how), then executed.  Every notebook is executed with a fresh kernel
(working directory: its folder), widget state is stripped from its metadata, the tab
title of a lesson of the course catalogue is stamped into it
(``sette_kit.course.tab_title``, in the notebook's language), and any error output
fails the build.  The time each notebook took is printed (target: under 20 s each).

``--check`` executes nothing: it checks that every lesson's template is what the
English gives, that every catalogue has no missing, untranslated, fuzzy, unused or
obsolete entry (nor a translation whose placeholders or numbers differ from the
English), and that every committed translated notebook is the one the build generates
(the same cells, ids, kinds and texts; outputs come from execution).
``python -m sette_kit.i18n_catalogue check`` runs the catalogue part of it too.

``update`` re-extracts each lesson's template (``lessons/locale/templates/NN-*.pot``) and
merges it into every language's catalogue with Babel: a new text appears untranslated,
a changed one fuzzy (its old translation kept, with the old English as ``#|``), and a
text the English no longer has is kept as an obsolete ``#~`` entry until ``--prune``.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import _catalogue as cat  # noqa: E402


def execute(nb, path: Path, timeout: int = 120):
    """Execute ``nb`` (to be written at ``path``) with a fresh kernel in ``path``'s
    folder, strip widget state, stamp the title; returns the seconds it took.  An error
    output or a printed traceback fails the build."""
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
    return elapsed


def build(path: Path, timeout: int = 120, write: bool = True) -> float:
    """Build one notebook: an English lesson executed in place, a translated one
    generated from the English and its catalogue, then executed."""
    path = path.resolve()
    lang = language_of(path)
    if lang == "en":
        nb = nbformat.read(path, as_version=4)
    else:
        nb, missing = generate(path.name, lang)
        if missing:
            print(f"{lang}/{path.name}: {len(missing)} text(s) without a translation, left in English "
                  f"(python lessons/_build.py update, then translate them)", file=sys.stderr)
    elapsed = execute(nb, path, timeout)
    if write:
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, path)
    return elapsed


def language_of(path: Path) -> str:
    from sette_kit.i18n import LANGUAGES

    return path.parent.name if path.parent.name in LANGUAGES and path.parent.name != "en" else "en"


def generate(name: str, lang: str):
    """The lesson ``name`` in ``lang``, unexecuted, from the English notebook and the
    catalogue; and the English texts it had no translation for."""
    english = nbformat.read(HERE / name, as_version=4)
    po = cat.po_path(lang, name)
    translations = cat.table(cat.read_catalogue(po, lang)) if po.is_file() else {}
    missing: list[str] = []
    nb = cat.translate_notebook(english, name, lang, translations, missing)
    return nb, missing


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


# ---------------------------------------------------------------------------------------
# The catalogues
# ---------------------------------------------------------------------------------------

def update(prune: bool = False, names=None, langs=None) -> list[str]:
    """Re-extract every lesson's template and merge it into each language's catalogue
    (new texts untranslated, changed ones fuzzy, gone ones obsolete); returns what was
    written."""
    written = []
    for name in names or cat.lesson_names():
        english = nbformat.read(HERE / name, as_version=4)
        template = cat.extract(english, name)
        if cat.write_catalogue(cat.template_path(name), template):
            written.append(str(cat.template_path(name).relative_to(HERE)))
        for lang in langs or cat.languages():
            path = cat.po_path(lang, name)
            if path.is_file():
                catalogue = cat.read_catalogue(path, lang)
                cat.merge(catalogue, template)
            else:
                catalogue = cat.new_catalogue(template, lang)
            if prune:
                catalogue.obsolete.clear()
            if cat.write_catalogue(path, catalogue):
                written.append(str(path.relative_to(HERE)))
    return written


def check(names=None, langs=None, notebooks: bool = True) -> list[str]:
    """Everything that is not up to date, one line each (empty: all is well)."""
    out = []
    for name in names or cat.lesson_names():
        english = nbformat.read(HERE / name, as_version=4)
        template = cat.extract(english, name)
        if cat.template_stale(name, template):
            out.append(f"{name}: the template {cat.template_path(name).relative_to(HERE)} is not what the English "
                       f"gives (python lessons/_build.py update)")
        for lang in langs or cat.languages():
            for kind, ids in cat.problems(lang, name, template=template).items():
                for i in ids:
                    out.append(f"{lang}/{name}: {kind}: {i[:100]!r}")
            if not notebooks:
                continue
            target = HERE / lang / name
            if not target.is_file():
                out.append(f"{lang}/{name}: not built (python lessons/_build.py {target.relative_to(HERE.parent)})")
                continue
            generated, _ = generate(name, lang)
            _stamp_title(generated, target)
            for d in cat.notebook_differences(generated, nbformat.read(target, as_version=4)):
                out.append(f"{lang}/{name}: {d} (python lessons/_build.py {target.relative_to(HERE.parent)})")
    return out


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        for line in update(prune="--prune" in argv):
            print(f"wrote {line}")
        return 0
    if argv[:1] == ["init"]:
        if len(argv) != 2:
            print("python lessons/_build.py init LANG (a language of sette_kit.i18n.LANGUAGES)", file=sys.stderr)
            return 2
        from sette_kit.i18n import _check

        lang = _check(argv[1])
        for line in update(langs=[lang]):
            print(f"wrote {line}")
        return 0
    if "--check" in argv:
        found = check()
        for line in found:
            print(line)
        n = len(cat.lesson_names())
        print(f"{n} lessons, {', '.join(cat.languages())}: " +
              ("catalogues complete and every notebook as the build makes it" if not found else
               f"{len(found)} problem(s)"))
        return 1 if found else 0
    write = "--no-write" not in argv
    args = [a for a in argv if not a.startswith("--")]
    if args:
        paths = []
        for a in args:
            p = Path(a).resolve()
            paths.append(p)
            if language_of(p) == "en":  # an English lesson: its translations too
                paths += [p.parent / lang / p.name for lang in cat.languages()]
    else:
        names = cat.lesson_names()
        paths = [HERE / n for n in names] + [HERE / lang / n for lang in cat.languages() for n in names]
    total = 0.0
    for p in paths:
        t = build(p, write=write)
        total += t
        shown = p.name if language_of(p) == "en" else f"{language_of(p)}/{p.name}"
        print(f"{shown}: executed in {t:.1f} s (target < 20 s)", flush=True)
    print(f"all {len(paths)}: {total:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
