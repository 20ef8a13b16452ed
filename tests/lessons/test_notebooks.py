"""The lesson notebooks: their shape (LESSONS.md), their links, their exercises
and TEACHERS.md, and every exercise answer the text states checked against the engine.

Every ``lessons/NN-*.ipynb`` present is checked: a title and navigation linking the index
and its neighbours, Goals and Summary headings, from lesson 1 on at least three
"### Exercise N.k" headings each followed by a ``<details>`` solution, no error output,
no widget state, and a matching "### Exercise N.k" heading in TEACHERS.md.

A lesson in the kit's shape (its first code cell shows ``lesson.header(N)``)
gets its title and navigation from the course catalogue (``sette_kit.course``); the
other lessons, written before it, still carry them as Markdown.  The rest of the
kit's shape is checked in ``test_lesson_shape.py``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import nbformat
import pytest

import sette_kit as sk
from sette_kit import answers, odds
from sette_kit.questions import is_bust_question, matta_question, reale_question, worth_question
from sette_kit.scoring import card_value, fmt_points

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
TEACHERS = LESSONS / "TEACHERS.md"
INDEX = "00-start-here.ipynb"

from sette_kit import course

OLD_ORDER = [
    "00-start-here.ipynb", "01-cards-and-scoring.ipynb", "02-the-matta.ipynb",
    "03-playing-a-round.ipynb", "04-variants.ipynb", "06-probability-of-busting.ipynb",
    "07-expected-value-and-strategy.ipynb", "09-simulation.ipynb", "11-trentuno-rules.ipynb",
]
"""The nine lessons before the lesson kit's and the labs' lessons, in their order: the lessons
still written in the old shape link their neighbours in this order."""

EXPECTED = [l.file for l in course.LESSONS] + [n for n in OLD_ORDER if n not in {l.file for l in course.LESSONS}]
"""The lessons of the course catalogue, then the old lessons not yet renumbered."""

WRITTEN = [l.file for l in course.LESSONS if l.ready]
"""The lessons that must exist: those the catalogue marks ready."""

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


def uses_kit(nb) -> int | None:
    """The lesson number of a lesson in the kit's shape (its first code cell shows
    ``lesson.header(N)``), else None."""
    code = [c for c in nb.cells if c.cell_type == "code"]
    m = re.search(r"^lesson\.header\((\d+)\)\s*$", code[0].source, re.M) if code else None
    return int(m.group(1)) if m else None


def test_landing_page_is_the_serve_landing_page_and_maps_every_lesson():
    from sette_kit.serve import LANDING_PAGE
    from widgets import lesson

    assert LANDING_PAGE == INDEX == course.LANDING
    nb = load(INDEX)
    assert uses_kit(nb) == 0
    assert any(c.cell_type == "code" and c.source.strip() == "lesson.lesson_map()" for c in nb.cells)
    shown = lesson.lesson_map(LESSONS).html   # what the map shows when the page runs in lessons/
    for name in EXISTING:
        if name != INDEX:
            assert f'href="{name}"' in shown, f"the landing page does not link to {name}"
    # the notes hold every answer and are served to the teacher only, so the landing
    # page links them for nobody; it says where teachers find them
    text = " ".join("\n".join(markdown(nb)).split())
    assert not link_re("TEACHERS.md").search(text) and "](TEACHERS" not in text
    assert text.count("`sette-kit serve` prints the address of the notes, with every answer, when it starts; "
                      "they are also the file `TEACHERS.md` beside the lessons") == 2


# ---------------------------------------------------------------------------------
# The shape of every lesson present
# ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", EXISTING)
def test_title_and_navigation(name):
    nb = load(name)
    md = markdown(nb)
    n = number(name)
    if uses_kit(nb) is not None:
        from widgets import lesson

        assert uses_kit(nb) == n, f"{name}: the header names lesson {uses_kit(nb)}"
        last = nb.cells[-1]
        assert last.cell_type == "code" and last.source.strip() == f"lesson.footer({n})", \
            f"{name}: the last cell must be lesson.footer({n})"
        here = course.lesson(name)
        have = course.available(LESSONS)
        prev, nxt = course.neighbours(here)
        for block in (lesson.header(n, LESSONS), lesson.footer(n, LESSONS)):
            for target in [t for t in (prev, nxt, course.lesson(INDEX)) if t is not None and t.file in have]:
                if target.number != n:
                    assert f'href="{target.file}"' in block.html
        return
    assert re.match(rf"# Lesson {n} · \S", md[0]), f"{name}: the first cell must be '# Lesson {n} · Title'"
    i = OLD_ORDER.index(name)
    needed = [INDEX]
    if i > 0:
        needed.append(OLD_ORDER[i - 1])
    if i + 1 < len(OLD_ORDER):
        needed.append(OLD_ORDER[i + 1])
    for cell, where in ((md[0], "title cell"), (md[-1], "last cell")):
        for target in needed:
            assert link_re(target).search(cell), f"{name}: the {where} has no link to {target}"
    if i + 1 < len(OLD_ORDER):
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
    if uses_kit(nb) is None:
        assert code[0].outputs == [], f"{name}: the first code cell is the imports, with no output"
    else:  # the imports, then the header: its one output
        assert len(code[0].outputs) == 1 and "text/html" in code[0].outputs[0].get("data", {}), \
            f"{name}: the first code cell shows the header and nothing else"
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
    assert name in EXISTING, f"{name} is missing"
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


# ---------------------------------------------------------------------------------
# Lessons 0 and 1 in the kit's shape: predictions, facts and TEACHERS.md
# ---------------------------------------------------------------------------------

LESSON1 = "01-cards-and-scoring.ipynb"


def _lesson1_run():
    """Run lesson 1's code with its widgets stubbed; the Predicts are captured."""
    from lesson_tools import run_lesson

    predicts = []

    def predict(question, answer=None, **kw):
        predicts.append((question, answer() if callable(answer) else answer, kw))

    ns, questions, _ = run_lesson(LESSONS / LESSON1, stubs=("ScoreTrainer",), extra={"Predict": predict})
    return ns, questions, predicts


def _teachers_section(n: int) -> str:
    text = teachers_text()
    return text[text.index(f"<!-- lesson {n} -->"):text.index(f"<!-- lesson {n + 1} -->")]


def test_lesson_1_predictions_come_from_the_engine_and_match_teachers():
    ns, questions, predicts = _lesson1_run()
    assert len(predicts) >= 2
    notes = " ".join(_teachers_section(1).split())
    # the opening question: 5, 2 and a King make 7½
    q, answer, kw = predicts[0]
    hand = _parse("5 di coppe, 2 di spade, Re di bastoni")
    assert sk.score(hand, PLAIN).total == Fraction(15, 2) and answer == "7½: the best score"
    assert answer in kw["choices"] and "**7½, the best score**: 5 + 2 + ½ = 7½" in notes
    assert kw["why"].startswith("Sum: 5 + 2 + ½ = 7½.")
    # the whole deck adds up to 118: 28 per suit, 112, 12 figures, 6
    q, answer, kw = predicts[1]
    values = [card_value(c) for c in sk.FULL_DECK]
    per_suit = sum(v for v in values[:10] if v >= 1)
    assert (answer, per_suit, 4 * per_suit, values.count(Fraction(1, 2)), sum(v for v in values if v < 1)) == \
        (118, 28, 112, 12, 3 * 2)
    assert "28, so four suits make 112. The 12 figures add ½ each, 6 in all: 118." in kw["why"]
    assert "Answer: **118**" in notes and "1 + 2 + … + 7 = 28, so four suits make 112; the 12 figures add 12 × ½ = 6" in notes
    # holding 7, the chance of busting is higher than one half: 26 of 38
    q, answer, kw = predicts[2]
    seven = _parse("4 di spade, 3 di bastoni")
    assert answer == odds.bust_probability(seven, rules=PLAIN) == Fraction(26, 38) > kw["than"] == Fraction(1, 2)
    assert "26 of the 38" in kw["why"]
    assert "**higher**" in notes and "26/38 = 13/19 ≈ 68.4%" in notes and "12 figures" in notes
    assert sum(not sk.score(seven + (c,), PLAIN).bust for c in sk.FULL_DECK if c not in seven) == 12


def test_lesson_1_exercises_practice_and_exit_ticket():
    from sette_kit.questions import hand_worth

    ns, questions, _ = _lesson1_run()
    assert sorted(questions) == ["1.1", "1.2", "1.3", "1.4"]
    for ex_id in ("1.1", "1.2", "1.3"):
        assert questions[ex_id].answer_text == EXERCISES[ex_id][2]
    assert questions["1.4"].answer == 15
    # practice: hand_worth on the plain rules, seeded; TEACHERS names its first hand
    (args, kw), = ns["_practice"]
    assert args == ("worth",) and kw["rules"] == PLAIN
    first = next(hand_worth(PLAIN, seed=kw["seed"]))
    notes = " ".join(_teachers_section(1).split())
    assert f"the first is {sk.format_cards(first.cards)}, worth {first.answer_text}" in notes
    # the exit ticket
    ticket = _parse("3 di coppe, Re di spade, 4 di denari, Fante di bastoni")
    s = sk.score(ticket, PLAIN)
    assert s.total == 8 and s.bust and "3 + ½ + 4 + ½ = 8: bust" in notes
    # the teacher's review: holding one 7, 39 cards are left, 12 of them figures
    seven = _parse("7 di coppe")
    left = [c for c in sk.FULL_DECK if c not in seven]
    safe = [c for c in left if not sk.score(seven + (c,), PLAIN).bust]
    assert (len(safe), len(left)) == (12, 39) and all(c.is_figure for c in safe)
    assert "all 12 of the 39 cards left" in notes and "all 12 of the 38" not in notes


def test_lesson_1_names_table_matches_the_faces():
    from sette_kit.cards import FACES

    text = "\n".join(markdown(load(LESSON1)))
    order = (sk.Suit.COPPE, sk.Suit.DENARI, sk.Suit.BASTONI, sk.Suit.SPADE)
    figures = (sk.Rank.FANTE, sk.Rank.CAVALLO, sk.Rank.RE)
    suits = " | ".join(", ".join(FACES[f].suit_names[x] for x in order) for f in ("italian", "french", "spanish"))
    ranks = " | ".join(", ".join(FACES[f].rank_names[r] for r in figures) for f in ("italian", "french", "spanish"))
    assert f"| suits | {suits} |" in text
    assert f"| figures | {ranks} |" in text


def test_lesson_0_teachers_exit_ticket_names_real_parts():
    notes = " ".join(_teachers_section(0).split())
    six = course.lesson(6)
    assert f"*{course.PARTS[six.part]}*" in notes and f"lesson 6, *{six.title}*" in notes
    taster = _parse("Asso di coppe, Fante di bastoni, 3 di denari, 2 di bastoni")
    assert fmt_points(sk.score(taster, PLAIN).total) == "6½" and "1 + ½ + 3 + 2 = 6½" in notes
