"""Quattro e mezzo (Q1-Q6 of ``docs/rules.md``): the old door to :mod:`sette_kit.games.quattro`.

The game now lives in the package :mod:`sette_kit.games.quattro`, one room per concern:
``rules`` (:class:`QuattroRules`, Q1, Q4, Q6), ``scoring`` (:func:`score`,
:func:`points_for`, Q1-Q4, Q6), ``explain``, ``showdown`` (:func:`showdown`, Q2-Q5),
``odds``, ``engine`` (:class:`QuattroGame`, Q5, S7, S8, S17, S18), ``bots`` and
``saves``.  The rules as the kit reads them, and the decisions where Q1-Q6 leave a
question open, are in the package's docstring.  This module re-exports the same public
names, and the private ones other modules and tests used from here, so that
``from sette_kit.quattro import QuattroGame`` and ``sette_kit.quattro.score`` keep working.

>>> from sette_kit.games import quattro as package
>>> QuattroGame is package.QuattroGame and score is package.score
True
>>> score("4c Fs")
<QuattroScore 4½ four_and_half, 2 cards, 5 points if it wins>
"""

from __future__ import annotations

# the kit's names this module offered beside its own (the shared table machinery included)
from .cards import FULL_DECK, Card, Deck, Rank, Suit, as_cards, card_in_text, parse_cards, sentence  # noqa: F401
from .errors import IllegalMove, SetteKitError  # noqa: F401
from .games._engine import (Event, HandCards, Legal, Option, SeatView, Seats, event_from_json,  # noqa: F401
                            event_to_json, replace_checked, rng_from_json, rng_to_json, seat_names, top_cards)
from .numbers import read_halves, read_number, read_whole, shown  # noqa: F401
from .scoring import card_value, fmt_points  # noqa: F401
from .games import quattro as _package
from .games.quattro import (ACTIONS, BOTS, FOUR_AND_HALF, KINDS, MAX_PLAYERS, MIN_PLAYERS, STANDING_KINDS,  # noqa: F401
                            HandResult, Odds, OddsBot, QuattroGame, QuattroHandView, QuattroRules, QuattroScore,
                            QuattroView, ThresholdBot, explain, next_card, odds_double_six, odds_four_and_half,
                            points_for, score, showdown)
# the private names, where they live now (for the modules and tests that reach for them)
from .games.quattro.engine import _CUT_RANK, _action_word  # noqa: F401
from .games.quattro.explain import _sum, _verdict  # noqa: F401
from .games.quattro.odds import _class, _cw, _eventually, _pct, _unseen  # noqa: F401
from .games.quattro.rules import (_MATTA_VALUES, DEFAULT_RULES, HALF, MAX_TARGET, SEVEN_AND_HALF,  # noqa: F401
                                  _rules_args)
from .games.quattro.rules import as_rules as _rules  # noqa: F401
from .games.quattro.saves import (_FORMAT, _OLD_FORMATS, _SAVE_ORDER, MAX_SAVED_EVENTS, STATUSES,  # noqa: F401
                                  _check_saved, _save_schema)
from .games.quattro.scoring import (_LABELS, _NAMES, _RANK_OF, _as_cards, _best, _cached_score,  # noqa: F401
                                    _kind_of, _options, _qualifies_double_six, _read_value)
from .games.quattro.showdown import _contenders  # noqa: F401

__all__ = list(_package.__all__)
