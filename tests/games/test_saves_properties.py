"""Random legal and illegal play on the three engines, and their saves.

For :class:`sette_kit.game.Table`, :class:`sette_kit.quattro.QuattroGame` and
:class:`sette_kit.trentuno.TrentunoGame`, hypothesis plays a random sequence of moves,
some legal (chosen among the legal actions, with random amounts and values) and some
illegal (an action that is not legal now, an amount out of range, a seat whose turn it is
not, an unknown parameter).  After every step:

* an illegal action raised the kit's error and left ``to_json()`` byte-identical;
* the save round-trips: ``from_json(to_json())`` gives the same ``to_json()``;
* the loaded game plays on with bots to the end of the round or hand
  (``play_bots(max_actions=...)``) and its invariants hold.

The example counts are modest: the suite must stay fast.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from sette_kit import Rules
from sette_kit.cards import FULL_DECK
from sette_kit.errors import IllegalMove, SetteKitError
from sette_kit.game import ACTIONS as TABLE_ACTIONS, Table
from sette_kit.quattro import ACTIONS as QUATTRO_ACTIONS, QuattroGame, QuattroRules
from sette_kit.trentuno import ACTIONS as TRENTUNO_ACTIONS, TrentunoGame, TrentunoRules, greedy

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                            HealthCheck.data_too_large])
STEPS = 30
BOT_ACTIONS = 5_000
ALL_OPTIONS = dict(burn_three_four=True, exchange_four=True, half_point_ace=True, face_down_requests=True,
                   split_figures=True)
TABLE_RULES = [Rules.preset("italian"), Rules.preset("spanish"), Rules.preset("plain"),
               Rules.preset("italian").replace(triple=True, **ALL_OPTIONS),
               Rules.preset("spanish").replace(triple=True, reale=True, reale_payout=2, **ALL_OPTIONS),
               Rules.preset("italian").replace(stake_timing="before_deal", matta_whole_only=True)]
JUNK_ACTIONS = ["fly", "", "HIT", "next_hand", "declare_all"]


def _illegal(engine, call):
    """``call`` must be refused with the kit's error and leave the save as it was."""
    before = engine.to_json()
    with pytest.raises(SetteKitError):
        call()
    assert engine.to_json() == before


# -- Sette e mezzo ---------------------------------------------------------------------------------

def _table_step(t: Table, data) -> None:
    legal = t.legal_actions()
    seat = t.to_act
    if data.draw(st.integers(0, 9), label="kind") < 7:  # a legal move
        name = data.draw(st.sampled_from(sorted(legal)), label="action")
        opt = legal[name]
        params = {}
        if opt.min is not None:
            params["amount"] = data.draw(st.integers(opt.min, opt.max), label="amount")
        if opt.values is not None:
            params["value"] = data.draw(st.sampled_from(opt.values), label="value")
        t.act(name, **params)
        return
    choice = data.draw(st.integers(0, 4), label="illegal")
    if choice == 0:
        names = [a for a in TABLE_ACTIONS + tuple(JUNK_ACTIONS) if a not in legal]
        name = data.draw(st.sampled_from(names), label="not legal")
        _illegal(t, lambda: t.act(name))
    elif choice == 1 and any(o.min is not None for o in legal.values()):
        name = next(n for n, o in legal.items() if o.min is not None)
        bad = data.draw(st.sampled_from([legal[name].max + 1, legal[name].min - 1, 0, -5, 2.5, "3", None, 10 ** 400]))
        _illegal(t, lambda: t.act(name, amount=bad))
    elif choice == 2 and "declare" in legal:
        bad = data.draw(st.sampled_from([8, -1, "8", 7.25, "x", True, float("nan")]))
        _illegal(t, lambda: t.act("declare", value=bad))
    elif choice == 3:
        other = data.draw(st.sampled_from([s for s in range(t.n_seats) if s != seat] + ["Nobody", 99]))
        _illegal(t, lambda: t.act(next(iter(legal)), seat=other))
    else:
        name = next(iter(legal))
        _illegal(t, lambda: t.act(name, colour="red"))


def _table_check_save(t: Table) -> None:
    text = t.to_json()
    u = Table.from_json(text)
    assert u.to_json() == text  # no bots on either: bot_seats is [] in both
    u.attach_bots("all")
    u.play_bots(max_actions=BOT_ACTIONS)  # to the end of the round
    assert not u.in_progress
    u.check()
    assert sum(u.bankrolls) == json.loads(text)["money"]


@SETTINGS
@given(data=st.data(), rules=st.sampled_from(TABLE_RULES), seats=st.integers(2, 4),
       bankroll=st.integers(2, 40), seed=st.integers(0, 10 ** 6))
def test_table_random_play_saves_and_plays_on(data, rules, seats, bankroll, seed):
    t = Table(rules, seats, bankrolls=bankroll, max_stake=5, seed=seed)
    _table_check_save(t)
    for _ in range(STEPS):
        if not t.in_progress:
            try:
                t.new_round()
            except IllegalMove:  # nobody can cover the minimum stake: the game is over
                _illegal(t, t.new_round)
                break
            _table_check_save(t)
            continue
        _table_step(t, data)
        _table_check_save(t)


# -- Quattro e mezzo -------------------------------------------------------------------------------

def _quattro_check_save(g: QuattroGame) -> None:
    text = g.to_json()
    h = QuattroGame.from_json(text)
    assert h.to_json() == text
    h.attach_bots("all")
    h.play_bots(max_actions=BOT_ACTIONS)  # to the end of the hand
    assert h.phase != "play"
    h.check()


@SETTINGS
@given(data=st.data(), seats=st.integers(3, 5), target=st.integers(1, 12), seed=st.integers(0, 10 ** 6))
def test_quattro_random_play_saves_and_plays_on(data, seats, target, seed):
    g = QuattroGame(seats, rules=QuattroRules(target=target), seed=seed)
    _quattro_check_save(g)
    for _ in range(STEPS):
        if g.over:
            _illegal(g, lambda: g.act("next_hand"))
            break
        legal = list(g.legal_actions())
        if data.draw(st.integers(0, 9), label="kind") < 7:
            g.act(data.draw(st.sampled_from(legal), label="action"))
        else:
            choice = data.draw(st.integers(0, 2), label="illegal")
            if choice == 0:
                name = data.draw(st.sampled_from([a for a in QUATTRO_ACTIONS + tuple(JUNK_ACTIONS) if a not in legal]))
                _illegal(g, lambda: g.act(name))
            elif choice == 1 and g.to_act is not None:
                other = next(s for s in range(g.n_seats) if s != g.to_act)
                _illegal(g, lambda: g.act(legal[0], seat=other))
            else:
                _illegal(g, lambda: g.act(legal[0], colour=1))
        _quattro_check_save(g)


# -- Trentuno --------------------------------------------------------------------------------------

def _trentuno_check_save(g: TrentunoGame) -> None:
    text = g.to_json()
    h = TrentunoGame.from_json(text)
    assert h.to_json() == text
    h.set_bots({s: greedy for s in range(len(h.players))})
    h.play_bots(max_actions=BOT_ACTIONS)  # to the end of the hand
    assert h.phase in ("hand_over", "game_over")
    assert h.card_count() == 40


@SETTINGS
@given(data=st.data(), seats=st.integers(2, 4), lives=st.integers(1, 3), seed=st.integers(0, 10 ** 6),
       discard_first=st.booleans())
def test_trentuno_random_play_saves_and_plays_on(data, seats, lives, seed, discard_first):
    g = TrentunoGame(seats, rules=TrentunoRules(lives=lives, discard_first=discard_first), seed=seed)
    _trentuno_check_save(g)
    for _ in range(STEPS):
        legal = g.legal_actions().actions()
        if not legal:  # the game is over
            _illegal(g, lambda: g.act("next_hand"))
            break
        if data.draw(st.integers(0, 9), label="kind") < 7:
            a = data.draw(st.sampled_from(legal), label="action")
            g.act(a.name, card=a.card)
        else:
            names = {a.name for a in legal}
            choice = data.draw(st.integers(0, 2), label="illegal")
            if choice == 0:
                name = data.draw(st.sampled_from([a for a in TRENTUNO_ACTIONS + tuple(JUNK_ACTIONS) if a not in names]))
                _illegal(g, lambda: g.act(name))
            elif choice == 1 and "discard" in names:
                held = {a.card for a in legal if a.name == "discard"}
                card = data.draw(st.sampled_from([c for c in FULL_DECK if c not in held]))
                _illegal(g, lambda: g.act("discard", card=card))
            else:
                _illegal(g, lambda: g.act(legal[0].name, colour=1))
        _trentuno_check_save(g)
