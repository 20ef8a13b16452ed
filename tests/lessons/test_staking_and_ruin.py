"""Lessons 8 (betting after the first card) and 10 (risk and ruin):
every number the text states - in the Markdown, the solutions, the Predicts' ``why`` and
TEACHERS.md - recomputed with the engine (exactly, with Fractions, where the mathematics is
finite).

The lessons' code is run without a kernel (``lesson_tools.run_lesson``): the labs are
stubbed, each ``Quiz`` is captured by its exercise number and each ``Predict`` records
its question, its answer and its ``why``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from lesson_tools import LESSONS, flat, markdown, run_with_predicts, solution, teachers_exercise, teachers_section

from sette_kit import fmt, odds
from sette_kit.scoring import fmt_points
from widgets import charts

L08 = LESSONS / "08-betting-after-the-first-card.ipynb"
L10 = LESSONS / "10-risk-and-ruin.ipynb"
BANK = odds.stand_at(5)


def _run(path, stubs):
    ns, questions, _, predicts = run_with_predicts(path, stubs, extra={"charts": charts})
    return ns, questions, predicts


def _section(n: int) -> str:
    return flat(teachers_section(n))


_exercise_notes = teachers_exercise


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


def test_l08_the_figures_of_betting_after_the_first_card(engine08):
    """Betting after the first card: +0.44 per round, +15.6% of the money staked (figures.md: +0.4373,
    +15.617%), stake 10 on a first 6 or 7 and 1 otherwise; 5 the bank's best threshold
    against a flat stake, 5½ against the staking player."""
    best, by, plan, table = engine08
    assert dict(plan.stakes) == {"Ace": 1, "2": 1, "3": 1, "4": 1, "5": 1, "6": 10, "7": 10, "figure": 1}
    assert plan.ev_per_round == Fraction(412677285493307, 943724306274750)
    assert plan.stake_per_round == Fraction(14, 5)
    assert plan.ev_per_unit == plan.ev_per_round / plan.stake_per_round
    assert f"{float(plan.ev_per_round):.4f}" == "0.4373" and f"{float(plan.ev_per_unit):.3%}" == "15.617%"
    assert (table.best_flat.threshold, table.best_staking.threshold) == (5, Fraction(11, 2))


def test_l08_the_edge_assumes_a_flat_stake(l08, engine08):
    """The house edge: "the bank always wins in the long run" needs "with the same stake
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
    # the review: shown for banks that stand at a fixed total; a bank that reads
    # the stake (5 against a stake of 1, 5½ against more) still loses +0.3106 a round
    reading = table.stake_reading()
    assert (fmt_points(reading.small), fmt_points(reading.large)) == ("5", "5½")
    assert fmt.decimal(reading.ev_per_round, 4, sign=True) == "+0.3106"
    assert "Either way you win" not in kw["why"]
    assert ("No bank that stands at a fixed total can undo the choice of stake; even one that changes its total "
            "when it sees a big stake only cuts your gain to +0.31 a round.") in kw["why"]
    assert "the staking player still wins +0.3106 a round" in notes


def test_l08_review_bayes_in_full_and_the_flat_stake_premise(engine08):
    """The review: Bayes' theorem with P(stake | card), "|" read
    "given"; the opening question says the bank has the edge at a flat stake, not "in every
    round" (a first 6 or 7 gives the player the edge)."""
    from sette_kit import course

    best, by, plan, table = engine08
    text = flat(markdown(L08))
    assert "P(card | stake) = P(stake | card) × P(card) ÷ P(stake)" in text and "Read \"|\" as \"given\"" in text
    assert "P(card | stake) = P(card) ÷ P(stake)" not in text
    p1 = sum(f.probability for n, f in by.items() if plan.stakes[n] == 1)
    assert p1 == Fraction(4, 5) and 1 * by["figure"].probability / p1 == plan.posterior(1)["figure"] == Fraction(3, 8)
    assert "P(figure | stake 1) = 1 × 3/10 ÷ 4/5 = 3/8" in text
    q = course.lesson(8).question
    assert "in every round" not in q and "if you stake the same every round" in q
    assert by["6"].ev > 0 and by["7"].ev > 0          # in a round that starts with a 6 or a 7 the player has the edge
    assert "P(stake 1 | figure) × P(figure) ÷ P(stake 1) = 1 × 3/10 ÷ 4/5 = 3/8" in flat(_section(8))


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
    assert "**Timing (30 min; extensions 15 min).**" in notes


# =========================================================================================
# Lesson 10: risk and ruin
# =========================================================================================

@pytest.fixture(scope="module")
def l10():
    return _run(L10, ("BankrollLab",))


@pytest.fixture(scope="module")
def engine10():
    from sette_kit import risk

    one = risk.round_result("plain", stake=1)
    ten = risk.at_stake(one, 10)
    plan = risk.round_result("plain", plan=(1, 10))
    ruin = {"one": risk.ruin_probability(one, 100, 200), "ten": risk.ruin_probability(ten, 100, 200),
            "plan": risk.ruin_probability(plan, 100, 200)}
    return one, ten, plan, ruin


def test_l10_the_round_is_exact_and_the_chain_agrees_with_the_figures(engine10):
    """Risk and ruin (figures.md: ruin with the plan 0.013025, flat stake 10 0.96456):
    the round's law is exact, the chain's error is below 1e-12."""
    one, ten, plan, ruin = engine10
    best = odds.solve("plain", dealer=BANK)
    assert one.mean == best.ev and set(one.distribution) == {-1, 1}
    assert one.variance == 1 - best.ev ** 2                     # a +-1 game: E[X^2] - mean^2
    assert ten.variance == 100 * one.variance and ten.mean == 10 * one.mean
    assert set(ten.distribution) == {-10, 10}                   # plain rules: no double payment
    assert plan.mean == odds.best_staking_plan(best, 1, 10).ev_per_round
    assert f"{ruin['plan'].probability:.6f}" == "0.013025" and f"{ruin['ten'].probability:.5f}" == "0.96456"
    assert all(r.error_bound < 1e-12 for r in ruin.values())


def test_l10_the_chain_by_hand(engine10):
    """The lesson's equations: r(0) = 1, r(200) = 0, r(b) = P(win) r(b+10) + P(lose) r(b-10),
    19 unknowns r(10) ... r(190) with a stake of 10: solved here as a small exact system."""
    one, ten, plan, ruin = engine10
    win, lose = ten.distribution[10], ten.distribution[-10]
    # gambler's ruin with steps of one unit (10 money): r(k) = (q^k - q^N)/(1 - q^N) in q = lose/win ... from k=10
    q = lose / win
    n, k = 20, 10
    exact = (q ** k - q ** n) / (1 - q ** n)
    assert abs(float(exact) - ruin["ten"].probability) < 1e-12
    unknowns = [b for b in range(10, 200, 10)]
    assert len(unknowns) == 19
    text = flat(markdown(L10))
    assert "r(b) = P(win) × r(b + 10) + P(lose) × r(b - 10)" in text
    assert "19 equations for the 19 unknowns r(10), r(20), ..., r(190)" in text


def test_l10_predictions(l10, engine10):
    from sette_kit import risk

    ns, _, predicts = l10
    one, ten, plan, ruin = engine10
    notes = _section(10)
    assert len(predicts) == 5
    # 1. the standard deviation of one round: about 1
    q, answer, kw = predicts[0]
    assert answer == "about 1" and kw["choices"] == ["about 0.1", "about 0.5", "about 1", "about 2"]
    assert (fmt.decimal(one.mean, 4, sign=True), fmt.decimal(one.variance, 4), fmt.decimal(one.sd, 4)) == \
        ("-0.1637", "0.9732", "0.9865")
    assert "the mean is only -0.1637" in kw["why"] and "variance is 0.9732 and the standard deviation 0.9865" in kw["why"]
    assert "**about 1**" in notes and "variance 0.9732, standard deviation 0.9865" in notes
    assert round(one.sd / -float(one.mean)) == 6           # "six times the edge"
    # 2. the opening question: 100, stake 10, ruin before 200
    q, answer, kw = predicts[1]
    assert answer == Fraction(ruin["ten"].probability)
    sim = risk.simulate_ruin(ten, bankroll=100, target=200, paths=400, seed=1)
    assert ns["sim_ten"] == sim and abs(sim.estimate - ruin["ten"].probability) < 4 * sim.stderr
    assert (sim.paths, sim.ruined, fmt.percent(sim.estimate, 1), fmt.percent(sim.stderr, 1)) == (400, 382, "95.5%", "1.0%")
    assert fmt.percent(ruin["ten"].probability, 1) == "96.5%" and round(ruin["ten"].expected_rounds) == 57
    # the review: most *games* end in ruin (the bank wins 58% of rounds), and a
    # standard error of a percentage is in percentage points
    assert kw["why"] == ("A game lasts only about 57 rounds on average, yet the edge of lesson 7 ends most games in "
                         "ruin. A simulation of 400 bankrolls agrees: 382 went broke, 95.5%, with a standard error of "
                         "1.0 percentage points.")
    assert "**96.5%** (0.964558), after about 57 rounds" in notes and f"{ruin['ten'].probability:.6f}" == "0.964558"
    assert "400 bankrolls: 382 ruined, 95.5%, standard error 1.0 percentage point" in notes
    # 3. stake 1 or stake 10 with the edge against you: 10
    q, answer, kw = predicts[2]
    assert answer == "a stake of 10" and 1 - ruin["ten"].probability > 1 - ruin["one"].probability
    assert fmt.percent(1 - ruin["ten"].probability, 1) == "3.5%" and round(ruin["one"].expected_rounds) == 611
    assert fmt.percent(ruin["one"].probability, 2) == "100.00%"
    assert "double your money 3.5% of the time" in kw["why"] and "about 611 rounds" in kw["why"]
    assert "**a stake of 10** (3.5% against almost nothing" in notes and "about 611 rounds" in notes
    # 4. the staking plan: 1.3%
    q, answer, kw = predicts[3]
    assert answer == Fraction(ruin["plan"].probability)
    assert (fmt.percent(ruin["plan"].probability, 1), fmt.decimal(plan.mean, 4, sign=True), fmt.decimal(plan.sd, 2),
            round(ruin["plan"].expected_rounds)) == ("1.3%", "+0.4373", "4.54", 230)
    # the review: the fall from 96.5% to 1.3% is the sign of the edge, not small stakes
    assert kw["why"] == ("You win +0.4373 a round on average, with a standard deviation of 4.54: over the 230 "
                         "rounds a game lasts on average, the edge, now yours, has time to show.")
    assert max(p.stake for p in plan.parts) * 10 == 100
    scaled = ns["scaled"]
    assert list(scaled) == ["stakes 1 and 10", "stakes 2 and 20", "stakes 5 and 50"]
    assert [fmt.percent(p, 1) for p in scaled.values()] == ["1.3%", "10.5%", "31.8%"]
    assert scaled["stakes 1 and 10"] == ruin["plan"].probability
    assert "**1.3%** (0.013025), about 230 rounds" in notes and "mean +0.4373 and standard deviation 4.54" in notes
    # 5. the gambler's fallacy: 23/39 after five busts, reshuffled
    q, answer, kw = predicts[4]
    after = risk.next_card_after_busts("6 di coppe", 5, rules="plain")
    assert answer == after.reshuffled == after.fresh == odds.bust_probability("6 di coppe") == Fraction(23, 39)
    assert kw["why"].startswith("The same as from a fresh deck") and after.carried != after.fresh
    assert "**23/39 ≈ 59.0%**" in notes


def test_l10_markdown_claims(engine10):
    from widgets.bankroll_lab import LIMITS, VOLATILITY_STAKES

    one, ten, plan, ruin = engine10
    text = flat(markdown(L10))
    assert "at a stake of 1, every round ends at -1 or +1" in text and set(one.distribution) == {-1, 1}
    assert "The spread is six times the edge" in text and round(one.sd / -float(one.mean)) == 6
    assert "a loss of about a sixth of your stake a round" in text and abs(-one.mean - Fraction(1, 6)) < Fraction(1, 100)
    assert "multiplies the standard deviation by 10 and the variance by 100" in text
    # volatility against edge: with the edge for you, bigger stakes (the same plan, scaled) raise the chance of ruin
    from sette_kit import risk
    scaled = [risk.ruin_probability(risk.round_result("plain", plan=(k, 10 * k)), 100, 200).probability for k in (1, 2, 5)]
    assert scaled == sorted(scaled) and scaled[0] < scaled[-1]
    assert f"{risk.ruin_probability(risk.round_result('plain', plan=(10, 100)), 100, 200).probability:.2%}" == "43.18%"
    assert "With the edge for you it is the other way round: you want many small rounds" in text
    assert ten.variance == 100 * one.variance
    # the lab's words: two thousand simulated bankrolls, flat stakes from 1 to 50
    import inspect

    from widgets import BankrollLab
    assert inspect.signature(BankrollLab).parameters["sim_paths"].default == 2000
    assert "play two thousand bankrolls" in text
    assert (VOLATILITY_STAKES[0], VOLATILITY_STAKES[-1]) == (1, 50) and "flat stakes from 1 to 50" in text
    assert LIMITS["stake"] == (1, 50)
    # the summary
    assert "ruin before 200 is about 96.5%" in text and fmt.percent(ruin["ten"].probability, 1) == "96.5%"
    assert "small stakes make ruin rare" not in text                               # the review, item 10
    assert "the staking plan goes broke 1.3% of the time, and 10.5% when its stakes are doubled" in text
    assert "10.5% with stakes of 2 and 20, 31.8% with 5 and 50" in text and "is the sign of the edge" in text
    assert [fmt.percent(p, 1) for p in scaled] == ["1.3%", "10.5%", "31.8%"]
    # the goals: less likely to end in ruin *before 200* (item 18)
    assert "a big stake makes ruin before you reach 200 less likely" in text and "less risky" not in text
    # the chain drawn: up 10 with 41.8%, down 10 with 58.2%; r(100) = 96.5%, r(190) = 28.2%
    chain = risk.ruin_chain(ten, 100, 200)
    assert (fmt.percent(ten.distribution[10], 1), fmt.percent(ten.distribution[-10], 1)) == ("41.8%", "58.2%")
    assert (fmt.percent(chain.ruin[100], 1), fmt.percent(chain.ruin[190], 1)) == ("96.5%", "28.2%")
    assert "up 10 with 41.8%, down 10 with 58.2%" in text and "96.5% from 100, 28.2% from 190" in text
    assert f"√(1 − {fmt.decimal(-one.mean, 4)}²) ≈ {fmt.decimal(one.sd, 4)}".replace("−", "-") in text
    assert "At a stake of 1 it is about 1, six times the edge" in text


def test_l10_exercises(l10, engine10):
    from sette_kit import risk

    _, questions, _ = l10
    one, ten, plan, ruin = engine10
    assert sorted(questions) == ["10.1", "10.2", "10.3", "10.4"]
    # 10.1 the variance of +1 (2/5) / -1 (3/5)
    coin = risk.custom_round({-1: Fraction(3, 5), 1: Fraction(2, 5)})
    q = questions["10.1"]
    assert q.answer == coin.variance == Fraction(24, 25) and coin.mean == Fraction(-1, 5)
    assert Fraction(2, 5) * Fraction(6, 5) ** 2 == Fraction(72, 125) and Fraction(3, 5) * Fraction(4, 5) ** 2 == Fraction(48, 125)
    assert 1 - coin.mean ** 2 == coin.variance
    assert _mistakes(q) == {Fraction(1), Fraction(-1, 5), Fraction(1, 5)} and q.check("0.96").right
    sol = flat(solution(L10, "10.1"))
    assert "Answer: **24/25** (0.96)" in sol and "72/125 + 48/125 = 120/125 = 24/25" in sol
    notes = flat(_exercise_notes(10, "10.1"))
    assert "Answer: **24/25** (0.96)" in notes and "1 (the mean not subtracted), -1/5 (the mean) and 1/5" in notes
    # 10.2 ten times the stake: 96
    q = questions["10.2"]
    assert q.answer == risk.at_stake(coin, 10).variance == 96
    assert _mistakes(q) == {Fraction(48, 5), Fraction(24, 25)}          # 9.6 and 24/25
    assert "Answer: **96**" in solution(L10, "10.2") and "100 × 24/25 = 96" in flat(solution(L10, "10.2"))
    assert "Answer: **96** = 100 × 24/25" in _exercise_notes(10, "10.2") and "9.6" in _exercise_notes(10, "10.2")
    # 10.3 the shortest chain: bankroll 10, stake 10, target 20 -> the chance of losing one round
    q = questions["10.3"]
    short = risk.ruin_probability(ten, 10, 20, exact=True)
    assert q.answer == short.probability == ten.distribution[-10] == 1 - odds.solve("plain", dealer=BANK).result_distribution()[1]
    assert (fmt.percent(q.answer, 1), fmt.percent(q.answer, 2), fmt.percent(1 - q.answer, 2)) == ("58.2%", "58.19%", "41.81%")
    assert q.check("58.2%").right and _mistakes(q) == {1 - short.probability, Fraction(1, 2)}
    assert "Answer: **about 58.2%**" in solution(L10, "10.3")
    notes = _exercise_notes(10, "10.3")
    assert "Answer: **about 58.2%** (58.19%)" in notes and "41.81%" in notes
    # 10.4 the deck carried over: 9/17 = 18/34
    q = questions["10.4"]
    after = risk.next_card_after_busts("6 di coppe", 5, rules="plain")
    assert q.answer == after.carried == Fraction(18, 34) == Fraction(23 - 5, 39 - 5)
    assert _mistakes(q) == {Fraction(23, 39), Fraction(18, 39)}
    assert (fmt.percent(after.carried, 1), fmt.percent(after.fresh, 1)) == ("52.9%", "59.0%")
    sol = flat(solution(L10, "10.4"))
    assert "Answer: **9/17** (18/34, about 52.9%)" in sol and "23 of the 39 unseen cards bust a 6" in sol
    # the review: the only cards seen are five from 2 to 7 (else 18/34 does not follow)
    assert "the only cards you have seen are the five that busted you, all of them cards from 2 to 7" in q.text
    assert "the five cards that busted you are out of the deck" not in q.text
    assert "18/34 = 9/17, lower than 23/39, about 59.0%" in sol
    notes = _exercise_notes(10, "10.4")
    assert "Answer: **9/17** (18/34 ≈ 52.9%)" in notes and "23/39" in notes and "18/39" in notes


def test_l10_exit_ticket_and_timing(engine10):
    one, ten, plan, ruin = engine10
    notes = _section(10)
    assert "**Timing (30 min; extensions 20 min).**" in notes and "**Exit ticket.**" in notes
    assert "the one who stakes 10" in notes and "(3.5% against almost 0)" in notes
    assert fmt.percent(1 - ruin["ten"].probability, 1) == "3.5%" and 1 - ruin["one"].probability < 1e-9
    # the coin game of the classroom idea is exercise 10.1's: it wins 2 times in 5
    assert "wins 2 times in 5 (the game of exercise 10.1)" in notes
