"""Property tests of the game engine: random legal play under every preset and option set.

Money is conserved, no card is dealt twice between two shuffles, every round ends
settled, stakes stay within the limits, hidden cards never show in another seat's view,
every illegal action leaves the saved state byte-identical, save/load round-trips and
the same seed gives the same game (RULES S7-S23).
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings, strategies as st

from sette_kit import Rules
from sette_kit.errors import IllegalMove
from sette_kit.game import ACTIONS, Table
from sette_kit.policies import bold_bank, cautious_bank, random_play, reads_table, seat, stand_at

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

ALL_OPTIONS = dict(burn_three_four=True, exchange_four=True, half_point_ace=True,
                   face_down_requests=True, split_figures=True)
RULESETS = {
    "italian": Rules.preset("italian"),
    "spanish": Rules.preset("spanish"),
    "plain": Rules.preset("plain"),
    "italian+all": Rules.preset("italian").replace(triple=True, **ALL_OPTIONS),
    "spanish+all": Rules.preset("spanish").replace(triple=True, reale=True, reale_payout=2, **ALL_OPTIONS),
    "french-before-deal": Rules.preset("italian").replace(face="french", stake_timing="before_deal",
                                                          matta_whole_only=True, matta_sette_payout=3),
}


def check_log(events, min_stake, max_stake):
    """No card dealt twice between shuffles; every stake within the limits."""
    seen: set = set()
    on_table: set = set()
    rounds_settled = 0
    for e in events:
        k, d = e.kind, e.data
        if k == "new_deck":
            seen, on_table = set(), set()
        elif k == "round_started":
            on_table = set()
        elif k == "reshuffled":  # S18: the new stock is every card not on the table
            assert d["cards"] + len(on_table) == 40
            seen = set(on_table)
        elif k in ("burned", "exchanged"):
            on_table.discard(d["old"])
        elif k in ("dealt", "hit"):
            c = d["card"]
            assert c not in seen, f"{c} dealt twice between shuffles"
            seen.add(c)
            on_table.add(c)
        elif k in ("staked", "split"):
            assert min_stake <= d["amount"] <= max_stake
        elif k in ("bank_kept", "bank_passed"):
            rounds_settled += 1
    return rounds_settled


@pytest.mark.parametrize("name", list(RULESETS))
@settings(max_examples=4, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 12))
def test_random_legal_play_invariants(name, seed, n):
    rules = RULESETS[name]
    t = Table(rules, n, bankrolls=500, min_stake=1, max_stake=8, seed=seed,
              bots={s: random_play(seed + s) for s in range(n)})
    total = sum(t.bankrolls)
    played = 0
    for _ in range(200):
        try:
            r = t.play_round()
        except IllegalMove as exc:  # nobody can stake any more
            assert "game is over" in str(exc)
            break
        played += 1
        assert t.phase == "settled" and sum(t.bankrolls) == total
        assert sum(r.results) == 0
        for s in range(n):
            for h in t.hands(s):
                assert s == r.banker or h.result is not None  # every hand settled
                assert s == r.banker or h.stake <= 8
        t.check()
    assert check_log(t.events, 1, 8) == played
    # players who never held the bank never go below zero
    held = {e.data["to"] for e in t.events if e.kind == "bank_passed"} | {t.events[0].seat}
    assert all(b >= 0 for s, b in enumerate(t.bankrolls) if s not in held)


def illegal_attempts(t: Table, rng: random.Random):
    legal = t.legal_actions()
    n = t.n_seats
    yield lambda: t.act(rng.choice([a for a in ACTIONS if a not in legal] or ["fly"]))
    yield lambda: t.act("hit", seat=(t.to_act + rng.randrange(1, n)) % n)
    yield lambda: t.act("no_such_action")
    for name, opt in legal.items():
        if opt.min is not None:
            yield lambda name=name, opt=opt: t.act(name, amount=rng.choice([opt.min - 1, opt.max + 1, 0, -3, 1.5, "2"]))
        if opt.values is not None:
            yield lambda name=name: t.act(name, value=rng.choice([8, 0, "x", -1, "9/2"]))
        yield lambda name=name: t.act(name, bogus=1)


@pytest.mark.parametrize("name", list(RULESETS))
def test_every_illegal_action_leaves_saved_state_byte_identical(name):
    rules = RULESETS[name]
    rng = random.Random(name)
    n = 4
    bots = {s: random_play(100 + s) for s in range(n)}
    t = Table(rules, n, bankrolls=200, seed=11, bots=bots)
    attempts = 0
    for _ in range(12):
        t.new_round()
        while t.in_progress:
            before = t.to_json()
            for attempt in illegal_attempts(t, rng):
                with pytest.raises(IllegalMove):
                    attempt()
                assert t.to_json() == before
                attempts += 1
            choice = bots[t.to_act](t.view(t.to_act))
            if isinstance(choice, str):
                t.act(choice)
            else:
                t.act(choice[0], **choice[1])
        before = t.to_json()
        for bad in (lambda: t.hit(), lambda: t.stand(), lambda: t.stake(1)):
            with pytest.raises(IllegalMove):
                bad()
            assert t.to_json() == before
    assert attempts > 300


@pytest.mark.parametrize("name", list(RULESETS))
def test_views_never_show_another_seats_hidden_cards(name):
    n = 5
    t = Table(RULESETS[name], n, seed=5, bots={s: random_play(s) for s in range(n)})
    for _ in range(15):
        t.new_round()
        while t.in_progress:
            for viewer in range(n):
                v = t.view(viewer)
                for s in range(n):
                    full = t.hands(s)
                    for hv, hf in zip(v.hands[s], full):
                        assert len(hv.cards) == len(hf.cards)
                        for seen, real in zip(hv.cards, hf.cards):
                            assert seen is None or seen == real
                        if s == viewer:
                            assert hv.cards == hf.cards
                for e in v.events:
                    assert not (e.private and e.seat != viewer)
                assert (v.legal is not None) == (viewer == t.to_act)
            _step(t)


def _step(t: Table) -> None:
    choice = t.bots[t.to_act](t.view(t.to_act))
    if isinstance(choice, str):
        t.act(choice)
    else:
        t.act(choice[0], **choice[1])


@pytest.mark.parametrize("name", list(RULESETS))
def test_save_load_mid_round_continues_identically(name):
    n = 6
    bots = {0: stand_at(5), 1: stand_at(4), 2: cautious_bank(), 3: bold_bank(),
            4: seat(stand_at(6), reads_table()), 5: random_play(3)}
    t = Table(RULESETS[name], n, seed=21, bots=bots)
    for _ in range(5):
        t.play_round()
    t.new_round()
    for _ in range(3):
        if t.in_progress:
            _step(t)
    text = t.to_json()
    u = Table.from_json(text, bots=copy.deepcopy(bots))
    assert u.to_json() == text
    assert u.view(2) == t.view(2)
    assert u.events == t.events
    for _ in range(30):
        t.play_round()
        u.play_round()
    assert u.to_json() == t.to_json()


def test_save_load_between_rounds_and_last_result():
    t = Table("italian", 3, seed=2, bots="all")
    r = t.play_round()
    u = Table.from_json(t.to_json())
    assert u.last_result == r
    assert u.bots == {} and u.phase == "settled"
    u.attach_bots({s: stand_at(5) for s in range(3)})
    assert u.play_round() == t.play_round()


def test_load_rejects_garbage():
    from sette_kit.errors import SetteKitError

    for text in ('{"format": "other"}', '{"format": "sette-kit/table/1"}', "[]"):
        with pytest.raises(SetteKitError):
            Table.from_json(text)


@pytest.mark.parametrize("name", ["italian", "spanish+all"])
def test_same_seed_same_game(name):
    def game(seed):
        t = Table(RULESETS[name], 6, seed=seed, bots={s: random_play(s) for s in range(6)})
        for _ in range(40):
            t.play_round()
        return t.to_json()

    assert game(8) == game(8)
    assert game(8) != game(9)
