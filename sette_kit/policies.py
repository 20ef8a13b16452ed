"""Kept so that ``sette_kit.policies`` still imports: the bots live in
:mod:`sette_kit.games.sette.bots`."""

from .games.sette.bots import *  # noqa: F401,F403
from .games.sette.bots import __all__  # noqa: F401
