"""Quattro e mezzo (RULES Q1-Q6): scoring, ranking, points, the deal, odds, the game, the CLI."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sette_kit import IllegalMove, SetteKitError, parse_cards
from sette_kit.cards import FULL_DECK, Card
from sette_kit.cli import main
from sette_kit.quattro import (
    OddsBot, QuattroGame, QuattroRules, ThresholdBot, explain, next_card, odds_double_six,
    odds_four_and_half, points_for, score, showdown,
)

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

F = Fraction
NO_MATTA = QuattroRules(matta=None)


def game(n=3, deck="", dealer=0, **kw):
    return QuattroGame(n, seed=kw.pop("seed", 1), dealer=dealer, deck=parse_cards(deck) if deck else None, **kw)


# ---------------------------------------------------------------------------------------
# Q1: the matta and the points game
# ---------------------------------------------------------------------------------------

def test_Q1_matta_is_half_or_any_whole_number():
    assert QuattroRules().matta == Card("Re", "denari")
    assert QuattroRules().matta_values == (F(1, 2),) + tuple(F(v) for v in range(1, 8))
    s = score("4c Rd")
    assert (s.total, s.kind, s.matta_value, s.with_matta) == (F(9, 2), "four_and_half", F(1, 2), True)
    assert score("3c Rd").total == 7 and score("3c Rd").matta_value == 4   # the best it can make
    assert score("3c Rd", matta=2).kind == "five"
    assert score("2c Rd", matta="1/2").total == F(5, 2)
    assert score("Rd").total == F(1, 2)                                      # alone: ½ (S4)
    with pytest.raises(SetteKitError, match="cannot be worth 1½"):
        score("3c Rd", matta="3/2")
    with pytest.raises(SetteKitError, match="alone"):
        score("Rd", matta=4)
    with pytest.raises(SetteKitError, match="no matta"):
        score("3c Fd", matta=4)
    # without the matta the King of coins is an ordinary figure
    assert score("4c Rd", NO_MATTA).with_matta is False
    assert score("3c Rd", NO_MATTA).total == F(7, 2)


def test_Q1_matta_value_chosen_under_quattro_ranking_not_sette_e_mezzo():
    # Sette e mezzo would take 3 (7½ is its best); Quattro e mezzo prefers ½ (4½ beats 7½)
    from sette_kit import Rules
    from sette_kit import score as sette_score
    assert sette_score("4c Rd", Rules.preset("italian")).matta_value == 3
    assert score("4c Rd").matta_value == F(1, 2)


def test_Q1_everyone_plays_for_points_against_everyone():
    g = game(4, deck="7c 7d 7s 7b  Fc Fd Fs Fb", dealer=3)
    for _ in range(4):
        g.act("draw")                                  # everyone makes 7½
    r = g.last_result
    assert r.winners == (3,) and "dealer wins a complete tie" in r.reason
    assert g.points == (0, 0, 0, 3)                    # points, no money; losers pay nothing
    assert sum(g.points) == 3


# ---------------------------------------------------------------------------------------
# Q2: ranking, no stopping below 4½, declarations
# ---------------------------------------------------------------------------------------

def test_Q2_four_and_half_best_five_beats_it_only():
    assert showdown(["4c Fd", "7c Fs"]).winners == (0,)          # 4½ beats 7½
    assert showdown(["4c Fd", "5s"]).winners == (1,)             # a 5 beats a 4½
    assert showdown(["5s", "3c 2d Fb"]).winners == (1,)          # a 5 loses to 5½
    assert showdown(["5s", "7c"]).winners == (1,)
    assert showdown(["5s", "7c Fs"]).winners == (1,)
    assert showdown(["7s Fs", "6c", "5d"]).winners == (0,)       # 7½ > 6 > 5
    # with a 4½ on the table the 5 wins whatever else is there
    r = showdown(["4c Fd", "7c Fs", "5s", "6d Ab"], dealer=1)
    assert r.winners == (2,) and "Q2" in r.reason
    assert showdown(["7s Fs", "6c Fd", "4d Ab"], dealer=0).winners == (0,)


def test_Q2_single_hand_order():
    order = ["5c", "3c 2d Fb", "6c", "6c Fd", "7c", "7c Fd", "4c Fd"]
    ranks = [score(h).rank for h in order]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)
    assert score("2c Fd").kind == "under" and not score("2c Fd").can_stand
    assert score("7c 2d").kind == "bust" and not score("7c 2d").can_stand


def test_Q2_no_stand_below_four_and_half_and_state_unchanged():
    g = game(3, deck="4c 5d 6s")
    assert g.to_act == 1 and "stand" not in g.legal_actions()
    before = g.to_json()
    with pytest.raises(IllegalMove, match="below 4½.*Q2.*accepted now: draw"):
        g.act("stand")
    assert g.to_json() == before
    g.act("draw")
    assert "stand" in g.legal_actions() or g.to_act != 1


def test_Q2_declared_and_may_draw_after_four_and_half():
    g = game(3, deck="4c 5d 6s  Fs Ab")
    g.act("draw")                                              # 4½
    assert g.events[-1].kind == "declared" and g.events[-1].text == "Player 2 declares 4½ (Q2)."
    assert g.view(0).hands[1].declared == "4½"                 # everybody sees the declaration
    assert sorted(g.legal_actions()) == ["draw", "stand"]
    g.act("draw")                                              # 5½: drawing on is allowed
    assert g.score_of(1).total == F(11, 2) and g.to_act == 1
    assert g.view(0).hands[1].declared is None


def test_Q2_seven_and_half_ends_the_turn_and_is_shown():
    g = game(3, deck="7c 5d 6s  Fs")
    g.act("draw")
    assert g.to_act == 2
    assert g.view(0).hands[1].cards == parse_cards("7c Fs")   # shown at once
    assert any(e.kind == "declared" and "7½" in e.text for e in g.hand_events())


# ---------------------------------------------------------------------------------------
# Q3: double six
# ---------------------------------------------------------------------------------------

def test_Q3_double_six_scoring():
    assert score("6c 6s").kind == "double_six" and score("6c 6s").total == 12
    assert score("6c 6s", double_six=False).kind == "bust"
    assert score("6c Rd").kind == "double_six" and score("6c Rd").with_matta
    assert score("Rd 6c").kind != "double_six"                 # a first-card matta may not declare
    assert score("6c Ad", double_six=True).total == 7          # a failed attempt: ordinary hand
    assert score("6c Fd Fs").kind == "points"
    with pytest.raises(SetteKitError, match="first card 6"):
        score("5c 6s", double_six=True)


def test_Q3_double_six_wins_the_hand_in_play():
    # seat 1 has a first 6, declares and draws a 6; seat 2 makes 4½; the dealer 7½
    g = game(3, deck="6c 4d 7s  6s Fb Fc")
    assert "double_six" in g.legal_actions()
    g.act("double_six")
    assert g.view(0).hands[1].status == "double_six" and g.to_act == 2
    assert "double_six" not in g.legal_actions()               # seat 2's first card is a 4
    g.act("draw"); g.act("stand"); g.act("draw")
    r = g.last_result
    assert r.winners == (1,) and "double six" in r.reason.lower()
    assert g.points == (0, 4, 0) and r.takes_deal == () and g.dealer == 0   # Q5: no deal for it


def test_Q3_two_double_sixes_tie_and_only_first_card():
    r = showdown(["6c 6s", "6d 6b", "4c Fd"], dealer=2)
    assert r.winners == (0, 1) and r.points == (4, 4, 0)       # a complete tie between players
    r = showdown(["6c 6s", "6d 6b"], dealer=1)
    assert r.winners == (1,)                                   # the dealer wins a complete tie
    g = game(3, deck="3c 4d 7s  6s")
    g.act("draw")
    with pytest.raises(IllegalMove, match="first card"):
        g.act("double_six")


# ---------------------------------------------------------------------------------------
# Q4: ties and the mega 4½
# ---------------------------------------------------------------------------------------

def test_Q4_more_cards_win_a_tie():
    r = showdown(["4c Fd", "2c 2d Fb", "3s Ab Fs"], dealer=0)
    assert r.winners == (1, 2) and "more cards" in r.reason    # 3 cards each: shared
    assert showdown(["4c Fd", "2c 2d Fb"], dealer=0).winners == (1,)
    assert showdown(["7c Fd", "3s 4b Fs"], dealer=0).winners == (1,)


def test_Q4_matta_loses_a_tie_even_with_more_cards():
    r = showdown(["3c Fd Rd", "4s Fs"], dealer=0)              # the matta 4½ has more cards
    assert r.winners == (1,) and "matta loses" in r.reason
    assert showdown(["3c 4b Rd", "7c Fs"], dealer=1).winners == (1,)
    # with a base of 4 the holder need not tie: the matta as 1 makes a 5, which beats a 4½ (Q1, Q2)
    r = showdown(["3c Ac Rd", "4s Fs"], dealer=0)
    assert r.winners == (0,) and r.scores[0].kind == "five"
    # a 7 with the matta is a plain total: more cards win there
    assert showdown(["3c Rd Fs", "6c Ad"], dealer=1).winners == (0,)


def test_Q4_dealer_wins_a_complete_tie_and_option_for_all_ties():
    assert showdown(["4c Fd", "4s Fs"], dealer=1).winners == (1,)
    assert showdown(["4c Fd", "4s Fs"], dealer=None).winners == (0, 1)
    hands = ["2c 2d Fb", "4s Fs"]                                # more cards beat the dealer...
    assert showdown(hands, dealer=1).winners == (0,)
    loose = QuattroRules(dealer_wins_all_ties=True)              # ...unless the dealer wins every tie
    assert showdown(hands, dealer=1, rules=loose).winners == (1,)


def test_Q4_mega_four_and_half_wins_the_whole_game():
    figs = "Fd Fb Fs Cc Cd Cb Cs Rc"
    g = game(3, deck="Fc 7d 7s  " + figs)
    for _ in range(7):
        g.act("draw")
        assert g.to_act == 1
    g.act("draw")                                              # the ninth card: 4½
    assert g.over and g.winners == (1,) and g.winner == 1
    assert g.points == (0, 0, 0)                               # it wins regardless of points
    assert any(e.kind == "mega" for e in g.events)
    assert score(figs + " Fc").kind == "mega"
    with pytest.raises(IllegalMove, match="game is over"):
        g.act("next_hand")


def test_Q4_complete_tie_shares_and_cuts_for_the_deal():
    g = game(4, deck="4c 4d 7s 7b  Fc Fd Fs Fb", dealer=3, seed=5)
    for a in ("draw", "stand", "draw", "stand", "draw", "draw"):
        g.act(a)             # seats 0, 1 make 4½ with two cards each; seats 2, 3 make 7½
    r = g.last_result
    assert r.winners == (0, 1) and g.points == (5, 5, 0, 0)
    assert r.takes_deal == (0, 1)
    cuts = [e for e in g.hand_events() if e.kind == "cut_for_deal"]
    assert cuts and g.dealer in (0, 1)


# ---------------------------------------------------------------------------------------
# Q5: the deal
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("hands,winner,takes", [
    (["4c Fd", "7c Fs", "6d"], 0, True),           # 4½ takes the deal
    (["7c Fd", "6s Fs", "6d"], 0, True),           # 7½ takes the deal
    (["5c", "4s Fs", "6d"], 0, True),              # a 5 that beats a 4½ takes it
    (["5c", "7c 2s", "2d Ab Fs"], 0, False),       # a 5 with no 4½ about wins, no deal
    (["6c Fd", "6s", "3d 2s"], 0, False),          # a plain win: no deal
])
def test_Q5_who_takes_the_deal(hands, winner, takes):
    hands = [h for h in hands]
    r = showdown(hands, dealer=2)
    assert r.winners == (winner,)
    assert (r.takes_deal == (winner,)) is takes


def test_Q5_deal_passes_in_the_game_and_otherwise_stays():
    g = game(3, deck="4c 5d 6s  Fs Ab Fb", dealer=0)   # as in the docstring: Cy's 5 beats Bea's 4½
    g.act("draw"); g.act("stand"); g.act("stand"); g.act("draw"); g.act("draw")
    assert g.dealer == 2 and any(e.kind == "deal_passed" for e in g.hand_events())
    g = game(3, deck="6c 5d 6s  Ac 2b", dealer=0)      # 7 wins: the deal stays, the deck carries over
    g.act("draw"); g.act("stand"); g.act("stand"); g.act("stand")
    left = g.deck_left
    assert g.last_result.winners == (1,) and g.dealer == 0
    g.act("next_hand")
    assert g.deck_left == left - 3 and not any(e.kind == "new_deck" for e in g.hand_events())


def test_Q5_S17_deal_rules_hold_in_bot_games():
    """Over whole bot games: a Q5 winner takes the deal; otherwise the deal moves to the
    dealer's right exactly when the deck was used up (S17, S18)."""
    seen = {"takes": 0, "used_up": 0, "kept": 0}
    for seed in range(6):
        g = QuattroGame(5, seed=seed, bots="all", rules=QuattroRules(target=30))
        while not g.over:
            d = g.dealer
            r = g.play_hand()
            if r.mega is not None:
                break
            evs = g.hand_events()
            used_up = any(e.kind == "reshuffled" for e in evs) or g.deck_left == 0
            if r.takes_deal:
                assert g.dealer in r.takes_deal
                seen["takes"] += 1
            elif used_up:
                assert g.dealer == (d + 1) % 5
                assert any(e.kind == "deal_passed" for e in evs)
                seen["used_up"] += 1
            else:
                assert g.dealer == d
                seen["kept"] += 1
    assert min(seen.values()) > 0, seen        # every branch was exercised


# ---------------------------------------------------------------------------------------
# Q6: points and the target
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand,points", [
    ("4c Fd", 5), ("4c Rd", 3), ("7c Fs", 3), ("7c Rd", 1), ("6c 6s", 4), ("6c Rd", 2),
    ("5c", 2), ("Ac Ad Ab As Fc", 5), ("2c Ac Ad Fb Fs", 5), ("3c 2d", 1), ("4c Ad", 1),
    ("6c", 1), ("7c", 1), ("3c 3d Fb", 1), ("7c 3d", 0), ("2c", 0),
])
def test_Q6_points_table(hand, points):
    assert points_for(score(hand)) == points


def test_Q6_five_with_five_cards_with_a_declared_matta():
    assert score("Ac Ad Ab As Rd").kind == "four_and_half"          # on its own the kit takes ½
    s = score("Ac Ad Ab As Rd", matta=1)
    assert (s.kind, s.n_cards, points_for(s)) == ("five", 5, 5)
    # at the showdown, against a 4½, the holder takes 1 and wins with a five-card 5
    r = showdown(["Ac Ad Ab As Rd", "4c Fs"], dealer=1)
    assert r.winners == (0,) and r.scores[0].kind == "five" and r.points == (5, 0)


def test_Q6_game_ends_at_the_target():
    rules = QuattroRules(target=5)
    g = QuattroGame(3, rules=rules, seed=1, dealer=0, deck=parse_cards("4c 5d 6s  Fs Ac"))
    g.act("draw"); g.act("stand"); g.act("draw"); g.act("stand"); g.act("stand")
    # Bea 4½ (5 points) beats Cy's 6 and Ada's 6: she reaches the target of 5
    assert g.over and g.winners == (1,) and g.points == (0, 5, 0)
    assert g.events[-1].kind == "game_over" and "target of 5" in g.events[-1].text
    assert g.legal_actions() == {} or len(g.legal_actions()) == 0


def test_Q6_target_validation():
    assert QuattroRules(target=100).target == 100
    for bad in (0, -5, 2.5, "50", True):
        with pytest.raises(SetteKitError):
            QuattroRules(target=bad)


# ---------------------------------------------------------------------------------------
# Odds
# ---------------------------------------------------------------------------------------

def test_odds_double_six_counts():
    o = odds_double_six("6 di coppe")
    assert o.probability == F(4, 39) and (o.favourable, o.unseen) == (4, 39)
    assert o.text == "3 sixes + 1 matta of the 39 unseen cards: 4/39 ≈ 10.3%."
    assert odds_double_six("6c", seen="6s 6d").probability == F(2, 37)
    assert odds_double_six("6c", rules=NO_MATTA).probability == F(3, 39)
    with pytest.raises(SetteKitError, match="first card 6"):
        odds_double_six("5c")


def test_odds_four_and_half_next_card():
    o = odds_four_and_half("4c")
    assert o.probability == F(12, 39) and o.eventually == F(12, 39)  # only a ½ card helps
    assert odds_four_and_half("3c").probability == 0
    assert odds_four_and_half("2c Rd").probability == F(14, 38)      # 11 figures + 3 twos
    assert odds_four_and_half("6c").eventually == 0
    o = odds_four_and_half("3c Ac", seen="Fc Fd")
    assert o.probability == F(10, 36) and "10 of the 36" in o.text   # 10 figures + the matta


def test_odds_four_and_half_eventually_matches_a_seeded_simulation():
    # draw while 4½ can still be made (no matta here, so: while the total is under 4½)
    rules = NO_MATTA
    p = odds_four_and_half("2c", rules=rules).eventually
    rng = random.Random(3)
    rest = [c for c in FULL_DECK if c != Card(2, "coppe")]
    n, hits = 20_000, 0
    for _ in range(n):
        deck = rest[:]
        rng.shuffle(deck)
        total = F(2)
        i = 0
        while total < F(9, 2):
            c = deck[i]; i += 1
            total += F(1, 2) if c.is_figure else int(c.rank)
        hits += total == F(9, 2)
    est = hits / n
    se = (float(p) * (1 - float(p)) / n) ** 0.5
    assert abs(est - float(p)) < 4 * se


def test_next_card_is_a_distribution():
    for hand in ("Fc", "4c Rd", "6c", "2c 2d"):
        d = next_card(hand)
        assert sum(d.values()) == 1
    assert next_card("6c", double_six=True)["double six"] == F(4, 39)


def test_explain_mentions_rules_and_points():
    text = explain("5c")
    assert "Q2" in text and "2 points" in text
    assert "double six" in explain("6c 6s")
    assert "below 4½" in explain("2c Fd")
    assert "over 7½" in explain("7c 2d")
    assert "mega" in explain("Fd Fb Fs Cc Cd Cb Cs Rc Fc")


# ---------------------------------------------------------------------------------------
# The game: properties
# ---------------------------------------------------------------------------------------

BOT_CHOICES = st.sampled_from(["odds", "threshold6", "threshold7"])


def _bot(name):
    return OddsBot() if name == "odds" else ThresholdBot(int(name[-1]))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), n=st.integers(3, 8), target=st.sampled_from([10, 20, 50]),
       bots=st.lists(BOT_CHOICES, min_size=8, max_size=8))
def test_property_points_only_to_winners_and_game_ends_at_target(seed, n, target, bots):
    g = QuattroGame(n, rules=QuattroRules(target=target), seed=seed, bots={i: _bot(bots[i]) for i in range(n)})
    while not g.over:
        before = g.points
        assert max(before) < target
        r = g.play_hand()
        g.check()
        gained = [a - b for a, b in zip(g.points, before)]
        assert all(x >= 0 for x in gained)
        assert {s for s, x in enumerate(gained) if x} <= set(r.winners)       # only winners score
        if r.mega is None:
            assert tuple(gained) == r.points
            for s in r.winners:
                assert gained[s] == points_for(r.scores[s]) > 0
        assert g.hand_number < 2000
    top = max(g.points)
    if any(e.kind == "mega" for e in g.hand_events()):
        assert len(g.winners) == 1
    else:
        assert top >= target and all(g.points[s] == top for s in g.winners)
        assert set(g.winners) == {s for s in range(n) if g.points[s] == top}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), n=st.integers(3, 8), steps=st.integers(0, 60),
       action=st.sampled_from(["draw", "stand", "double_six", "next_hand", "fly"]))
def test_property_illegal_actions_leave_state_identical_and_save_load(seed, n, steps, action):
    g = QuattroGame(n, seed=seed, rules=QuattroRules(target=15))
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        g.act(rng.choice(list(g.legal_actions())))
    snap = g.to_json()
    if action not in g.legal_actions():
        with pytest.raises(IllegalMove):
            g.act(action)
        assert g.to_json() == snap
    # save / load: same state, and the same future
    h = QuattroGame.from_json(snap)
    assert h.to_json() == snap
    for _ in range(30):
        if g.over:
            break
        a = rng.choice(list(g.legal_actions()))
        g.act(a); h.act(a)
    assert h.to_json() == g.to_json()


def test_view_hides_first_cards_until_shown():
    g = game(3, deck="4c 5d 6s  Fs")
    v = g.view(2)
    assert v.hands[1].cards == (None,) and v.hands[1].score is None
    assert v.hand.cards == parse_cards("5d") and v.score.kind == "five"
    assert v.legal is None and g.view(1).legal is not None
    assert all("4 di coppe" not in e.text for e in v.events)
    assert all("card" not in e.data for e in v.events if e.seat != 2 and e.kind == "dealt")
    g.act("draw")
    assert g.view(2).hands[1].cards == (None, parse_cards("Fs")[0])


def test_game_errors():
    with pytest.raises(SetteKitError, match="3 to 8"):
        QuattroGame(2)
    with pytest.raises(SetteKitError, match="3 to 8"):
        QuattroGame(9)
    g = game(3, deck="4c 5d 6s")
    with pytest.raises(IllegalMove, match="it is Player 2's turn"):
        g.act("draw", seat=0)
    with pytest.raises(IllegalMove, match="unknown action"):
        g.act("fly")
    with pytest.raises(SetteKitError, match="not a saved"):
        QuattroGame.from_json('{"format": "x"}')
    with pytest.raises(SetteKitError):
        QuattroGame.from_json("not json")


def test_play_game_is_seeded():
    a = QuattroGame(4, seed=11, bots="all")
    b = QuattroGame(4, seed=11, bots="all")
    assert a.play_game() == b.play_game() and a.to_json() == b.to_json()


# ---------------------------------------------------------------------------------------
# CLI
# ---------------------------------------------------------------------------------------

def test_cli_score_odds_play(capsys):
    assert main(["quattro", "score", "4 di coppe, Re di denari"]) == 0
    out = capsys.readouterr().out
    assert "4½" in out and "3 points" in out
    assert main(["quattro", "odds", "6 di coppe"]) == 0
    out = capsys.readouterr().out
    assert "3 sixes + 1 matta of the 39 unseen cards: 4/39 ≈ 10.3%." in out
    assert main(["quattro", "play", "--bots", "3", "--seed", "7", "--watch", "--target", "10"]) == 0
    out = capsys.readouterr().out
    assert "wins the game" in out
    assert main(["quattro", "score", "zz"]) == 2
    assert main(["quattro", "play", "--bots", "9"]) == 2


def test_cli_play_terminal_with_scripted_input():
    from sette_kit.cli.quattro import play_terminal

    g = QuattroGame(["Me", "B1", "B2"], seed=3, bots={1: OddsBot(), 2: ThresholdBot()},
                    rules=QuattroRules(target=6))
    answers = itertools.cycle(["fly", "s", "d", "s", "6", "d", "s", ""])
    out: list[str] = []
    rc = play_terminal(g, 0, input_fn=lambda prompt: next(answers), print_fn=out.append)
    assert rc == 0 and g.over
    assert any(line.startswith("Not now:") for line in out)
    assert any(line.startswith("Me is dealt a card face down:") for line in out)


# ---------------------------------------------------------------------------------------
# The engine protocol: typed actions and the bound of play_bots
# ---------------------------------------------------------------------------------------

def test_play_bots_bound_is_exact():
    from sette_kit.games import Action

    n = QuattroGame(3, seed=4, bots="all").play_bots()
    assert n >= 3
    g = QuattroGame(3, seed=4, bots="all")
    assert g.play_bots(max_actions=n) == n and g.phase != "play"   # exactly enough is enough
    short = QuattroGame(3, seed=4, bots="all")
    with pytest.raises(SetteKitError, match="without a human turn"):
        short.play_bots(max_actions=n - 1)                            # the bots would need one more
    assert short.phase == "play" and len(short.hand_events()) < len(g.hand_events())
    assert QuattroGame.from_json(short.to_json(), bots="all").play_bots() == 1   # saveable, one action left
    # a human's turn next: the bound reached there is no error
    human = QuattroGame(["Me", "B1", "B2"], seed=4, dealer=0, bots={1: ThresholdBot(), 2: ThresholdBot()})
    ahead = QuattroGame.from_json(human.to_json(), bots={1: ThresholdBot(), 2: ThresholdBot()})
    k = ahead.play_bots()
    assert ahead.to_act == 0 and human.play_bots(max_actions=k) == k and human.to_json() == ahead.to_json()
    # a bot may answer with a typed Action, the same move as its name
    typed = QuattroGame(3, seed=4, bots={s: (lambda v: Action(ThresholdBot()(v))) for s in range(3)})
    named = QuattroGame(3, seed=4, bots={s: ThresholdBot() for s in range(3)})
    assert typed.play_bots() == named.play_bots() and typed.to_json() == named.to_json()


def test_act_takes_a_typed_action_and_an_illegal_one_changes_nothing():
    from sette_kit.games import Action

    g = game(deck="4c 5d 6s  Fs")
    before = g.to_json()
    for bad in (Action("stand"), Action("draw", amount=1), Action("fly")):
        with pytest.raises(IllegalMove):
            g.act(bad)
        assert g.to_json() == before
    g.act(Action("draw"))
    h = game(deck="4c 5d 6s  Fs")
    h.act("draw")
    assert g.to_json() == h.to_json() and g.events[-1].text == "Player 2 declares 4½ (Q2)."


# -- the texts ----------------------------------------------------------


def test_quattro_texts_know_the_double_six_and_the_mega():
    text = explain("4 di coppe, Fante di spade")
    assert "the best score" not in text
    assert "double six" in text and "mega" in text
    assert "second only to 4½" not in explain("7 di coppe, Fante di spade")
