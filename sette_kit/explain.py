"""Kept so that ``sette_kit.explain`` still imports: the explanations live in
:mod:`sette_kit.games.sette.explain`."""

from .games.sette.explain import *  # noqa: F401,F403
from .games.sette.explain import __all__  # noqa: F401
