"""Numbers stated in lessons 11 and 12 (Trentuno, RULES T1-T7, T9) and 13 (counting hands
and cards) and their TEACHERS.md sections, checked against the engine.

The notebooks' code cells are run with the widgets replaced by stubs (``Quiz`` captured by
its exercise number, ``Predict`` recorded with its question, answer and why), so each
exercise's answer, each common-mistake feedback and each prediction is checked without
a kernel; every number the Markdown, the solutions and TEACHERS.md state is recomputed
with the engine.  The paired comparison (the knocking tournament's comparison of thresholds
played on the same deals) is checked with the paired standard error, fixed seeds.
"""

from __future__ import annotations

import re
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from lesson_tools import LESSONS, markdown, run_lesson, solution, teachers_exercise, teachers_section

import sette_kit as sk
from sette_kit import counting, odds
from sette_kit import trentuno as tr

L11 = LESSONS / "11-trentuno-rules.ipynb"
L12 = LESSONS / "12-trentuno-odds-and-knocking.ipynb"
L13 = LESSONS / "13-counting-hands-and-cards.ipynb"


def _flat(text: str) -> str:
    return " ".join(text.replace("−", "-").split())


def _teachers(n: int) -> str:
    return _flat(teachers_section(n))


def _teachers_exercise(n: int, number: str) -> str:
    return teachers_exercise(n, number, ends=r"### |\*\*Exit|\*\*Common")


class _Predicts(list):
    """Records each Predict(question, answer, **kw) of a lesson."""

    def __call__(self, question, answer, **kw):
        self.append({"question": question, "answer": answer, **kw})


def _run(path, stubs=()):
    predicts = _Predicts()
    ns, questions, _ = run_lesson(path, stubs=stubs, extra={"Predict": predicts})
    return ns, questions, predicts


@pytest.fixture(scope="module")
def l11():
    return _run(L11, stubs=("TrentunoTable",))


def _check_quoted_wrong_answers(q, n, ex_id, wrongs):
    for wrong in wrongs:
        verdict = q.check(wrong)
        assert verdict.status == "wrong" and verdict.message.startswith("Not quite."), (ex_id, wrong)
        assert any(m.feedback.split(":")[0] in verdict.message for m in q.mistakes), (ex_id, wrong, verdict.message)
        assert re.search(rf"(?<![\d/.]){re.escape(wrong)}(?![\d/])", _teachers_exercise(n, ex_id)), (ex_id, wrong)


# =================================================================================
# Lesson 11 · Trentuno: the rules
# =================================================================================

STATED_11 = {"11.1": "21", "11.2": "19", "11.3": "2", "11.4": "0"}
WRONG_11 = {  # wrong answers the solutions and TEACHERS.md quote: each gets targeted feedback
    "11.1": ["25", "11", "20", "10", "4"],
    "11.2": ["16", "13", "11", "30", "27", "24", "20"],
    "11.3": ["1", "3"],
    "11.4": ["2", "1", "3"],
}


def test_11_exercise_11_3_zero_is_caught(l11):
    assert l11[1]["11.3"].check("0").status == "wrong"


def test_T2_exercise_11_1_hand():
    hand = sk.parse_cards("Asso di denari, Cavallo di denari, 4 di spade")
    assert tr.score(hand).total == 21 and tr.score(hand).suit == sk.Suit.DENARI
    assert sum(map(tr.card_points, hand)) == 25
    assert "denari, Asso 11 + Cavallo 10 = 21; spade, 4" in _flat(solution(L11, "11.1"))


def test_T2_exercise_11_2_every_discard():
    four = sk.parse_cards("Re di denari, 6 di denari, Asso di spade, 3 di denari")
    throw, kept = tr.best_discard(four)
    assert throw == sk.parse_card("Asso di spade") and kept.total == 19
    after = {c.name(): tr.score([d for d in four if d != c]).total for c in four}
    assert after == {"Re di denari": 11, "6 di denari": 13, "Asso di spade": 19, "3 di denari": 16}
    text = _flat(solution(L11, "11.2"))
    for claim in ("10 + 6 + 3 = 19", "Re + 6 = 16 (throw the 3)", "Re + 3 = 13 (throw the 6)",
                  "6 + 3 = 9 against the Ace's 11 (throw the Re)", "it scores only 11"):
        assert claim in text


def test_T3_T6_exercise_11_3_showdown(l11):
    three = l11[0]["three"]
    assert [three.score_of(s).total for s in range(3)] == [27, 22, 22] and three.knocker == 0
    assert three.lives == [3, 2, 2] and three.pot == 2
    assert "tie for the lowest score, 22" in _flat(solution(L11, "11.3"))
    assert "Ada 27, Bruno 22, Carla 22" in _teachers_exercise(11, "11.3")


def test_T7_exercise_11_4_31_after_a_knock(l11):
    late = l11[0]["late"]
    assert [late.score_of(s).total for s in range(3)] == [27, 31, 30] and late.knocker == 0
    assert late.pot == 0 and late.lives == [3, 3, 3]
    texts = [e.text for e in late.events]
    assert "Ada knocked before the 31 and does not lose (T7)." in texts
    assert any(t.startswith("Carla has 30 and does not lose") for t in texts)
    assert "Ada knocks with 27" in l11[1]["11.4"].text


def test_11_predict_three_aces(l11):
    p = l11[2][0]
    assert p["answer"] == 11 == tr.score(sk.parse_cards("Asso di coppe, Asso di spade, Asso di bastoni")).total
    assert p["kind"] == "count" and p["why"].endswith("worth 11.")
    assert "Three Aces of coppe, spade and bastoni score **11**" in _teachers(11)


def _score_counts() -> Counter:
    """How many of the 9,880 three-card hands make each Trentuno score (T2)."""
    return Counter(tr.score(hand).total for hand in combinations(sk.FULL_DECK, 3))


def test_T2_predict_29_impossible_and_the_counts(l11):
    counts = _score_counts()
    assert sum(counts.values()) == 9880 and 29 not in counts and {27, 28, 30} <= set(counts)
    assert (counts[31], counts[30]) == (12, 4)
    p = l11[2][1]
    assert p["answer"] == "29" and p["choices"] == ["27", "28", "29", "30"]
    assert tr.score(sk.parse_cards("Asso di coppe, Re di coppe, 7 di coppe")).total == 28   # "28 (an Ace, a figure and a 7)"
    assert tr.score(sk.parse_cards("Re di coppe, Fante di coppe, Cavallo di coppe")).total == 30
    text = _flat(markdown(L11))
    assert "Of the 9,880 different hands of three cards, only 12 score 31" in text
    assert "only 4 score 30 (the three figures of one suit)" in text
    assert "The best hand is an Ace and two figures of one suit: 11 + 10 + 10 = 31." in text
    assert "the score three cards can never make is **29**" in _teachers(11).lower()
    assert "Of the 9,880 hands of three cards, 12 score 31" in _teachers(11)
    assert "4 score 30" in _teachers(11)
    assert sorted(s for s in range(20, 32) if s not in counts) == [29]     # "all but 29"


def test_T6_predict_knocker_ties_for_lowest(l11):
    tie = l11[0]["tie"]
    assert [tie.score_of(s).total for s in range(3)] == [26, 26, 30] and tie.knocker == 0
    assert tie.lives == [2, 3, 3]
    p = l11[2][2]
    assert p["answer"] == "Ada" and p["answer"] in p["choices"]
    assert "Ada 26, Bruno 26, Carla 30" in p["question"]
    assert "Ada 26, Bruno 26, Carla 30. **Ada** loses a life" in _teachers(11)


def test_T1_T3_T6_constants_in_the_text():
    r = tr.TrentunoRules()
    assert len(sk.FULL_DECK) == 40 and r.lives == 3 and r.knock_minimum == 26
    text = _flat(markdown(L11))
    assert "same 40 cards" in text and "three lives" in text and "knock with more than 25" in text
    assert tr.score(sk.parse_cards("Re di spade, 7 di spade, Asso di coppe")).total == 17   # exit ticket
    assert "(**17**: spade 10 + 7; the Ace alone is 11.)" in _teachers(11)


# =================================================================================
# Lesson 12 · Trentuno: odds and knocking
# =================================================================================

@pytest.fixture(scope="module")
def l12():
    from widgets import charts
    predicts = _Predicts()
    ns, questions, _ = run_lesson(L12, stubs=("TrentunoTable",), extra={"Predict": predicts, "charts": charts})
    return ns, questions, predicts


STATED_12 = {"12.1": "1/3", "12.2": "yes", "12.3": "13/300"}
WRONG_12 = {
    "12.1": ["2/9", "3/10", "12/37", "2/3"],
    "12.2": ["no"],
    "12.3": ["1", "161/300", "287/300"],
}


def test_exercise_12_1_counting():
    hand = sk.parse_cards("Re di denari, 6 di denari, Fante di bastoni")
    top = sk.parse_card("3 di coppe")
    o = tr.draw_odds(hand, top)
    assert (o.unseen, o.improving, o.p_improve) == (36, 12, Fraction(1, 3))
    unseen = [c for c in sk.FULL_DECK if c not in hand and c != top]
    helps = {c for c in unseen if tr.best_discard(hand + (c,))[1].total > 16}
    denari = {c for c in helps if c.suit == sk.Suit.DENARI}
    assert len(denari) == 8 == sum(c.suit == sk.Suit.DENARI for c in unseen)
    assert helps - denari == set(sk.parse_cards("Asso di bastoni, Cavallo di bastoni, Re di bastoni, 7 di bastoni"))
    assert {c: tr.best_discard(hand + (c,))[1].total for c in helps - denari} == {
        sk.parse_card("Asso di bastoni"): 21, sk.parse_card("Cavallo di bastoni"): 20,
        sk.parse_card("Re di bastoni"): 20, sk.parse_card("7 di bastoni"): 17}
    text = _flat(solution(L12, "12.1"))
    assert "40 - 3 - 1 = 36" in text and "12 of 36, or 1/3 (about 33.3%)" in text
    assert "the Asso (21), the Cavallo and the Re (20) and the 7 (17)" in text
    assert "8/36 = 2/9" in text and Fraction(8, 36) == Fraction(2, 9) and f"{float(o.p_improve):.1%}" == "33.3%"


def test_exercise_12_2_stock_or_discard():
    o = tr.draw_odds("Asso di coppe, 5 di coppe, Re di spade", "Fante di spade")
    assert o.best == "discard" and o.discard_score == 20 and o.expected_stock == Fraction(319, 18)
    assert "20, for sure" in _flat(solution(L12, "12.2")) and f"{float(o.expected_stock):.2f}" == "17.72"
    assert "about 17.72 on average" in _flat(solution(L12, "12.2"))
    assert "319/18 ≈ 17.72" in _teachers_exercise(12, "12.2")


def test_12_predict_stock_or_discard_for_ada(l12):
    ns, _, predicts = l12
    o = tr.draw_odds("Asso di coppe, 5 di coppe, Re di spade", "4 di spade")
    assert (o.improving, o.unseen, o.discard_score, o.best) == (12, 36, 16, "stock")
    assert o.distribution[16] == Fraction(2, 3) and o.points_sum == 642
    assert o.expected_stock == Fraction(642, 36) and f"{float(o.expected_stock):.2f}" == "17.83"
    hand = sk.parse_cards("Asso di coppe, 5 di coppe, Re di spade")
    unseen = [c for c in sk.FULL_DECK if c not in hand and c != sk.parse_card("4 di spade")]
    helps = {c for c in unseen if tr.best_discard(hand + (c,))[1].total > 16}
    coppe = {c for c in helps if c.suit == sk.Suit.COPPE}
    assert len(coppe) == 8
    assert helps - coppe == set(sk.parse_cards("Asso di spade, Fante di spade, Cavallo di spade, 7 di spade"))
    p = predicts[0]
    assert p["answer"] == 12 and p["kind"] == "count" and "12 of 36" in p["why"]
    assert "36 unseen" in p["question"]
    text = _flat(markdown(L12))
    assert "she stays on 16 two times in three" in text and "she ends on 17.83" in text
    assert "17.83 is more than 16: **draw from the stock**" in text
    assert "**12** of the 36 unseen cards" in _teachers(12) and "642/36 ≈ 17.83" in _teachers(12)
    assert "probability 2/3" in _teachers(12)
    k = tr.draw_odds("Asso di coppe, 5 di coppe, Re di spade", "Re di coppe")
    assert k.discard_score == 26 and k.best == "discard" and k.expected_stock == Fraction(158, 9)
    assert predicts[1]["answer"] == "take the Re di coppe" and "26 for sure" in predicts[1]["why"]
    assert "17.56 on average" in predicts[1]["why"] and "158/9 ≈ 17.56" in _teachers(12)


def test_12_predict_room_left_to_grow(l12):
    room = l12[0]["room"]
    assert {s: o.current for s, o in room.items()} == {"16": 16, "20": 20, "26": 26, "28": 28, "30": 30}
    assert {s: o.improving for s, o in room.items()} == {"16": 12, "20": 8, "26": 4, "28": 2, "30": 1}
    assert all(o.unseen == 37 for o in room.values())
    hand = sk.parse_cards("Asso di coppe, Re di coppe, 5 di coppe")
    helps = {c: tr.best_discard(hand + (c,))[1].total for c in sk.FULL_DECK
             if c not in hand and tr.best_discard(hand + (c,))[1].total > 26}
    assert helps == {sk.parse_card("Fante di coppe"): 31, sk.parse_card("Cavallo di coppe"): 31,
                     sk.parse_card("7 di coppe"): 28, sk.parse_card("6 di coppe"): 27}
    p = l12[2][2]
    assert p["answer"] == 4 and "37 unseen" in p["question"]
    # "about one card in three" at 16, "about one in nine" at 26
    assert round(1 / room["16"].p_improve) == 3 and round(1 / room["26"].p_improve) == 9
    assert "With 16, about one card in three helps; with 26, about one in nine." in _flat(markdown(L12))
    assert "12 of 37 at 16, 8 at 20, 4 at 26, 2 at 28, 1 at 30" in _teachers(12)
    assert "at 26, only 4 of 37 unseen cards improve it" in _flat(markdown(L12))


def _tournament(deals, thresholds=(26, 28, 30)):
    """The lesson's tournament, played here independently: {threshold: [lost a life?]}."""
    out = {}
    for t in thresholds:
        out[t] = []
        for deal in range(deals):
            me = deal % 3
            others = [tr.Greedy(), tr.ThresholdKnocker(27)]
            bots = {seat: tr.ThresholdKnocker(t) if seat == me else others.pop() for seat in range(3)}
            game = tr.TrentunoGame(["A", "B", "C"], seed=deal, bots=bots)
            game.play_bots()
            out[t].append(any(e.kind == "lose_life" and e.seat == me for e in game.events))
    return out


def _paired_se(a, b):
    d = [int(y) - int(x) for x, y in zip(a, b)]
    mean = Fraction(sum(d), len(d))
    var = sum((x - mean) ** 2 for x in d) / len(d)
    return mean, (float(var) / len(d)) ** 0.5


def test_12_tournament_rates_and_predict(l12):
    ns, _, predicts = l12
    lost = _tournament(300)
    assert ns["DEALS"] == 300 and ns["lost"] == lost
    counts = {t: sum(v) for t, v in lost.items()}
    assert counts == {26: 120, 28: 148, 30: 161}
    assert predicts[3]["answer"] == "knock at 26"
    text = _flat(markdown(L12))
    rates = {t: f"{k / 300:.1%}" for t, k in counts.items()}
    assert rates == {26: "40.0%", 28: "49.3%", 30: "53.7%"}
    assert "Knocking at 26 lost a life in 40% of the deals, waiting for 28 in 49.3% and waiting for 30 in 53.7%." in text
    assert "40% of the deals (120), knocking at 28 in 49.3% (148), at 30 in 53.7% (161)" in _teachers(12)


def test_paired_comparison_of_thresholds(l12):
    """The thresholds were played on the same deals, so the lesson compares
    them with the standard error of the per-deal differences (not one proportion's SE)."""
    lost = _tournament(300)
    pairs = l12[0]["pairs"]
    stated = {(26, 28): (29, 1, "5.4"), (26, 30): (42, 1, "6.7"), (28, 30): (13, 0, "3.7")}
    for (a, b), (only_late, only_early, z_text) in stated.items():
        mean, se = _paired_se(lost[a], lost[b])
        d = [int(y) - int(x) for x, y in zip(lost[a], lost[b])]
        assert (d.count(1), d.count(-1)) == (only_late, only_early)
        assert pairs[(a, b)][:3] == (only_late, only_early, mean) and pairs[(a, b)][3] == pytest.approx(se)
        assert f"{float(mean) / se:.1f}" == z_text, (a, b)
        assert f"**{z_text}** standard errors" in _teachers(12)
    # every comparison is well beyond luck once paired: the corrected finding
    assert min(float(m) / s for m, s in (_paired_se(lost[a], lost[b]) for a, b in stated)) > 3
    # the old, wrong tool: two separate proportions' standard errors
    p28, p30 = sum(lost[28]) / 300, sum(lost[30]) / 300
    se_two = (p28 * (1 - p28) / 300 + p30 * (1 - p30) / 300) ** 0.5
    assert f"{se_two:.1%}" == "4.1%" and f"{(p30 - p28) / se_two:.1f}" == "1.1"
    text = _flat(markdown(L12))
    assert "in 270 deals the two ended the same; 29 deals lost a life only when waiting, 1 only when knocking at 26" in text
    assert "The difference, 9.3 points, is 5.4 standard errors" in text and f"{28 / 300:.1%}" == "9.3%"
    assert "Waiting for 30 instead of 28: 13 deals against none, 3.7 standard errors" in text
    assert "about 4.1 points, and the gap of 4.3 points would be only 1.1 of them" in text
    assert f"{13 / 300:.1%}" == "4.3%" and f"{41 / 300:.1%}" == "13.7%"
    assert "more than three standard errors" not in text
    sol = _flat(solution(L12, "12.3"))
    mean, se = _paired_se(lost[28], lost[30])
    assert f"{se:.1%}" == "1.2%" and "about 1.2 points, so this is 3.7 standard errors" in sol
    assert "13/300, about 4.3 percentage points" in sol
    # the review: what happened in these deals, an estimate; very unlikely to be luck
    assert "not luck" not in sol and "far beyond luck" not in text and "very unlikely to be luck alone" in sol
    assert "Both are very unlikely to be luck alone" in text
    q = l12[1]["12.3"]
    assert "In these 300 deals, how much more often did waiting for 30 lose a life?" in q.text
    assert "raise the chance" not in q.text
    t = _teachers(12)
    assert "28/300 ≈ 9.3 points" in t and "41/300 ≈ 13.7 points" in t and "13/300 ≈ 4.3 points" in t
    assert "about 4.1 points, it would be only 1.1" in t


def test_the_old_claim_was_one_proportions_standard_error():
    """The paired comparison, the figures it quotes: on the old lesson's 400 deals, the gaps in units of
    two separate proportions' standard errors are 2.6 (26 vs 28), 3.7 (26 vs 30) and 1.06
    (28 vs 30): not all "more than three"; paired, all three exceed 3."""
    lost = _tournament(400)
    def two(a, b):
        pa, pb = sum(lost[a]) / 400, sum(lost[b]) / 400
        return (pb - pa) / (pa * (1 - pa) / 400 + pb * (1 - pb) / 400) ** 0.5
    assert f"{two(26, 28):.1f}" == "2.6" and f"{two(26, 30):.2f}" == "3.65" and f"{two(28, 30):.2f}" == "1.06"
    assert all(float(m) / s > 3 for m, s in (_paired_se(lost[a], lost[b]) for a, b in ((26, 28), (26, 30), (28, 30))))


def test_chart_pair_is_revealed_by_a_predict():
    """widgets.charts.pair (added for lesson 12): a wide and a narrow drawing, one output,
    hidden in a Predict until the guess."""
    from widgets import Predict, charts
    v = {"16": Fraction(2, 3), "26": Fraction(1, 3)}
    both = charts.pair(charts.distribution_bar(v, title="T"), charts.share_bar(v, title="T", horizontal=True, width=320))
    html = both._repr_html_()
    assert html.count('<svg role="img"') == 2 and 'class="sk-chart-narrow"' in html and both.text.startswith("T: ")
    p = Predict("How many?", 12, kind="count", reveal=both)
    assert p.extra.layout.display == "none" and "sk-chart-pair" in p.extra.children[0].value
    p.guess("10")
    assert p.revealed and p.extra.layout.display != "none"


# =================================================================================
# Lesson 13 · Counting hands and cards
# =================================================================================

@pytest.fixture(scope="module")
def l13():
    return _run(L13, stubs=("CountingLab", "ShoeLab"))


STATED_13 = {"13.1": "120", "13.2": "14", "13.3": "13/33"}
WRONG_13 = {"13.1": ["720", "1000", "240"], "13.2": ["12", "11", "48"], "13.3": ["19/39", "13/39", "19/33"]}
PLAIN = sk.Rules.preset("plain")


def _brute_two_card(pred):
    """Favourable two-card hands of the 780, by brute force over every pair."""
    return sum(1 for pair in combinations(sk.FULL_DECK, 2) if pred(pair))


def test_13_ordered_and_unordered_draws(l13):
    assert len(list(combinations(sk.FULL_DECK, 2))) == 780 == l13[2][0]["answer"]
    assert 40 * 39 == 1560 and len(list(combinations(range(10), 3))) == 120 == 720 // 6
    assert "1,560 ordered draws" in l13[2][0]["why"]
    text = _flat(markdown(L13))
    assert "you divide the 1,560 ordered draws by 2" in text and "3 × 2 × 1 = 6 orders" in text
    sol = _flat(solution(L13, "13.1"))
    assert "10 × 9 × 8 = 720 draws" in sol and "720 ÷ 6 = 120 hands: C(10, 3) = 120" in sol
    assert "**780** = 40 × 39 / 2 (1,560 ordered draws" in _teachers(13)
    assert "(**1,560**.)" in _teachers(13) and "(**4** = C(4, 3).)" in _teachers(13)
    assert len(list(combinations(range(4), 3))) == 4 and len(list(combinations(range(4), 2))) == 6   # "6 hands, 12 orders"


def test_13_two_card_sette_e_mezzo_by_counting_and_engine(l13):
    favourable = _brute_two_card(lambda pair: sk.score(pair, PLAIN).total == Fraction(15, 2))
    assert favourable == 48
    p = l13[2][1]
    assert p["answer"] == Fraction(48, 780) == Fraction(4, 65)
    c = counting.two_card_sette_e_mezzo(PLAIN)
    assert c.engine == c.probability == Fraction(4, 65) and f"{float(c.probability):.1%}" == "6.2%"
    assert "4 sevens × 12 figures = 48 of the 780 hands" in p["why"]
    assert "48/780 = 4/65" in _flat(markdown(L13))
    assert "**4/65** ≈ 6.2%: 4 sevens × 12 figures = 48 of 780" in _teachers(13)


def test_13_trentuno_scores(l13):
    by = _score_counts()
    best = max(by, key=by.get)
    assert sum(by.values()) == 9880 and (best, by[best]) == (10, 2596) and by[31] == 12
    assert f"{2596 / 9880:.1%}" == "26.3%" and 40 * 39 * 38 // 6 == 9880
    p = l13[2][2]
    assert p["answer"] == 10 and "2,596 of the 9,880 hands score 10" in p["why"]
    # the review: not "most hands hold three different suits": 4,000 of 9,880 (40.5%)
    three = [h for h in combinations(sk.FULL_DECK, 3) if len({c.suit for c in h}) == 3]
    assert len(three) == 4000 and f"{len(three) / 9880:.1%}" == "40.5%"
    assert sum(1 for h in three if tr.score(h).total == 10) == 2052
    assert "Most hands hold three different suits" not in p["why"]
    assert p["why"].startswith("Only 40.5% of the hands, four in ten, hold three different suits")
    assert "2,596 of the 9,880 hands score 10, 2,052 of them hands of three suits" in p["why"]
    assert sum(c.is_figure for c in sk.FULL_DECK) == 12 and "with 12 figures in the deck" in p["why"]
    assert "most hands hold three" not in _teachers(13).lower() and "4,000 of the 9,880" in _teachers(13)
    assert "C(40, 3) = 40 × 39 × 38 ÷ 6 = 9,880 hands" in _flat(markdown(L13))
    assert "only 12 of the 9,880 hands score 31" in _flat(markdown(L13))
    assert "**10**: 2,596 of the 9,880 hands (26.3%)" in _teachers(13)


def test_13_quattro_ranking_is_a_cycle():
    c = counting.quattro_cycle()
    from sette_kit.scoring import fmt_points
    assert [(fmt_points(d.winner), fmt_points(d.loser)) for d in c.duels] == [("5", "4½"), ("4½", "7½"), ("7½", "5")]
    assert "a 5 beats a 4½, a 4½ beats a 7½, and a 7½ beats a 5" in _flat(markdown(L13))


def test_S18_13_the_shoe_changes_the_best_play(l13):
    ns = l13[0]
    shoe = counting.Shoe(PLAIN, seed=1)
    shoe.play(4)
    assert shoe.seen == ns["shoe"].seen and len(shoe.seen) == 15 and shoe.left == 25
    assert sum(int(c.rank) == 7 for c in shoe.seen) == 3
    h = counting.compare_hand(shoe, "5 di denari")
    assert (h.decision_fresh, h.decision_now) == ("stand", "hit")
    assert (h.bust_fresh, h.bust_now) == (Fraction(19, 39), Fraction(5, 12))
    # the bust chance recounted by hand: the unseen cards worth 3 or more
    five = sk.parse_card("5 di denari")
    unseen = [c for c in sk.FULL_DECK if c not in shoe.seen and c != five]
    big = [c for c in unseen if not c.is_figure and int(c.rank) >= 3]
    assert (len(big), len(unseen)) == (10, 24)
    p = l13[2][3]
    assert p["answer"] == "hit" and "48.7% with a fresh deck to 41.7% now" in p["why"]
    # the review: fewer big cards for you and for the bank, and what
    # remembering the cards is worth on this hand: stand -50.3%, hit -38.0%, 0.12 of a stake
    assert "fewer big cards are left, for you and for the bank" in p["why"]
    sol = odds.solve(PLAIN, odds.stand_at(5), seen=shoe.seen)
    stand, hit = sol.ev_of("5d", "stand"), sol.ev_of("5d", "hit")
    assert (f"{float(stand):.1%}", f"{float(hit):.1%}", f"{float(hit - stand):.2f}") == ("-50.3%", "-38.0%", "0.12")
    assert h.gain == hit - stand
    text = _flat(markdown(L13))
    assert "standing on the 5 di denari is worth -50.3% of the stake and hitting -38.0%" in text
    assert "the one who remembers loses 0.12 of a stake less" in text
    assert "remembering the cards is worth 0.12 of a stake" in text
    assert "0.12 of a stake" in _teachers(13)
    text = _flat(markdown(L13))
    assert "these 15 cards are out. Three of the four 7s are gone" in text
    assert "the best play on a 5 against a bank that stands on 5 is to stand" in text
    assert "19/39 ≈ 48.7%" in _teachers(13) and "5/12 ≈ 41.7% (10 of the 24 unseen cards)" in _teachers(13)


def test_13_exercise_13_2_reali_by_brute_force():
    italian = sk.Rules.preset("italian")
    reali = _brute_two_card(lambda pair: sk.score(pair, italian).kind == "reale")
    c = counting.reale_hands("italian")
    assert reali == c.favourable == 14 and c.probability == c.engine == Fraction(7, 390)
    assert f"{float(c.probability):.1%}" == "1.8%"
    sol = _flat(solution(L13, "13.2"))
    assert "only 2 in denari, whose Re is the matta: 11" in sol and "14 of 780, about 1.8%" in sol


def test_13_exercise_13_3_counting_what_is_left(l13):
    out = sk.parse_cards("3c 4d 6b 6s 7c 7d")
    five = sk.parse_card("5 di denari")
    unseen = [c for c in sk.FULL_DECK if c not in out and c != five]
    big = [c for c in unseen if not c.is_figure and int(c.rank) >= 3]
    assert (len(big), len(unseen)) == (13, 33)
    assert sum(1 for c in sk.FULL_DECK if not c.is_figure and int(c.rank) >= 3 and c != five) == 19
    assert l13[1]["13.3"].answer == Fraction(13, 33)
    assert f"{13 / 33:.1%}" == "39.4%" and f"{19 / 39:.1%}" == "48.7%"
    sol = _flat(solution(L13, "13.3"))
    assert "40 - 1 - 6 = 33" in sol and "13/33 is about 39.4%, against 19/39, about 48.7%" in sol


# -- the exercises of lessons 11-13, one table ----------------------------------------------

STATED = {**STATED_11, **STATED_12, **STATED_13}
"""Each exercise's answer as the lesson states it (the exercise id's first number is its lesson)."""
WRONG = {**WRONG_11, **WRONG_12, **WRONG_13}
PATHS = {11: L11, 12: L12, 13: L13}


def _exercise_lesson(request, ex_id):
    """The lesson number of exercise ``ex_id`` and that lesson's run (its module fixture)."""
    number = int(ex_id.split(".")[0])
    return number, request.getfixturevalue(f"l{number}")


@pytest.mark.parametrize("ex_id", sorted(STATED))
def test_exercise_answer_is_the_engines_and_stated(request, ex_id):
    number, run = _exercise_lesson(request, ex_id)
    q = run[1][ex_id]
    stated = STATED[ex_id]
    assert q.check(stated).status == "right", (ex_id, q.answer)
    assert f"Answer: **{stated}**" in _flat(solution(PATHS[number], ex_id))
    assert f"Answer: **{stated}**" in _teachers_exercise(number, ex_id)


@pytest.mark.parametrize("ex_id", sorted(WRONG))
def test_quoted_wrong_answers_get_targeted_feedback(request, ex_id):
    number, run = _exercise_lesson(request, ex_id)
    _check_quoted_wrong_answers(run[1][ex_id], number, ex_id, WRONG[ex_id])
