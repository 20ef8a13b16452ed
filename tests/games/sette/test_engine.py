"""Scripted rounds of the game engine, each named by the rule it checks (RULES S7-S23)."""

from __future__ import annotations

import pytest

from sette_kit import Card, Rules, parse_cards
from sette_kit.errors import IllegalMove, SetteKitError
from sette_kit.game import Table
from sette_kit.policies import stand_at

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

ITALIAN = Rules.preset("italian")
SPANISH = Rules.preset("spanish")
PLAIN = Rules.preset("plain")


def table(rules, n, deck, banker=0, **kw):
    names = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"][:n] if n <= 6 else n
    face = (Rules.preset(rules) if isinstance(rules, str) else rules).face
    kw.setdefault("seed", 0)
    if isinstance(deck, str):
        deck = parse_cards(deck, face=face)
    return Table(rules, names, banker=banker, deck=deck, **kw)


def staked(rules, n, deck, amount=None, **kw):
    """A table dealt its first round, the first player's stake placed (S9)."""
    t = table(rules, n, deck, **kw)
    t.new_round()
    t.stake(amount)
    return t


def kinds(t):
    return [e.kind for e in t.round_events()]


# -- S7 the table ---------------------------------------------------------------------------
def test_S7_first_banker_drawn_by_lot_with_seed():
    bankers = {Table("plain", 6, seed=s).banker for s in range(40)}
    assert len(bankers) > 3  # the lot really varies with the seed
    assert all(Table("plain", 6, seed=s).banker == Table("plain", 6, seed=s).banker for s in range(10))
    assert Table("plain", 6, seed=5).events[0].kind == "banker_drawn"


@pytest.mark.parametrize("n", [1, 13])
def test_S7_two_to_twelve_seats(n):
    with pytest.raises(SetteKitError, match="2 to 12"):
        Table("plain", n)


def test_S7_stake_limits_checked():
    with pytest.raises(SetteKitError):
        Table("plain", 3, min_stake=5, max_stake=4)
    t = table("plain", 2, "5c 3d", min_stake=2, max_stake=6)
    t.new_round()
    assert t.legal_actions()["stake"] == ("stake", 2, 6, None)
    for bad in (1, 7, 2.5, "3", True):
        before = t.to_json()
        with pytest.raises(IllegalMove):
            t.stake(bad)
        assert t.to_json() == before


# -- S8, S9 dealing and stakes ----------------------------------------------------------------
def test_S8_deal_from_the_dealers_right_ending_with_the_dealer():
    t = Table("plain", 5, banker=2, seed=1)
    t.new_round()
    assert [e.seat for e in t.round_events() if e.kind == "dealt"] == [3, 4, 0, 1, 2]
    assert t.to_act == 3


def test_S9_stake_after_first_card_000():
    t = table("italian", 3, "5c 3d 2s Fc")
    t.new_round()
    assert t.phase == "stake" and t.to_act == 1
    assert len(t.hands(1)[0].cards) == 1  # Bruno has seen his card before staking
    t.stake(3)
    assert t.phase == "players" and t.to_act == 1
    t.stand()
    assert t.phase == "stake" and t.to_act == 2  # Carla stakes at the start of her own turn


def test_S9_stake_before_deal_001():
    t = table("spanish", 3, None)
    t.new_round()
    assert t.phase == "stake" and "dealt" not in kinds(t)
    t.stake(2)
    assert t.to_act == 2 and t.phase == "stake"
    t.stake(5)
    assert t.phase == "players" and t.to_act == 1
    assert kinds(t).count("dealt") == 3


def test_S9_first_card_hidden_further_cards_face_up():
    t = staked("plain", 3, "5c 3d 2s 1c")
    t.hit()
    other = t.view(2).hands[1][0]
    assert other.cards == (None, Card(1, "coppe")) and other.score is None
    mine = t.view(1).hands[1][0]
    assert mine.cards == (Card(5, "coppe"), Card(1, "coppe")) and mine.score.total == 6


# -- S10-S13 play and settlement ---------------------------------------------------------------
def test_S10_bust_shows_and_loses_at_once():
    t = staked("plain", 3, "5c 3d 2s 4c", 4)
    t.hit()  # 5 + 4 = 9: bust
    assert t.bankrolls == (104, 96, 100)  # paid before the bank plays
    assert t.view(2).hands[1][0].cards == (Card(5, "coppe"), Card(4, "coppe"))  # shown
    assert t.to_act == 2 and "bust" in kinds(t)


def test_S10_sette_e_mezzo_is_shown_and_ends_the_turn():
    t = staked("plain", 3, "7c 3d 2s Fd")
    t.hit()
    assert t.view(2).hands[1][0].cards == (Card(7, "coppe"), Card("Fante", "denari"))
    assert t.to_act == 2 and t.phase == "stake"


def test_S11_bank_sees_face_up_cards_only_and_turns_up_its_card():
    t = staked("plain", 2, "5c 3d 2s")
    t.hit()
    t.stand()
    v = t.view(0)
    assert v.phase == "bank" and v.hands[1][0].cards == (None, Card(2, "spade"))
    assert v.hands[0][0].cards == (Card(3, "denari"),)
    assert t.view(1).hands[0][0].cards == (Card(3, "denari"),)  # turned up for all (S11)
    assert v.legal is not None and "hit" in v.legal


def test_S12_bank_bust_pays_every_player_still_in():
    t = table("plain", 3, "5c 6d 3d 7s")
    t.new_round()
    t.stake(3); t.stand()
    t.stake(2); t.stand()
    t.hit()  # 3 + 7 = 10
    assert t.phase == "settled" and t.bankrolls == (95, 103, 102)


def test_S13_bank_wins_ties_and_pays_higher():
    t = table("plain", 3, "5c 6d 5d 1s")  # Bruno 5, Carla 6, bank 5+1 = 6
    t.new_round()
    t.stake(3); t.stand()
    t.stake(2); t.stand()
    t.hit(); t.stand()
    assert t.bankrolls == (105, 97, 98)  # Carla ties 6: the bank wins (S13); Bruno loses
    assert t.last_result.results == (5, -3, -2)


def test_S13_ties_push_variant():
    t = table(PLAIN.replace(dealer_wins_ties=False), 2, "6c 6d")
    t.new_round()
    t.stake(3); t.stand(); t.stand()
    assert t.bankrolls == (100, 100)


def test_S14_reale_paid_double():
    t = staked("italian", 2, "7c 3d Fc", 5)
    t.hit()
    t.stand()  # the bank stands on 3
    assert t.bankrolls == (90, 110)


@pytest.mark.parametrize("collects, expected", [(True, (108, 92)), (False, (104, 96))])
def test_S15_dealers_reale_collects_double_per_preset(collects, expected):
    rules = ITALIAN.replace(dealer_reale_collects_double=collects)
    t = staked(rules, 2, "5c 7d 2s Fd", 4)
    t.hit()  # Bruno 7
    t.stand()
    t.hit()  # the bank: 7d + Fd, a true reale
    assert t.bankrolls == expected


def test_S15_dealers_reale_spanish_italian_variation_single():
    # 001's "Italian variation": d'emblée paid double, the bank's does not collect double
    rules = SPANISH.replace(reale=True, reale_payout=2, reale_same_suit=False)
    assert rules.dealer_reale_collects_double is False
    t = table(rules, 2, "5c 7o Ro")
    t.new_round()
    t.stake(4); t.stand()
    t.hit()
    assert t.bankrolls == (104, 96)


def test_S16_matta_reale_loses_to_true_reale_and_bank_kept():
    t = table("italian", 2, "Rd 7c Cd Fc")  # Bruno Re di denari (matta) + Cavallo di denari
    t.new_round()
    t.stake(3)
    t.hit()
    assert t.hands(1)[0].score.kind == "reale"
    t.hit()  # the bank 7c + Fc: a true reale
    assert t.bankrolls == (103, 97) and t.banker == 0
    assert "bank_kept" in kinds(t)


# -- S17 passing the bank --------------------------------------------------------------------
REALI = "7b 7s 7c 5d Fb Fs Cc"  # Bruno, Carla, Dario get 7s; the bank a 5; then the figures


@pytest.mark.parametrize("face, taker", [("italian", 2), ("spanish", 2), ("french", 3)])
def test_S17_several_reali_all_paid_double_bank_by_suit_priority(face, taker):
    # SUIT_PRIORITY as written: swords, cups, coins, batons (hearts, diamonds, clubs, spades)
    rules = ITALIAN.replace(face=face)
    t = table(rules, 4, parse_cards(REALI))
    t.new_round()
    for _ in range(3):
        t.stake(2)
        t.hit()
    assert t.phase == "bank"
    t.stand()
    assert t.bankrolls == (88, 104, 104, 104)
    assert t.banker == taker
    passed = [e for e in t.round_events() if e.kind == "bank_passed"]
    assert len(passed) == 1 and "highest suit" in passed[0].text


def test_S17_bank_passes_to_the_reale_winner_and_new_deck():
    t = table("italian", 3, "5c 7d 3s Fd")
    t.new_round()
    t.stake(); t.stand()
    t.stake(); t.hit()  # Carla's reale
    t.stand()
    assert t.banker == 2 and t.deck_left == 40  # S18: a fresh deck for the new bank
    assert kinds(t)[-2:] == ["bank_passed", "new_deck"]


def test_S17_spanish_sette_e_mezzo_takes_the_bank_nearest_the_right():
    t = table("spanish", 3, "5c 7e 3o 2o Cb Sc")
    t.new_round()
    t.stake(2); t.stake(2)
    t.hit(); t.hit()  # Bruno 5 + 2 + ½ = 7½ with three cards
    t.hit()  # Carla 7 + ½
    assert t.phase == "bank"
    t.stand()
    assert t.banker == 1  # both made 7½: the one nearest the bank's right
    assert t.bankrolls == (96, 102, 102)  # even money in the spanish preset (S14)


def test_S17_spanish_sette_e_mezzo_takes_the_bank_even_against_the_banks():
    t = staked("spanish", 2, "7e 7o Cb So", 3)
    t.hit()  # 7½
    t.hit()  # the bank 7½ too: it wins the tie (S13)
    assert t.bankrolls == (103, 97) and t.banker == 1


def test_S17_triple_paid_triple_takes_the_bank():
    rules = ITALIAN.replace(triple=True)
    t = table(rules, 3, "5c 7d 3s 7c")
    t.new_round()
    t.stake(2); t.stand()
    t.stake(2); t.hit()  # Carla: 7 + 7, shown at once
    assert t.hands(2)[0].status == "sette_e_mezzo"
    t.stand()
    assert t.bankrolls == (100 - 2 - 6, 102, 106) and t.banker == 2  # Bruno's 5 beats 3


def test_S17_never_keeps_the_bank_until_the_deck_is_used_up():
    t = Table("plain", 6, seed=3, bots={s: stand_at(7) for s in range(6)})
    banker = t.banker
    while True:
        r = t.play_round()
        ran_out = any(e.kind == "reshuffled" for e in r.events)
        if ran_out:
            assert t.banker == (banker + 1) % 6  # to the player on his right
            assert t.deck_left == 40
            break
        assert t.banker == banker  # S18: same bank, the deck carries over


# -- S18 the deck -------------------------------------------------------------------------------
def test_S18_deck_carries_over_while_the_bank_stays():
    t = Table("plain", 3, banker=0, seed=4, bots={s: stand_at(4) for s in range(3)})
    r1 = t.play_round()
    assert t.banker == 0
    used = {e.data["card"] for e in r1.events if "card" in e.data}
    left = t.deck_left
    assert left == 40 - len(used)
    r2 = t.play_round()
    used2 = {e.data["card"] for e in r2.events if "card" in e.data}
    if not any(e.kind == "reshuffled" for e in r2.events):
        assert not used & used2  # the second hand comes from what was left


def test_S18_deck_runs_out_mid_hand_reshuffles_cards_not_on_table():
    t = Table("plain", 12, banker=0, seed=9, bots={s: stand_at(6) for s in range(12)})
    for _ in range(20):
        r = t.play_round()
        evs = list(r.events)
        idx = [i for i, e in enumerate(evs) if e.kind == "reshuffled"]
        if idx and any(e.kind in ("dealt", "hit") for e in evs[: idx[0]]):
            break
    else:
        pytest.fail("the deck never ran out mid-hand")
    i = idx[0]
    on_table = [e.data["card"] for e in evs[:i] if e.kind in ("dealt", "hit")]
    after = [e.data["card"] for e in evs[i:] if e.kind in ("dealt", "hit")]
    assert not set(on_table) & set(after)  # cards on the table are not dealt again
    assert len(set(after)) == len(after)
    assert evs[i].data["cards"] + len(on_table) == 40
    assert "not on the table" in evs[i].text and "S18" in evs[i].text
    assert t.banker == 1  # the deck was used up: the bank passes right (S17, never)


# -- optional rules S19-S23 ------------------------------------------------------------------
def test_S19_burn_a_first_three_or_four():
    rules = PLAIN.replace(burn_three_four=True)
    t = staked(rules, 2, "3c 5d 4s 6c")
    assert "burn" in t.legal_actions()
    t.burn()  # 3c shown and discarded: 4s
    assert t.hands(1)[0].cards == (Card(4, "spade"),) and "burn" in t.legal_actions()
    t.burn()  # again: 6c
    assert t.hands(1)[0].cards == (Card(6, "coppe"),) and "burn" not in t.legal_actions()
    assert t.view(0).discards == (Card(3, "coppe"), Card(4, "spade"))
    assert t.view(0).hands[1][0].cards == (None,)  # the new card stays hidden
    t.hit()
    with pytest.raises(IllegalMove):
        t.burn()


def test_S19_burn_not_legal_when_off():
    t = staked("plain", 2, "3c 5d")
    with pytest.raises(IllegalMove, match="not legal"):
        t.burn()


def test_S20_exchange_a_dealt_four_once():
    rules = PLAIN.replace(exchange_four=True)
    t = staked(rules, 2, "4c 5d 4s 2s")
    t.exchange()
    assert t.hands(1)[0].cards == (Card(4, "spade"),)
    assert "exchange" not in t.legal_actions()  # once, and only the card dealt
    t.hit()
    assert t.hands(1)[0].score.total == 6


def test_S21_half_point_ace_then_cards_face_down():
    rules = PLAIN.replace(half_point_ace=True)
    t = staked(rules, 2, "1c 5d 7c 3s")
    t.half_ace()
    assert "half_ace" not in t.legal_actions()
    t.hit()
    h = t.hands(1)[0]
    assert h.half_ace and h.score.total == pytest.approx(7.5) and h.score.kind == "sette_e_mezzo"
    assert t.phase == "bank"


def test_S21_later_cards_hidden_from_the_others():
    rules = PLAIN.replace(half_point_ace=True)
    t = table(rules, 2, "1c 5d 2c 3s")
    t.new_round()
    t.stake(); t.half_ace(); t.hit(); t.stand()
    assert t.view(0).hands[1][0].cards == (None, None)


def test_S22_face_down_request_one_hidden_card_at_a_time():
    t = staked("spanish", 2, "2c 5o 3e 1c")
    t.hit_face_down()  # 2c turned up, 3e face down
    assert t.view(0).hands[1][0].cards == (Card(2, "coppe"), None)
    t.hit_face_down()  # 3e turned up, 1c face down
    assert t.view(0).hands[1][0].cards == (Card(2, "coppe"), Card(3, "spade"), None)
    assert [e.kind for e in t.round_events()].count("revealed") == 2


def test_S23_split_figures_second_stake_at_least_the_first_unlimited():
    t = staked("spanish", 2, "Sc 5o Co 2e Se 3c 4c", 3)
    t.hit()  # Sota de copas + Caballo de oros
    assert t.legal_actions()["split"][1:3] == (3, 10)
    with pytest.raises(IllegalMove, match="S23"):
        t.split(2)
    t.split(4)
    hands = t.hands(1)
    assert [h.cards for h in hands] == [(Card(8, "coppe"),), (Card(9, "denari"),)]
    assert [h.stake for h in hands] == [3, 4]
    t.hit()  # 2e
    t.stand()
    t.hit()  # second hand: Co + Se, two figures again: split again (unlimited)
    t.split(4)
    assert len(t.hands(1)) == 3
    t.hit(); t.stand()  # Co + 3c
    t.hit(); t.stand()  # Se + 4c
    assert t.phase == "bank"
    t.stand()  # the bank: 5
    assert t.bankrolls == (111, 89)  # 2½, 3½ and 4½ all lose to the bank's 5
    assert sum(t.bankrolls) == 200


def test_S23_split_needs_money_to_cover():
    t = staked("spanish", 2, "Sc 5o Co", 10, bankrolls=[100, 15])
    t.hit()
    assert "split" not in t.legal_actions()  # 10 + 10 > 15


# -- S4 declaring the matta --------------------------------------------------------------------
def test_S4_declare_matta_value():
    t = staked("italian", 2, "Rd 5d 3c")
    assert "declare" not in t.legal_actions()  # alone the matta is a figure
    t.hit()  # Rd + 3c: automatic best 4 -> 7
    opt = t.legal_actions()["declare"]
    assert None in opt.values and len(opt.values) == 9
    t.declare(2)
    assert t.hands(1)[0].score.total == 5
    with pytest.raises(IllegalMove, match="S4"):
        t.declare(9)
    t.declare("7")  # 7 + 3 = 10: bust by declaration (S10)
    assert t.hands(1)[0].status == "bust" and t.bankrolls == (101, 99)


# -- money and seats ---------------------------------------------------------------------------
def test_player_cannot_stake_more_than_he_can_cover():
    t = table("italian", 2, None, bankrolls=[100, 15])
    t.new_round()
    assert t.legal_actions()["stake"].max == 7  # the bank's reale may collect double (S15)
    t2 = table("plain", 3, None, bankrolls=[100, 0, 100])
    t2.new_round()
    assert t2.to_act == 2 and "sat_out" in kinds(t2)


def test_bank_pays_into_negative():
    t = table("italian", 2, "7c 3d Fc", bankrolls=[5, 100])
    t.new_round()
    t.stake(10); t.hit(); t.stand()
    assert t.bankrolls == (-15, 120)


def test_game_over_when_nobody_can_stake():
    t = table("plain", 2, None, bankrolls=[10, 0])
    before = t.to_json()
    with pytest.raises(IllegalMove, match="game is over"):
        t.new_round()
    assert t.to_json() == before


def test_heads_up_table():
    t = Table("plain", ["You", "Bank"], banker="Bank", seed=2, bots={"You": stand_at(5), "Bank": stand_at(5)})
    for _ in range(50):
        r = t.play_round()
        assert r.results[0] + r.results[1] == 0
    assert sum(t.bankrolls) == 200


# -- illegal moves ------------------------------------------------------------------------------
def test_illegal_moves_name_what_is_accepted_and_change_nothing():
    t = table("italian", 3, "5c 3d 2s Fc")
    t.new_round()
    before = t.to_json()
    for call, match in [
        (lambda: t.hit(), "not legal now"),
        (lambda: t.act("fly"), "the actions are"),
        (lambda: t.stake(3, seat="Carla"), "Bruno's turn"),
        (lambda: t.act("stake", amount=3, colour="red"), "takes amount"),
        (lambda: t.act("stake", seat=9, amount=3), "does not exist"),
        (lambda: t.new_round(), "still being played"),
    ]:
        with pytest.raises(IllegalMove, match=match):
            call()
        assert t.to_json() == before
    t.stake(3)
    for action in ("split", "burn", "exchange", "half_ace", "hit_face_down"):
        with pytest.raises(IllegalMove):
            t.act(action)
    with pytest.raises(IllegalMove, match="takes no parameters"):
        t.act("hit", amount=2)


def test_play_round_needs_bots():
    t = Table("plain", ["You", "Bot"], banker="Bot", seed=1, bots={"Bot": stand_at(5)})
    with pytest.raises(SetteKitError, match="not a bot"):
        t.play_round()
    assert t.to_act == 0 and t.phase == "stake"
