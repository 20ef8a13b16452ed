"""The course catalogue (``sette_kit.course``): the lessons of the final map, the
rules in learners' words, which lessons exist, links, tab titles and the README's table."""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat
import pytest

from sette_kit import course
from sette_kit.errors import SetteKitError

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"

FINAL_MAP = ("00 start-here · 01 cards-and-scoring · 02 the-matta · 03 playing-a-round · 04 variants · "
             "05 quattro-e-mezzo · 06 probability-of-busting · 07 expected-value-and-strategy · "
             "08 betting-after-the-first-card · 09 simulation · 10 risk-and-ruin · 11 trentuno-rules · "
             "12 trentuno-odds-and-knocking · 13 counting-hands-and-cards · 14 bluffing-with-your-stake")
"""The lesson map after the lesson issues, as the project's brief writes it, and lesson 14."""

RULE_IDS = ([f"D{i}" for i in (1, 2)] + [f"S{i}" for i in range(1, 24)] + [f"Q{i}" for i in range(1, 7)]
            + [f"T{i}" for i in range(1, 10)])


# -- the lessons --------------------------------------------------------------------------------

def test_the_catalogue_is_the_final_map():
    expected = [f"{item.split()[0]}-{item.split()[1]}.ipynb" for item in FINAL_MAP.split(" · ")]
    assert [l.file for l in course.LESSONS] == expected
    assert [l.number for l in course.LESSONS] == list(range(15))


@pytest.mark.parametrize("l", course.LESSONS, ids=lambda l: l.code)
def test_each_lesson_has_what_its_header_and_the_map_need(l):
    assert l.title and l.title[0].isupper() and not l.title.endswith(".")
    assert l.teaches and l.teaches[0].islower() and not l.teaches.endswith(".")
    assert l.question.endswith("?") and len(l.question) <= 120, "one or two short sentences"
    # a core of at most 30 minutes; with its optional extensions a 50-minute period
    assert 5 <= l.minutes <= 30, "a lesson's core fits 30 minutes"
    assert 0 <= l.extension_minutes and l.period_minutes <= 50, "core and extensions fit a 50-minute period"
    assert l.part in course.PARTS
    for r in l.rules:
        course.rule(r)
    for text in (l.title, l.teaches, l.question):
        assert not re.search(r"\bseed\b|\b00[0-3]\b", text), "name sources in words, never 'seed 000'"


def test_parts_follow_each_other():
    parts = [l.part for l in course.LESSONS]
    runs = [p for i, p in enumerate(parts) if i == 0 or parts[i - 1] != p]
    assert runs == list(course.PARTS), "each part's lessons are consecutive, in the order of PARTS"


def test_ready_marks_agree_with_the_lessons_folder():
    for l in course.LESSONS:
        assert l.ready == (LESSONS / l.file).is_file(), \
            f"{l.file}: ready={l.ready} but the notebook {'is' if not l.ready else 'is not'} in lessons/"


@pytest.mark.parametrize("key", [1, "1", "01", "01-cards-and-scoring.ipynb", "01-cards-and-scoring",
                                 "cards-and-scoring"])
def test_a_lesson_by_number_file_or_slug(key):
    assert course.lesson(key).number == 1


@pytest.mark.parametrize("key", [15, -1, "", "99", "lesson one", True, None])
def test_an_unknown_lesson_is_a_clear_error(key):
    with pytest.raises(SetteKitError, match="no lesson"):
        course.lesson(key)


def test_neighbours_at_both_ends():
    assert course.neighbours(0) == (None, course.LESSONS[1])
    assert course.neighbours(14) == (course.LESSONS[13], None)
    assert course.neighbours(6) == (course.LESSONS[5], course.LESSONS[7])


# -- the rules ----------------------------------------------------------------------------------

def test_every_rule_of_the_rule_book_is_worded_once():
    assert list(course.RULES) == RULE_IDS


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_each_rule_reads_as_plain_words(rule_id):
    r = course.rule(rule_id)
    assert r.id == rule_id and r.name and r.text.endswith((".", ")"))
    assert r.text.count("**") % 2 == 0 and r.plain.count("*") == 0, "marks are balanced"
    assert not re.search(r"\bseed\b|\b00[0-3]\b|RULES\.md", r.text), "name sources in words"
    assert len(r.plain) <= 520, "a rule box is read in a breath or two"
    assert "½" in r.plain or "1/2" not in r.plain, "halves are written ½"


def test_rules_by_id_and_range():
    assert [r.id for r in course.rules("s13", "S7-S9", "T1–T2")] == ["S13", "S7", "S8", "S9", "T1", "T2"]
    with pytest.raises(SetteKitError, match="rule ids are"):
        course.rule("S24")
    with pytest.raises(SetteKitError, match="smaller id first"):
        course.rules("S9-S7")
    with pytest.raises(SetteKitError, match="at least one"):
        course.rules()


def test_rule_wordings_agree_with_the_presets():
    """The rules' words say what the engine does (reale against reale)."""
    import sette_kit as sk

    italian = sk.Rules.preset("italian")
    assert "Re di denari" in course.rule("S3").text and italian.matta == sk.Card("Re", "denari")
    assert "same suit" in course.rule("S5").text and italian.reale_same_suit
    true_reale = sk.score(sk.parse_cards("7 di denari, Re di denari"), italian)
    assert true_reale.kind == "reale" and true_reale.true_reale          # "counts as a true reale"
    bank_reale = sk.parse_cards("7 di coppe, Fante di coppe")
    assert sk.settle(sk.parse_cards("7 di spade, Re di spade"), bank_reale, 1, italian) == -1  # tie: the bank
    assert "it collects one stake" in course.rule("S16").text
    assert sk.settle("5c 2d", "4s 3b", 1, sk.Rules.preset("plain")) == -1                   # S13 tie
    assert "the bank wins all ties" in course.rule("S13").text


# -- which lessons exist, links, titles ------------------------------------------------------

def test_available_looks_in_the_folder(tmp_path, monkeypatch):
    (tmp_path / "01-cards-and-scoring.ipynb").write_text("{}")
    (tmp_path / "99-mine.ipynb").write_text("{}")
    assert course.available(tmp_path) == {"01-cards-and-scoring.ipynb"}
    monkeypatch.chdir(tmp_path)   # where a lesson's kernel runs
    assert course.lessons_folder() == tmp_path and course.is_available(1) and not course.is_available(2)


def test_available_falls_back_on_ready_marks_where_no_folder_is_seen(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)   # e.g. a browser on Pyodide: no notebooks beside the kernel
    assert course.lessons_folder() is None
    assert course.available() == {l.file for l in course.LESSONS if l.ready}


def test_links_are_relative_notebooks_or_site_pages(monkeypatch):
    assert course.href(2) == "02-the-matta.ipynb"
    monkeypatch.setenv(course.LINKS_ENV, "html")
    assert course.href(2) == "02-the-matta.html" and course.href(0) == "index.html"


def test_other_pages_lists_the_notebooks_that_are_not_lessons(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# My *own* page\ntext")])
    nbformat.write(nb, tmp_path / "50-mine.ipynb")
    titled = nbformat.v4.new_notebook(metadata={"title": "Titled"})
    nbformat.write(titled, tmp_path / "51-titled.ipynb")
    (tmp_path / "01-cards-and-scoring.ipynb").write_text("{}")
    (tmp_path / "52-broken.ipynb").write_text("not json")
    assert course.other_pages(tmp_path) == [("50-mine.ipynb", "My own page"), ("51-titled.ipynb", "Titled"),
                                            ("52-broken.ipynb", "52-broken")]


@pytest.mark.parametrize("name", [l.file for l in course.LESSONS if l.ready])
def test_built_lessons_carry_their_tab_title(name):
    """``lessons/_build.py`` stamps the catalogue's title (Voilà's ``<title>``) into the
    lessons in the kit's shape (the others get it at their next build)."""
    nb = json.loads((LESSONS / name).read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert re.search(r"^lesson\.header\(", "".join(code[0]["source"]), re.M), f"{name} is not in the kit's shape"
    assert nb["metadata"].get("title") == course.tab_title(name)


def test_build_stamps_titles_of_catalogue_lessons_only():
    import importlib.util

    spec = importlib.util.spec_from_file_location("lessons_build", LESSONS / "_build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    nb = nbformat.v4.new_notebook()
    build._stamp_title(nb, Path("lessons/06-probability-of-busting.ipynb"))
    assert nb.metadata["title"] == "Lesson 6 · The probability of busting"
    other = nbformat.v4.new_notebook(metadata={"title": "kept"})
    build._stamp_title(other, Path("lessons/05-probability-of-busting.ipynb"))
    assert other.metadata["sette_kit"]["lang"] == "en" and other.metadata["sette_kit"]["projector"] == "Projector mode"
    spanish = nbformat.v4.new_notebook()
    build._stamp_title(spanish, Path("lessons/es/06-probability-of-busting.ipynb"))
    assert spanish.metadata["sette_kit"]["lang"] == "es" and spanish.metadata["title"].startswith("Lección 6")
    assert other.metadata["title"] == "kept"


# -- the README's lesson table ---------------------------------------------------------------

def _readme_rows() -> dict[str, str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| \[(\d\d) ([^\]]+)\]\(lessons/([^)]+)\) \| ([^|]+) \|", text, re.M)
    return {file: (code, title, teaches.strip()) for code, title, file, teaches in rows}


def test_readme_table_agrees_with_the_catalogue():
    rows = _readme_rows()
    for l in course.LESSONS:
        if not (LESSONS / l.file).is_file():
            assert l.file not in rows, f"README links {l.file}, which does not exist yet"
            continue
        assert l.file in rows, f"README's lesson table has no row for {l.file}"
        assert rows[l.file] == (l.code, l.title, l.teaches), f"README's row for {l.file}: {course.readme_row(l)}"
    for file in rows:
        assert (LESSONS / file).is_file(), f"README links lessons/{file}, which does not exist"
