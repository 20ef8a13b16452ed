"""Trentuno rules engine: one test (or more) per rule id T1-T9, scripted hands, API."""

from __future__ import annotations

import dataclasses
import json

import pytest

from sette_kit.cards import FULL_DECK, Card, Suit, parse_card, parse_cards
from sette_kit.errors import IllegalMove, SetteKitError
from sette_kit.trentuno import (
    Action, Greedy, ThresholdKnocker, TrentunoGame, TrentunoRules, best_discard, card_points, explain,
    greedy, score,
)

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

C = parse_card
H = parse_cards


def rig(hands, discard=None, stock_top=(), players=None, **kw):
    """An arranged table; the stock holds ``stock_top`` (top first) then the rest in deck order.
    The default discard is the first 2 (then 3, ...) that nobody holds."""
    players = players or ["Ada", "Bruno", "Carla", "Dino", "Elsa", "Fede", "Gino"][: len(hands)]
    hands = [H(h) if h else () for h in hands]
    top = [C(c) if isinstance(c, str) else c for c in stock_top]
    if discard is None:
        taken = {c for h in hands for c in h} | set(top)
        discard = next(c for r in range(2, 8) for c in FULL_DECK if c.rank == r and c not in taken).name()
    pile = H(discard)
    used = {c for h in hands for c in h} | set(pile) | set(top)
    stock = top + [c for c in FULL_DECK if c not in used]
    return TrentunoGame.arranged(players, hands, pile, stock, **kw)


def kinds(game, since=0):
    return [e.kind for e in game.events[since:]]


# ---------------------------------------------------------------------------------- T1
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8, 12])
def test_T1_two_to_seven_players_and_more_with_care(n):
    g = TrentunoGame(n, seed=n)
    assert g.card_count() == 40
    assert all(len(g.hand_of(s)) == 3 for s in range(n)) or g.phase == "hand_over"
    assert g.view(0).stock_size == 40 - 3 * n - 1


@pytest.mark.parametrize("bad", [1, 13, 0])
def test_T1_player_count_checked(bad):
    with pytest.raises(SetteKitError, match="2 to 12 players"):
        TrentunoGame(bad, seed=1)


def test_T1_names_must_differ_and_rules_type():
    with pytest.raises(SetteKitError, match="different"):
        TrentunoGame(["A", "A"], seed=1)
    with pytest.raises(SetteKitError, match="TrentunoRules"):
        TrentunoGame(2, rules="italian", seed=1)


# ---------------------------------------------------------------------------------- T2
@pytest.mark.parametrize("text,total,suit", [
    ("Asso di coppe, Re di coppe, Fante di coppe", 31, Suit.COPPE),
    ("Asso di coppe, Cavallo di coppe, 7 di coppe", 28, Suit.COPPE),
    ("Asso di denari, Asso di bastoni, Re di spade", 11, Suit.DENARI),   # the seed's example: 11
    ("7 di spade, 6 di spade, Asso di denari", 13, Suit.SPADE),
    ("2 di coppe, 3 di denari, 4 di bastoni", 4, Suit.BASTONI),
    ("Re di coppe, Re di denari", 10, Suit.COPPE),                       # tie: the first suit
    ("5 di spade", 5, Suit.SPADE),
])
def test_T2_best_sum_of_one_suit(text, total, suit):
    s = score(H(text))
    assert (s.total, s.suit) == (total, suit)
    assert s.total == sum(card_points(c) for c in s.cards)
    assert all(c.suit == suit for c in s.cards)


def test_T2_card_values():
    assert [card_points(Card(r, "coppe")) for r in range(1, 11)] == [11, 2, 3, 4, 5, 6, 7, 10, 10, 10]


def test_T2_31_is_the_most():
    assert max(score((a, b, c)).total for a in FULL_DECK[:10] for b in FULL_DECK[:10] for c in FULL_DECK[:10]
               if len({a, b, c}) == 3) == 31
    assert score(H("Ac Rc Fc")).kind == "trentuno"


def test_T2_three_of_a_kind_option():
    on = TrentunoRules(three_of_a_kind_30=True)
    for text in ("Ac Ad As", "Rc Rd Rb", "Fc Fd Fs", "Cc Cd Cb"):
        assert score(H(text)).total in (10, 11)
        s = score(H(text), on)
        assert (s.total, s.kind, s.suit) == (30, "three_of_a_kind", None)
    assert score(H("7c 7d 7s"), on).total == 7          # only Aces or figures
    assert score(H("Rc Rd Fb"), on).total == 10         # three figures, not of one rank
    assert score(H("Ac Rc Fc"), on).total == 31         # 31 still beats 30
    assert "30" in explain(H("Ac Ad As"), on)


def test_T2_explain_step_by_step():
    text = explain(H("Asso di coppe, Re di coppe, Fante di coppe"))
    assert "Asso di coppe 11 + Re di coppe 10 + Fante di coppe 10 = 31 in coppe" in text
    text = explain(H("Asso di coppe, 5 di coppe, Re di spade"))
    assert text.splitlines()[:2] == ["coppe: Asso di coppe 11 + 5 di coppe 5 = 16.", "spade: Re di spade 10 = 10."]
    assert explain(H("7 of hearts, king of hearts"), TrentunoRules(face="french")).startswith("hearts: 7 of hearts 7")


def test_T2_four_cards_have_no_score_use_best_discard():
    with pytest.raises(SetteKitError, match="best_discard"):
        score(H("Ac 2c 3c 4c"))
    with pytest.raises(SetteKitError):
        score(())
    card, s = best_discard(H("Ac 5c Rs Rc"))
    assert card == C("Rs") and s.total == 26
    card, s = best_discard(H("Ac 5c Rs Rc"), keep=C("Rs"))
    assert s.total == 21 and card != C("Rs")


# ---------------------------------------------------------------------------------- T3
def test_T3_lives_pot_and_several_tied_lowest_each_lose():
    # Ada knocks with 27; Bruno and Carla end on 20 and each lose a life
    g = rig(["Rc Fc 7c", "Rd Fd 2s", "Rb Fb 3s"], stock_top=["4s", "5s"], turns_played=3)
    assert g.players[g.to_act] == "Ada" and g.lives == [3, 3, 3] and g.pot == 0
    g.act("knock")
    g.act("draw_stock"); g.act("discard", card="4 di spade")
    g.act("draw_stock"); g.act("discard", card="5 di spade")
    assert g.phase == "hand_over"
    assert g.lives == [3, 2, 2] and g.pot == 2
    assert "several players tie for lowest" in [e for e in g.events if e.kind == "lowest"][0].text


def test_T3_elimination_and_last_player_wins_pot():
    g = rig(["Rc Fc 7c", "Rd Fd 2s", "Rb Fb 3s"], stock_top=["4s", "5s"], turns_played=3, lives=[2, 1, 1])
    assert g.pot == 5                              # the lives already lost
    g.act("knock")
    g.act("draw_stock"); g.act("discard", card="4 di spade")
    g.act("draw_stock"); g.act("discard", card="5 di spade")
    assert g.phase == "game_over" and g.winner == 0 and g.pot == 7 and g.lives == [2, 0, 0]
    assert kinds(g).count("eliminated") == 2 and g.legal_actions().actions() == ()
    with pytest.raises(IllegalMove, match="game is over"):
        g.act("next_hand")


# ---------------------------------------------------------------------------------- T4
@pytest.mark.parametrize("seed", range(12))
def test_T4_first_dealer_cuts_highest(seed):
    g = TrentunoGame(5, seed=seed)
    cuts = [e for e in g.events if e.kind == "cut_for_dealer"][-1].data["cuts"]
    order = lambda c: 11 if c.rank == 1 else int(c.rank)  # A, Re, Cavallo, Fante, 7..2
    best = max(order(c) for c in cuts.values())
    assert [s for s, c in cuts.items() if order(c) == best] == [g.dealer]


def test_T4_deal_cut_and_turn_up():
    g = TrentunoGame(4, seed=11)
    cut = next(e for e in g.events if e.kind == "cut")
    assert cut.seat == (g.dealer + 1) % 4                     # the player on the dealer's right
    assert 4 <= cut.data["position"] <= 36
    assert g.to_act == (g.dealer + 1) % 4                     # play starts on the dealer's right
    assert all(len(g.hand_of(s)) == 3 for s in range(4))
    assert len(g.discard_pile) == 1 and len(g.stock) == 27


def test_T4_seeded_deals_repeat_and_differ():
    a, b, c = TrentunoGame(4, seed=5), TrentunoGame(4, seed=5), TrentunoGame(4, seed=6)
    assert [a.hand_of(s) for s in range(4)] == [b.hand_of(s) for s in range(4)]
    assert [a.hand_of(s) for s in range(4)] != [c.hand_of(s) for s in range(4)]


def test_T4_deal_passes_to_next_live_seat_skipping_the_eliminated():
    # Bruno (seat 1) loses his last life; Ada was the dealer, so the deal skips to Carla
    g = rig(["Rc Fc 7c", "Rd Fd 2s", "Rb Fb Cb", "Ad Cd 7d"], stock_top=["4s", "5s", "6s"],
            turns_played=4, lives=[3, 1, 3, 3], dealer=3)
    g.act("knock")
    g.act("draw_stock"); g.act("discard", card="4s")
    g.act("draw_stock"); g.act("discard", card="5s")
    g.act("draw_stock"); g.act("discard", card="6s")
    assert g.lives == [3, 0, 3, 3] and g.phase == "hand_over"
    g.act("next_hand")
    assert g.dealer == 0
    # the deal would pass from Ada to Bruno, who is out: it skips to Carla
    g = rig(["Rc Fc 7c", "Rd Fd 2s", "Rb Fb Cb", "Ad Cd 7d"], stock_top=["4s", "5s", "6s", "7s"],
            turns_played=4, lives=[3, 1, 3, 3], dealer=0)
    assert g.players[g.to_act] == "Bruno"
    g.act("draw_stock"); g.act("discard", card="4s")
    g.act("knock")                                             # Carla, 30
    for c in ("5s", "6s"):                                     # Dino, then Ada, the dealer: the hand
        g.act("draw_stock"); g.act("discard", card=c)          # ends with the dealer (T6)
    assert g.lives == [3, 0, 3, 3]
    g.act("next_hand")
    assert g.dealer == 2 and g.hand_of(1) == () and g.to_act == 3
    assert next(e for e in reversed(g.events) if e.kind == "deal").data["seats"] == (3, 0, 2)


# ---------------------------------------------------------------------------------- T5
def test_T5_draw_then_discard():
    g = rig(["2c 3d 4b", "5c 6d 7b"], discard="Ac", stock_top=["Rs"], turns_played=2)
    assert g.legal_actions().actions() == (Action("draw_stock"), Action("take_discard"))
    g.act("draw_stock")
    assert g.hand_of(0)[-1] == C("Rs") and g.phase == "discard"
    assert [a.card for a in g.legal_actions().actions()] == sorted(H("2c 3d 4b Rs"))
    g.act("discard", card="Re di spade")
    assert g.discard_top == C("Rs") and g.players[g.to_act] == "Bruno" and g.phase == "draw"


def test_T5_card_taken_from_the_pile_may_not_be_thrown_back():
    g = rig(["2c 3d 4b", "5c 6d 7b"], discard="Ac", turns_played=2)
    g.act("take_discard")
    assert Action("discard", C("Ac")) not in g.legal_actions()
    before = g.to_json()
    with pytest.raises(IllegalMove, match="may not be thrown back"):
        g.act("discard", card="Asso di coppe")
    assert g.to_json() == before


def test_T5_discard_first_option():
    rules = TrentunoRules(discard_first=True)
    g = rig(["2c 3d 4b", "5c 6d 7b"], discard="Ac", stock_top=["Rs"], turns_played=2, rules=rules)
    assert g.phase == "discard" and [a.name for a in g.legal_actions().actions()] == ["discard"] * 3
    g.act("discard", card="2c")
    v = g.view(0)
    assert v.pending_discard == C("2c") and v.discard_top == C("Ac") and len(v.hand) == 2
    assert g.card_count() == 40
    g.act("take_discard")                     # takes the card that was on top before the discard
    assert set(g.hand_of(0)) == set(H("3d 4b Ac")) and g.discard_top == C("2c")
    assert g.players[g.to_act] == "Bruno" and g.phase == "discard"


# ---------------------------------------------------------------------------------- T6
def test_T6_no_knock_in_the_first_round():
    g = rig(["Rc Fc Cc", "2d 3d 4s", "2b 3b 4b"], turns_played=0)
    assert Action("knock") not in g.legal_actions()
    with pytest.raises(IllegalMove, match="first round"):
        g.act("knock")
    for _ in range(3):
        g.act("draw_stock"); g.act("discard", card=g.hand_of(g.to_act)[-1])
    assert not g.first_round and g.round == 2
    assert Action("knock") in g.legal_actions()


@pytest.mark.parametrize("hand,can", [("Rc Fc 5c", False), ("Rc Fc 6c", True), ("Ac Fc 2s", False)])
def test_T6_knock_needs_more_than_25(hand, can):
    g = rig([hand, "2d 3d 4s"], turns_played=2)
    assert (Action("knock") in g.legal_actions()) is can
    if not can:
        with pytest.raises(IllegalMove, match="26 or more"):
            g.act("knock")


def test_T6_knock_replaces_the_turn_and_only_once():
    g = rig(["Rc Fc 6c", "Rd Fd 7d", "2b 3b 4s"], turns_played=3)
    g.act("draw_stock")
    with pytest.raises(IllegalMove, match="before drawing"):
        g.act("knock")
    g.act("discard", card=g.hand_of(0)[-1])
    g = rig(["Rc Fc 6c", "Rd Fd 7d", "2b 3b 4s"], turns_played=3)
    g.act("knock")
    assert g.knocker == 0 and g.last_turns_left == 2
    with pytest.raises(IllegalMove, match="already knocked"):
        g.act("knock")


def _turns_after_ada_knocks(rules) -> list[int]:
    """The seats that play after Ada knocks, the dealer being Bruno (T6)."""
    g = rig(["Rc Fc 6c", "2d 3d 4s", "2b 3b 4b", "5d 6d 7s"], turns_played=4, dealer=1, rules=rules)
    assert g.players[g.to_act] == "Carla"        # dealer Bruno, so Carla starts each round
    while g.to_act != 0:                         # play up to Ada, who knocks
        g.act("draw_stock"); g.act("discard", card=g.hand_of(g.to_act)[-1])
    g.act("knock")
    turns = []
    while g.phase != "hand_over":
        turns.append(g.to_act)
        g.act("draw_stock"); g.act("discard", card=g.hand_of(g.to_act)[-1])
    return turns


def test_T6_everyone_else_gets_exactly_one_last_turn():
    rules = TrentunoRules(knock_last_round="everyone")          # the option, not the default
    assert _turns_after_ada_knocks(rules) == [1, 2, 3]            # everyone else once, past the dealer (Bruno)


def test_T6_to_dealer_reading_is_the_default():
    rules = TrentunoRules()
    assert rules.knock_last_round == "to_dealer"
    assert _turns_after_ada_knocks(rules) == [1]                   # only up to the dealer
    # a knocking dealer ends the hand at once
    g = rig(["Rc Fc 6c", "2d 3d 4s", "2b 3b 4b"], turns_played=5, dealer=0, rules=rules)
    assert g.to_act == 0
    g.act("knock")
    assert g.phase == "hand_over"


def test_T6_knocker_tying_for_lowest_loses_alone():
    g = rig(["Rc Fc 6c", "Rd Fd 6d", "As Rs 7s"], stock_top=["2b", "3b"], turns_played=3)
    g.act("knock")
    g.act("draw_stock"); g.act("discard", card="2b")
    g.act("draw_stock"); g.act("discard", card="3b")
    shown = next(e for e in g.events if e.kind == "showdown")
    assert dict(shown.data["scores"]) == {0: 26, 1: 26, 2: 28}
    assert g.lives == [2, 3, 3] and g.pot == 1


def test_T6_lowest_loses_a_life():
    g = rig(["Rc Fc 6c", "Rd Fd 2s", "As Rs 7s"], stock_top=["2b", "3b"], turns_played=3)
    g.act("knock")
    g.act("draw_stock"); g.act("discard", card="2b")
    g.act("draw_stock"); g.act("discard", card="3b")
    assert g.lives == [3, 2, 3]
    assert g.view(0).revealed[1] == H("Rd Fd 2s")


# ---------------------------------------------------------------------------------- T7
def test_T7_31_ends_the_hand_everyone_else_loses():
    g = rig(["Ac Rc 2s", "2d 3d 4s", "2b 3b 4b"], discard="Fc", turns_played=3)
    g.act("take_discard"); g.act("discard", card="2s")
    assert g.phase == "hand_over" and g.lives == [3, 2, 2] and g.pot == 2
    assert "thirty_one" in kinds(g)


def test_T7_31_after_a_knock_spares_the_knocker():
    g = rig(["Rc Fc 6c", "Ad Rd 2s", "2b 3b 4b"], stock_top=["Fd"], turns_played=3)
    g.act("knock")
    g.act("draw_stock"); g.act("discard", card="2s")
    assert g.phase == "hand_over" and g.lives == [3, 3, 2] and g.pot == 1
    assert any("does not lose" in e.text for e in g.events)


def test_T7_dealt_31_is_shown_at_once():
    g = rig(["Ac Rc Fc", "2d 3d 4s", "2b 3b 4b"], turns_played=0)
    assert g.phase == "hand_over" and g.lives == [3, 2, 2]
    g = rig(["Ac Rc Fc", "Ad Rd Fd", "2b 3b 4b"], turns_played=0)   # two dealt 31: both spared
    assert g.lives == [3, 3, 2]


def test_T7_first_round_option_wins_game():
    rules = TrentunoRules(first_round_31="wins_game")
    g = rig(["Ac Rc Fc", "2d 3d 4s", "2b 3b 4b"], turns_played=0, rules=rules)
    assert g.phase == "game_over" and g.winner == 0 and g.lives == [3, 0, 0] and g.pot == 6
    # made by drawing in the first round: also wins
    g = rig(["Ac Rc 2s", "2d 3d 4s", "2b 3b 4b"], discard="Fc", turns_played=0, rules=rules)
    g.act("take_discard"); g.act("discard", card="2s")
    assert g.winner == 0
    # after the first round it is an ordinary 31
    g = rig(["Ac Rc 2s", "2d 3d 4s", "2b 3b 4b"], discard="Fc", turns_played=3, rules=rules)
    g.act("take_discard"); g.act("discard", card="2s")
    assert g.phase == "hand_over" and g.lives == [3, 2, 2]


def test_T7_first_round_option_redeal():
    rules = TrentunoRules(first_round_31="redeal")
    g = rig(["Ac Rc 2s", "2d 3d 4s", "2b 3b 4b"], discard="Fc", turns_played=0, rules=rules, dealer=2)
    g.act("take_discard"); g.act("discard", card="2s")
    assert g.phase == "hand_over" and g.lives == [3, 3, 3] and g.pot == 0 and "redeal" in kinds(g)
    g.act("next_hand")
    assert g.dealer == 2 and g.hand_number == 2      # the same dealer deals again


def test_T6_default_a_knocking_dealer_ends_the_hand_at_once():
    # the rules' words: "the current one is the last round; in fact the hand ends with the dealer"
    g = rig(["Rc Fc 6c", "2d 3d 4s", "2b 3b 4b"], turns_played=5, dealer=0)
    assert g.to_act == 0 == g.dealer
    g.act("knock")
    assert g.phase == "hand_over" and g.lives == [3, 2, 3]
    knock = next(e for e in g.events if e.kind == "knock")
    assert "ends now" in knock.text and "last turns follow" not in knock.text
    # a knock before the dealer's turn: the players up to the dealer, and the text says so
    g = rig(["Rc Fc 6c", "2d 3d 4s", "2b 3b 4b"], turns_played=4, dealer=1)
    assert g.to_act == 0
    g.act("knock")
    assert g.last_turns_left == 1
    assert "ends with the dealer, Bruno" in next(e for e in g.events if e.kind == "knock").text


def test_T7_a_31_spares_those_who_have_30():
    # the rules' words: "everyone pays, except those who have 30"
    g = rig(["Ac Rc 2s", "Rd Fd Cd", "2b 3b 4b"], discard="Fc", turns_played=3)
    assert score(H("Rd Fd Cd")).total == 30
    g.act("take_discard"); g.act("discard", card="2s")
    assert g.phase == "hand_over" and g.lives == [3, 3, 2] and g.pot == 1
    assert any(e.kind == "thirty_one" and "has 30 and does not lose" in e.text for e in g.events)
    # the option turns the exception off
    g = rig(["Ac Rc 2s", "Rd Fd Cd", "2b 3b 4b"], discard="Fc", turns_played=3,
            rules=TrentunoRules(spare_thirty=False))
    g.act("take_discard"); g.act("discard", card="2s")
    assert g.lives == [3, 2, 2]


def test_T7_a_dealt_31_spares_a_dealt_30():
    g = rig(["Ac Rc Fc", "Rd Fd Cd", "2b 3b 4b"], turns_played=0)
    assert g.phase == "hand_over" and g.lives == [3, 3, 2]


# ---------------------------------------------------------------------------------- T8
def test_T8_return_to_life_not_implemented_eliminated_stay_out():
    assert not any("life" in f.name and f.name != "lives" for f in dataclasses.fields(TrentunoRules))
    g = TrentunoGame(5, seed=3, bots={s: ThresholdKnocker(26) for s in range(5)})
    out: set[int] = set()
    while g.phase != "game_over":
        if g.phase == "hand_over":
            g.act("next_hand")
            assert all(g.hand_of(s) == () for s in out)
        g.play_bots()
        for s in out:
            assert g.lives[s] == 0 and g.to_act != s
        out |= {s for s in range(5) if g.lives[s] == 0}


# ---------------------------------------------------------------------------------- T9
def test_T9_last_two_with_one_life_tie_knocker_loses():
    g = rig(["Rc Fc 6c", "Rd Fd 6d"], stock_top=["2b"], turns_played=2, lives=[1, 1])
    g.act("knock")
    g.act("draw_stock"); g.act("discard", card="2b")
    assert g.phase == "game_over" and g.winner == 1 and g.lives == [0, 1] and g.pot == 5
    assert "(T9)" in next(e for e in g.events if e.kind == "lowest").text


def test_T9_last_two_tie_and_one_has_two_lives_both_lose():
    # the rules' words: "if one of the two players has two or more lives, a life is taken from both"
    g = rig(["Rc Fc 6c", "Rd Fd 6d"], stock_top=["2b"], turns_played=2, lives=[2, 1])
    g.act("knock")
    g.act("draw_stock"); g.act("discard", card="2b")
    assert g.phase == "game_over" and g.lives == [1, 0] and g.winner == 0
    assert "both lose a life (T9)" in next(e for e in g.events if e.kind == "lowest").text
    g = rig(["Rc Fc 6c", "Rd Fd 6d"], stock_top=["2b"], turns_played=2, lives=[2, 3])
    g.act("knock")
    g.act("draw_stock"); g.act("discard", card="2b")
    assert g.phase == "hand_over" and g.lives == [1, 2]
    # the option: the knocker alone (T6)
    g = rig(["Rc Fc 6c", "Rd Fd 6d"], stock_top=["2b"], turns_played=2, lives=[2, 3],
            rules=TrentunoRules(last_two_both_lose=False))
    g.act("knock")
    g.act("draw_stock"); g.act("discard", card="2b")
    assert g.lives == [1, 3]


# ---------------------------------------------------------------------------------- API
def test_illegal_moves_leave_state_unchanged():
    g = TrentunoGame(3, seed=9)
    before, n = g.to_json(), len(g.events)
    for bad, kw in [("discard", {"card": g.hand_of(g.to_act)[0]}), ("knock", {}), ("next_hand", {}),
                    ("fly", {}), ("draw_stock", {"card": "Ac"})]:
        with pytest.raises(IllegalMove):
            g.act(bad, **kw)
    with pytest.raises(SetteKitError):
        g.act("draw_stock", colour="red")
    g.act("draw_stock")
    mid = g.to_json()
    other = next(c for c in FULL_DECK if c not in g.hand_of(g.to_act))
    for bad, kw in [("discard", {"card": other}), ("discard", {}), ("discard", {"card": "8 di coppe"}),
                    ("draw_stock", {}), ("take_discard", {})]:
        with pytest.raises(IllegalMove) as exc:
            g.act(bad, **kw)
        assert "accepted" in str(exc.value)
    assert g.to_json() == mid and len(g.events) == n + 1
    assert before != mid


def test_view_shows_only_what_the_seat_may_see():
    g = TrentunoGame(4, seed=2)
    seat = g.to_act
    for s in range(4):
        v = g.view(s)
        assert v.hand == g.hand_of(s) and v.hand_sizes == (3, 3, 3, 3)
        assert v.legal == (g.legal_actions().actions() if s == seat else ())
        others = {c for t in range(4) if t != s for c in g.hand_of(t)}
        visible = {x for x in v if isinstance(x, Card)} | set(v.hand) | set(v.revealed)
        assert not (others & visible)
    assert g.view(g.players[0]).seat == 0
    with pytest.raises(SetteKitError, match="unknown seat"):
        g.view(9)


def test_events_are_immutable_public_and_plain_english():
    g = TrentunoGame(3, seed=4, bots={0: greedy, 1: greedy, 2: ThresholdKnocker()})
    g.play_game()
    e = g.events[0]
    with pytest.raises(AttributeError):
        e.text = "x"
    with pytest.raises(TypeError):
        e.data["x"] = 1
    for e in g.events:
        assert e.text and (e.text[0].isupper() or e.text[0].isdigit()) and e.text.endswith(".")
        if e.kind == "draw_stock":
            assert "card" not in e.data          # a stock card is never public
    assert g.events[-1].kind == "game_over"


def test_json_round_trip_restores_exact_state_and_rng():
    bots = {0: greedy, 1: ThresholdKnocker(), 2: greedy}
    g = TrentunoGame(["A", "B", "C"], seed=21, bots=bots)
    for _ in range(3):
        g.play_bots()
        if g.phase == "hand_over":
            g.act("next_hand")
    text = g.to_json()
    h = TrentunoGame.from_json(text, bots=bots)
    assert h.to_json() == text
    assert [e.text for e in h.events] == [e.text for e in g.events]
    g.play_game(); h.play_game()
    assert g.to_json() == h.to_json() and g.winner == h.winner


def test_json_round_trip_of_an_arranged_table():
    g = rig(["Rc Fc 6c", "Rd Fd 2s", "As Rs 7s"], stock_top=["2b", "3b"], turns_played=3)
    g.act("knock"); g.act("draw_stock")
    h = TrentunoGame.from_json(g.to_json())
    assert h.hand_of(1) == g.hand_of(1) and h.phase == "discard" and h.knocker == 0


def test_json_rejects_tampering():
    g = TrentunoGame(3, seed=1)
    g.act("draw_stock")
    d = json.loads(g.to_json())
    d["state"]["pot"] = 5
    with pytest.raises(SetteKitError, match="does not replay"):
        TrentunoGame.from_json(json.dumps(d))
    with pytest.raises(SetteKitError):
        TrentunoGame.from_json("{not json")
    with pytest.raises(SetteKitError, match="format"):
        TrentunoGame.from_json('{"format": "chess"}')


def test_restock_when_the_stock_runs_out():
    hands = ["2c 3c 4c", "2d 3d 4d", "2b 3b 4b"]
    used = set(H(", ".join(hands))) | {C("Rs")}
    pile = [c for c in FULL_DECK if c not in used]
    g = TrentunoGame.arranged(["A", "B", "C"], hands, pile, ["Rs"], turns_played=3)
    assert len(g.stock) == 1
    g.act("draw_stock"); g.act("discard", card="Rs")
    ev = next(e for e in g.events if e.kind == "restock")
    assert len(g.stock) == 30 and len(g.discard_pile) == 1 and g.discard_top == C("Rs")
    assert ev.data["stock"] == 30 and g.card_count() == 40


def test_rules_validation_messages():
    for kw, msg in [({"lives": 0}, "lives"), ({"knock_minimum": 40}, "knock_minimum"),
                    ({"first_round_31": "x"}, "ends_hand"), ({"knock_last_round": "x"}, "to_dealer"),
                    ({"face": "german"}, "face"), ({"discard_first": "yes"}, "True or False")]:
        with pytest.raises(SetteKitError, match=msg):
            TrentunoRules(**kw)
    with pytest.raises(SetteKitError, match="unknown Trentuno option"):
        TrentunoRules().replace(matta=True)
    assert TrentunoRules(knock_minimum=20).replace(lives=2) == TrentunoRules(lives=2, knock_minimum=20)


def test_arranged_validation():
    with pytest.raises(SetteKitError, match="one hand per seat"):
        TrentunoGame.arranged(["A", "B"], ["Ac Rc Fc"], "2c")
    with pytest.raises(SetteKitError, match="twice"):
        TrentunoGame.arranged(["A", "B"], ["Ac Rc Fc", "Ac 2d 3d"], "2c")
    with pytest.raises(SetteKitError, match="three cards"):
        TrentunoGame.arranged(["A", "B"], ["Ac Rc", "4c 2d 3d"], "2c")
    with pytest.raises(SetteKitError, match="stock must hold"):
        TrentunoGame.arranged(["A", "B"], ["Ac Rc Fc", "4c 2d 3d"], "2c", ["5c"])


# ---------------------------------------------------------------------------------- bots
def test_greedy_takes_an_improving_discard_else_draws():
    g = rig(["Ac Rc 2s", "2d 3d 4s"], discard="Fc", turns_played=2)
    assert greedy(g.view(0)) == ("take_discard", {})
    g.act("take_discard")
    assert greedy(g.view(0)) == ("discard", {"card": C("2s")})
    g = rig(["Ac Rc 2s", "2d 3d 4s"], discard="5b", turns_played=2)
    assert greedy(g.view(0)) == ("draw_stock", {})


def test_threshold_knocker_knocks_at_threshold():
    g = rig(["Ac Rc 5c", "2d 3d 4s"], turns_played=2)      # 26
    assert ThresholdKnocker(27)(g.view(0))[0] != "knock"
    assert ThresholdKnocker(26)(g.view(0)) == ("knock", {})
    assert Greedy(patience=None)(g.view(0))[0] != "knock"
    with pytest.raises(SetteKitError):
        ThresholdKnocker(40)


def test_any_callable_policy_may_sit_and_bad_ones_are_reported():
    def always_stock_then_first(view):
        if view.phase == "draw":
            return "draw_stock", {}
        return "discard", {"card": view.legal[0].card}

    g = TrentunoGame(2, seed=1, bots={"Player 1": always_stock_then_first})
    g.play_bots()
    assert g.to_act == 1 and all(name in ("draw_stock", "discard") for name, _ in g.history)
    g = TrentunoGame(2, seed=1, bots={0: lambda v: 42, 1: lambda v: 42})
    with pytest.raises(SetteKitError, match="returned 42"):
        g.play_bots()
    with pytest.raises(SetteKitError, match="needs a bot"):
        TrentunoGame(2, seed=1, bots={0: greedy}).play_game()
    with pytest.raises(SetteKitError, match="not callable"):
        TrentunoGame(2, seed=1, bots={0: "greedy"})


# ---------------------------------------------------------------------------------- the engine protocol
def test_legal_actions_is_a_legal_mapping_and_its_actions_are_the_views_legal():
    from sette_kit.games import Legal

    g = rig(["2c 3d 4b", "5c 6d 7b"], discard="Ac", stock_top=["Rs"], turns_played=2)
    legal = g.legal_actions()
    assert isinstance(legal, Legal) and list(legal) == ["draw_stock", "take_discard"]
    g.act(Action("take_discard"))
    legal = g.legal_actions()
    assert list(legal) == ["discard"] and legal["discard"].values == tuple(sorted(H("2c 3d 4b")))
    assert legal.actions() == g.view(0).legal and all(isinstance(a, Action) for a in legal.actions())
    assert Action("discard", C("2c")) in legal and Action("discard", C("Ac")) not in legal  # just taken (T5)
    assert repr(legal) == "Legal(discard(values=2 di coppe, 3 di denari, 4 di bastoni))"


def test_act_takes_a_typed_action_or_a_name_and_refuses_extras():
    g = rig(["2c 3d 4b", "5c 6d 7b"], discard="Ac", stock_top=["Rs"], turns_played=2)
    before = g.to_json()
    with pytest.raises(IllegalMove):
        g.act(Action("no_such_move"))
    with pytest.raises(SetteKitError, match="unknown parameter"):
        g.act(Action("draw_stock", amount=3))
    with pytest.raises(SetteKitError, match="carries its own parameters"):
        g.act(Action("discard", C("2c")), card=C("3d"))
    assert g.to_json() == before
    g.act(Action("draw_stock"))
    g.act("discard", card=C("Rs"))
    assert g.players[g.to_act] == "Bruno" and g.names == g.players
    assert isinstance(g.events, tuple) and g.events[-1].kind == "discard" and g.events[-1].round == 1


def test_play_bots_never_plays_more_than_its_bound():
    """Exactly the actions needed is enough; one fewer raises, the game as those actions left it."""
    bots = {1: greedy, 2: greedy}
    g = TrentunoGame(["Ada", "Bruno", "Carla"], seed=7, bots=bots)
    needed = TrentunoGame.from_json(g.to_json(), bots=bots).play_bots()
    assert needed > 1
    assert TrentunoGame.from_json(g.to_json(), bots=bots).play_bots(max_actions=needed) == needed
    assert g.play_bots(max_actions=needed) == needed and g.to_act == 0
    h = TrentunoGame(["Ada", "Bruno", "Carla"], seed=7, bots=bots)
    with pytest.raises(SetteKitError, match="without a human turn"):
        h.play_bots(max_actions=needed - 1)
    assert len(h.history) == needed - 1 and h.to_act in (1, 2)
    assert TrentunoGame.from_json(h.to_json()).to_json() == h.to_json()
    assert h.play_bots() == 1 and h.to_act == 0
    assert TrentunoGame(["Ada", "Bruno"], seed=7).play_bots(max_actions=0) == 0  # a human to act: nothing to do


def test_bots_all_seats_a_greedy_bot_everywhere():
    g = TrentunoGame(3, seed=2, bots="all")
    assert sorted(g.bots) == [0, 1, 2] and all(isinstance(b, Greedy) for b in g.bots.values())
    assert g.play_game() in range(3)
    h = TrentunoGame.from_json(g.to_json(), bots="all")
    assert sorted(h.bots) == [0, 1, 2] and h.to_json() == g.to_json()
