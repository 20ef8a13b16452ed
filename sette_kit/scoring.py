"""Kept so that ``sette_kit.scoring`` still imports: scoring lives in
:mod:`sette_kit.games.sette.scoring`."""

from .games.sette.scoring import *  # noqa: F401,F403
from .games.sette.scoring import __all__, HALF, _as_cards, _win_multiplier  # noqa: F401
