"""The simulator's vectorised scorer against sette_kit.scoring (S1-S6, S10-S16).

The simulator settles hands with its own code (half points, ints; vectorised in numpy,
or one hand at a time on the pure path); these tests check it, on whichever path
:mod:`sette_kit.accel` chooses, against :func:`sette_kit.scoring.score` and :func:`sette_kit.scoring.outcome`
on many random hands per preset, biased towards the hands that matter for the special
rules (7s, figures, the matta), so that every kind of settlement is exercised.
"""

from __future__ import annotations

import random

import pytest

from sette_kit import FULL_DECK, Card, Rules, outcome, score
from sette_kit.simulate import score_hands, settle_hands

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

ITALIAN = Rules.preset("italian")
PLAIN = Rules.preset("plain")
SPANISH = Rules.preset("spanish")
VARIANTS = {
    "italian": ITALIAN,
    "plain": PLAIN,
    "spanish": SPANISH,
    "italian_triple_mattapay": ITALIAN.replace(triple=True, matta_sette_payout=3),
    "italian_whole_only": ITALIAN.replace(matta_whole_only=True),
    "italian_any_suit": ITALIAN.replace(reale_same_suit=False, reale_payout=3),
    "italian_no_S15_S16": ITALIAN.replace(true_reale_beats_matta_reale=False, dealer_reale_collects_double=False),
    "plain_ties_push": PLAIN.replace(dealer_wins_ties=False),
    "spanish_triple_ties_push": SPANISH.replace(triple=True, dealer_wins_ties=False),
    "queen_of_hearts_matta": ITALIAN.replace(matta=Card("Cavallo", "coppe")),
}
N = 4000
WIDTH = 5


def _random_hands(rng, n, rules):
    """n pairs of disjoint hands (1-5 cards each), drawn with heavy weight on 7s,
    figures and the matta so that reali, triples and wild 7 1/2s are common."""
    weights = [1.0] * 40
    for c in FULL_DECK:
        if int(c.rank) == 7 or c.is_figure:
            weights[c.index] = 6.0
        if rules.is_matta(c):
            weights[c.index] = 25.0
    pc, dc = [], []
    # lengths: many two-card hands (reale, triple), some single cards and long hands
    pl = [rng.choice([1, 2, 2, 2, 3, 3, 4, 5]) for _ in range(n)]
    dl = [rng.choice([1, 2, 2, 2, 3, 3, 4, 5]) for _ in range(n)]
    for _ in range(n):
        left, w, cards = list(range(40)), list(weights), []
        for _ in range(2 * WIDTH):  # weighted, without replacement
            k = rng.choices(range(len(left)), weights=w)[0]
            cards.append(left.pop(k))
            w.pop(k)
        pc.append(cards[:WIDTH])
        dc.append(cards[WIDTH:])
    return pc, pl, dc, dl


def _list(values):
    """numpy array (numpy path) or list (pure path) -> a list of Python values."""
    return values.tolist() if hasattr(values, "tolist") else list(values)


def _hand(row, length):
    return tuple(Card.from_index(int(i)) for i in row[:length])


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_S1_S6_vectorised_scores_match_scoring_score(name):
    rules = VARIANTS[name]
    rng = random.Random(list(VARIANTS).index(name))
    pc, pl, _, _ = _random_hands(rng, N, rules)
    got = score_hands(pc, pl, rules)
    kinds = set()
    for i in range(N):
        s = score(_hand(pc[i], pl[i]), rules)
        kinds.add(s.kind)
        # a triple counts 14 points (28 half points) but is not bust: it beats every hand (S6)
        assert got["half_points"][i] == s.half_points, (name, _hand(pc[i], pl[i]), s)
        assert got["bust"][i] == s.bust
        assert got["triple"][i] == (s.kind == "triple")
        assert got["reale"][i] == (s.kind == "reale")
        assert got["true_reale"][i] == (s.kind == "reale" and s.true_reale)
        assert got["wild"][i] == s.wild
    expected_kinds = {"bust", "points", "sette_e_mezzo"}
    if rules.reale:
        expected_kinds.add("reale")
    if rules.triple:
        expected_kinds.add("triple")
    assert kinds == expected_kinds  # every kind was exercised, so the test can fail


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_S10_S16_vectorised_settlement_matches_scoring_outcome(name):
    rules = VARIANTS[name]
    rng = random.Random(100 + list(VARIANTS).index(name))
    pc, pl, dc, dl = _random_hands(rng, N, rules)
    got = settle_hands(pc, pl, dc, dl, rules)
    seen = set()
    for i in range(N):
        o = outcome(score(_hand(pc[i], pl[i]), rules), score(_hand(dc[i], dl[i]), rules), rules)
        assert got[i] == o.multiplier, (name, _hand(pc[i], pl[i]), _hand(dc[i], dl[i]), o)
        seen.add(o.multiplier)
    expected = {-1, 1}
    if not rules.dealer_wins_ties:
        expected.add(0)
    if rules.dealer_reale_collects_double:
        expected.add(-2)
    if rules.reale and rules.reale_payout > 1:
        expected.add(rules.reale_payout)
    if rules.triple:
        expected.add(rules.triple_payout)
    assert expected <= seen


def test_S4_matta_alone_is_half_and_beside_others_takes_best_value():
    idx = lambda *cards: [c.index for c in cards]
    matta = ITALIAN.matta
    cards = [idx(matta, Card(3, "coppe"), Card(2, "coppe")),
             idx(matta, Card(7, "denari"), Card(2, "coppe")),
             idx(matta, Card("Fante", "denari"), Card(2, "coppe"))]
    s = score_hands(cards, [1, 2, 2], ITALIAN)
    assert _list(s["half_points"]) == [1, 15, 15]
    assert _list(s["true_reale"]) == [False, True, False]  # 7 + the matta as a figure (S16)
    assert _list(s["wild"]) == [False, False, True]
    w = score_hands(cards, [1, 2, 2], ITALIAN.replace(matta_whole_only=True))
    assert _list(w["half_points"]) == [1, 16, 15]  # whole values only: matta + 7 busts


def test_scorer_rejects_bad_input():
    from sette_kit import SetteKitError

    with pytest.raises(SetteKitError):
        score_hands([[40]], [1], PLAIN)
    with pytest.raises(SetteKitError):
        score_hands([[1, 2]], [3], PLAIN)
