"""Argument types for the command line: bad input refused with a clear message.

Every number typed on the command line is read by :mod:`sette_kit.numbers`, so it is
checked for size and form before it becomes a number: ``--bankroll 999...`` (5,000
digits) is a one-line error at once, not Python's 4,300-digit ValueError.  A bad value
makes argparse print one line and exit with code 2.

>>> whole("12"), whole("1e3"), at_least_1("3")
(12, 1000, 3)
>>> whole("x")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: cannot read 'x' as a number: accepted a whole number such as 3
>>> level("0.95")
0.95
"""

from __future__ import annotations

import argparse

from ...errors import SetteKitError
from ...numbers import read_number, read_whole

__all__ = ["whole", "at_least_1", "level", "game_command", "table_options"]


def _plain(exc: SetteKitError) -> str:
    return str(exc).replace("the value=", "", 1)


def whole(text: str) -> int:
    """A whole number of any sign (the library checks its range and names the rule)."""
    try:
        return read_whole(text, "the value", accepted="a whole number such as 3")
    except SetteKitError as exc:
        raise argparse.ArgumentTypeError(_plain(exc)) from None


def at_least_1(text: str) -> int:
    """A whole number >= 1."""
    try:
        return read_whole(text, "the value", 1, accepted="a whole number at least 1, such as 3")
    except SetteKitError as exc:
        raise argparse.ArgumentTypeError(_plain(exc)) from None


def level(text: str) -> float:
    """A confidence level strictly between 0 and 1."""
    accepted = "a number between 0 and 1 (not 0 or 1), such as 0.95 or 95%"
    t = text.strip()
    try:
        x = read_number(t[:-1], "the value", accepted=accepted) / 100 if t.endswith("%") else \
            read_number(t, "the value", accepted=accepted)
    except SetteKitError as exc:
        raise argparse.ArgumentTypeError(_plain(exc)) from None
    if not 0 < x < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is out of range: accepted {accepted}")
    return float(x)


def game_command(sub, name: str, run, help: str, description: str):
    """A game's command (``sette-kit quattro score ...``): its parser in ``sub``, run by
    ``run`` with the action's name in ``args.<name>_command`` (and the parser in
    ``args._<name>_parser``, see ``_terminal.dispatch``).  Returns the actions' subparsers."""
    p = sub.add_parser(name, help=help, description=description)
    p.set_defaults(run=run, **{f"_{name}_parser": p})
    return p.add_subparsers(dest=f"{name}_command", metavar="ACTION")


def table_options(p, bots_help: str) -> None:
    """A terminal game's ``--bots``, ``--seed`` and ``--name``."""
    p.add_argument("--bots", type=whole, default=3, help=bots_help)
    p.add_argument("--seed", type=whole, default=None, help="seed for a reproducible game")
    p.add_argument("--name", default="Player", help="your name at the table (default Player)")
