"""Kept so that ``sette_kit.rules`` still imports: the rules object and its presets live
in :mod:`sette_kit.games.sette.rules`."""

from .games.sette.rules import *  # noqa: F401,F403
from .games.sette.rules import __all__, Suit, preset_label  # noqa: F401
