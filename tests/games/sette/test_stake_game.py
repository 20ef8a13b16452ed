"""odds.stake_game: the bank that reads your stake.

Rules cited: S9 (stake after the first card, extra cards face up), S10 (a bust loses at
once; 7½ is shown), S11 (the bank plays seeing the face-up cards), S13 (ties to the bank).
"""

from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from pathlib import Path

import pytest

from sette_kit import Rules, SetteKitError, accel, odds
from sette_kit.odds import _stake_game as sg
from sette_kit.strategy import sees_player, stand_at

import stake_game_lp  # noqa: E402  (the brute-force exact LP, written apart from the solver)

PLAIN = Rules.preset("plain")
SMALL = "1c 2c 7c Fc Cc"          # Ace, 2, 7, two figures
SMALL6 = "1c 5c 7c Fc Cc Rc"      # Ace, 5, 7, three figures
SMALL7 = "1c 3c 5c 7c Fc Cc Rc"   # Ace, 3, 5, 7, three figures


@pytest.fixture(scope="module")
def plain():
    return odds.stake_game()


# -- 1. the shipped plain solution -----------------------------------------------------------------

def test_plain_interval_is_exact_fractions_and_tight(plain):
    assert isinstance(plain.lower, Fraction) and isinstance(plain.upper, Fraction)
    assert plain.lower <= plain.upper
    assert plain.width == plain.upper - plain.lower
    assert plain.stakes == (1, 10)


def test_plain_interval_width_target(plain):
    # a certified interval no wider than 1e-6, in exact Fractions
    assert isinstance(plain.lower, Fraction) and isinstance(plain.upper, Fraction)
    assert plain.lower <= plain.upper
    assert plain.upper - plain.lower <= Fraction(1, 10 ** 6)


def test_shipped_strategies_give_the_stored_interval_by_exact_best_responses(plain):
    # each bound is what an exact best response gives against the stored strategy:
    # lower, the bank's best response to the player's; upper, the player's to the bank's
    game = sg._Game(plain.deck, plain.stakes, plain.rules.dealer_wins_ties)
    sigma, beta, gamma = plain._strategies(game)
    lower, bank_br = sg.bank_best_response(game, sigma, beta)
    upper, __, (br_sigma, br_beta) = sg.player_values(game, gamma)
    assert (lower, upper) == (plain.lower, plain.upper)
    assert plain.best_responses() == (lower, upper)
    # and the best responses are best: each one's exact value against the other side's
    # strategy is the bound (the bank's pure reply holds the player's strategy to lower,
    # the player's pure reply gets upper from the bank's strategy)
    assert sg.player_values(game, sg._fill_bank(game, {k: list(v) for k, v in bank_br.items()}),
                            sigma, beta)[0] == lower
    assert sg.player_values(game, gamma, br_sigma, br_beta)[0] == upper


def test_strategies_are_probabilities(plain):
    for name, by in plain.stake_probabilities.items():
        assert sum(by.values()) == 1 and all(0 <= v <= 1 for v in by.values())
    for v in list(plain._player.values()) + list(plain._bank.values()):
        assert isinstance(v, Fraction) and 0 <= v <= 1
    assert plain.first_cards == ("Ace", "2", "3", "4", "5", "6", "7", "figure")


def test_frozen(plain):
    with pytest.raises(dataclasses.FrozenInstanceError):
        plain.lower = Fraction(0)
    with pytest.raises(TypeError):
        plain.stake_probabilities["7"] = {}


def test_data_file_is_small_and_packaged():
    assert sg.DATA_FILE.exists() and sg.DATA_FILE.stat().st_size < 1_000_000
    pyproject = (Path(__file__).parents[3] / "pyproject.toml").read_text()
    assert '"sette_kit.odds" = ["stake_game_plain.json"]' in pyproject
    data = json.loads(sg.DATA_FILE.read_text())
    assert data["format"] == sg.DATA_FORMAT and data["stakes"] == [1, 10] and data["rules"] == "plain"


def test_loading_is_from_the_data_file(plain):
    # the same object on a second call: no solving
    assert odds.stake_game("plain", (1, 10)) is plain
    assert odds.stake_game(PLAIN, [10, 1]) is plain


# -- the values of information -----------------------------------------------------------------------

def test_blind_value_is_todays_best_staking_plan(plain):
    plan = odds.best_staking_plan(odds.solve(PLAIN, dealer=stand_at(5)), 1, 10)
    assert plain.information.blind == plan.ev_per_round


def test_best_fixed_total_is_the_best_threshold_for_the_staking_player(plain):
    table = odds.bank_thresholds(PLAIN, thresholds=[x / 2 for x in range(1, 17)])
    best = table.best_staking
    assert plain.information.best_fixed == best.plan.ev_per_round
    assert plain.information.best_fixed_total == best.threshold


def test_information_values_are_ordered(plain):
    i = plain.information
    # a bank that sees more can do no worse; a player who adapts can do no worse
    assert i.reads_plan <= i.equilibrium <= i.equilibrium_upper <= i.per_stake_fixed <= i.best_fixed <= i.blind
    assert i.equilibrium == plain.lower and i.equilibrium_upper == plain.upper
    # the review (lesson 08) quotes +0.3106 for one threshold per stake
    assert f"{float(i.per_stake_fixed):.4f}" == "0.3106"
    assert i.reads_plan < Fraction(3106, 10000)


# -- Bayes and the bluffs ----------------------------------------------------------------------------

def test_posterior_sums_to_one(plain):
    for s in plain.stakes:
        post = plain.posterior(s)
        assert sum(post.values()) == 1 and all(isinstance(v, Fraction) and v > 0 for v in post.values())
    post = plain.posterior(1, "4c", stood=True)
    assert sum(post.values()) == 1
    with pytest.raises(SetteKitError, match="never stakes 10"):
        plain.posterior(10, "Fc")  # with a stake of 10 the equilibrium player never draws


def test_posterior_after_the_stake_is_bayes(plain):
    prior = {n: Fraction(4, 40) for n in plain.first_cards}
    prior["figure"] = Fraction(12, 40)
    for s in plain.stakes:
        ps = sum(prior[n] * plain.stake_probabilities[n][s] for n in prior)
        expect = {n: prior[n] * plain.stake_probabilities[n][s] / ps for n in prior
                  if plain.stake_probabilities[n][s]}
        assert plain.posterior(s) == expect


def test_bluff_figures_agree_with_the_posterior(plain):
    b = plain.bluff
    assert b.high_stake == 10
    post = plain.posterior(10)
    assert b.share == sum(post[n] for n in b.cards)
    assert all(plain.card_values[n][10] < 0 for n in b.cards)
    assert b.frequency <= b.high_frequency


def test_bad_posterior_input(plain):
    with pytest.raises(SetteKitError, match="stakes of this game are 1, 10"):
        plain.posterior(5)
    with pytest.raises(SetteKitError, match="accepted first cards"):
        plain.hit_probability(1, "king")


# -- 3. the exact check on reduced decks ---------------------------------------------------------------

def _counts(deck):
    return sg._check_deck(deck, PLAIN)


@pytest.mark.parametrize("deck", [SMALL, SMALL6])
def test_reduced_deck_equals_the_brute_force_exact_lp(deck):
    exact, sizes = stake_game_lp.game_value(_counts(deck), (1, 10))
    g = odds.stake_game(deck=deck)
    assert g.lower == g.upper == exact  # the method recovers the exact equilibrium


# the rebuild of the shipped file and the seven-card deck take minutes each:
# python bench/check_stake_game.py runs them


def test_simplex_of_the_check_on_textbook_problems():
    # max 3x + 5y, x <= 4, 2y <= 12, 3x + 2y <= 18: 36 at (2, 6)
    assert stake_game_lp.simplex_max([3, 5], [{0: 1}, {1: 2}, {0: 3, 1: 2}], [4, 12, 18], [], []) == (36, [2, 6])
    # rock-paper-scissors: value 0, uniform
    a = [[0, -1, 1], [1, 0, -1], [-1, 1, 0]]
    rows = [{3: 1, **{i: -a[i][j] for i in range(3)}} for j in range(3)]
    v, x = stake_game_lp.simplex_max([0, 0, 0, 1], rows, [0, 0, 0], [{0: 1, 1: 1, 2: 1}], [1], free=[3])
    assert v == 0 and x[:3] == [Fraction(1, 3)] * 3


@pytest.mark.skipif(accel.numpy() is None, reason="compares the numpy path with the pure one")
def test_pure_path_gives_the_same_exact_result():
    with accel.pure():
        a = odds.stake_game(deck=SMALL6)
    b = odds.stake_game(deck=SMALL6)
    assert (a.lower, a.upper) == (b.lower, b.upper)


def test_fixed_bank_values_equal_odds_solve_on_a_reduced_deck():
    # a bank that ignores what it sees: the player's exact best response is today's plan
    deck = sg._check_deck(SMALL7, PLAIN)
    game = sg._Game(deck, (1, 10))
    from sette_kit.cards import FULL_DECK
    seen = [c for c in FULL_DECK if c not in set(odds.parse_cards(SMALL7))]
    for t in (4, 5, 5.5):
        value = sg.player_values(game, sg._fixed_bank(game, int(t * 2)))[0]
        plan = odds.best_staking_plan(odds.solve(PLAIN, dealer=stand_at(t), seen=seen), 1, 10)
        assert value == plan.ev_per_round


def test_one_stake_game_lies_between_the_all_seeing_and_the_best_blind_bank():
    # one stake: the stake says nothing, the bank still reads the face-up cards (S11)
    from sette_kit.cards import FULL_DECK
    seen = [c for c in FULL_DECK if c not in set(odds.parse_cards(SMALL7))]
    g = odds.stake_game(deck=SMALL7, _one_stake=True)
    all_seeing = odds.solve(PLAIN, dealer=sees_player(), seen=seen).ev
    blind = min(odds.solve(PLAIN, dealer=stand_at(x / 2), seen=seen).ev for x in range(1, 17))
    assert all_seeing <= g.lower <= g.upper <= blind
    two = odds.stake_game(deck=SMALL7)
    assert two.lower >= g.lower  # staking 1 always is one of the two-stake player's choices


# -- 5. bad input ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("stakes", [(1,), (), (1, 1), (0, 10), (-1, 10), (1.5, 10), ("a", 10), (True, 10),
                                    (1, 2, 3, 4, 5), "1, 10", 10])
def test_bad_stakes(stakes):
    with pytest.raises(SetteKitError, match="positive whole numbers"):
        odds.stake_game(stakes=stakes)


@pytest.mark.parametrize("preset, what", [("italian", "matta"), ("spanish", "before the deal")])
def test_rules_the_method_cannot_hold(preset, what):
    with pytest.raises(SetteKitError, match=what) as e:
        odds.stake_game(preset)
    assert "'plain'" in str(e.value)


def test_bonus_rules_refused():
    with pytest.raises(SetteKitError, match="reale"):
        odds.stake_game(PLAIN.replace(reale=True, reale_payout=2))
    with pytest.raises(SetteKitError, match="triple"):
        odds.stake_game(PLAIN.replace(triple=True))


def test_bad_deck():
    with pytest.raises(SetteKitError, match="at least 3 cards"):
        odds.stake_game(deck="1c 2c")
    with pytest.raises(SetteKitError, match="at most once"):
        odds.stake_game(deck="1c 1c 2c 3c")


def test_strategy_tables_agree_with_the_lookups(plain):
    player = plain.player_strategy()
    for (stake, first, up), v in list(player.items())[:200]:
        assert plain.hit_probability(stake, first, [_card(n, i) for i, n in enumerate(up)]) == v
    bank = plain.bank_strategy()
    for (stake, up, shown, own), v in list(bank.items())[:200]:
        assert plain.bank_hit_probability(stake, [_card(n, i) for i, n in enumerate(up)],
                                          [_card(n, i + 20) for i, n in enumerate(own)], shown=shown) == v
    # the forced hits (below every total the player can hold) are not in the table but hit
    assert plain.bank_hit_probability(1, "2c", "Fd") == 1 and (1, ("2",), False, ("figure",)) not in bank


def _card(name, i):
    """A card of the class ``name``; ``i`` picks among the deck's cards so that they differ."""
    from sette_kit.cards import FULL_DECK
    from sette_kit.strategy import card_class
    of_class = [c for c in FULL_DECK if sg.NAMES[card_class(c, PLAIN)] == name]
    return of_class[i % len(of_class)]


def test_ties_pushed_variant_agrees_with_odds_solve():
    # S13's teaching variant: ties push; a blind bank's value is today's plan under those rules
    from sette_kit.cards import FULL_DECK
    rules = PLAIN.replace(dealer_wins_ties=False)
    seen = [c for c in FULL_DECK if c not in set(odds.parse_cards(SMALL7))]
    game = sg._Game(sg._check_deck(SMALL7, rules), (1, 10), ties_to_bank=False)
    value = sg.player_values(game, sg._fixed_bank(game, 10))[0]
    assert value == odds.best_staking_plan(odds.solve(rules, dealer=stand_at(5), seen=seen), 1, 10).ev_per_round
    g = odds.stake_game(rules, deck=SMALL, iterations=300)
    assert g.lower <= g.upper
