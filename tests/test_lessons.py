"""The lesson notebooks: their shape (LESSONS.md, issue 7), their links, their exercises
and TEACHERS.md, and every exercise answer the text states checked against the engine.

Every ``lessons/NN-*.ipynb`` present is checked: a title and navigation line linking the
index and its neighbours, Goals and Summary headings, from lesson 1 on at least three
"### Exercise N.k" headings each followed by a ``<details>`` solution, no error output,
no widget state, and a matching "### Exercise N.k" heading in TEACHERS.md.
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import nbformat
import pytest

import sette_kit as sk
from sette_kit import answers
from sette_kit.questions import is_bust_question, matta_question, reale_question, worth_question
from sette_kit.scoring import card_value, fmt_points

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
TEACHERS = LESSONS / "TEACHERS.md"
INDEX = "00-start-here.ipynb"

EXPECTED = [
    "00-start-here.ipynb", "01-cards-and-scoring.ipynb", "02-the-matta.ipynb",
    "03-playing-a-round.ipynb", "04-variants.ipynb", "05-probability-of-busting.ipynb",
    "06-expected-value-and-strategy.ipynb", "07-simulation.ipynb", "08-trentuno.ipynb",
]
"""The nine lessons of the kit, in order (LESSONS.md)."""

WRITTEN = EXPECTED
"""The lessons that must exist: all nine."""

EXISTING = sorted(p.name for p in LESSONS.glob("[0-9][0-9]-*.ipynb"))

PLAIN, ITALIAN = sk.Rules.preset("plain"), sk.Rules.preset("italian")
EXERCISE_RE = re.compile(r"^### Exercise (\d+)\.(\d+) ", re.M)


def load(name: str):
    return nbformat.read(LESSONS / name, as_version=4)


def markdown(nb) -> list[str]:
    return [c.source for c in nb.cells if c.cell_type == "markdown"]


def number(name: str) -> int:
    return int(name[:2])


def link_re(target: str) -> re.Pattern:
    return re.compile(r"\]\((\./)?" + re.escape(target) + r"\)")


def teachers_text() -> str:
    return TEACHERS.read_text(encoding="utf-8")


def teachers_exercise(ex_id: str) -> str:
    """The text of TEACHERS.md under '### Exercise <ex_id> ...' up to the next heading."""
    text = teachers_text()
    m = re.search(rf"^### Exercise {re.escape(ex_id)} .*?$(.*?)(?=^#{{2,3}} |\Z)", text, re.M | re.S)
    assert m, f"TEACHERS.md has no '### Exercise {ex_id}' section"
    return m.group(1)


def solution_after(nb, ex_id: str) -> str:
    """The <details> solution that follows the '### Exercise <ex_id>' heading."""
    cells = nb.cells
    start = next(i for i, c in enumerate(cells)
                 if c.cell_type == "markdown" and re.search(rf"^### Exercise {re.escape(ex_id)} ", c.source, re.M))
    for c in cells[start + 1:]:
        if c.cell_type != "markdown":
            continue
        if "<details>" in c.source:
            return c.source
        if re.search(r"^#{2,3} ", c.source, re.M):
            break
    raise AssertionError(f"Exercise {ex_id} has no <details> solution before the next heading")


# ---------------------------------------------------------------------------------
# Which lessons exist
# ---------------------------------------------------------------------------------

def test_written_lessons_exist():
    missing = [n for n in WRITTEN if not (LESSONS / n).is_file()]
    assert missing == []


def test_only_expected_lesson_names():
    assert set(EXISTING) <= set(EXPECTED), f"unexpected lesson files: {set(EXISTING) - set(EXPECTED)}"


def test_landing_page_is_the_serve_landing_page_and_maps_every_lesson():
    from sette_kit.serve import LANDING_PAGE
    assert LANDING_PAGE == INDEX
    text = "\n".join(markdown(load(INDEX)))
    for name in EXPECTED[1:]:
        assert link_re(name).search(text), f"the landing page does not link to {name}"
    assert link_re("TEACHERS.md").search(text)


# ---------------------------------------------------------------------------------
# The shape of every lesson present
# ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", EXISTING)
def test_title_and_navigation(name):
    nb = load(name)
    md = markdown(nb)
    n = number(name)
    assert re.match(rf"# Lesson {n} · \S", md[0]), f"{name}: the first cell must be '# Lesson {n} · Title'"
    i = EXPECTED.index(name)
    needed = [INDEX]
    if i > 0:
        needed.append(EXPECTED[i - 1])
    if i + 1 < len(EXPECTED):
        needed.append(EXPECTED[i + 1])
    for cell, where in ((md[0], "title cell"), (md[-1], "last cell")):
        for target in needed:
            assert link_re(target).search(cell), f"{name}: the {where} has no link to {target}"
    if i + 1 < len(EXPECTED):
        assert re.search(r"\[Next: [^\]]+→\]", md[0]), f"{name}: the next link should read 'Next: ... →'"
    if i > 0:
        assert re.search(r"\[← Previous: [^\]]+\]", md[0]), f"{name}: the previous link should read '← Previous: ...'"


@pytest.mark.parametrize("name", EXISTING)
def test_goals_and_summary_headings(name):
    text = "\n".join(markdown(load(name)))
    assert re.search(r"^## Goals\s*$", text, re.M), f"{name}: no '## Goals' heading"
    assert re.search(r"^## Summary\s*$", text, re.M), f"{name}: no '## Summary' heading"
    assert text.index("## Goals") < text.index("## Summary")


@pytest.mark.parametrize("name", EXISTING)
def test_exercises_numbered_with_solutions_and_teacher_notes(name):
    nb = load(name)
    n = number(name)
    found = [(int(a), int(b)) for a, b in EXERCISE_RE.findall("\n".join(markdown(nb)))]
    if n >= 1:
        assert len(found) >= 3, f"{name}: at least three exercises from lesson 1 on"
    assert found == [(n, k) for k in range(1, len(found) + 1)], \
        f"{name}: exercises must be numbered {n}.1, {n}.2, ... in order, got {found}"
    teachers = teachers_text()
    for _, k in found:
        ex_id = f"{n}.{k}"
        sol = solution_after(nb, ex_id)
        assert "<summary>Solution</summary>" in sol and "</details>" in sol
        assert re.search(rf"^### Exercise {re.escape(ex_id)} ", teachers, re.M), \
            f"TEACHERS.md has no '### Exercise {ex_id}' heading"


@pytest.mark.parametrize("name", EXISTING)
def test_teachers_has_a_section(name):
    assert re.search(rf"^## Lesson {number(name)} · ", teachers_text(), re.M)


@pytest.mark.parametrize("name", EXISTING)
def test_committed_executed_without_errors_or_widget_state(name):
    nb = load(name)
    assert "widgets" not in nb.metadata, f"{name}: widget state must be stripped (python lessons/_build.py)"
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code, f"{name}: no code cell"
    assert code[0].outputs == [], f"{name}: the first code cell is the imports, with no output"
    assert all(c.execution_count is not None for c in code), f"{name}: commit the notebook executed"
    for c in code:
        for out in c.outputs:
            assert out.output_type != "error", f"{name}: a cell raised {out.get('ename')}"
            assert not (out.get("name") == "stderr" and "Traceback" in out.get("text", ""))
        assert "sys.path" not in c.source, f"{name}: import the installed package, no sys.path hacks"
    # every seeded widget, no unseeded randomness
    for c in code:
        for w in ("ScoreTrainer(", "MattaExplorer("):
            if w in c.source:
                assert "seed=" in c.source, f"{name}: {w[:-1]} without seed="


# ---------------------------------------------------------------------------------
# The numbers lessons 0-2 state, checked against the engine
# ---------------------------------------------------------------------------------

def _parse(text, face="italian"):
    return sk.parse_cards(text, face=face)


# exercise id -> (lesson file, hand text that appears in the notebook, answer as the text states it,
#                 the Question the notebook builds)
WHOLE = ITALIAN.replace(matta_whole_only=True)
EXERCISES = {
    "1.1": ("01-cards-and-scoring.ipynb", "Asso di bastoni, 4 di coppe, Fante di spade", "5½",
            lambda: worth_question(_parse("Asso di bastoni, 4 di coppe, Fante di spade"), PLAIN)),
    "1.2": ("01-cards-and-scoring.ipynb", "Q♥ 3♠ 2♦ K♣", "6",
            lambda: worth_question(_parse("Q♥ 3♠ 2♦ K♣", "french"), PLAIN.replace(face="french"))),
    "1.3": ("01-cards-and-scoring.ipynb", "3 de oros, 4 de bastos, Sota de copas", "no",
            lambda: is_bust_question(_parse("3 de oros, 4 de bastos, Sota de copas", "spanish"),
                                     PLAIN.replace(face="spanish"))),
    "2.1": ("02-the-matta.ipynb", "K♦ 2♥ J♠", "5",
            lambda: matta_question(_parse("K♦ 2♥ J♠", "french"), ITALIAN.replace(face="french"))),
    "2.2": ("02-the-matta.ipynb", "Re di denari, Asso di spade, 3 di bastoni", "7",
            lambda: worth_question(_parse("Re di denari, Asso di spade, 3 di bastoni"), ITALIAN)),
    "2.3": ("02-the-matta.ipynb", "Re di denari, 4 di coppe, 3 di spade", "8",
            lambda: worth_question(_parse("Re di denari, 4 di coppe, 3 di spade"), WHOLE)),
    "2.4": ("02-the-matta.ipynb", "Re di denari, Fante di coppe", "no",
            lambda: reale_question(_parse("Re di denari, Fante di coppe"), ITALIAN)),
}


def _safe_cards(hand_text="6 di coppe, Fante di spade"):
    hand = _parse(hand_text)
    left = [c for c in sk.FULL_DECK if c not in hand]
    return hand, left, sum(not sk.score(hand + (c,), PLAIN).bust for c in left)


@pytest.mark.parametrize("ex_id", sorted(EXERCISES))
def test_exercise_answer_from_engine_in_notebook_and_teachers(ex_id):
    name, hand, stated, build = EXERCISES[ex_id]
    if name not in EXISTING:
        pytest.skip(f"{name} not written")
    q = build()
    assert q.answer_text == stated, f"Exercise {ex_id}: the engine says {q.answer_text}, the text says {stated}"
    nb = load(name)
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert hand in code, f"Exercise {ex_id}: the notebook no longer asks about {hand!r}"
    assert f"Answer: **{stated}**" in solution_after(nb, ex_id)
    assert f"Answer: **{stated}**" in teachers_exercise(ex_id)


def test_exercise_1_4_safe_cards_and_its_stated_numbers():
    hand, left, safe = _safe_cards()
    aces = sum(c.rank == sk.Rank.ASSO for c in left)
    figures = sum(c.is_figure for c in left)
    assert (safe, aces, figures, len(left)) == (15, 4, 11, 38)
    assert safe == aces + figures
    twos = sum(c.rank == sk.Rank.DUE for c in left)
    assert sk.score(hand + (sk.Card(2, "coppe"),), PLAIN).total == Fraction(17, 2)  # "a 2 would make 8½"
    solution, notes = solution_after(load("01-cards-and-scoring.ipynb"), "1.4"), teachers_exercise("1.4")
    assert f"Answer: **{safe}**" in solution and f"Answer: **{safe}**" in notes
    assert f"{aces} + {figures} = {safe}" in solution and "8½" in solution
    assert f"the {aces} Aces and the {figures} figures" in " ".join(notes.split())
    for wrong in (safe + 1, aces, figures, safe + twos):   # the mistakes the quiz targets
        assert str(wrong) in notes


def test_mistake_values_quoted_in_teachers_are_real_mistakes():
    quoted = {"1.1": ["13", "15", "5"], "1.2": ["24", "25", "5"], "2.1": ["7", "½"],
              "2.2": ["4½", "11"]}
    for ex_id, values in quoted.items():
        q = EXERCISES[ex_id][3]()
        for v in values:
            verdict = q.check(v)
            assert verdict.status == "wrong" and verdict.message.startswith("Not quite."), (ex_id, v)


def test_lesson_1_counting_facts():
    deck = sk.FULL_DECK
    assert len(deck) == 40 and sum(c.is_figure for c in deck) == 12
    assert sum(card_value(c) == Fraction(1, 2) for c in deck) == 12
    assert fmt_points(sum(card_value(c) for c in deck)) == "118"   # TEACHERS.md: "12 cards; 118 points"
    assert "12 cards; 118 points" in teachers_text()


def test_lesson_0_answer_and_card_forms_are_accepted():
    text = "\n".join(markdown(load(INDEX)))
    for form, kind in (("7½", "points"), ("7 1/2", "points"), ("7.5", "points"), ("15/2", "points"),
                       ("24/37", "probability"), ("0.649", "probability"), ("64.9%", "probability")):
        assert f"`{form}`" in text
        answers.parse_answer(form, kind)
    for card in ("7 di coppe", "Re di denari", "7c", "K♦", "king of diamonds", "rey de oros"):
        assert f"`{card}`" in text
        sk.parse_card(card)


def test_lesson_0_taster_hand_as_teachers_describes_it():
    from widgets import ScoreTrainer
    t = ScoreTrainer("plain", seed=0)
    assert sk.format_cards(t.cards) == "Asso di coppe, Fante di bastoni, 3 di denari, 2 di bastoni"
    assert sk.format_cards(t.cards) in " ".join(teachers_text().split())
    assert 'ScoreTrainer("plain", seed=0)' in "\n".join(c.source for c in load(INDEX).cells)


def test_lesson_2_matta_out_of_reach_and_whole_number_claims():
    matta = ITALIAN.matta
    others = [c for c in sk.FULL_DECK if c != matta]
    # TEACHERS.md: with one other card, 7½ is out of reach exactly for the cards worth 1-6
    out = {c for c in others if sk.score((matta, c), ITALIAN).total != Fraction(15, 2)}
    assert out == {c for c in others if not c.is_figure and 1 <= c.rank <= 6}
    # the whole-number variant turns 7½ into bust exactly when the other cards add up to 7
    for n in (1, 2):
        for rest in combinations(others, n):
            usual, whole = sk.score((matta,) + rest, ITALIAN), sk.score((matta,) + rest, WHOLE)
            turned = usual.total == Fraction(15, 2) and whole.bust
            assert turned == (sum(card_value(c) for c in rest) == 7), rest
    # the lesson's examples
    assert sk.score(_parse("Re di denari, 5 di coppe"), ITALIAN).matta_value == 2
    assert sk.score(_parse("Re di denari, 3 di spade, Fante di coppe"), ITALIAN, declare=7).bust
    assert sk.score(_parse("Re di denari, Fante di denari"), ITALIAN).kind == "reale"   # 2.4's "with the Fante di denari"
    assert sk.score(_parse("Re di denari, 4 di coppe, 3 di spade"), ITALIAN).total == Fraction(15, 2)
