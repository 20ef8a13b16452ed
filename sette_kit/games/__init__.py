"""The three card games, each behind one engine protocol (:class:`Engine`).

``sette_kit.games._engine`` holds the protocol and what the engines share (typed
:class:`Action` values, :class:`Legal` moves, :class:`Event`, seats and bots).  Each game
has the same rooms: ``rules``, ``scoring``, ``explain``, ``engine``, ``bots``, ``saves``
and ``odds``.
"""

from ._engine import Action, Engine, Event, Legal, Option

__all__ = ["Action", "Engine", "Event", "Legal", "Option"]
