"""Every lesson in English, Italian and Spanish (issue 17).

The Italian and Spanish lessons live in ``lessons/it/`` and ``lessons/es/`` under the
English file names.  Each is the English lesson written for learners of that language,
so the checks compare it with the English one where a translation must not differ:

- the same cells, in the same order, of the same kinds;
- every Markdown cell states the same numbers: the runs of digits (``16.37%`` and
  ``16,37%`` both give 16, 37; ``1,000`` and ``1.000`` both give 1, 000), so no
  number, rule id or exercise number was lost or changed in the writing;
- every code cell is the same code: only its string literals (what a learner reads,
  card names) may differ, and the header sets the lesson's language;
- nothing a learner reads is left in English: the Markdown and every output stored in
  the notebook (the header, rule boxes, footer, text) hold none of a short list of
  English words.
The widgets' own words are checked live, in the browser, for one lesson per language
(``tests/browser/test_browser_i18n.py``); nbval runs every lesson of every language.
TEACHERS.md exists in each language with a section per lesson that states the same
numbers.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import nbformat
import pytest

from sette_kit import course

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
LANGS = ("it", "es")
ENGLISH = {"the", "and", "you", "your", "card", "cards", "bank", "player", "stand", "bust", "round",
           "wins", "with", "hand", "points", "lesson", "next", "previous", "about", "minutes"}
"""Words of English learner text that neither Italian nor Spanish text contains."""
NAMES = [l.file for l in course.LESSONS]


def read(path: Path):
    return nbformat.read(path, as_version=4)


def digits(text: str) -> list[str]:
    return re.findall(r"\d+", text)


def english_words(text: str) -> set[str]:
    text = re.sub(r"<[^>]+>", " ", text)                 # tags
    text = re.sub(r"`[^`]*`", " ", text)                 # code a learner types
    text = re.sub(r"\(https?://[^)]*\)|https?://\S+", " ", text)
    return {w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH}


def code_shape(source: str) -> str:
    """The code with its string literals blanked and the header's ``lang=`` dropped."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = ""
        if isinstance(node, ast.JoinedStr):
            node.values = [v for v in node.values if not isinstance(v, ast.Constant)]
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "header":
            node.keywords = [k for k in node.keywords if k.arg != "lang"]
    return ast.unparse(tree)


PAIRS = [(lang, name) for lang in LANGS for name in NAMES]


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_exists_in_the_language(lang):
    missing = [n for n in NAMES if not (LESSONS / lang / n).is_file()]
    assert not missing, f"lessons/{lang}/ lacks {missing}"
    extra = sorted(p.name for p in (LESSONS / lang).glob("*.ipynb") if p.name not in NAMES)
    assert not extra, f"lessons/{lang}/ has notebooks that are not lessons: {extra}"


@pytest.mark.parametrize("lang,name", PAIRS)
def test_same_cells_same_numbers_same_code(lang, name):
    en, tr = read(LESSONS / name), read(LESSONS / lang / name)
    assert [c.cell_type for c in tr.cells] == [c.cell_type for c in en.cells], "the same cells in the same order"
    for i, (a, b) in enumerate(zip(en.cells, tr.cells)):
        if a.cell_type == "markdown":
            assert digits(b.source) == digits(a.source), f"cell {i}: the numbers differ from the English"
        elif a.cell_type == "code":
            assert code_shape(b.source) == code_shape(a.source), f"cell {i}: the code differs from the English"


@pytest.mark.parametrize("lang,name", PAIRS)
def test_the_header_sets_the_language(lang, name):
    first = next(c for c in read(LESSONS / lang / name).cells if c.cell_type == "code")
    n = course.lesson(name).number
    assert re.search(rf"^lesson\.header\({n}, lang=\"{lang}\"\)\s*$", first.source, re.M)


def _outputs_text(nb) -> list[tuple[int, str]]:
    out = []
    for i, cell in enumerate(nb.cells):
        for o in cell.get("outputs", []):
            if o.get("output_type") == "stream":
                out.append((i, o.get("text", "")))
            for mime in ("text/html", "text/plain", "text/markdown"):
                if mime in o.get("data", {}):
                    out.append((i, o["data"][mime]))
    return out


@pytest.mark.parametrize("lang,name", PAIRS)
def test_no_english_is_left(lang, name):
    nb = read(LESSONS / lang / name)
    assert nb.metadata.get("sette_kit", {}).get("lang") == lang, "built with lessons/_build.py"
    left = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown" and english_words(cell.source):
            left.append((i, "text", sorted(english_words(cell.source))))
    for i, text in _outputs_text(nb):
        text = re.sub(r"<style>.*?</style>", " ", text, flags=re.S)
        if english_words(text):
            left.append((i, "output", sorted(english_words(text))))
    assert not left, f"English words left in lessons/{lang}/{name}: {left[:8]}"


# -- the teachers' notes ----------------------------------------------------------------------------

def sections(text: str) -> dict[int, str]:
    parts = re.split(r"<!-- lesson (\d+) -->", text)
    return {int(n): body for n, body in zip(parts[1::2], parts[2::2])}


@pytest.mark.parametrize("lang", LANGS)
def test_teachers_notes_in_each_language(lang):
    en = sections((LESSONS / "TEACHERS.md").read_text(encoding="utf-8"))
    tr = sections((LESSONS / lang / "TEACHERS.md").read_text(encoding="utf-8"))
    assert sorted(tr) == sorted(en), "a section for every lesson"
    for n in en:
        assert digits(tr[n]) == digits(en[n]), f"lesson {n}: the numbers differ from the English notes"
        left = english_words(tr[n])
        assert not left, f"lesson {n}: English words left: {sorted(left)}"
