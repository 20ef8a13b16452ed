"""The kit's one exception hierarchy.

Every error the kit raises on bad input is a :class:`SetteKitError`, which is a
:class:`ValueError`, so callers can catch either.  Messages say what was wrong and
what is accepted.
"""

from __future__ import annotations

__all__ = ["SetteKitError", "IllegalMove"]


class SetteKitError(ValueError):
    """Bad input or an impossible request.  The message names what is accepted."""


class IllegalMove(SetteKitError):
    """An action that the rules do not allow at this moment.

    Raised by the game engines; the game state is left exactly as it was.
    """
