"""Lessons 8 (betting after the first card) and 10 (risk and ruin), issue 15 items 1 and 2:
every number the text states - in the Markdown, the solutions, the Predicts' ``why`` and
TEACHERS.md - recomputed with the engine (exactly, with Fractions, where the mathematics is
finite).

The lessons' code is run without a kernel (``lesson_tools.run_lesson``): the labs are
stubbed, each ``Quiz`` is captured by its exercise number and each ``Predict`` records
its question, its answer and its ``why``.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from lesson_tools import LESSONS, TEACHERS, flat, markdown, run_lesson, solution

from sette_kit import fmt, odds
from sette_kit.scoring import fmt_points
from widgets import charts

L08 = LESSONS / "08-betting-after-the-first-card.ipynb"
L10 = LESSONS / "10-risk-and-ruin.ipynb"
BANK = odds.stand_at(5)


def _run(path, stubs):
    predicts = []

    def predict(question, answer=None, **kw):
        predicts.append((question, answer() if callable(answer) else answer, kw))

    ns, questions, _ = run_lesson(path, stubs=stubs, extra={"Predict": predict, "charts": charts})
    return ns, questions, predicts


def _section(n: int) -> str:
    """Lesson n's TEACHERS.md section, from its heading to the next lesson's heading."""
    text = TEACHERS.read_text(encoding="utf-8")
    m = re.search(rf"^## Lesson {n} · .*?(?=^## Lesson |\Z)", text, re.M | re.S)
    assert m, f"TEACHERS.md has no lesson {n} section"
    return flat(m.group(0))


def _exercise_notes(n: int, number: str) -> str:
    m = re.search(rf"### Exercise {re.escape(number)} (.*?)(?=### |\*\*Exit|\Z)", _section(n))
    assert m, f"TEACHERS.md has no exercise {number}"
    return m.group(1)


def _mistakes(question) -> set:
    return {Fraction(m.value) for m in question.mistakes}


# =========================================================================================
# Lesson 8: betting after the first card
# =========================================================================================

@pytest.fixture(scope="module")
def l08():
    return _run(L08, ("BettingLab",))


@pytest.fixture(scope="module")
def engine08():
    best = odds.solve("plain", dealer=BANK)
    by = odds.ev_by_first_card(best)
    plan = odds.best_staking_plan(best, 1, 10)
    table = odds.bank_thresholds("plain", thresholds=(4, 4.5, 5, 5.5, 6, 6.5), min_stake=1, max_stake=10)
    return best, by, plan, table


def test_l08_the_lesson_computes_with_the_engine(l08, engine08):
    ns, _, _ = l08
    best, by, plan, table = engine08
    assert ns["best"].ev == best.ev and ns["plan"] == plan
    assert {n: f.ev for n, f in ns["by_card"].items()} == {n: f.ev for n, f in by.items()}
    assert [(r.threshold, r.flat_ev, r.plan.ev_per_round) for r in ns["table"].rows] == \
        [(r.threshold, r.flat_ev, r.plan.ev_per_round) for r in table.rows]


def test_l08_issue_15_item_1_figures(engine08):
    """Issue 15 item 1: +0.44 per round, +15.6% of the money staked (figures.md: +0.4373,
    +15.617%), stake 10 on a first 6 or 7 and 1 otherwise; 5 the bank's best threshold
    against a flat stake, 5½ against the staking player."""
    best, by, plan, table = engine08
    assert dict(plan.stakes) == {"Ace": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 10, "7": 10, "figure": 1}
    assert plan.ev_per_round == Fraction(412677285493307, 943724306274750)
    assert plan.stake_per_round == Fraction(14, 5)
    assert plan.ev_per_unit == plan.ev_per_round / plan.stake_per_round
    assert f"{float(plan.ev_per_round):.4f}" == "0.4373" and f"{float(plan.ev_per_unit):.3%}" == "15.617%"
    assert (table.best_flat.threshold, table.best_staking.threshold) == (5, Fraction(11, 2))


def test_l08_issue_14_item_5_the_edge_assumes_a_flat_stake(l08, engine08):
    """Issue 14 item 5: "the bank always wins in the long run" needs "with the same stake
    every round": the same play loses at a flat stake and wins with the staking plan."""
    best, by, plan, table = engine08
    assert best.ev < 0 < plan.ev_per_round and plan.flat_ev == best.ev
    assert all(r.plan.ev_per_round > 0 for r in table.rows)   # "against every one of these banks"
    text = flat(markdown(L08))
    assert "the same every round" in text and "with the same stake every round" in text
    assert "same stake every round" in _section(8)


def test_l08_predictions(l08, engine08):
    _, _, predicts = l08
    best, by, plan, table = engine08
    assert len(predicts) == 4
    notes = _section(8)
    # 1. how many first cards win on average: 2, the 6 and the 7
    q, answer, kw = predicts[0]
    winners = [n for n, f in by.items() if f.ev > 0]
    assert winners == ["6", "7"] and answer == 2 and kw["kind"] == "count" and kw["reveal"] is not None
    assert min(by, key=lambda n: by[n].ev) == "4"
    pct = {n: fmt.percent(f.ev, 1, sign=True) for n, f in by.items()}
    assert (pct["7"], pct["6"], pct["4"], pct["figure"]) == ("+57.1%", "+9.7%", "-46.8%", "-9.2%")
    assert kw["why"] == ("Only a first 6 or a 7 wins on average: a 7 wins +57.1% of the stake, a 6 +9.7%. "
                         "A first 4 is the worst start: -46.8%.")
    assert "**2**, a first 6 (+9.7% of the stake) and a first 7 (+57.1%)" in notes
    assert "first 4 (-46.8%); a figure loses only 9.2%" in notes
    # 2. who wins with the plan: you
    q, answer, kw = predicts[1]
    assert answer == "you" and plan.ev_per_round > 0 and kw["choices"] == ["the bank", "you"]
    assert fmt.decimal(plan.ev_per_round, 4, sign=True) == "+0.4373"
    assert fmt.percent(plan.ev_per_unit, 1, sign=True) == "+15.6%"
    assert "+0.4373 on average: +15.6% of the money you stake" in kw["why"]
    assert "**you**: +0.4373 per round on average, +15.6% of the money staked" in notes
    assert fmt.percent(-best.ev, 1) == "16.4%" and "flat stake loses 16.4% of every stake" in notes
    # 3. Bayes: a stake of 1, the chance of a figure: 3/8
    q, answer, kw = predicts[2]
    assert answer == plan.posterior(1)["figure"] == Fraction(3, 8)
    assert by["figure"].probability == Fraction(12, 40) and by["6"].probability + by["7"].probability == Fraction(8, 40)
    assert kw["why"] == ("Before the stake, 12 of the 40 cards are figures: 3/10 = 30.0%. A stake of 1 rules out "
                         "the 8 sixes and sevens, so 12 of the 32 cards left: 3/8 = 37.5%.")
    assert "**3/8 = 37.5%**" in notes and "12 of 40 cards are figures (3/10)" in notes and "12 of 32" in notes
    # 4. the bank's best threshold against the staking player: 5½
    q, answer, kw = predicts[3]
    rows = {fmt_points(r.threshold): r for r in table.rows}
    assert answer == "5½" == fmt_points(table.best_staking.threshold) and kw["choices"] == list(rows)
    assert list(rows) == ["4", "4½", "5", "5½", "6", "6½"]
    assert fmt.decimal(rows["5½"].plan.ev_per_round, 4, sign=True) == "+0.3945"
    assert ("Standing at 5½ cuts your gain to +0.3945 per round, from +0.4373 at 5. Against a flat stake the "
            "bank's best is still 5.") in kw["why"]
    assert "**5½**: the player's gain falls to +0.3945 per round (from +0.4373 at 5)" in notes
    assert "wins against every threshold from 4 to 6½" in notes


def test_l08_markdown_claims(engine08):
    best, by, plan, table = engine08
    text = flat(markdown(L08))
    evs = {n: f.ev for n, f in by.items()}
    # "A first 3, 4 or 5 is the worst"
    assert sorted(evs, key=evs.get)[:3] == ["4", "3", "5"]
    assert "A first 3, 4 or 5 is the worst" in text
    # "You still lose on average in every round you stake 1": every first card staked 1 loses
    assert all(f.ev < 0 for n, f in by.items() if plan.stakes[n] == 1)
    # "stand at 4, 4½, 5, 5½, 6 or 6½. Against the same stake every round, standing at 5 is its best"
    assert "stand at 4, 4½, 5, 5½, 6 or 6½. Against the same stake every round, standing at 5 is its best" in text
    assert table.best_flat.threshold == 5 and min(r.flat_ev for r in table.rows) == table.best_flat.flat_ev
    # "standing at 5½ lowers what your 6s and 7s win, and those are the rounds you stake 10 on"
    at55 = odds.ev_by_first_card(odds.solve("plain", dealer=odds.stand_at(5.5)))
    assert at55["6"].ev < by["6"].ev and at55["7"].ev < by["7"].ev
    assert "best threshold is 5½, not 5: standing at 5½ lowers what your 6s and 7s win" in text
    # the summary
    assert "only a first 6 or 7 wins on average" in text
    assert "10 on a 6 or 7 and 1 otherwise wins about 15.6% of the money you stake" in text
    assert "a stake of 10 means a 6 or a 7" in text and set(plan.posterior(10)) == {"6", "7"}
    assert "5 against a flat stake, 5½ against the staking player, who still wins" in text
    assert "stakes go from 1 to 10" in text


def test_l08_exercises(l08, engine08):
    _, questions, _ = l08
    best, by, plan, table = engine08
    assert sorted(questions) == ["8.1", "8.2", "8.3", "8.4"]
    # 8.1 the average stake: 2.8 = 1/5 x 10 + 4/5 x 1
    q = questions["8.1"]
    assert q.answer == Fraction(14, 5) == Fraction(1, 5) * 10 + Fraction(4, 5) * 1 and q.check("2.8").right
    assert _mistakes(q) == {Fraction(11, 2), Fraction(2), Fraction(10)}
    sol = flat(solution(L08, "8.1"))
    assert "Answer: **2.8**" in sol and "1/5 × 10 + 4/5 × 1 = 2 + 0.8 = 2.8" in sol and "8 of the 40 cards" in sol
    notes = _exercise_notes(8, "8.1")
    assert "Answer: **2.8** (exactly 14/5)" in notes and all(s in notes for s in ("5.5", "2 (", "10."))
    # 8.2 a flat stake of 10 with the same play: 10 x -0.1637
    q = questions["8.2"]
    assert q.answer == 10 * best.ev and q.kind == "money"
    assert q.check("-1.64").right and not q.check("-0.1637").right and not q.check("1.64").right
    assert _mistakes(q) == {best.ev, -10 * best.ev}
    assert (fmt.decimal(best.ev, 4), fmt.decimal(10 * best.ev, 2), fmt.percent(-best.ev, 1)) == \
        ("-0.1637", "-1.64", "16.4%")
    assert (fmt.decimal(plan.stake_per_round, 1), fmt.decimal(plan.ev_per_round, 2, sign=True)) == ("2.8", "+0.44")
    sol = flat(solution(L08, "8.2"))
    assert "Answer: **about -1.64**" in sol and "returns -0.1637 on average" in sol and "16.4%" in sol
    assert "stake 2.8 on average and win about +0.44 per round" in sol
    notes = flat(_exercise_notes(8, "8.2"))
    assert "Answer: **about -1.64** per round (10 × -0.1637)" in notes and "+1.637" in notes
    assert "-1.64 per round into about +0.44" in notes
    # 8.3 the return per unit staked: 0.4373 / 2.8
    q = questions["8.3"]
    assert q.answer == plan.ev_per_unit and q.check("15.6%").right and not q.check("0.4373").right
    assert _mistakes(q) == {plan.ev_per_round, plan.ev_per_round / 10}
    assert (fmt.decimal(plan.ev_per_unit, 3), fmt.decimal(plan.ev_per_unit, 4), fmt.decimal(plan.ev_per_round / 10, 4)) \
        == ("0.156", "0.1562", "0.0437")
    sol = flat(solution(L08, "8.3"))
    assert "Answer: **about 15.6%**" in sol and "0.4373 ÷ 2.8 ≈ 0.156" in sol and "loses 16.4% of it" in sol
    notes = _exercise_notes(8, "8.3")
    assert "Answer: **about 15.6%** (0.4373 ÷ 2.8 ≈ 0.1562)" in notes and "0.0437" in notes
    # 8.4 Bayes: a stake of 10, the chance of a 7: 4 of the 8 sixes and sevens
    q = questions["8.4"]
    assert q.answer == plan.posterior(10)["7"] == Fraction(4, 8) and by["7"].probability == Fraction(1, 10)
    assert _mistakes(q) == {Fraction(1, 10), Fraction(1)}
    sol = flat(solution(L08, "8.4"))
    assert "Answer: **1/2**" in sol and "8 cards, 4 of them 7s, so 4/8 = 1/2" in sol and "was 1/10" in sol
    assert "Answer: **1/2**" in _exercise_notes(8, "8.4") and "1/10" in _exercise_notes(8, "8.4")


def test_l08_exit_ticket(engine08):
    best, by, plan, table = engine08
    notes = _section(8)
    assert "**Exit ticket.**" in notes and "16.4%" in notes
    post = plan.posterior(1)
    assert set(post) == {"Ace", "2", "3", "4", "5", "figure"} and max(post, key=post.get) == "figure"
    assert "an Ace, 2, 3, 4, 5 or a figure; most likely a figure (3/8)" in notes
    assert "**Timing (25 min).**" in notes
