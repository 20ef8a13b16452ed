"""Numbers stated in lessons 6, 7 and 9 (and their TEACHERS.md sections), checked against
the engine (RULES S1, S2, S9, S10, S12, S13, S14, S15; the ``plain`` preset unless a
figure says otherwise; the bank stands at 5).

The code cells of each lesson run here with the widgets replaced by stubs: each
exercise's Question is captured (its answer and every common-mistake feedback are
checked without a kernel) and each ``Predict`` records its question and answer.  The
Markdown, the ``<details>`` solutions and TEACHERS.md state numbers in words ("15 of the
39 cards", "16.37%"); each such statement is recomputed here with the engine, exactly
(Fractions) before rounding, so no number in the text is typed unchecked.  Each test is
named by the statement it checks.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from lesson_tools import LESSONS, cells, flat, run_lesson, solution

import sette_kit as sk
from sette_kit import fmt, odds, simulate, trees

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

L6 = LESSONS / "06-probability-of-busting.ipynb"
L7 = LESSONS / "07-expected-value-and-strategy.ipynb"
L9 = LESSONS / "09-simulation.ipynb"
PLAIN = sk.Rules.preset("plain")
ITALIAN = sk.Rules.preset("italian")
BANK = odds.stand_at(5)
SOL = odds.solve(PLAIN, dealer=BANK)


# -- helpers -------------------------------------------------------------------------------------

def _markdown(path) -> str:
    return flat("\n".join(c.source for c in cells(path) if c.cell_type == "markdown"))


def _notes() -> str:
    return (LESSONS / "TEACHERS.md").read_text(encoding="utf-8")


def _notes_lesson(n: int) -> str:
    m = re.search(rf"^## Lesson {n} · .*?(?=^## Lesson |\Z)", _notes(), re.M | re.S)
    assert m, f"TEACHERS.md has no lesson {n} section"
    return flat(m.group(0))


def _notes_exercise(number: str) -> str:
    m = re.search(rf"^### Exercise {re.escape(number)} .*?(?=^### |^\*\*[A-Z][^*\n]*\.\*\*|^## )", _notes(), re.M | re.S)
    assert m, f"TEACHERS.md has no exercise {number}"
    return flat(m.group(0))


def _pct(x, digits: int = 2, sign: bool = False) -> str:
    return fmt.percent(x, digits, sign=sign).replace("-", "−").replace("−", "-")


def _stated(text: str) -> list[str]:
    """The forms of the answer in 'Answer: **22/38 = 11/19 ≈ 57.9%**': ['22/38', '11/19', '57.9%']."""
    m = re.search(r"Answer: \*\*(.+?)\*\*", text)
    assert m, "no 'Answer: **...**' line"
    return [part.strip() for part in re.split(r" = | ≈ ", m.group(1))]


class _Recorder:
    """Stands in for ``Predict``: records each call's question and keyword arguments."""

    def __init__(self):
        self.calls = []

    def __call__(self, question, answer, **kw):
        self.calls.append((question, answer, kw))

    def find(self, words: str):
        got = [c for c in self.calls if words in c[0]]
        assert len(got) == 1, f"one Predict asking {words!r}, found {len(got)}"
        return got[0]


def _run(path, stubs=("StrategyChart", "OddsLab", "SimulationLab"), **widgets):
    """The lesson's cells run with ``stubs`` stubbed, the real ``charts`` and ``widgets``,
    and every Predict recorded: (namespace, questions, sources, recorder)."""
    from widgets import charts

    rec = _Recorder()
    ns, questions, sources = run_lesson(path, stubs=stubs, extra={"Predict": rec, "charts": charts, **widgets})
    return ns, questions, sources, rec


def _check_exercises(questions, sources, path, expected):
    for number, (value, text) in expected.items():
        q = questions[number]
        if q.kind == "yesno":
            assert bool(q.answer) is value
            assert q.check("yes" if value else "no").right
        else:
            assert Fraction(q.answer) == value
            assert q.check(str(value)).right
        assert text in _stated(flat(solution(path, number))), number
        assert text in _stated(_notes_exercise(number)), number
    assert sorted(questions) == sorted(expected)
    for number, q in questions.items():
        assert len(q.mistakes) >= sources[number].count("Mistake("), f"{number}: a mistake equal to the answer"
        for m in q.mistakes:
            shown = str(Fraction(m.value)) if q.kind != "yesno" else ("yes" if m.value else "no")
            v = q.check(shown)
            assert not v.right and m.feedback in v.message, (number, m)


# ================================================================================================
# Lesson 7 · Expected value and strategy
# ================================================================================================

@pytest.fixture(scope="module")
def lesson7():
    return _run(L7)


FOUR = sk.parse_cards("4 di coppe")


def test_lesson7_exercises_are_the_engines_and_every_mistake_gets_its_feedback(lesson7):
    _, questions, sources, _ = lesson7
    italian_edge = odds.solve(ITALIAN, dealer=BANK).house_edge
    expected = {
        "7.1": (Fraction(-7, 39), "-7/39"),
        "7.2": (True, "yes"),
        "7.3": (Fraction(round(italian_edge * 10_000)), "1585"),
    }
    assert expected["7.3"][0] == 1585
    safe = 1 - odds.bust_probability("6 di coppe", rules=PLAIN)
    assert safe == Fraction(16, 39) and 2 * safe - 1 == Fraction(-7, 39)
    _check_exercises(questions, sources, L7, expected)


def test_lesson7_predictions_are_the_engines(lesson7):
    ns, _, _, rec = lesson7
    _, bet, _ = rec.find("Win 1 on a figure")
    assert bet == Fraction(12, 40) - Fraction(28, 40) == Fraction(-2, 5)
    _, p, _ = rec.find("the bank busts")
    assert p == odds.final_distribution(BANK, seen=FOUR, rules=PLAIN)["bust"] == Fraction(1615261979, 6068478780)
    assert 2 * p - 1 == SOL.ev_of(FOUR, "stand")
    _, choice, kw = rec.find("Do you hit or stand?")
    assert choice == "stand" and kw["choices"] == ["hit", "stand"]
    _, edge, _ = rec.find("What is the house edge?")
    assert edge == SOL.house_edge == -SOL.ev
    _, italian, kw = rec.find("Italian house edge higher or lower")
    assert italian == odds.solve(ITALIAN, dealer=BANK).house_edge < kw["than"] == SOL.house_edge


def test_lesson7_tree_of_hitting_on_4_is_the_solvers_ev():
    """The tree the hit-or-stand Predict reveals: hit once, then play the best strategy."""
    t = trees.draw_tree(FOUR, trees.hit_first(trees.follow(SOL)), rules=PLAIN, dealer=BANK)
    assert t.ev == SOL.ev_of(FOUR, "hit")
    assert trees.draw_tree(FOUR, trees.STAND, rules=PLAIN, dealer=BANK).ev == SOL.ev_of(FOUR, "stand")
    assert t.size < 100, "a tree small enough to read"


def test_why_a_first_4_stands():
    """Why a first 4 stands, and the teacher's review: 15 of the 39 cards bust a
    4 at once; the 4 Aces leave you a little worse off than standing (-47.0% against
    -46.8%), the 12 figures a little better (-40.8%), the 8 twos and threes much better
    (+5.3%, +52.5%); the busting cards outweigh the rest.  Not "16 of the 24 safe cards leave
    you no better off": a figure leaves you six points better off."""
    text = _markdown(L7)
    left = [c for c in sk.FULL_DECK if c not in FOUR]
    after = {c: sk.score(FOUR + (c,), PLAIN) for c in left}
    bust = [c for c, s in after.items() if s.bust]
    aces = [c for c in left if c.rank == 1]
    figures = [c for c in left if c.is_figure]
    small = [c for c in left if c.rank in (2, 3)]
    assert (len(bust), len(left), len(aces), len(figures), len(small)) == (15, 39, 4, 12, 8)
    stand, hit = SOL.ev_of(FOUR, "stand"), SOL.ev_of(FOUR, "hit")
    ace, figure = (max(SOL.ev_of(h, "stand"), SOL.ev_of(h, "hit")) for h in ("4c Ad", "4c Fd"))
    assert ace < stand < figure, "an Ace leaves you worse off than standing, a figure better"
    assert "15 of the 39 cards" in text and "no better off" not in text and "16 of the 24" not in text
    assert f"The **4 Aces** make 5, worth {_pct(ace, 1)}: a little worse than standing" in text
    assert f"The **12 figures** make 4½, worth {_pct(figure, 1)}: a little better" in text
    six, seven = SOL.ev_of("4c 2d", "stand"), SOL.ev_of("4c 3d", "stand")
    assert SOL.decision("4c 2d") == SOL.decision("4c 3d") == "stand"
    assert f"a 2 makes 6, worth {_pct(six, 1, sign=True)}" in text and _pct(six, 2, True) == "+5.34%"
    assert f"a 3 makes 7, worth {_pct(seven, 1, sign=True)}" in text and _pct(seven, 1, True) == "+52.5%"
    assert f"hitting ({_pct(hit, 1)}) is a little worse than standing ({_pct(stand, 1)})" in text
    assert f"≈ **{_pct(stand, 1)}** of the stake" in text
    notes = _notes_lesson(7)
    assert "no better off" not in notes
    for s in ("15 of the 39 cards bust at once", _pct(stand), _pct(hit), f"4 Aces ({_pct(ace, 1)})",
              f"12 figures ({_pct(figure, 1)})", f"(6: {_pct(six, 2, True)})", f"(7: {_pct(seven, 2, True)})"):
        assert s in notes, s


def test_four_and_a_half_after_a_figure_clearly_hits():
    """A 4½ made of a figure then a 4 hits clearly (-40.78% vs -46.77%); only a
    4½ of small cards is a close call."""
    hit, stand = SOL.ev_of("Fc 4d", "hit"), SOL.ev_of("Fc 4d", "stand")
    assert (_pct(hit), _pct(stand)) == ("-40.78%", "-46.77%")
    sol_text = flat(solution(L7, "7.2"))
    assert f"Standing on 4½ wins only when the bank busts: {_pct(stand)}" in sol_text
    assert f"Hitting is worth {_pct(hit)}" in sol_text
    small_hit, small_stand = SOL.ev_of("2c 2d Fd", "hit"), SOL.ev_of("2c 2d Fd", "stand")
    assert 0 < small_hit - small_stand < Fraction(1, 1000)
    notes = _notes_exercise("7.2")
    assert f"hitting {_pct(hit)}, standing {_pct(stand)}" in notes
    assert f"a figure: {_pct(small_hit)} against {_pct(small_stand)})" in notes


def test_lesson_7_the_bank_wins_only_with_the_same_stake_every_round():
    """The house edge: "the bank wins in the long run" holds with the same stake every round;
    staking 10 on a first 6 or 7 and 1 otherwise (S9) beats a bank that stands at 5."""
    text = _markdown(L7)
    assert "So the bank wins in the long run, **with the same stake every round**" in text
    assert "same stake every round" in _notes_lesson(7)
    ev, staked = Fraction(0), Fraction(0)
    for card in sk.FULL_DECK:
        stake = 10 if card.rank in (6, 7) else 1
        best = max(SOL.ev_of((card,), "stand"), SOL.ev_of((card,), "hit"))
        ev += Fraction(1, 40) * stake * best
        staked += Fraction(1, 40) * stake
    assert ev > 0 and round(float(ev), 2) == 0.44 and _pct(ev / staked, 1) == "15.6%"
    assert sum(Fraction(1, 40) * max(SOL.ev_of((c,), "stand"), SOL.ev_of((c,), "hit"))
               for c in sk.FULL_DECK) == SOL.ev


def _edges():
    return {
        "plain": SOL.house_edge,
        "matta": odds.solve(ITALIAN.replace(reale_payout=1, dealer_reale_collects_double=False),
                            dealer=BANK).house_edge,
        "reale": odds.solve(ITALIAN.replace(matta=None), dealer=BANK).house_edge,
        "italian": odds.solve(ITALIAN, dealer=BANK).house_edge,
        "push": odds.solve(PLAIN.replace(dealer_wins_ties=False), dealer=BANK).house_edge,
    }


def test_what_each_italian_rule_does_to_the_edge(lesson7):
    """The matta alone 16.37% -> 16.16%, the reale rules alone -> 16.15%,
    both -> 15.85%; and the bank can hold the matta too.  The review: the
    Predict's why names both rules, each about 0.2 points, and its answer reads 15.85%."""
    ns, _, _, rec = lesson7
    edges = _edges()
    assert ns["edges"] == edges
    shown = {k: _pct(v) for k, v in edges.items()}
    assert shown == {"plain": "16.37%", "matta": "16.16%", "reale": "16.15%", "italian": "15.85%", "push": "7.00%"}
    text = _markdown(L7)
    for row, key in (("| plain |", "plain"), ("| with the matta, but no reale paid double |", "matta"),
                     ("| with the reale paid double, but no matta |", "reale"),
                     ("| Italian: the matta and the reale paid double |", "italian")):
        assert f"{row} {shown[key]} |" in text, row
    assert "the bank can hold the matta too" in text
    assert round(float(edges["plain"] - edges["italian"]) * 100, 1) == 0.5    # "about half a point"
    _, italian, kw = rec.find("Italian house edge higher or lower")
    assert kw["digits"] == 2
    why = flat(kw["why"])
    assert "It is 15.85%: the matta takes 0.2 percentage points off the edge, and your reale paid double 0.2." == why
    assert [round(float(edges["plain"] - edges[k]) * 100, 1) for k in ("matta", "reale")] == [0.2, 0.2]
    notes = _notes_lesson(7)
    assert ("plain 16.37%; the matta without the reale paid double 16.16%; the reale paid double without "
            "the matta 16.15%; both (Italian) 15.85%") in notes


def test_what_ties_and_busting_first_are_worth(lesson7):
    """The review (ties, busting first, and "numbers worth adding"): lesson 3 says lesson 7
    measures both rules that favour the bank; lesson 7's table does: 16.37%, 7.79% with the
    ties only, 7.00% with busting first only, exactly 0 without both."""
    ns, _, _, rec = lesson7
    rows = {(r.bank_wins_ties, r.bust_loses_at_once): r.house_edge for r in odds.tie_and_bust_edges(PLAIN, BANK)}
    assert ns["rows"] == rows and rows[(False, False)] == 0
    text = _markdown(L7)
    for row, key in (("| yes | yes (the real game) |", (True, True)), ("| yes | no: you get your stake back |", (True, False)),
                     ("| no: a tie gives you your stake back | yes |", (False, True))):
        assert f"{row} {_pct(rows[key])} |" in text, row
    assert "| no | no | exactly 0 |" in text
    _, answer, kw = rec.find("Which rule is worth more to the bank")
    assert answer == "winning the ties" and rows[(True, False)] > rows[(False, True)]
    notes = _notes_lesson(7)
    assert "9.37 of the 16.37" not in notes and "7.79%" in notes and "exactly 0" in notes
    l3 = flat("\n".join(c.source for c in cells(LESSONS / "03-playing-a-round.ipynb") if c.cell_type == "markdown"))
    assert "lesson 7 measures both" in l3 and "the ties are worth more" not in l3


def test_the_italian_edge_exercise_tells_15_85_from_16_37(lesson7):
    """The exercise on the Italian edge must not accept "16%"."""
    q = lesson7[1]["7.3"]
    edges = _edges()
    assert q.check("1585").right and not q.check("1600").right and not q.check("1637").right
    assert "plain" in q.check("1637").message and "too rough" in q.check("1600").message
    assert round(edges["italian"] * 10_000) == 1585 and round(edges["plain"] * 10_000) == 1637


def test_lesson7_every_number_in_the_text(lesson7):
    text = _markdown(L7)
    dist = odds.final_distribution(BANK, seen=FOUR, rules=PLAIN)
    p = dist["bust"]
    assert f"EV of standing = {float(p):.3f} × (+1) + {float(1 - p):.3f} × (−1)".replace("-", "−") in text.replace("-", "−")
    assert "bust about one time in four" in text and round(float(p) * 4) == 1
    assert sum(dist.values()) == 1 and all(k == "bust" or k >= 5 for k in dist)   # "beats none of the totals"
    _, _, kw = lesson7[3].find("the bank busts")
    assert kw["reveal"].text.startswith("Where the bank ends when you stand on 4: 5: ")   # the picture of the law
    assert "you lose 0.4 a round on average, 40 for every 100" in text.lower()
    assert f"the bank wins about {_pct(SOL.house_edge)[:-1]} on average" in text
    assert "16.37% with the plain rules" in text and "15.85% with the Italian rules" in text
    assert SOL.decision("4c") == SOL.decision("5c") == "stand" and SOL.decision("Fc 4d") == "hit"
    assert "on a first 4 or 5, stand; on a figure and a 4, hit" in text
    notes = _notes_lesson(7)
    five_stand, five_hit = SOL.ev_of("5c", "stand"), SOL.ev_of("5c", "hit")
    assert f"stand, {_pct(five_stand)} against {_pct(five_hit)}" in notes
    assert f"**{p} ≈ {_pct(p, 1)}**" in notes
    assert f"({SOL.house_edge})" in notes


# ================================================================================================
# Lesson 6 · The probability of busting
# ================================================================================================

@pytest.fixture(scope="module")
def lesson6():
    from widgets import ProbabilityTree

    return _run(L6, stubs=("OddsLab",), ProbabilityTree=ProbabilityTree)


def test_lesson6_exercises_are_the_engines_and_every_mistake_gets_its_feedback(lesson6):
    _, questions, sources, _ = lesson6
    expected = {
        "6.1": (Fraction(11, 19), "11/19"),
        "6.2": (Fraction(4, 7), "4/7"),
        "6.3": (Fraction(1, 130), "1/130"),
        "6.4": (Fraction(2, 19), "2/19"),
    }
    assert odds.bust_probability("4 di bastoni, 2 di spade", rules=PLAIN) == expected["6.1"][0]
    assert odds.bust_probability("6 di bastoni", seen=sk.parse_cards("7c 7d 5s Rc"), rules=PLAIN) == expected["6.2"][0]
    assert odds.bust_probability("Fante di coppe, Cavallo di spade", rules=PLAIN) == expected["6.4"][0]
    _check_exercises(questions, sources, L6, expected)
    for number in ("6.1", "6.2", "6.4"):    # bust_question brings its own mistakes (40 cards, not busting, ...)
        assert len(questions[number].mistakes) >= 3


def test_lesson6_predictions_are_the_engines(lesson6):
    _, _, _, rec = lesson6
    _, p, kw = rec.find("You hold a 5.")
    assert p == odds.bust_probability("5 di coppe", rules=PLAIN) == Fraction(19, 39) < kw["than"] == Fraction(1, 2)
    _, p, kw = rec.find("four figures are turned up")
    assert p == Fraction(23, 35) > kw["than"] == Fraction(23, 39)
    assert "23/35 ≈ 65.7% instead of 23/39 ≈ 59.0%" in kw["why"](p)
    _, p, kw = rec.find("a 7 and then a figure")
    assert p == Fraction(4, 40) * Fraction(12, 39) == Fraction(2, 65)
    assert kw["why"].endswith(f"4/40 × 12/39 = {p}.")
    _, p, kw = rec.find("draw until you have 5 or more")
    tree = trees.draw_tree("4 di coppe", trees.hit_until(5), rules=PLAIN)
    assert p == tree.events()["bust"] == Fraction(15, 39) + Fraction(12, 39) * Fraction(15, 38) == Fraction(125, 247)
    assert kw["reveal"].model.events() == tree.events()


def test_lesson6_area_diagram_is_the_count_of_ordered_pairs(lesson6):
    ns = lesson6[0]
    assert (ns["sevens"], ns["figures_after"], ns["no_seven_then_figure"]) == ((4, 40), (12, 39), Fraction(35, 117))
    assert ns["seven_then_figure"] == Fraction(1, 10) * Fraction(12, 39)
    assert "4/40 × 12/39 = 48/1560 = 2/65" in ns["area"].text


def test_no_two_card_hand_is_safe_while_a_7_is_unseen(lesson6):
    """No two-card hand can never bust while a 7 is unseen (1 + 7 = 8); the
    lesson asks instead for the smallest two-card hand's chance, 4/38."""
    from itertools import combinations

    for hand in combinations(sk.FULL_DECK, 2):
        if not sk.score(hand, PLAIN).bust:
            assert odds.bust_probability(hand, rules=PLAIN) > 0
    assert min(sk.score(h, PLAIN).total for h in combinations(sk.FULL_DECK, 2)) == 1
    q = lesson6[1]["6.4"]
    assert "a 7 takes you to 8" in q.check("0").message
    text = _markdown(L6)
    assert "No two-card hand is safe while a 7 is unseen" in text
    assert "never bust" not in text.replace("never bust a hand below", "")
    notes = _notes_lesson(6)
    assert "no two-card hand is safe from busting while a 7 is unseen (1 + 7 = 8)" in notes
    assert "two-card hands that can never bust" not in notes


def test_probability_counts_the_unseen_cards():
    """Not "cards that could come" but unseen cards, each equally likely to be
    next from your point of view (the other players' face-down cards stay in the count)."""
    text = _markdown(L6)
    assert "**probability = unseen cards that make it happen ÷ all the unseen cards**" in text
    assert "That includes the other players' face-down cards" in text
    assert "cards that could come" not in text
    assert "each equally likely to be next" in text
    assert "each equally likely to be next from your point of view" in _notes_lesson(6).replace(
        "equally likely to be next from your\n  point of view", "")


def test_lesson6_every_number_in_the_text():
    text = _markdown(L6)
    five_bust = odds.bust_probability("5 di coppe", rules=PLAIN)
    assert five_bust == Fraction(19, 39) and "**19 of the 39 unseen cards**" in text
    assert "That is 20 cards in a full deck" in text and 5 * 4 == 20
    assert "after a 7, 12 figures are left among **39** cards" in text
    assert odds.next_card("7 di coppe", rules=PLAIN)[Fraction(1, 2)] == Fraction(12, 39)
    assert "a figure, then a 4, 5, 6 or 7, is 12/39 × 15/38" in text
    assert odds.bust_probability("4 di coppe, Fante di denari", rules=PLAIN) == Fraction(15, 38)
    assert "bust is the 4-to-7 branch (15/39)" in text
    assert odds.bust_probability("4 di coppe", rules=PLAIN) == Fraction(15, 39)
    assert "Without the table it would be 23/39 ≈ 59.0%" in flat(solution(L6, "6.2"))
    assert odds.bust_probability("6 di bastoni", rules=PLAIN) == Fraction(23, 39)
    notes = _notes_lesson(6)
    for s, value in (("19/39 ≈ 48.7%", Fraction(19, 39)), ("23/35 ≈ 65.7%", Fraction(23, 35)),
                     ("125/247 ≈ 50.6%", Fraction(125, 247)), ("23/38 ≈ 60.5%", Fraction(23, 38))):
        assert s in notes and s.endswith(f"{float(value):.1%}")
    assert odds.bust_probability("5 di coppe, Asso di spade", rules=PLAIN) == Fraction(23, 38)
    assert Fraction(12, 40) * Fraction(11, 39) == Fraction(11, 130) and "= 11/130" in notes


def test_lesson6_ends_with_practice_on_busting(lesson6):
    ns = lesson6[0]
    (args, kw), = ns["_practice"]
    assert args == ("bust",) and kw["rules"] == PLAIN


# ================================================================================================
# Lesson 9 · Simulation
# ================================================================================================

STAND5 = odds.stand_at(5)


@pytest.fixture(scope="module")
def lesson9():
    from widgets import CoveragePicture

    return _run(L9, stubs=("SimulationLab",), CoveragePicture=CoveragePicture)


def _run9(n, seed):
    return simulate.run(PLAIN, STAND5, STAND5, rounds=n, seed=seed)


def test_lesson9_exercises_are_the_engines_and_every_mistake_gets_its_feedback(lesson9):
    _, questions, sources, _ = lesson9
    r3 = _run9(10_000, 3)
    assert (r3.counts["win"], r3.counts["lose"], r3.counts["push"]) == (4173, 5827, 0)
    lo, hi = _run9(1000, 1).ci(0.95)
    expected = {
        "9.1": (Fraction(4), "4"),
        "9.2": (lo <= float(simulate.exact_ev(PLAIN, STAND5, STAND5)) <= hi, "no"),
        "9.3": (Fraction(4173 - 5827, 10_000), "-0.1654"),
    }
    assert expected["9.2"][0] is False
    _check_exercises(questions, sources, L9, expected)


def test_lesson9_predictions_are_the_engines(lesson9):
    """The review: a Predict asks for an expectation, never for a random
    tally.  The first asks how likely an average of 100 rounds is to land within 0.05 (the
    exact law of the average: about 39%), the coverage Predict how many of 100 intervals you
    expect to miss (5); each run's own result is shown beside the answer."""
    ns, _, _, rec = lesson9
    exact = simulate.exact_ev(PLAIN, STAND5, STAND5)
    _, near, kw = rec.find("within 0.05 of the exact value")
    law = simulate.average_distribution(PLAIN, STAND5, STAND5, rounds=100)
    by_hand = sum(p for k, p in law.items() if abs(k - exact) <= Fraction(1, 20))
    assert near == by_hand and f"{float(near):.1%}" == "38.8%" and kw["kind"] == "higher_lower"
    assert kw["than"] == Fraction(1, 2) and near < kw["than"]
    assert "Only about 39% of runs of 100 rounds land that close" in kw["why"]
    assert "This run ended at -0.28" in kw["why"] and abs(_run9(100, 1).mean - float(exact)) > 0.05
    _, se, kw = rec.find("What is the standard error of the 10,000-round run")
    assert abs(float(se) - _run9(10_000, 1).stderr) < 1e-6
    assert f"a standard error of {_run9(100, 1).stderr:.3f}" in rec.find("What is the standard error")[0]
    _, misses, kw = rec.find("how many do you expect to miss the exact value")
    cov = simulate.coverage(PLAIN, STAND5, STAND5, rounds=100, runs=100, seed=1)
    assert misses == round(cov.expected_misses) == 5 and len(cov.misses) == 4 and cov.exact == exact
    assert "you expect 100 × 1/20 = 5 misses" in kw["why"] and "4 of its intervals miss" in kw["why"]
    assert kw["reveal"].rounds * kw["reveal"].runs == 10_000, "the coverage picture stays small for the browser"


def test_lesson9_the_spread_of_averages_is_why_1_96_works(lesson9):
    """The review (section 4): a histogram of simulated averages over their exact
    law, with the band of ±1.96 standard errors: 473 of 500 inside, the exact chance 94.6%."""
    ns = lesson9[0]
    spread = ns["spread"]
    assert (spread.rounds, spread.runs) == (100, 500) and spread.rounds * spread.runs <= 50_000
    law = simulate.average_distribution(PLAIN, STAND5, STAND5, rounds=100)
    inside = sum(p for k, p in law.items() if abs(float(k - spread.exact)) <= 1.96 * spread.stderr)
    assert spread.within(1.96) == 473 and f"{float(inside):.1%}" == "94.6%"
    assert f"{1.96 * spread.stderr:.3f}" == "0.193"
    text = _markdown(L9)
    assert "±0.193 here: 473 of the 500 averages (94.6%) land inside it" in text
    assert "the exact chance of landing inside is 94.6% too" in text


def test_lesson9_runs_stay_small_for_the_static_site(lesson9):
    """Pyodide runs pure Python: no run in the lesson above 10,000 rounds (the old lesson ran a million)."""
    ns = lesson9[0]
    assert max(ns["runs"]) == 10_000 and ns["r3"].rounds == 10_000
    src = "\n".join(c.source for c in cells(L9) if c.cell_type == "code")
    sizes = [int(n.replace("_", "")) for n in re.findall(r"rounds=(\d[\d_]*)", src)]
    assert sizes and max(sizes) <= 10_000 and "10**" not in src.replace("10**6)", "")


def _interval(r):
    return f"{r.mean:+.3f} ± {1.96 * r.stderr:.3f}".replace("+", "").replace("-", "−")


def test_one_plus_minus_convention():
    """One convention: "±" is 1.96 standard errors (the 95% interval) everywhere in lesson 9 and
    its TEACHERS.md section; every "a ± b" written there is an average and 1.96 of its standard
    errors, for a run the lesson names."""
    text, notes = _markdown(L9), _notes_lesson(9)
    runs = {100: _run9(100, 1), 1000: _run9(1000, 1), 10_000: _run9(10_000, 1)}
    r3 = _run9(10_000, 3)
    allowed = {_interval(r).replace("−", "-") for r in [*runs.values(), r3]}
    allowed |= {"-0.20 ± 0.039"}      # the exit ticket: sigma 1, 2,500 rounds: 1.96 / 50
    assert round(1.96 / 50, 3) == 0.039
    for where in (text, notes, flat(solution(L9, "9.2")), flat(solution(L9, "9.3"))):
        for found in re.findall(r"-?\d\.\d+ ± \d\.\d+(?!\d)(?! ×)", where.replace("−", "-")):
            assert found in allowed, found
    assert "**±** always means 1.96 standard errors" in text
    assert "\"±\" always means 1.96 standard errors" in notes
    for n, r in runs.items():
        lo, hi = r.ci(0.95)
        assert abs((hi - lo) / 2 - 1.96 * r.stderr) < 1e-4 * r.stderr   # z = 1.95996...
    assert "−0.254 ± 0.060 is the interval from −0.314 to −0.194".replace("−", "-") in text
    lo, hi = runs[1000].ci(0.95)
    assert (f"{lo:.3f}", f"{hi:.3f}") == ("-0.314", "-0.194")


def test_lesson9_every_number_in_the_text():
    text = _markdown(L9)
    exact = simulate.exact_ev(PLAIN, STAND5, STAND5)
    assert exact == Fraction(-218179120494761, 1258299075033000) and f"{float(exact):.4f}" == "-0.1734"
    assert "about **-0.1734** a round" in text
    runs = {100: _run9(100, 1), 1000: _run9(1000, 1), 10_000: _run9(10_000, 1)}
    for n, se_text in ((100, "0.096"), (1000, "0.031"), (10_000, "0.0099")):
        r = runs[n]
        digits = len(se_text.split(".")[1])
        assert f"{r.stderr:.{digits}f}" == se_text
        row = f"| {n:,} | {r.mean:.3f} | {se_text} | {_interval(r).replace('−', '-')} |"
        assert row in text, row
    # the review: sigma of a game of +1 or -1 is sqrt(1 - mean^2) = 0.985, not "about 0.99"
    sigma = (1 - float(exact) ** 2) ** 0.5
    assert f"{sigma:.4f}" == "0.9849" and "about 0.99" not in text
    assert "σ = √(1 − mean²): here √(1 − 0.1734²) ≈ 0.98" in text.replace("-", "−")
    assert "In about 95% of runs the average lands within 1.96 standard errors" in text   # item 12
    assert "with a fresh shuffle every round" in text
    lo, hi = runs[1000].ci(0.95)
    assert not lo <= float(exact) <= hi and "Exercise 9.2 asks you about the 1,000-round line" in text
    lo, hi = runs[10_000].ci(0.95)
    assert lo <= float(exact) <= hi and "10,000 seeded rounds give -0.160 ± 0.019" in text
    r3 = _run9(10_000, 3)
    lo, hi = r3.ci(0.95)
    sol = flat(solution(L9, "9.3"))
    assert lo <= float(exact) <= hi and "its interval is -0.165 ± 0.019" in sol.replace("−", "-")
    assert f"{r3.stderr:.4f}" == "0.0099"
    assert f"{runs[1000].stderr:.4f}" == "0.0306" and "standard error 0.0306" in text
    notes = _notes_lesson(9)
    assert f"**about 0.0099** ({runs[10_000].stderr:.5f}:" in notes
