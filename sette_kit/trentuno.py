"""Trentuno (thirty-one), under its older name: scoring, a full game engine, two bots and
exact draw odds (docs/rules.md T1-T9).

The code lives in the package :mod:`sette_kit.games.trentuno` (rooms ``rules``,
``scoring``, ``explain``, ``odds``, ``engine``, ``deal``, ``bots``, ``saves``; its docstring
is the game's full reading of the rules).  This module re-exports its public API and the
few module names other code reads from here, so ``sette_kit.trentuno.TrentunoGame`` and
``from sette_kit.trentuno import score`` keep working.

>>> from sette_kit.games import trentuno
>>> TrentunoGame is trentuno.TrentunoGame, __all__ == trentuno.__all__
(True, True)
"""

from .games.trentuno import *  # noqa: F401,F403
from .games.trentuno import __all__  # noqa: F401

# module names read from here (counting, tests): the constants of the rules and the saves
from .games.trentuno.rules import (ACTIONS, DEFAULT_RULES, FIRST_ROUND_31, KNOCK_LAST_ROUND,  # noqa: F401
                                   MAX_PLAYERS, MIN_PLAYERS)
from .games.trentuno.saves import MAX_SAVE_CHARS  # noqa: F401

