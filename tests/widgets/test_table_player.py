"""widgets.TablePlayer driven headless (S7-S23): actions, what the seat may see, bankrolls, hints."""

from fractions import Fraction

import pytest

from sette_kit import Rules, odds, parse_cards
from sette_kit.errors import SetteKitError
from widgets import TablePlayer
from widgets.base import press_enter
from widgets.render import card_label

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

ITALIAN = Rules.preset("italian")


def cards(text, face="italian"):
    return parse_cards(text, face=face)


def play_my_turn(t: TablePlayer, stop_at=5) -> None:
    """Stake the minimum, hit below ``stop_at``, then stand (as player or bank)."""
    guard = 0
    while t.table.in_progress and t.view_.my_turn:
        guard += 1
        assert guard < 30
        legal = t.legal
        if "stake" in legal:
            assert t.stake(legal["stake"].min) is not None
        elif "hit" in legal and t.view_.score.total < stop_at:
            assert t.hit() is True
        else:
            assert t.stand() is True


def hidden_from_me(t: TablePlayer):
    """The cards of other seats that seat 0 may not see now (from the table itself)."""
    out = []
    v = t.view_
    for s in range(1, t.table.n_seats):
        full = t.table.hands(s)
        for seen, h in zip(v.hands[s], full):
            out += [c for c, shown in zip(h.cards, seen.cards) if shown is None]
    return out


def test_build_classes_buttons_first_round():
    t = TablePlayer("italian", bots=2, seed=1)
    assert {"sk-widget", "sk-table-player"} <= set(t.view._dom_classes)
    assert t.table.n_seats == 4 and t.table.banker == 1 and t.table.round == 1
    assert t.new_round_button.description == "New round" and "sk-deal" in t.new_round_button._dom_classes
    assert t.buttons["hit"].description == "Hit" and "sk-hit" in t.buttons["hit"]._dom_classes
    assert "sk-result" in t.status._dom_classes and "sk-log" in t.log_html._dom_classes
    # S9 (after_first_card): the bots before me have staked; it is my turn to stake
    assert t.view_.my_turn and sorted(t.legal) == ["stake"]
    assert t.buttons["stake"].layout.display is None and t.buttons["hit"].layout.display == "none"
    assert t.new_round_button.disabled
    assert "Your turn: you may stake 1 to 10" in t.status_text


@pytest.mark.parametrize("bots", [-1, 6, "2", True])
def test_bad_bot_count(bots):
    with pytest.raises(SetteKitError, match="0 to 5"):
        TablePlayer(bots=bots)


@pytest.mark.parametrize("bots", [0, 1, 5])
def test_complete_rounds_seeded_money_conserved(bots):
    t = TablePlayer("italian", bots=bots, seed=11, bankroll=50)
    u = TablePlayer("italian", bots=bots, seed=11, bankroll=50)
    total = 50 * (bots + 2)
    for _ in range(6):
        before = t.table.bankrolls[0]
        play_my_turn(t)
        play_my_turn(u)
        assert t.table.phase == "settled" and "Round over" in t.status_text
        r = t.table.last_result
        assert t.table.bankrolls[0] == before + r.results[0]
        assert sum(t.table.bankrolls) == total
        # the bankrolls shown are the table's
        for s, name in enumerate(t.table.names):
            assert f"{name}" in t.seats_text and f"bankroll {t.table.bankrolls[s]}" in t.seats_text
        if r.results[0] > 0:
            assert f"You won {r.results[0]}" in t.status_text
        elif r.results[0] < 0:
            assert f"You lost {-r.results[0]}" in t.status_text
        assert t.new_round() == t.table.round == u.new_round()
    assert t.table.to_json() == u.table.to_json()  # the same seed plays the same game


def test_seat_view_only_hidden_cards_never_shown():
    """S9/S11: a bot's face-down card never appears (picture, label, name, log) before it is turned up."""
    checked = 0
    t = TablePlayer("italian", bots=5, seed=3)
    for _ in range(8):
        if t.view_.my_turn:
            hidden = hidden_from_me(t)
            assert hidden, "bots hold face-down cards during my turn"
            page = t.html
            for c in hidden:
                assert card_label(c, "italian") not in page and c.name("italian") not in page
                checked += 1
            assert "a face-down card" in page
            # my own card is shown to me
            mine = t.table.hands(0)[0].cards
            assert all(card_label(c, "italian", ITALIAN.is_matta(c)) in page for c in mine)
        play_my_turn(t)
        # at the showdown every hand still in play is turned up (S13)
        assert t.table.phase == "settled"
        t.new_round()
    assert checked >= 10


@pytest.mark.parametrize("bad, words", [("abc", "whole number from 1 to 10"), ("11", "out of range"),
                                        (0, "out of range"), ("2.5", "whole number"), (2.5, "whole number"),
                                        ("<b>x</b>", "whole number")])
def test_S7_bad_stake_message_state_unchanged(bad, words):
    t = TablePlayer("plain", bots=1, seed=4)
    before = (t.table.to_json(), t.seats_html.value)
    assert t.stake(bad) is None
    assert words in t.message_text
    assert "<b>x" not in t.message.value
    assert (t.table.to_json(), t.seats_html.value) == before
    assert t.stake(" 4 ") == 4 and t.message_text == ""
    assert t.view_.hands[0][0].stake == 4


def test_S7_stake_limits_and_box_enter():
    t = TablePlayer("plain", bots=0, seed=2, min_stake=2, max_stake=6)
    assert t.stake(7) is None and "from 2 to 6" in t.message_text
    t.amount_box.value = "5"  # typed...
    press_enter(t.amount_box)  # ...and Enter
    assert t.view_.hands[0][0].stake == 5 and sorted(t.legal) == ["hit", "stand"]
    assert t.amount_box.layout.display == "none"


def test_illegal_and_out_of_turn_actions_give_messages():
    t = TablePlayer("plain", bots=1, seed=4)
    before = t.table.to_json()
    assert t.hit() is None and "not possible now" in t.message_text and "stake" in t.message_text
    assert t.act("burn") is None and t.table.to_json() == before
    assert t.new_round() is None and "Finish this round first" in t.message_text
    assert t.split(3) is None and "S23" in t.message_text
    assert t.declare(3) is None and "S4" in t.message_text
    t.stake(1)
    t.stand()
    assert t.table.phase == "settled"
    assert t.stand() is None and "New round" in t.message_text
    assert t.stake(1) is None


def test_buttons_drive_the_game():
    t = TablePlayer("plain", bots=0, seed=9)
    t.amount_box.value = ""
    t.buttons["stake"].click()  # empty box: nothing parsed
    assert "whole number" in t.message_text
    t.amount_box.value = "3"
    t.buttons["stake"].click()
    assert t.view_.hands[0][0].stake == 3
    n = len(t.table.hands(0)[0].cards)
    t.buttons["hit"].click()
    assert len(t.table.hands(0)[0].cards) == n + 1 or t.table.phase == "settled"
    if t.table.in_progress:
        t.buttons["stand"].click()
    assert t.table.phase == "settled" and not t.new_round_button.disabled
    t.new_round_button.click()
    assert t.table.round == 2 and t.table.in_progress


def test_round_log_plain_english_with_my_own_card():
    t = TablePlayer("plain", bots=0, seed=5, deck=cards("5c 3d 2s 2c"))
    log = t.log_text
    assert "Round 1: Bruno holds the bank; Ada play" in log
    assert "Ada is dealt a card face down. (you see: 5 di coppe)" in log
    assert "3 di denari" not in log  # the bank's hidden card
    t.stake(4)
    t.hit()
    t.stand()
    log = t.log_text
    assert "Ada takes 2 di spade." in log and "Bruno turns up 3 di denari" in log
    assert "Ada's 7 beats the bank's 5. Ada wins 4." in log  # the bank drew the 2 and stood on 5
    assert t.table.bankrolls == (104, 96) and "You won 4 this round" in t.status_text


# -- hints ----------------------------------------------------------------------------------

def seen_by_me(t):
    v = t.view_
    mine = set(v.hand.cards)
    return [c for c in v.visible_cards() if c not in mine]


def test_hints_exact_bust_fraction_and_heads_up_ev():
    t = TablePlayer("italian", bots=3, seed=21)
    sol = odds.solve(ITALIAN, dealer=odds.stand_at(5))
    checked = 0
    for _ in range(6):
        while t.table.in_progress and t.view_.my_turn:
            v = t.view_
            if v.hand is not None and v.hand.cards and v.phase != "bank":
                hand = tuple(v.hand.cards)
                p = odds.bust_probability(hand, seen=seen_by_me(t), rules=ITALIAN)
                assert t.hint["bust"] == p
                assert f"Chance that one more card busts you: {p} ≈" in t.hints_text
                checked += 1
                assert t.hint["ev_stand"] == sol.ev_of(hand, "stand")
                assert t.hint["best"] == sol.decision(hand)
                assert f"Optimal move: {sol.decision(hand)}" in t.hints_text
                assert "heads-up model" in t.hints_text
                if "hit" in v.legal:
                    assert t.hint["ev_hit"] == sol.ev_of(hand, "hit")
                    assert f"{float(sol.ev_of(hand, 'hit')):+.4f}" in t.hints_text
            play_one = t.legal
            if "stake" in play_one:
                t.stake(2)
            else:
                t.stand()
        t.new_round()
    assert checked >= 5


def test_hints_count_the_seen_cards():
    # Ada holds 6c; Carla (a bot, stand_at 4) has shown cards by then: the fraction counts them
    t = TablePlayer("plain", bots=1, seed=1, deck=cards("2d 6c Rb 3s Cs"))
    v = t.view_
    assert v.my_turn and tuple(v.hand.cards) == cards("6c")
    seen = seen_by_me(t)
    assert seen  # Carla drew face-up cards
    p = odds.bust_probability(cards("6c"), seen=seen, rules=Rules.preset("plain"))
    assert p != odds.bust_probability(cards("6c"), rules=Rules.preset("plain"))
    assert f"{p}" in t.hints_text and f"{p.numerator}/{p.denominator}" in t.hints_text


def test_toggle_hints():
    t = TablePlayer("plain", bots=0, seed=3, hints=False)
    assert t.hints_html.layout.display == "none" and t.hints_html.value == ""
    t.hints_toggle.value = True
    assert t.hints_on and "Chance that one more card busts you" in t.hints_text
    assert t.toggle_hints(False) is False and t.hints_toggle.value is False and t.hints_text == ""
    assert t.toggle_hints() is True
    t.stake(1)
    t.stand()
    assert "Hints appear on your turn" in t.hints_text


# -- the optional actions (S19-S23) and the matta (S4) -----------------------------------------

def test_S19_burn():
    t = TablePlayer(ITALIAN.replace(burn_three_four=True), bots=0, seed=1, deck=cards("3c 5d 2s 6b"))
    t.stake(1)
    assert "burn" in t.legal and t.buttons["burn"].layout.display is None
    t.buttons["burn"].click()
    assert t.table.hands(0)[0].cards == cards("2s")
    assert "Ada shows 3 di coppe and burns it for a new card (S19)." in t.log_text
    assert "burn" not in t.legal


def test_S20_exchange():
    t = TablePlayer(ITALIAN.replace(exchange_four=True), bots=0, seed=1, deck=cards("4c 5d 6s"))
    t.stake(1)
    assert t.exchange() is True
    assert t.table.hands(0)[0].cards == cards("6s") and "exchange" not in t.legal
    assert "(S20)" in t.log_text


def test_S21_half_ace_next_cards_face_down():
    t = TablePlayer(ITALIAN.replace(half_point_ace=True), bots=0, seed=1, deck=cards("1c 5d 2s"))
    t.stake(1)
    assert t.half_ace() is True and "ace declared ½" in t.seats_text
    t.hit()
    assert t.table.hands(0)[0].cards == cards("1c 2s")
    assert "takes a card face down" in t.log_text and "(you see: 2 di spade)" in t.log_text


def test_S22_face_down_request_and_S23_split_spanish():
    sp = Rules.preset("spanish")
    # before_deal staking (S9 001): I stake before I see a card
    t = TablePlayer(sp, bots=0, seed=1, deck=cards("Fc 5d Rs 2c 3c", "italian"))
    assert sorted(t.legal) == ["stake"] and "no card yet" in t.hints_text
    t.stake(2)
    t.hit()  # Re: two figures
    assert "split" in t.legal and "hit_face_down" in t.legal
    assert t.amount_box.description == "New stake:"
    assert t.split("1") is None and "from 2 to" in t.message_text
    assert t.split(3) == 3
    hands = t.table.hands(0)
    assert len(hands) == 2 and [h.stake for h in hands] == [2, 3]
    assert "hand 2" in t.seats_text
    t.hit_face_down()
    assert "turns up" in t.log_text and "takes a card face down" in t.log_text
    while t.table.in_progress:
        t.stand()
    assert t.table.phase == "settled" and sum(t.table.bankrolls) == 200


def test_S4_declare_matta():
    t2 = TablePlayer(ITALIAN, bots=0, seed=1, deck=cards("4c 2s Rd 6b"))
    t2.stake(1)
    t2.hit()
    assert "declare" in t2.legal and t2.declare_choice.layout.display is None
    labels = [lab for lab, _ in t2.declare_choice.options]
    assert labels[0] == "best value" and "3" in labels and "½" in labels
    assert t2.declare("9") is None and "cannot be declared" in t2.message_text
    t2.declare_choice.value = Fraction(1)
    t2.buttons["declare"].click()
    assert "matta declared 1" in t2.seats_text and "total 5" in t2.seats_text
    assert t2.declare("best") is True and "matta declared" not in t2.seats_text
    assert "total 7" in t2.seats_text  # S4: whole values or ½, so 4 + 3 = 7 is the best



def test_S17_bank_passes_to_me_and_I_play_the_bank():
    # I win with a reale (7 + figure of the same suit): the bank passes to me (S17, 000)
    t = TablePlayer(ITALIAN, bots=0, seed=2, deck=cards("7c 2s Fc 3d"))
    t.stake(1)
    t.hit()
    assert t.table.phase == "settled" and t.table.banker == 0
    assert "passes from Bruno to Ada" in t.log_text
    played_bank = False
    for _ in range(10):
        t.new_round()
        if t.view_.my_turn and t.view_.phase == "bank":
            played_bank = True
            assert "Your turn as the bank" in t.status_text and "(you, the bank)" in t.seats_text
            assert "gives no advice for the bank" in t.hints_text and t.hint["bust"] is not None
            assert set(t.legal) <= {"hit", "stand", "declare"} and "stake" not in t.legal
            play_my_turn(t)
        assert t.table.phase == "settled"
        if t.table.banker != 0:
            break
    assert played_bank
    assert sum(t.table.bankrolls) == 200
