"""The lesson text names what the page shows, in its language.

(a) Every control a lesson's Markdown names in bold, italics or quotes (a button, a box,
    a menu or one of its options) is a label of a widget on that page, in that language:
    where the English names a label of one of the page's widgets, the translation names
    that label as the kit's catalogue translates it, the words the widget shows.  The
    labels are read from the kit's catalogue (the entries made in the widgets' own source
    files), and the widgets on a page from its code: no kernel, no browser.
(b) No Italian game word on a Spanish page, and no English word on either
    (``shared/reviews/2026-12/language.md``, section 5): in the Markdown and in the outputs
    the notebook stores.  A word in *italics* is quoted as foreign on purpose ("la *matta*").
"""

from __future__ import annotations

import ast
import inspect
import re
from functools import lru_cache
from pathlib import Path

import nbformat
import pytest

pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

import widgets  # noqa: E402

from tests.i18n.test_lessons import LANGS, LESSONS, NAMES, build, cat  # noqa: E402

ROOT = LESSONS.parent
SHARED = ("widgets/base.py", "widgets/_labs_common.py", "widgets/_table.py", "widgets/predict.py", "widgets/quiz.py",
          "sette_kit/games/sette/rules.py")
"""Files whose labels are on every page with a widget: shared controls, Predict, Quiz, preset names."""


def norm(text: str) -> str:
    """A label as a sentence names it: no case, no markup, no trailing ':', '!', '…'."""
    text = re.sub(r"<[^>]+>|[*_`]", "", text).replace("\u00a0", " ")
    text = re.sub(r"\s*\((?:[SQTD]\d+[^)]*)\)\s*$", "", text)    # "Triple pays (S14)": the rule's id
    return " ".join(text.split()).strip(" :!….?¿¡«»\"“”'").lower()


def is_label(msgid: str) -> bool:
    """A short text a control can carry: a few words, no sentence, no placeholder."""
    return bool(msgid) and "{" not in msgid and "%" not in msgid and len(msgid.split()) <= 6 \
        and not re.search(r"[.;] |\.$", msgid) and len(msgid) <= 40


@lru_cache(maxsize=None)
def kit_catalogue(lang: str):
    with open(ROOT / "sette_kit" / "locale" / lang / "LC_MESSAGES" / "sette_kit.po", "rb") as f:
        return read_po(f, locale=lang)


@lru_cache(maxsize=None)
def labels(files: frozenset, lang: str) -> dict[str, set[str]]:
    """English label (normalised) -> its translations in ``lang`` (normalised), for the
    catalogue entries made in ``files``."""
    got: dict[str, set[str]] = {}
    for m in kit_catalogue(lang):
        if not m.id or isinstance(m.id, tuple) or not is_label(m.id):
            continue
        if not any(loc[0] in files for loc in m.locations):
            continue
        got.setdefault(norm(m.id), set()).add(norm(m.string or m.id))
    return got


def page_widgets(name: str) -> frozenset:
    """The source files of the widgets a lesson's code builds, and the shared ones."""
    nb = nbformat.read(LESSONS / name, as_version=4)
    files = set(SHARED)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Call):
                f = node.func
                called = f.id if isinstance(f, ast.Name) else f.value.id if (
                    isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)) else None
                obj = getattr(widgets, called, None) if called else None
                if inspect.isclass(obj):
                    files.add(Path(inspect.getsourcefile(obj)).relative_to(ROOT).as_posix())
    return frozenset(files)


EMPHASIS = re.compile(r"\*\*(.+?)\*\*|(?<![*\w])\*([^*\n]+?)\*(?![*\w])|\"([^\"\n]{1,40})\"|“([^”\n]{1,40})”"
                      r"|«([^»\n]{1,40})»")


def named(text: str) -> list[str]:
    """The names a Markdown text sets off: bold, italics, quotes (each normalised)."""
    return [norm(next(g for g in m.groups() if g is not None)) for m in EMPHASIS.finditer(text)]


def markdown_units(lang: str, name: str):
    catalogue = cat.read_catalogue(cat.po_path(lang, name), lang)
    for m in catalogue:
        if m.id and isinstance(m.string, str) and m.string and "Markdown" in " ".join(m.auto_comments):
            yield m.id, m.string


NOT_CONTROLS = {("11-trentuno-rules.ipynb", "knock")}
"""A control's word used as the game's verb in running text ("you **knock** instead of drawing")."""


@pytest.mark.parametrize("lang,name", [(lang, name) for lang in LANGS for name in NAMES])
def test_a_control_the_text_names_is_on_the_page_in_its_language(lang, name):
    files = page_widgets(name)
    english = labels(files, lang)
    wrong = []
    for msgid, msgstr in markdown_units(lang, name):
        shown = set(named(msgstr))
        for span in named(msgid):
            if span in english and span not in {"", "s", "h"} and (name, span) not in NOT_CONTROLS:
                if not english[span] & shown:
                    wrong.append((span, sorted(english[span]), msgstr[:90]))
    assert not wrong, f"lessons/{lang}/{name} names controls the page does not show: {wrong[:6]}"


# -- (b) no foreign game words ------------------------------------------------------------------

ITALIAN_GAME = {"coppe", "denari", "bastoni", "spade", "fante", "cavallo", "sballare", "sballato", "mazziere",
                "tallone", "bussare", "tris"}
"""Italian game words a Spanish page does not use (review, ES-1, ES-2, ES-3)."""
ENGLISH_GAME = {"ace", "jack", "queen", "king", "discard", "stock", "knock", "spanish", "italian", "plain",
                "hit", "stand", "bust", "shoe", "round", "rounds", "runs", "seed"}
"""English game words neither page uses (IT-1, IT-3, IT-5, IT-12, IT-14, ES-7, ES-9, ES-17)."""


def words(text: str) -> set[str]:
    text = re.sub(r"<style>.*?</style>|<script>.*?</script>", " ", text, flags=re.S)
    text = re.sub(r"(?<![*\w])\*[^*\n]+?\*(?![*\w])|<(em|i)>[^<]*</(em|i)>", " ", text)  # *foreign* on purpose
    text = re.sub(r"`[^`]*`|https?://\S+|\b\w+\.ipynb\b", " ", text)    # code, links
    text = re.sub(r"\b(class|id|style|role|href|data-[\w-]+|aria-[\w-]+)=\"[^\"]*\"", " ", text)
    text = re.sub(r"<[^>]*>", lambda m: " " + " ".join(re.findall(r'aria-label="([^"]*)"', m.group(0))) + " ", text)
    return {w.lower() for w in re.findall(r"[^\W\d_]+", text)}


@pytest.mark.parametrize("lang,name", [(lang, name) for lang in LANGS for name in NAMES])
def test_no_foreign_game_words_on_the_page(lang, name):
    foreign = ENGLISH_GAME | (ITALIAN_GAME if lang == "es" else set())
    generated, _missing = build.generate(name, lang)
    found = []
    for i, cell in enumerate(generated.cells):
        if cell.cell_type == "markdown" and words(cell.source) & foreign:
            found.append((i, "text", sorted(words(cell.source) & foreign)))
    committed = nbformat.read(LESSONS / lang / name, as_version=4)
    for i, cell in enumerate(committed.cells):
        for o in cell.get("outputs", []):
            data = o.get("data", {})
            text = data.get("text/html") or data.get("text/markdown") or data.get("text/plain") or o.get("text", "")
            text = text if isinstance(text, str) else "".join(text)
            if 'class="sk-faces"' in text:                 # lesson 1's "the same cards in each face", on purpose
                continue
            if words(text) & foreign:                      # the page shows the HTML, its italics included
                found.append((i, "output", sorted(words(text) & foreign)))
    assert not found, f"lessons/{lang}/{name}: foreign words {found[:8]}"
