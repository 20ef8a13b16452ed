"""The three card games, each behind one engine protocol (:class:`Engine`).

``sette_kit.games._engine`` holds the protocol and what the engines share (typed
:class:`Action` values, :class:`Legal` moves, :class:`Event`, seats and bots).  Each game
has the same rooms: ``rules``, ``scoring``, ``explain``, ``engine``, ``bots``, ``saves``
and ``odds``.
"""

__all__ = ["Action", "Engine", "Event", "Legal", "Option"]


def __getattr__(name):  # PEP 562: ``import sette_kit`` loads games.sette's rules, not the engine machinery
    if name in __all__:
        from . import _engine

        return getattr(_engine, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
