"""Numbers stated in the text of lessons 3 and 4 (RULES S7-S23, Q1-Q6), checked against the engine.

The exercise cells are run with the widgets replaced by stubs that capture the
questions, so each exercise's answer, and each of its common-mistake feedbacks, is
checked without a kernel.  The solutions in ``<details>`` must state the engine's answer.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from lesson_tools import LESSONS, cells, markdown, run_lesson, solution

import sette_kit as sk
from sette_kit import odds, quattro
from sette_kit.game import Table

L3 = LESSONS / "03-playing-a-round.ipynb"
L4 = LESSONS / "04-variants.ipynb"

_cells, _markdown, _solution = cells, markdown, solution


def _run(path):
    """Run the notebook's code cells (widgets stubbed); returns (namespace, questions, sources)."""
    return run_lesson(path, stubs=("TablePlayer", "QuattroTable", "VariantExplorer"),
                      extra={"HTML": lambda x: x},
                      skip_imports=("from widgets import", "from IPython.display import"))


@pytest.fixture(scope="module")
def lesson3():
    return _run(L3)


@pytest.fixture(scope="module")
def lesson4():
    return _run(L4)


# -- exercises: the engine's answer, stated in the solution, and every mistake kept ---------------

EXPECTED = {
    # lesson 3
    "3.1": (Fraction(-5), "**−5**"),       # S13: the bank wins ties
    "3.2": (Fraction(20), "**+20**"),      # S5, S14: a reale beats a 3-card 7½, paid double
    "3.3": (Fraction(-6), "**−6**"),       # S15: the bank's reale collects double
    "3.4": (Fraction(2), "**Carla (seat 2)**"),  # S17: the highest suit takes the bank
    # lesson 4
    "4.1": (Fraction(5), "**+5**"),        # spanish: no reale bonus
    "4.3": (Fraction(5), "**5 points**"),  # Q6: a 5 with five cards
    "4.4": (Fraction(3), "**3 points**"),  # Q6: 4½ with the matta
    "4.5": (Fraction(2), "**2 points**"),  # Q2, Q6: a lone 5 beats a 4½
}


@pytest.mark.parametrize("number", sorted(EXPECTED))
def test_exercise_answer_is_the_engines_and_the_solution_states_it(number, lesson3, lesson4):
    _, questions, _ = lesson3 if number.startswith("3") else lesson4
    path = L3 if number.startswith("3") else L4
    q = questions[number]
    value, text = EXPECTED[number]
    assert Fraction(q.answer) == value
    assert q.check(str(q.answer)).right
    assert text in _solution(path, number)


@pytest.mark.parametrize("lesson", [3, 4])
def test_every_common_mistake_survives_and_gets_its_feedback(lesson, lesson3, lesson4):
    _, questions, sources = lesson3 if lesson == 3 else lesson4
    assert len(questions) >= 3
    for number, q in questions.items():
        written = sources[number].count("Mistake(")
        assert len(q.mistakes) == written, f"exercise {number}: a mistake equal to the answer was dropped"
        for m in q.mistakes:
            shown = str(Fraction(m.value)) if q.kind != "yesno" else ("yes" if m.value else "no")
            v = q.check(shown)
            assert not v.right and m.feedback in v.message, (number, m)


NOTES_ANSWERS = {"3.1": "**−5**", "3.2": "**+20**", "3.3": "**−6**", "3.4": "**2** (Carla)", "4.1": "**+5**",
                 "4.3": "**5 points**", "4.4": "**3 points**", "4.5": "**2 points**"}


def _notes_exercise(notes: str, number: str) -> str:
    m = re.search(rf"^### Exercise {re.escape(number)} .*?(?=^### |^\*\*Common)", notes, re.M | re.S)
    assert m, f"TEACHERS.md has no exercise {number}"
    return m.group(0)


def test_exercises_match_teachers_notes(lesson3, lesson4):
    notes = (LESSONS / "TEACHERS.md").read_text(encoding="utf-8")
    for path in (L3, L4):
        for n in re.findall(r"^### Exercise (\d\.\d) ", _markdown(path), re.M):
            assert re.search(rf"^### Exercise {re.escape(n)} ", notes, re.M), n
    questions = {**lesson3[1], **lesson4[1]}
    for n, text in NOTES_ANSWERS.items():
        assert text in _notes_exercise(notes, n)
        assert str(Fraction(questions[n].answer)) in text.replace("−", "-")
    edge = Fraction(questions["4.2"].answer)
    assert f"**{edge.numerator}/{edge.denominator}\n≈ {float(edge):.2%}**" in _notes_exercise(notes, "4.2")
    plain = odds.solve("plain", dealer=odds.stand_at(5)).house_edge
    assert f"{plain.numerator}/{plain.denominator} ≈ {float(plain):.2%} for `plain`" in notes


def test_two_true_reali_tie_and_the_bank_wins_S13_S16():
    italian = sk.Rules.preset("italian")
    assert sk.settle("7c Fc", "7s Fs", 1, italian) == -1


# -- lesson 3: the worked round (S8-S18) ---------------------------------------------------------

def test_worked_round_numbers_S10_S13_S14_S17(lesson3):
    ns, _, _ = lesson3
    t = Table("italian", players=["Anna", "Bruno", "Carla", "Dino"], banker="Anna", seed=3,
              deck=sk.parse_cards("5c 7s 4b 6d 3d Fs 2c"))
    t.new_round()
    t.stake(4); t.hit()
    t.stake(2); t.hit()
    t.stake(3); t.hit(); t.stand()
    t.stand()
    assert t.bankrolls == (103, 96, 104, 97) and sum(t.bankrolls) == 400
    assert t.names[t.banker] == "Carla"
    paid = {t.names[e.seat]: e.data["amount"] for e in t.round_events() if e.kind in ("paid", "bust")}
    assert paid == {"Bruno": 4, "Carla": 4, "Dino": -3}
    md = _markdown(L3)
    for text in ("bust with 8 and paid his 4", "2 × 2 = 4", "takes his 3", "add up to 400",
                 "the bank passes to her"):
        assert text in md


def test_settlement_examples_multipliers_S10_to_S16():
    italian = sk.Rules.preset("italian")
    o = lambda you, bank, r=italian: sk.outcome(sk.score(sk.parse_cards(you), r), sk.score(sk.parse_cards(bank), r), r)
    assert o("5c 3d", "Cb").multiplier == -1            # S10
    assert o("5s 2b", "4c 3d Fb 2s").multiplier == 1    # S12
    assert o("5s Ad", "4b 2c").multiplier == -1         # S13 tie
    assert o("7c Fc", "3b 4d Fs").multiplier == 2       # S5, S14
    assert o("3s 4c Cb", "7d Cd").multiplier == -2      # S15
    assert o("Rd Fd", "7s Fs").multiplier == -1         # S16
    assert o("7c 7d", "6s Cb", italian.replace(triple=True)).multiplier == 3  # S6, S14


# -- lesson 4: presets, house edges, Quattro e mezzo ------------------------------------------------

def test_house_edges_stated_in_lesson_4(lesson4):
    ns, questions, _ = lesson4
    edges = {n: odds.solve(n, dealer=odds.stand_at(5)).house_edge for n in ("italian", "spanish", "plain")}
    assert ns["edges"] == edges
    assert edges["spanish"] == edges["plain"]            # "the spanish and plain numbers are the same"
    assert 0 < edges["italian"] < edges["plain"]         # "a little better for the player"
    # "even though the bank's reale collects double": without S15's double the edge is lower still
    single = sk.Rules.preset("italian").replace(dealer_reale_collects_double=False)
    assert odds.solve(single, dealer=odds.stand_at(5)).house_edge < edges["italian"]
    q = questions["4.2"]
    assert Fraction(q.answer) == edges["italian"]
    assert q.check("15.85%").right and q.check("0.1585").right
    assert "plain" in q.check("16.37%").message and "positive" in q.check("-15.85%").message
    md = _markdown(L4)
    it, pl = f"{float(edges['italian']):.2%}", f"{float(edges['plain']):.2%}"
    assert (it, pl) == ("15.85%", "16.37%")
    assert f"about {it}" in _solution(L4, "4.2") and f"about {pl}" in _solution(L4, "4.2")
    assert f"about {it} in the italian rules and {pl} in the plain and spanish rules" in md


def test_spanish_reale_is_paid_even_money_italian_double():
    you, bank = "7c Fc", "4d 2s"
    assert sk.settle(you, bank, 5, sk.Rules.preset("spanish")) == 5
    assert sk.settle(you, bank, 5, sk.Rules.preset("italian")) == 10
    assert "+10" in _solution(L4, "4.1")


def test_optional_rules_presets_S19_S23():
    for name in ("italian", "plain"):
        r = sk.Rules.preset(name)
        assert not any((r.burn_three_four, r.exchange_four, r.half_point_ace, r.face_down_requests, r.split_figures))
    s = sk.Rules.preset("spanish")
    assert s.face_down_requests and s.split_figures
    assert not any((s.burn_three_four, s.exchange_four, s.half_point_ace))


def test_quattro_points_stated_Q2_Q5_Q6():
    pts = lambda h: quattro.points_for(quattro.score(h))
    assert pts("2c Ac Ad Fc Fd") == 5 and pts("3c 2d") == 1 and pts("Ac 4d") == 1 and pts("5c") == 2
    assert pts("4c Fs") == 5 and pts("4c Rd") == 3 and pts("7c Rd") == 1
    r = quattro.showdown(["4s Cc", "5b", "3d 3s"], dealer=2)
    assert r.winners == (1,) and r.takes_deal == (1,)
    assert "takes the deal" in _solution(L4, "4.5")
    assert "scores only 1" in _solution(L4, "4.3")


def test_variant_explorer_things_to_try_S6_S13_S14_S15():
    from widgets import VariantExplorer

    v = VariantExplorer("plain", background=False)
    v.set_option("dealer_wins_ties", False)
    assert v.message_text == "" and v.edge < v.base_edge
    v = VariantExplorer("spanish", background=False)
    v.set_option("reale", True)
    v.set_option("reale_payout", 2)
    assert v.message_text == "" and v.rules.reale_payout == 2
    v = VariantExplorer("italian", background=False)
    v.set_option("dealer_reale_collects_double", False)
    assert v.message_text == ""
    # "the house edge does not move at all" for every payout the menu offers: with a 7,
    # standing is better than drawing for the triple, so the triple is never made heads-up
    from widgets.variant_explorer import OPTIONS

    italian = sk.Rules.preset("italian")
    base = odds.solve(italian, dealer=odds.stand_at(5)).house_edge
    for pay in OPTIONS["triple_payout"][2]:
        r = italian.replace(triple=True, triple_payout=pay)
        assert odds.solve(r, dealer=odds.stand_at(5)).house_edge == base
    assert "does not move at all" in _markdown(L4)
