"""The shape every lesson in the kit's shape has (lessons/STYLE.md).

A lesson is in the kit's shape when its first code cell shows ``lesson.header(N)``.  For
each such lesson: the footer closes it; from lesson 1 on, at least two Predict widgets
and at least three checked exercises; practice at the end of lessons 1, 2 and 6; at most
1,500 words of prose; no code cell that builds HTML or prints; no text that refers to
code the app hides; rules stated only in rule boxes, each rule in one lesson only; and
a TEACHERS.md section with a timing and an exit ticket.  Lessons still in the old shape
are listed and skipped (they are checked by ``test_lessons.py``).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import nbformat
import pytest

from sette_kit import course

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
TEACHERS = LESSONS / "TEACHERS.md"
MAX_WORDS = 1500
PRACTICE = {1, 2, 6}
"""Lessons that end with a practice quiz (the lesson kit's brief: lessons 1, 2 and 6)."""


def kit_lessons() -> list[tuple[str, object]]:
    out = []
    for path in sorted(LESSONS.glob("[0-9][0-9]-*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        code = [c for c in nb.cells if c.cell_type == "code"]
        if code and re.search(r"^lesson\.header\(\d+\)\s*$", code[0].source, re.M):
            out.append((path.name, nb))
    return out


KIT = kit_lessons()
EXTENSION = re.compile(r"^## Extension \(optional\): \S", re.M)
"""The marker of an optional extension: a section heading, the same in every lesson."""
NAMES = [name for name, _ in KIT]


def words(text: str) -> int:
    """Words of prose: HTML tags, Markdown marks and link targets left out."""
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    return len(re.findall(r"[A-Za-z0-9½][A-Za-z0-9½'’.,-]*", text))


def prose(nb) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def code(nb) -> str:
    return "\n".join(c.source for c in nb.cells if c.cell_type == "code")


def test_lessons_zero_and_one_are_in_the_kit_shape():
    assert {"00-start-here.ipynb", "01-cards-and-scoring.ipynb"} <= set(NAMES)


@pytest.mark.parametrize("name,nb", KIT, ids=NAMES)
def test_header_first_footer_last(name, nb):
    n = int(name[:2])
    assert course.lesson(name).number == n
    cells = [c for c in nb.cells if c.cell_type == "code"]
    assert re.search(rf"^lesson\.header\({n}\)\s*$", cells[0].source, re.M)
    assert nb.cells[-1].cell_type == "code" and nb.cells[-1].source.strip() == f"lesson.footer({n})"
    assert not nb.cells[0].cell_type == "markdown", "the header is the first thing on the page"


@pytest.mark.parametrize("name,nb", KIT, ids=NAMES)
def test_predict_exercises_and_practice(name, nb):
    n = int(name[:2])
    src = code(nb)
    if n == 0:
        return
    assert len(re.findall(r"\bPredict\(", src)) >= 2, f"{name}: at least two Predict widgets from lesson 1 on"
    exercises = re.findall(r"exercise=\"(\d+)\.(\d+)\"", src)
    assert len(exercises) >= 3, f"{name}: at least three checked exercises (Quiz(..., exercise=\"{n}.1\"))"
    assert exercises == [(str(n), str(k)) for k in range(1, len(exercises) + 1)]
    if n in PRACTICE:
        assert re.search(r"\bQuiz\.practice\(", src), f"{name}: practice at the end (Quiz.practice)"


@pytest.mark.parametrize("name,nb", KIT, ids=NAMES)
def test_word_budget(name, nb):
    assert words(prose(nb)) <= MAX_WORDS, f"{name}: {words(prose(nb))} words of prose (at most {MAX_WORDS})"


@pytest.mark.parametrize("name,nb", KIT, ids=NAMES)
def test_no_html_building_and_no_prints_in_code_cells(name, nb):
    for c in nb.cells:
        if c.cell_type != "code":
            continue
        assert not re.search(r"\bprint\(|\bHTML\(|\bdisplay\(|</?(div|p|span|b|i|h\d|table|tr|td|ul|li|br|details)\b",
                             c.source), f"{name}: a code cell builds HTML or prints:\n{c.source}"
        for out in c.get("outputs", []):
            assert out.output_type != "stream", f"{name}: a cell printed {out.get('text', '')[:60]!r}"


CODE_TALK = re.compile(r"\b(function|variable|cells?|the code (below|above)|run the|output of|"
                       r"Python|import|argument|parameter)\b", re.I)


@pytest.mark.parametrize("name,nb", KIT, ids=NAMES)
def test_no_text_refers_to_hidden_code(name, nb):
    text = re.sub(r"`[^`]*`", "", prose(nb))            # typed examples such as `7½`
    text = re.sub(r"\]\([^)]*\)", "]", text)
    found = [m.group() for m in CODE_TALK.finditer(text)]
    if name == course.LANDING:   # the landing page may say that JupyterLab shows the code
        found = [f for f in found if f.lower() not in ("python",)]
    assert found == [], f"{name}: text refers to code the app hides: {found}"


@pytest.mark.parametrize("name,nb", KIT, ids=NAMES)
def test_rules_only_in_rule_boxes(name, nb):
    quoted = re.findall(r"^\s*>\s*\*\*Rules? [A-Z]\d+", prose(nb), re.M)
    assert quoted == [], f"{name}: a rule is worded in the text; use lesson.rule_box(...) instead"
    for ids in re.findall(r"lesson\.rule_box\(([^)]*)\)", code(nb)):
        course.rules(*re.findall(r"\"([^\"]+)\"", ids))


def test_each_rule_is_boxed_in_one_lesson_only():
    boxed = Counter()
    for name, nb in KIT:
        for ids in re.findall(r"lesson\.rule_box\(([^)]*)\)", code(nb)):
            for r in course.rules(*re.findall(r"\"([^\"]+)\"", ids)):
                boxed[r.id] += 1
    twice = sorted(r for r, k in boxed.items() if k > 1)
    assert twice == [], f"rules stated twice (issue 14: no rule stated twice): {twice}"


@pytest.mark.parametrize("name,nb", KIT, ids=NAMES)
def test_teachers_section_has_timing_answers_and_exit_ticket(name, nb):
    n = int(name[:2])
    text = TEACHERS.read_text(encoding="utf-8")
    start = text.index(f"<!-- lesson {n} -->")
    nxt = text.find("<!-- lesson ", start + 5)
    section = text[start:nxt if nxt > 0 else None]
    timing = re.search(r"^\*\*Timing \((?:about )?(\d+) min(?:; extensions (\d+) min)?", section, re.M)
    assert timing, f"TEACHERS.md, lesson {n}: a timing, '**Timing (30 min; extensions 15 min).**'"
    core, extra = int(timing.group(1)), int(timing.group(2) or 0)
    l = course.lesson(n)
    assert (core, extra) == (l.minutes, l.extension_minutes), \
        f"TEACHERS.md, lesson {n}: the timing agrees with the catalogue ({l.minutes} min, extensions {l.extension_minutes})"
    assert core <= 30 and core + extra <= 50, f"TEACHERS.md, lesson {n}: a core of 30 minutes, a period of 50"
    assert "**Exit ticket.**" in section, f"TEACHERS.md, lesson {n}: an exit ticket"
    if n >= 1:
        assert "**Predictions and answers.**" in section, f"TEACHERS.md, lesson {n}: the answers to the predictions"


def headings(nb) -> list[str]:
    return [line for c in nb.cells if c.cell_type == "markdown" for line in c.source.splitlines()
            if re.match(r"#{1,6} ", line)]


@pytest.mark.parametrize("name,nb", KIT, ids=NAMES)
def test_extensions_are_marked_one_way_and_come_after_the_core(name, nb):
    """The core fits 30 minutes; what does not is an extension, marked by a
    heading "## Extension (optional): ..." and placed after the core, before the Summary."""
    l = course.lesson(int(name[:2]))
    tops = [h for h in headings(nb) if h.startswith("## ")]
    marked = [h for h in tops if EXTENSION.match(h)]
    loose = [h for h in headings(nb) if re.search(r"extension|\(optional\)", h, re.I) and not EXTENSION.match(h)]
    assert loose == [], f"{name}: an extension is marked '## Extension (optional): ...', not {loose}"
    assert bool(marked) == bool(l.extension_minutes), \
        f"{name}: the catalogue gives {l.extension_minutes} minutes of extensions, the lesson has {len(marked)}"
    if marked:
        after = tops[tops.index(marked[0]):]
        assert all(EXTENSION.match(h) or h == "## Summary" for h in after), \
            f"{name}: after the first extension only extensions and the Summary: {after}"
        core_cells = []
        for c in nb.cells:
            if c.cell_type == "markdown" and EXTENSION.search(c.source):
                break
            core_cells.append(c)
        core_code = "\n".join(c.source for c in core_cells if c.cell_type == "code")
        assert len(re.findall(r"\bPredict\(", core_code)) >= 2, f"{name}: the core has two Predicts"
        assert len(re.findall(r"exercise=\"", core_code)) >= 2, f"{name}: the core has two exercises"
