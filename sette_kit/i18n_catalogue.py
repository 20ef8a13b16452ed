"""Keep the kit's message catalogues (issue 17): extract, merge, check, compile.

    python -m sette_kit.i18n_catalogue update      # extract the marked strings, merge into it/es .po
    python -m sette_kit.i18n_catalogue check       # what is missing, untranslated or fuzzy (exit 1),
                                                   # in the kit's catalogues and the lessons' ones
    python -m sette_kit.i18n_catalogue compile     # .po -> .mo (setup.py does this at build)
    python -m sette_kit.i18n_catalogue merge PART.po ...   # add translations from .po fragments

Extraction is Babel's (``_``, ``N_``, ``gettext``, ``ngettext``, ``pgettext``) over the
learner-facing packages, :data:`SOURCES`; the command line, the server and the site
builder speak to authors and stay English (:data:`NOT_LEARNER_FACING`); so does the class hub's
store, whose errors answer the page's script (the pages word what a learner reads).

The lessons have catalogues of their own, one per lesson
(``lessons/locale/<lang>/LC_MESSAGES/NN-*.po``, issue 25), kept by
``python lessons/_build.py update``; ``check`` checks them too in a source checkout
(:func:`lesson_problems`), as ``python lessons/_build.py --check`` does (which also
checks that the translated notebooks are the ones the build generates).
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .i18n import DOMAIN, LANGUAGES, locale_dir

ROOT = Path(__file__).resolve().parent.parent
SOURCES = (ROOT / "sette_kit", ROOT / "widgets")
NOT_LEARNER_FACING = ("app", "cli", "site", "webapp", "classroom", "serve.py", "i18n.py", "i18n_catalogue.py",
                      "_sim_numpy.py", "_sim_pure.py", "accel.py")
LEARNER_FACING_TOO = (("app", "site", "_pages.py"), ("classroom", "words.py"))  # the pages' texts: the static site, a class
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
TRANSLATED = tuple(k for k in LANGUAGES if k != "en")


def source_files() -> list[Path]:
    files = []
    for top in SOURCES:
        for path in sorted(top.rglob("*.py")):
            rel = path.relative_to(top).parts
            if any(part in NOT_LEARNER_FACING for part in rel) and rel not in LEARNER_FACING_TOO:
                continue
            files.append(path)
    return files


def extract() -> Catalog:
    """Every marked string of the learner-facing sources, as a template catalogue."""
    template = Catalog(project="sette-kit", fuzzy=False)
    for path in source_files():
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
            template.add(message, None, [(str(path.relative_to(ROOT)), lineno)],
                         auto_comments=comments, context=context)
    return template


def po_path(lang: str) -> Path:
    return locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.is_file():
        return Catalog(locale=lang, project="sette-kit", fuzzy=False)
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def write(lang: str, catalogue: Catalog) -> None:
    path = po_path(lang)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalogue, width=100, sort_output=False, include_previous=False)


def update() -> None:
    """Merge the extracted strings into every language's .po (new ones untranslated,
    gone ones dropped); Babel's fuzzy matching is off: a guess is not a translation."""
    template = extract()
    for lang in TRANSLATED:
        catalogue = read(lang)
        catalogue.update(template, no_fuzzy_matching=True)
        catalogue.obsolete.clear()
        write(lang, catalogue)


def merge(parts: list[Path]) -> int:
    """Copy translations from .po fragments (named ``*.it.po`` / ``*.es.po``) into the
    catalogues, for the ids they already hold; returns how many were filled.  When two
    fragments translate one id differently, the fragment written for the source file
    where the id is first used wins (its own locations name that file)."""
    filled = 0
    catalogues = {lang: read(lang) for lang in TRANSLATED}
    offers: dict[tuple, list] = {}
    for part in parts:
        lang = Path(part).name.split(".")[-2]
        with open(part, "rb") as f:
            fragment = read_po(f, locale=lang)
        for m in fragment:
            if not m.id or not m.string or (isinstance(m.string, tuple) and not all(m.string)):
                continue
            files = {Path(loc[0]).as_posix() for loc in m.locations}
            offers.setdefault((lang, m.context, m.id), []).append((files, m.string))
    for (lang, context, mid), choices in offers.items():
        have = catalogues[lang].get(mid, context=context)
        if have is None:
            continue
        first = Path(have.locations[0][0]).as_posix() if have.locations else ""
        owned = [s for files, s in choices if any(first.endswith(f) or f.endswith(first) for f in files)]
        have.string = owned[0] if owned else choices[-1][1]
        have.flags.discard("fuzzy")
        filled += 1
    for lang, catalogue in catalogues.items():
        write(lang, catalogue)
    return filled


def problems(lang: str) -> dict[str, list[str]]:
    """What keeps a language's catalogue from being complete: strings of the sources it
    lacks, entries with no translation or marked fuzzy, entries no source uses, and
    translations whose ``{placeholders}`` differ from the English."""
    import re

    template = extract()
    catalogue = read(lang)
    key = lambda m: (m.context, m.id if isinstance(m.id, str) else m.id[0])  # noqa: E731
    have = {key(m): m for m in catalogue if m.id}
    want = {key(m): m for m in template if m.id}
    fields = lambda s: sorted(set(re.findall(r"\{[^{}]*\}", s)))  # noqa: E731
    bad_fields = []
    for k, m in have.items():
        if k in want and m.string:
            ids = m.id if isinstance(m.id, tuple) else (m.id,)
            strs = m.string if isinstance(m.string, tuple) else (m.string,)
            if any(fields(s) != fields(ids[-1]) and fields(s) != fields(ids[0]) for s in strs if s):
                bad_fields.append(ids[0])
    return {
        "missing": [m.id if isinstance(m.id, str) else m.id[0] for k, m in want.items() if k not in have],
        "untranslated": [k[1] for k, m in have.items()
                         if not m.string or (isinstance(m.string, tuple) and not all(m.string))],
        "fuzzy": [k[1] for k, m in have.items() if m.fuzzy],
        "unused": [k[1] for k in have if k not in want],
        "placeholders": bad_fields,
    }


LESSONS = ROOT / "lessons"


def lessons_catalogue():
    """The lessons' catalogue module (``lessons/_catalogue.py``) of a source checkout, or
    None where there is none (an installed kit ships its lessons without catalogues)."""
    path = LESSONS / "_catalogue.py"
    if not (path.is_file() and (LESSONS / "locale").is_dir()):
        return None
    import importlib.util

    name = "sette_kit_lessons_catalogue"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def lesson_problems(lang: str) -> tuple[int, dict[str, list[str]]]:
    """The lessons' catalogues in ``lang``: how many entries they hold, and their
    problems, each named ``lesson: text`` (missing, untranslated, fuzzy, unused,
    obsolete, placeholders, numbers, and "stale template" where the English changed
    since ``python lessons/_build.py update``)."""
    import nbformat

    lessons = lessons_catalogue()
    found: dict[str, list[str]] = {}
    size = 0
    for name in lessons.lesson_names():
        template = lessons.extract(nbformat.read(LESSONS / name, as_version=4), name)
        found.setdefault("stale template", [])
        if lessons.template_stale(name, template):
            found["stale template"].append(name)
        for kind, ids in lessons.problems(lang, name, template=template).items():
            found.setdefault(kind, []).extend(f"{name}: {i}" for i in ids)
        path = lessons.po_path(lang, name)
        if path.is_file():
            size += sum(1 for m in lessons.read_catalogue(path, lang) if m.id)
    return size, found


def compile_all(target: Path | None = None) -> list[Path]:
    """Write ``sette_kit.mo`` beside each ``.po`` (or under ``target``/<lang>/LC_MESSAGES)."""
    written = []
    for lang in TRANSLATED:
        catalogue = read(lang)
        folder = (target / lang / "LC_MESSAGES") if target else po_path(lang).parent
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / f"{DOMAIN}.mo").open("wb") as f:
            write_mo(f, catalogue)
        written.append(folder / f"{DOMAIN}.mo")
    return written


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
    elif command == "merge":
        print(f"{merge([Path(p) for p in argv[1:]])} translations filled")
    elif command == "compile":
        for path in compile_all():
            print(path)
    elif command == "check":
        bad = 0
        for lang in TRANSLATED:
            found = problems(lang)
            size = sum(1 for m in read(lang) if m.id)
            print(f"{lang}: {size} entries; " + ", ".join(f"{len(v)} {k}" for k, v in found.items()))
            for kind, ids in found.items():
                for i in ids[:20]:
                    print(f"  {kind}: {i!r}")
                bad += len(ids)
        if lessons_catalogue() is not None:
            for lang in lessons_catalogue().languages():
                size, found = lesson_problems(lang)
                n = len(lessons_catalogue().lesson_names())
                print(f"lessons {lang}: {size} entries in {n} catalogues; "
                      + ", ".join(f"{len(v)} {k}" for k, v in found.items()))
                for kind, ids in found.items():
                    for i in ids[:20]:
                        print(f"  {kind}: {i[:120]!r}")
                    bad += len(ids)
        return 1 if bad else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
