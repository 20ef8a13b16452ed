"""Lesson 14 · Bluffing with your stake: every number the lesson states, recomputed.

The Markdown, the solutions, the Predicts and TEACHERS.md quote numbers of the stake
game (``odds.stake_game``) and of the bluff lab (``odds.bluff_lab``); each is
recomputed here with the engine.  Rules cited: S9 (the stake after the first card),
S11 (the bank plays seeing the stake and the face-up cards), S13 (ties to the bank).
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from lesson_tools import LESSONS, TEACHERS, markdown, run_lesson, solution
from stake_fixtures import game, lab  # noqa: F401 - fixtures
from sette_kit import fmt

L14 = LESSONS / "14-bluffing-with-your-stake.ipynb"


class _Predicts(list):
    def __call__(self, question, answer, **kw):
        self.append({"question": question, "answer": answer, **kw})


@pytest.fixture(scope="module")
def run():
    predicts = _Predicts()
    ns, questions, __ = run_lesson(L14, stubs=("BluffLab",), extra={"Predict": predicts})
    return ns, questions, predicts


def _teachers() -> str:
    text = TEACHERS.read_text(encoding="utf-8")
    return text.split("<!-- lesson 14 -->")[1]


def d(x, n=4):
    return fmt.decimal(x, n)


def test_the_figure_prediction_comes_from_the_equilibrium(run, game):
    __, __, predicts = run
    p = predicts[0]
    assert p["answer"] == "no, never" and game.bluff.by_card["figure"] == 0   # S9: the stake is his choice
    assert p["choices"] == ["yes, sometimes", "no, never"]
    # the bluffing cards and their frequencies, as the why and TEACHERS.md give them
    assert list(game.bluff.cards) == ["2", "3", "5"]
    shown = [fmt.percent(game.bluff.by_card[c], 1) for c in ("2", "3", "5", "6")]
    assert shown == ["23.1%", "3.2%", "1.0%", "10.7%"]
    for s in shown:
        assert s in _teachers()
    assert all(game.bluff.by_card[c] == 0 for c in ("Ace", "4", "figure"))
    # "loses about as much at a stake of 10 as at 1" for the bluffing cards; a figure loses more at 10
    for c in ("2", "3", "5"):
        assert abs(game.card_values[c][10] - game.card_values[c][1]) < Fraction(1, 1000)
    assert game.card_values["figure"][10] < game.card_values["figure"][1]
    assert game.card_values["6"][10] > 0  # a stake of 10 on a 6 is no bluff


def test_the_value_prediction_and_the_four_banks(run, game):
    __, __, predicts = run
    i = game.information
    assert predicts[1]["answer"] == i.equilibrium == game.lower
    t = _teachers()
    for v in (i.blind, i.best_fixed, i.reads_plan, i.equilibrium):
        assert "+" + d(v) in t
    assert i.best_fixed_total == Fraction(11, 2) and "(5½)" in t
    assert f"+{float(game.lower):.7f}" in t and f"+{float(game.upper):.7f}" in t
    # the lesson's rounded figures (Markdown and Summary)
    md = markdown(L14)
    assert "+0.44" in md and d(i.blind, 2) == "0.44"
    assert "+0.09" in md and d(i.reads_plan, 2) == "0.09"
    assert "+0.16" in md and d(i.equilibrium, 2) == "0.16"
    assert i.reads_plan < i.equilibrium < i.best_fixed < i.blind


def test_the_labs_numbers(lab, game):
    t, md = _teachers(), markdown(L14)
    assert fmt.percent(lab.equilibrium_share, 1) == "19.8%" and "19.8%" in t
    assert "about 20%" in md
    assert fmt.percent(game.bluff.frequency, 1) == "2.7%" and "2.7%" in t
    assert d(lab.play(0).ev) == "0.0886" and "+0.0886" in t
    # "beyond about a third / 34% of bluffs the result is below zero"
    assert lab.play(Fraction(34, 100)).ev > 0 > lab.play(Fraction(35, 100)).ev
    assert d(lab.play(Fraction(35, 100)).ev) == "-0.0187" and d(lab.play(Fraction(1, 2)).ev) == "-0.4205"
    assert "−0.0187" in t and "−0.4205" in t


def test_exercise_14_1(run, lab):
    __, questions, __ = run
    q = questions["14.1"]
    post = lab.posterior(lab.equilibrium_share)[10]
    assert q.answer == post["7"] and fmt.percent(post["7"], 1) == "72.5%"
    tree = lab.natural_frequencies(lab.equilibrium_share)
    assert d(tree[10][0], 0) == "138" and tree[10][1]["7"] == 100
    assert "about 72.5%" in solution(L14, "14.1") and "100 ÷ 138" in solution(L14, "14.1")
    assert q.check("1/2").status == "wrong" and q.check("72.5%").status == "right"
    # the exit ticket: 23 of the 138 hold a 2, about 17%
    assert d(tree[10][1]["2"], 0) == "23" and fmt.percent(post["2"], 0) == "17%"


def test_exercise_14_2(run, game):
    __, questions, __ = run
    i = game.information
    q = questions["14.2"]
    assert q.answer == i.blind - i.reads_plan and d(q.answer) == "0.3515"
    assert "0.4373 − 0.0857 = 0.3515" in solution(L14, "14.2")
    assert "0.4373 − 0.0857 = 0.3515" in _teachers()


def test_exercise_14_3(run, lab):
    __, questions, __ = run
    q = questions["14.3"]
    gain = lab.equilibrium_value - lab.play(0).ev
    # the exact gain is too long for the answer checker; to 10 decimals it judges any
    # decimal a learner types as the exact value would
    assert q.answer == round(gain, 10) and d(gain) == "0.0702" and fmt.decimal(gain, 7) == "0.0701886"
    # the two figures the question and the solution quote, subtracted, give the exact gain rounded
    assert Fraction(d(lab.equilibrium_value)) - Fraction(d(lab.play(0).ev)) == Fraction(d(gain))
    assert "0.1588 − 0.0886 = 0.0702" in solution(L14, "14.3")
    assert "0.1588 − 0.0886 = 0.0702" in _teachers() and "0.0701886" in _teachers()
    for typed in (d(gain), "0.070", "0.07019", "7.02%"):
        assert q.check(typed).status == "right", typed
    assert q.check("0.07").status == "imprecise" and q.check("0.0701").status == "wrong"
    # the targeted feedback for the equilibrium's whole result (it once raised: the value's
    # exact fraction was too long for the checker)
    v = q.check(d(lab.equilibrium_value))
    assert v.status == "wrong" and "whole result" in v.message
    assert re.search(r"Targeted\s+feedback for 0\.1588", _teachers())
