"""Pieces shared by the terminal games and the game subcommands (``play``, ``quattro``,
``trentuno``): subcommand dispatch, the prompt that treats end of input as quitting, the
table of names (you and the bots), and printing the events that are new since last time.

Cheap to import: nothing from the engines at module level.

>>> table_names("Ada", 2)
['Ada', 'Bot 1', 'Bot 2']
>>> ask(lambda prompt: "h", "> "), ask(_eof, "> ")
('h', None)
"""

from __future__ import annotations

from typing import Callable


def _eof(prompt):
    raise EOFError


def dispatch(args, dest: str, parser_attr: str, handlers: dict) -> int:
    """Run the handler of the action named by ``args.<dest>``; with no action, print the
    subcommand's help, then a one-line error naming the actions on stderr, and return 2."""
    import sys

    handler = handlers.get(getattr(args, dest, None))
    if handler is not None:
        return handler(args)
    parser = getattr(args, parser_attr)
    parser.print_help()
    print(f"{parser.prog}: error: an ACTION is required: {', '.join(handlers)}", file=sys.stderr)
    return 2


def ask(input_fn: Callable[[str], str], prompt: str) -> str | None:
    """``input_fn(prompt)``, or None when the input has ended (EOF)."""
    try:
        return input_fn(prompt)
    except EOFError:
        return None


def prompt_number(text: str) -> int | None:
    """The whole number typed at a prompt ("3", "12"), or None if ``text`` is not one.

    The one reader of the terminal games' numbers: it is
    :func:`sette_kit.numbers.read_whole`, so only the digits 0-9 are read and the size is
    checked first.  (``str.isdigit`` accepts '²', which ``int`` refuses.)

    >>> prompt_number("3"), prompt_number(" 12 "), prompt_number("²"), prompt_number("٣"), prompt_number("x")
    (3, 12, None, None, None)
    """
    from ...errors import SetteKitError
    from ...numbers import read_whole

    try:
        return read_whole(text, "the number", plain=True)
    except SetteKitError:
        return None


def table_names(name: str, bots: int) -> list:
    """The seats of a terminal game: you at seat 0, then ``Bot 1`` ... ``Bot <bots>``.
    Your name may not be a bot's (a SetteKitError naming ``--name``)."""
    names = [name] + [f"Bot {i}" for i in range(1, bots + 1)]
    if name in names[1:]:
        from ...errors import SetteKitError

        raise SetteKitError(f"--name {name!r} is taken by a bot: choose another name")
    return names


def _text(event) -> str:
    return event.text


class EventPrinter:
    """Prints a game's events as they come: each :meth:`flush` prints the events that are
    new since the last one, one line each, ``line(event)`` (default: its text)."""

    def __init__(self, game, print_fn: Callable[[str], object], line: Callable = _text) -> None:
        self.game, self.print_fn, self.line, self.shown = game, print_fn, line, 0

    def flush(self) -> None:
        events = self.game.events
        for e in events[self.shown:]:
            self.print_fn(self.line(e))
        self.shown = len(events)
