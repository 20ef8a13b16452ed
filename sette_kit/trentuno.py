"""Trentuno (thirty-one), under its older name: scoring, a full game engine, two bots and
exact draw odds (docs/rules.md T1-T9).

The code lives in the package :mod:`sette_kit.games.trentuno` (rooms ``rules``,
``scoring``, ``explain``, ``odds``, ``engine``, ``deal``, ``bots``, ``saves``; its docstring
is the game's full reading of the rules).  This module re-exports its public API and the
few module names other code reads from here, so ``sette_kit.trentuno.TrentunoGame`` and
``from sette_kit.trentuno import score`` keep working.

>>> TrentunoGame is __import__("sette_kit.games.trentuno", fromlist=["x"]).TrentunoGame
True
"""

from .games.trentuno import (BOTS, Action, DrawOdds, Event, Greedy, ThresholdKnocker, TrentunoGame, TrentunoRules,
                             TrentunoScore, TrentunoView, best_discard, card_points, draw_odds, explain, greedy,
                             score)
from .games.trentuno.rules import (ACTIONS, DEFAULT_RULES, FIRST_ROUND_31, KNOCK_LAST_ROUND, MAX_PLAYERS,
                                   MIN_PLAYERS)
from .games.trentuno.saves import MAX_SAVE_CHARS

__all__ = [
    "TrentunoRules", "TrentunoScore", "score", "explain", "card_points", "best_discard",
    "Action", "Event", "TrentunoView", "TrentunoGame",
    "Greedy", "greedy", "ThresholdKnocker", "BOTS",
    "DrawOdds", "draw_odds",
]
