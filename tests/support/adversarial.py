"""Helpers shared by the bad-input tests (``tests/test_bad_input.py``, ``tests/games/test_saves.py``)
and the adversarial bench (``bench/bench_adversarial.py``, which puts this folder on ``sys.path``)."""

from __future__ import annotations

from sette_kit.cards import parse_cards
from sette_kit.game import Table
from sette_kit.trentuno import TrentunoGame, greedy


def set_at(path, value):
    """An edit of a save's JSON: the item at ``path`` (keys and indexes, outermost first)
    set to ``value``, or to ``value(old)`` if ``value`` is callable."""
    def change(d):
        *head, last = path
        x = d
        for k in head:
            x = x[k]
        x[last] = value(x[last]) if callable(value) else value
    return change


def matta_table() -> Table:
    """Ada holds the bank; Bo gets 3c and stakes, then draws the matta: the declare boundary."""
    t = Table("italian", ["Ada", "Bo"], banker=0, seed=1, deck=parse_cards("3c 5d Rd"))
    t.new_round()
    t.stake(1)
    t.hit()
    return t


def trentuno_mid_game() -> TrentunoGame:
    """Three greedy bots, 20 moves into a seeded game of Trentuno: a save to edit."""
    g = TrentunoGame(["Ada", "Bo", "Cy"], seed=5, bots={s: greedy for s in range(3)})
    for _ in range(20):
        if g.phase == "hand_over":
            g.act("next_hand")
        name, params = greedy(g.view(g.to_act))
        g.act(name, **params)
    return g
