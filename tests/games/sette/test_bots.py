"""Bots for the table (sette_kit.policies)."""

from __future__ import annotations

import pytest

from sette_kit import Card, Rules, parse_cards
from sette_kit.errors import SetteKitError
from sette_kit.game import Table
from sette_kit.policies import (bold_bank, cautious_bank, default, random_play, reads_table, seat,
                                stand_at)

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)


def test_stand_at_draws_while_under_threshold_and_stakes():
    t = Table("plain", ["A", "B"], banker=0, seed=0, deck=parse_cards("3c 5d 1s 2s"),
              bots={"B": stand_at(5, stake=50)})
    t.new_round()
    t.play_bots()
    h = t.hands(1)[0]
    assert h.stake == 10  # clamped to max_stake
    assert [c for c in h.cards] == [Card(3, "coppe"), Card(1, "spade"), Card(2, "spade")]  # 3, 4, then 6 >= 5
    assert h.status == "stood"


@pytest.mark.parametrize("policy, stops", [(cautious_bank(), 10), (bold_bank(), 14)])
def test_cautious_and_bold_banks(policy, stops):
    for seed in range(30):
        t = Table("plain", ["Bank", "P"], banker=0, seed=seed, bots={"Bank": policy, "P": stand_at(1)})
        t.play_round()
        bank = t.hands(0)[0].score
        if bank.bust:
            continue
        assert bank.half_points >= stops
        assert _score_before_last(t.hands(0)[0].cards) < stops or len(t.hands(0)[0].cards) == 1


def _score_before_last(cards):
    from sette_kit import score

    return score(cards[:-1], Rules.preset("plain")).half_points if len(cards) > 1 else 0


def test_reads_table_stands_on_a_good_total_and_draws_when_behind_the_face_up_cards():
    # Bruno stands on one hidden card; the bank's 7 beats most hands: it stands
    t = Table("plain", ["Bank", "Bruno"], banker=0, seed=0, deck=parse_cards("2c 7d 5s"),
              bots={"Bank": reads_table(), "Bruno": stand_at(1)})
    t.play_round()
    assert len(t.hands(0)[0].cards) == 1
    # Bruno shows a 5 face up (so he has at least 5½); the bank's 3 must draw
    t = Table("plain", ["Bank", "Bruno"], banker=0, seed=0, deck=parse_cards("2c 3d 5s 1s"),
              bots={"Bank": reads_table(), "Bruno": stand_at(7)})
    t.play_round()
    assert len(t.hands(0)[0].cards) >= 2


def test_reads_table_bank_does_at_least_as_well_as_a_blind_bank():
    def bank_result(bank, seed):
        t = Table("plain", 5, bankrolls=10**6, seed=seed, banker=0,
                  bots={0: seat(stand_at(5), bank), **{s: stand_at(5) for s in range(1, 5)}})
        t._next_banker = lambda: (None, "")  # keep the bank at seat 0 for the comparison
        return sum(t.play_round().results[0] for _ in range(500))

    # 500 rounds x 4 players at stake 1: the standard error of a bank's total is about 40
    reading = sum(bank_result(reads_table(), s) for s in (1, 2))
    blind = sum(bank_result(stand_at(5), s) for s in (1, 2))
    assert reading > blind - 120, (reading, blind)


def test_policies_work_in_every_preset_and_any_callable_can_sit():
    calls = []

    def mine(view):
        calls.append(view.seat)
        assert view.legal is not None and view.my_turn
        return "stand" if "stand" in view.legal else ("stake", {"amount": view.min_stake})

    for preset in ("italian", "spanish", "plain"):
        t = Table(preset, 4, seed=1, bots={0: mine, 1: reads_table(), 2: random_play(1), 3: default()})
        for _ in range(30):
            t.play_round()
        assert sum(t.bankrolls) == 400
    assert calls


def test_seat_needs_callables_and_reprs():
    with pytest.raises(SetteKitError):
        seat(stand_at(5), 3)
    with pytest.raises(SetteKitError):
        stand_at(9)
    assert repr(seat(stand_at(4), bold_bank())) == "seat(stand_at(4), bold_bank())"
    assert repr(stand_at(4.5, stake=3)) == "stand_at(4.5, stake=3)"
