"""Numbers stated in the text of lessons 5-7 (and their TEACHERS.md sections), checked against
the engine (RULES S1, S2, S6, S10, S12, S13; every figure under the ``plain`` preset).

The code cells of each lesson run here with the widgets and charts replaced by stubs, so
each exercise's Question is captured: its answer, and every common-mistake feedback, are
checked without a kernel.  The markdown and the ``<details>`` solutions state some numbers
in words (e.g. "23 of the 39 cards"); each such statement is asserted here against the
engine, so no probability in the text is hand-typed unchecked.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction

import pytest
from lesson_tools import LESSONS, cells, flat, run_lesson, solution

import sette_kit as sk
from sette_kit import odds, simulate
from sette_kit.questions import bust_count

L5 = LESSONS / "06-probability-of-busting.ipynb"
L6 = LESSONS / "07-expected-value-and-strategy.ipynb"
L7 = LESSONS / "09-simulation.ipynb"
PLAIN = sk.Rules.preset("plain")
BANK = odds.stand_at(5)


# -- helpers -------------------------------------------------------------------------------------

_cells, _flat = cells, flat


def _markdown(path) -> str:
    return _flat("\n".join(c.source for c in _cells(path) if c.cell_type == "markdown"))


def _solution(path, number: str) -> str:
    return _flat(solution(path, number))


def _notes() -> str:
    return (LESSONS / "TEACHERS.md").read_text(encoding="utf-8")


def _notes_lesson(n: int) -> str:
    m = re.search(rf"^## Lesson {n} · .*?(?=^## Lesson |\Z)", _notes(), re.M | re.S)
    assert m, f"TEACHERS.md has no lesson {n} section"
    return _flat(m.group(0))


def _notes_exercise(number: str) -> str:
    m = re.search(rf"^### Exercise {re.escape(number)} .*?(?=^### |^\*\*Common|^## )", _notes(), re.M | re.S)
    assert m, f"TEACHERS.md has no exercise {number}"
    return _flat(m.group(0))


def _pct(x, digits: int = 1) -> str:
    return f"{float(x) * 100:.{digits}f}%"


def _frac(x) -> str:
    return str(Fraction(x))


def _run(path):
    """Run the lesson's code cells with widgets and charts stubbed; (namespace, questions, sources)."""
    return run_lesson(path, stubs=("OddsLab", "StrategyChart", "SimulationLab", "distribution_bar",
                                   "running_mean_checkpoints"),
                      skip_imports=("from widgets import", "from widgets.charts import"))


@pytest.fixture(scope="module")
def lesson5():
    return _run(L5)


@pytest.fixture(scope="module")
def lesson6():
    return _run(L6)


@pytest.fixture(scope="module")
def lesson7():
    return _run(L7)


# -- every exercise: the engine's answer, in the solution and the notes; every mistake kept -----------

EXPECTED = {
    # exercise: (exact answer, as "Answer: **...**" states it in the <details> solution and in TEACHERS.md)
    "5.1": (Fraction(11, 19), "11/19"),
    "5.2": (Fraction(4, 7), "4/7"),
    "5.3": (Fraction(1, 130), "1/130"),
    "5.4": (Fraction(5, 18), "5/18"),
    "6.1": (False, "no"),
    "6.2": (Fraction(-7, 39), "-7/39"),
    "7.1": (Fraction(4), "4"),
    "7.2": (False, "no"),
    "7.3": (Fraction(-827, 5000), "-0.1654"),
}


def _stated(text: str) -> list[str]:
    """The forms of the answer in 'Answer: **22/38 = 11/19 ≈ 57.9%**': ['22/38', '11/19', '57.9%']."""
    m = re.search(r"Answer: \*\*(.+?)\*\*", text)
    assert m, "no 'Answer: **...**' line"
    return [part.strip() for part in re.split(r" = | ≈ ", m.group(1))]


def _lesson(number, lesson5, lesson6, lesson7):
    return {"5": (L5, lesson5), "6": (L6, lesson6), "7": (L7, lesson7)}[number[0]]


@pytest.mark.parametrize("number", sorted(EXPECTED))
def test_exercise_answer_is_the_engines_and_stated(number, lesson5, lesson6, lesson7):
    path, (_, questions, _) = _lesson(number, lesson5, lesson6, lesson7)
    q = questions[number]
    value, text = EXPECTED[number]
    if q.kind == "yesno":
        assert bool(q.answer) is value
        assert q.check("yes" if value else "no").right
    else:
        assert Fraction(q.answer) == value
        assert q.check(str(value)).right
    assert text in _stated(_solution(path, number))
    assert text in _stated(_notes_exercise(number))


def test_every_exercise_has_a_quiz(lesson5, lesson6, lesson7):
    for path, (_, questions, _) in ((L5, lesson5), (L6, lesson6), (L7, lesson7)):
        headings = re.findall(r"^### Exercise (\d\.\d) ", "\n".join(c.source for c in _cells(path)), re.M)
        assert len(headings) >= 3 and sorted(questions) == headings, path.name


@pytest.mark.parametrize("lesson", [5, 6, 7])
def test_every_common_mistake_survives_and_gets_its_feedback(lesson, lesson5, lesson6, lesson7):
    _, questions, sources = {5: lesson5, 6: lesson6, 7: lesson7}[lesson]
    for number, q in questions.items():
        written = sources[number].count("Mistake(")
        if "bust_question(" in sources[number]:
            written = max(written, 3)  # bust_question brings its own (40 cards, not busting, figures, seen)
        assert len(q.mistakes) >= written, f"exercise {number}: a mistake equal to the answer was dropped"
        assert q.mistakes, number
        for m in q.mistakes:
            shown = str(Fraction(m.value)) if q.kind != "yesno" else ("yes" if m.value else "no")
            v = q.check(shown)
            assert not v.right and m.feedback in v.message, (number, m)


def test_mistakes_quoted_in_teachers_notes_are_the_quizzes(lesson5, lesson6, lesson7):
    qs = {**lesson5[1], **lesson6[1], **lesson7[1]}
    for number in ("5.1", "5.2", "5.3", "5.4", "6.2", "7.1"):
        notes = _notes_exercise(number)
        for m in qs[number].mistakes:
            assert re.search(rf"(?<![\d/]){re.escape(_frac(m.value))}(?![\d/])", notes), (number, m.value)
    # 6.3 and 7.3: the mistakes are quoted as decimals
    edges = lesson6[0]["edges"]
    assert f"≈ {float(edges[5]):.2%}" in _notes_exercise("6.3")
    assert f"≈ {float(edges[5] - qs['6.3'].answer):.2%}" in _notes_exercise("6.3")
    for m in qs["7.3"].mistakes:
        assert f"{abs(float(m.value)):.4f}" in _notes_exercise("7.3")


# -- lesson 5 -------------------------------------------------------------------------------------

def test_lesson5_counting_claims_S1_S2(lesson5):
    ns = lesson5[0]
    md = _markdown(L5)
    deck = sk.FULL_DECK
    assert sum(c.is_figure for c in deck) == 12 and ns["P"](lambda c: c.is_figure, deck) == Fraction(3, 10)
    assert "12 of the 40 cards are figures: 12/40, which Python simplifies to 3/10" in md
    busting, left = bust_count(sk.parse_cards("6 di coppe"), PLAIN)
    assert (busting, left) == (23, 39) and odds.bust_probability("6 di coppe", rules=PLAIN) == Fraction(23, 39)
    assert "23 of the 39 cards bust you: a bit more than half" in md and Fraction(23, 39) > Fraction(1, 2)
    assert "(23 of the 39 → 23/39)" in _notes_lesson(5)


def test_lesson5_seen_cards_move_the_chance_both_ways(lesson5):
    ns = lesson5[0]
    hand = sk.parse_cards("6 di coppe")
    base = odds.bust_probability(hand, rules=PLAIN)
    figures = odds.bust_probability(hand, seen=ns["tables"]["all 12 figures seen"], rules=PLAIN)
    high = odds.bust_probability(hand, seen=ns["tables"]["2, 3, 4, 5 and two 7s seen"], rules=PLAIN)
    assert figures > base > high                        # "goes up" / "goes down"
    assert figures == Fraction(23, 27) and "from 23/39 to 23/27" in _notes_lesson(5)


def test_lesson5_product_rule(lesson5):
    ns = lesson5[0]
    assert (ns["first"], ns["then"]) == (Fraction(1, 10), Fraction(4, 13))
    assert Fraction(12, 39) == Fraction(4, 13) and "(12/39 simplifies to 4/13.)" in _markdown(L5)
    assert "1/10 × 4/13 = 2/65" in _notes_lesson(5) and ns["first"] * ns["then"] == Fraction(2, 65)


def test_lesson5_stand_at_5_distribution_plain(lesson5):
    final = lesson5[0]["final"]
    assert final == odds.final_distribution(odds.stand_at(5), rules=PLAIN)
    assert final["bust"] == Fraction(405912956, 1517119695) and sum(final.values()) == 1
    assert Fraction(1, 4) < final["bust"] < Fraction(3, 10)   # "a little over a quarter"
    md = _markdown(L5)
    assert md.lower().count("a little over a quarter") >= 2 and "plain rules, full deck" in md


def test_lesson5_solutions_state_the_counts():
    s1 = _solution(L5, "5.1")
    assert bust_count(sk.parse_cards("4 di bastoni, 2 di spade"), PLAIN) == (22, 38)
    assert "6 × 4 = 24" in s1 and "**22**" in s1 and "**38**" in s1 and f"22/38 = 11/19 ≈ {_pct(Fraction(11, 19))}" in s1
    s2 = _solution(L5, "5.2")
    seen = sk.parse_cards("7 di coppe, 7 di denari, 5 di spade, Re di coppe")
    assert bust_count(sk.parse_cards("6 di bastoni"), PLAIN, seen) == (20, 35)
    assert f"20/35 = 4/7 ≈ {_pct(Fraction(4, 7))}" in s2 and f"23/39 ≈ {_pct(Fraction(23, 39))}" in s2
    s3 = _solution(L5, "5.3")
    assert f"**1/130 ≈ {_pct(Fraction(1, 130), 2)}**" in s3 and "4/40 = 1/10" in s3 and "3/39 = 1/13" in s3
    s4 = _solution(L5, "5.4")
    assert odds.sette_e_mezzo_probability("7 di coppe", rules=PLAIN) == Fraction(4, 13)
    assert f"**10/36 = 5/18 ≈ {_pct(Fraction(5, 18))}**" in s4 and f"12/39 = 4/13 ≈ {_pct(Fraction(4, 13))}" in s4
    notes = {n: _notes_exercise(n) for n in ("5.1", "5.2", "5.3", "5.4")}
    assert f"(22/38 ≈ {_pct(Fraction(11, 19))})" in notes["5.1"]
    assert f"(20/35 ≈ {_pct(Fraction(4, 7))})" in notes["5.2"]
    assert f"(4/40 × 3/39 ≈ {_pct(Fraction(1, 130), 2)})" in notes["5.3"]
    assert f"(10/36 ≈ {_pct(Fraction(5, 18))})" in notes["5.4"]


# -- lesson 6 -------------------------------------------------------------------------------------

def test_lesson6_figure_bet_and_standing_on_4_S12_S13(lesson6):
    ns = lesson6[0]
    assert ns["ev"] == Fraction(-2, 5)
    md = _markdown(L6)
    assert "An EV of -2/5 means: on average you **lose 0.4** per round, or 40 for every 100" in md
    assert "(win 1 on a figure, lose 1 otherwise) → -2/5" in _notes_lesson(6)
    sol = odds.solve(PLAIN, dealer=BANK)
    four = sk.parse_cards("4 di coppe")
    p = odds.final_distribution(BANK, seen=four, rules=PLAIN)["bust"]
    assert 2 * p - 1 == sol.ev_of(four, "stand") == ns["ev_stand"]   # "The two agree exactly"
    assert -Fraction(1, 2) < sol.ev_of(four, "stand") < -Fraction(2, 5)  # "almost half a stake"
    assert f"≈ {float(sol.ev_of(four, 'stand')):.2%}" in _notes_lesson(6)


def test_lesson6_stand_or_hit_claims(lesson6):
    sol = odds.solve(PLAIN, dealer=BANK)
    ev = lambda h, a: sol.ev_of(h, a)  # noqa: E731
    # figure: standing terrible, hitting much better
    assert ev("Fante di coppe", "hit") - ev("Fante di coppe", "stand") > Fraction(1, 4)
    # 6 and 7: stand, and win on average
    for h in ("6 di coppe", "7 di coppe"):
        assert sol.decision(h) == "stand" and ev(h, "stand") > 0
    # 4 and 5: both bad, standing a little less bad
    for h in ("4 di coppe", "5 di coppe"):
        assert sol.decision(h) == "stand" and ev(h, "hit") < ev(h, "stand") < 0
    # summary: a first figure, Ace, 2 or 3 hits
    for h in ("Fante di coppe", "Asso di coppe", "2 di coppe", "3 di coppe"):
        assert sol.decision(h) == "hit"
    # 4 stands, 4½ hits, and only just
    assert sol.decision("3 di coppe, Asso di denari") == "stand"
    for h in ("3 di coppe, Asso di denari, Fante di spade", "2 di coppe, 2 di denari, Fante di spade"):
        assert sol.decision(h) == "hit" and 0 < ev(h, "hit") - ev(h, "stand") < Fraction(1, 1000)
    # "the bank ends on a whole total far more often" (lesson 5's distribution)
    final = odds.final_distribution(BANK, rules=PLAIN)
    whole = sum(final[Fraction(t)] for t in (5, 6, 7))
    half = sum(final[Fraction(t, 2)] for t in (11, 13, 15))
    assert whole > 2 * half
    md = _markdown(L6)
    assert "hit on 2 to 3½, stand on 4, hit on 4½, stand from 5" in md
    assert "With a first card of a 2 you hit on 2 to 3½, stand on 4, hit on 4½ and stand on 5 to 7." in \
        lesson6[0]["strategy_sentences"](sol)


def test_lesson6_solution_6_1_numbers(lesson6):
    sol = odds.solve(PLAIN, dealer=BANK)
    stand, hit = sol.ev_of("4 di coppe", "stand"), sol.ev_of("4 di coppe", "hit")
    text = _solution(L6, "6.1")
    assert f"EV ≈ {float(stand):.2%}" in text and f"EV ≈ {float(hit):.2%}" in text
    notes = _notes_exercise("6.1")
    assert f"≈ {float(stand):.2%}" in notes and f"≈ {float(hit):.2%}" in notes
    assert bust_count(sk.parse_cards("4 di coppe"), PLAIN) == (15, 39) and "(15 of the 39 cards)" in notes
    q = lesson6[1]["6.1"]
    assert "15 of the 39" in q.check("yes").message


def test_lesson6_solution_6_2_numbers():
    assert 1 - odds.bust_probability("6 di coppe", rules=PLAIN) == Fraction(16, 39)
    text = _solution(L6, "6.2")
    assert "P(lose) = 23/39 and P(win) = 16/39" in text and f"**-7/39 ≈ {float(Fraction(-7, 39)):.2f}**" in text
    assert f"(16/39 - 23/39 ≈ {float(Fraction(-7, 39)):.2f})" in _notes_exercise("6.2")


def test_lesson6_house_edges_and_the_tie_rule_S13(lesson6):
    ns, questions, _ = lesson6
    edge5 = odds.solve(PLAIN, dealer=odds.stand_at(5)).house_edge
    edge55 = odds.solve(PLAIN, dealer=odds.stand_at(Fraction(11, 2))).house_edge
    push = PLAIN.replace(dealer_wins_ties=False)
    push_sol = odds.solve(push, dealer=BANK)
    assert ns["edges"] == {5: edge5, Fraction(11, 2): edge55}
    assert ns["tie_edges"]["a tie is a push"] == push_sol.house_edge == Fraction(questions["6.3"].answer)
    assert 0 < push_sol.house_edge < edge55 < edge5                      # "its edge is smaller"; "still wins"
    assert edge5 - push_sol.house_edge > edge5 / 2                       # "more than half of the bank's edge"
    assert odds.solve(PLAIN, dealer=BANK).decision("4 di coppe") == "stand" and push_sol.decision("4 di coppe") == "hit"
    e5, e55, ep = (f"{float(x):.2%}" for x in (edge5, edge55, push_sol.house_edge))
    assert (e5, e55, ep) == ("16.37%", "9.24%", "7.00%")
    md = _markdown(L6)
    assert f"about {e5} (plain rules, bank stands at 5) and about {e55} when the bank stands at 5½" in md
    assert f"the edge drops to about {ep} (plain rules, bank stands at 5)" in md
    sol = _solution(L6, "6.3")
    assert f"about **{ep}**, down from about {e5}" in sol
    pe = push_sol.house_edge
    assert f"**{pe.numerator}/{pe.denominator} ≈ {ep}**" in _notes_exercise("6.3")
    notes = _notes_lesson(6)
    assert f"`plain`: ≈ {e5} against a bank standing at 5, ≈ {e55} at 5½" in notes and f"≈ {ep} when ties push" in notes
    q = questions["6.3"]
    assert q.check(ep).right and q.check("0.0700").right and "Rule S13" in q.check(e5).message


# -- lesson 7 -------------------------------------------------------------------------------------

def test_lesson7_runs_are_seeded_and_match_the_table(lesson7):
    ns = lesson7[0]
    exact = simulate.exact_ev(PLAIN, BANK, BANK)
    assert ns["exact"] == exact
    assert Fraction(17, 100) < -exact < Fraction(18, 100)               # "a little over 17 of every 100"
    runs = ns["runs"]
    assert set(runs) == {10**3, 10**4, 10**5, 10**6} and all(r.seed == 1 for r in runs.values())
    assert runs[10**3] == simulate.run(PLAIN, BANK, BANK, rounds=10**3, seed=1)
    # "each time the rounds go up 100 times, the standard error goes down about 10 times"
    for n in (10**3, 10**4):
        assert 9 < runs[n].stderr / runs[100 * n].stderr < 11
    # "the longer runs of the same table all contain the exact value"; the 1,000-round one does not
    inside = {n: r.ci(0.95)[0] <= float(exact) <= r.ci(0.95)[1] for n, r in runs.items()}
    assert inside == {10**3: False, 10**4: True, 10**5: True, 10**6: True}
    assert 0.9 < runs[10**4].std < 1.0                                  # "σ is close to 1"; notes: σ ≈ 0.99
    assert f"σ ≈ {runs[10**4].std:.2f}, SE ≈ {runs[10**4].stderr:.4f}" in _notes_lesson(7)
    m, se = runs[10**6].mean, runs[10**6].stderr
    assert f"a million seeded rounds give {m:.4f} ± {se:.4f}" in _markdown(L7)
    assert f"close (±{se:.4f} here)" in _notes_lesson(7)
    assert f"about {float(exact):.4f}" in _markdown(L7) and f"≈ {float(exact):.4f}" in _notes_lesson(7)


def test_lesson7_exercise_7_2_numbers(lesson7):
    ns = lesson7[0]
    r = ns["runs"][10**3]
    lo, hi = r.ci(0.95)
    exact = float(ns["exact"])
    assert not lo <= exact <= hi and exact > hi                          # "above it"
    text = _solution(L7, "7.2")
    assert f"{r.mean:.4f} ± 1.96 × {r.stderr:.4f}, that is from {lo:.4f} to {hi:.4f}" in text
    assert f"The exact value, {exact:.4f}, is **above** it" in text
    notes = _notes_exercise("7.2")
    assert f"average {r.mean:.4f}, standard error {r.stderr:.4f}, so the interval is {lo:.4f} to {hi:.4f}" in notes
    assert f"the exact value {exact:.4f} is above it" in notes


def test_lesson7_exercise_7_3_numbers(lesson7):
    ns = lesson7[0]
    r3 = simulate.run(PLAIN, BANK, BANK, rounds=10_000, seed=3)
    won, lost = r3.counts["win"], r3.counts["lose"]
    assert (won, lost, r3.counts["push"]) == (4173, 5827, 0) and r3.payouts.keys() == {-1, 1}
    assert Fraction(r3.total, r3.rounds) == Fraction(won - lost, r3.rounds) == Fraction(-827, 5000)
    exact = ns["exact"]
    assert abs(r3.mean - float(exact)) < r3.stderr                       # "less than one standard error"
    assert round(r3.stderr, 2) == 0.01                                   # "about 0.01 for 10,000 rounds"
    text = _solution(L7, "7.3")
    assert "4,173 - 5,827 = -1,654" in text and "**-0.1654** (-827/5000)" in text and f"about {float(exact):.4f}" in text
    assert "4,173 won, 5,827 lost, no ties" in _notes_exercise("7.3")


def test_lesson7_halving_the_standard_error():
    se = lambda n: 1 / math.sqrt(n)  # noqa: E731
    assert math.isclose(se(4 * 10_000), se(10_000) / 2)
    assert math.isclose(se(2 * 10_000), se(10_000) / math.sqrt(2))


def test_widgets_in_lessons_5_to_7_are_seeded_and_name_their_preset():
    code = {p.name: "\n".join(c.source for c in _cells(p) if c.cell_type == "code") for p in (L5, L6, L7)}
    assert 'OddsLab("plain"' in code[L5.name]
    assert 'StrategyChart("plain"' in code[L6.name]
    assert re.search(r'SimulationLab\("plain".*seed=1\)', code[L7.name])
    for src in code.values():
        for line in src.splitlines():
            assert "simulate.run(" not in line or "seed=" in line, line
