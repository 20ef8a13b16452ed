"""The ``sette-kit`` command line.

Each subcommand lives in its own module of this package, ``sette_kit/app/cli/<name>.py``,
which defines ``add_parser(subparsers)`` (cheap: no heavy imports) and
``run(args) -> int``.  Bad input prints the error and exits 2.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys

from ...errors import SetteKitError

# in the order they appear in --help; a module that does not exist yet is skipped
SUBCOMMANDS = ("score", "odds", "solve", "play", "simulate", "serve", "build_site", "trentuno",
               "quattro", "class_")


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: ``prog: error: message (see prog --help)``, exit 2
    (no usage block, no traceback)."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="sette-kit",
        description="Sette e mezzo, its variants and Trentuno: score hands, compute exact odds, "
                    "play against bots, simulate, and serve the lessons as web apps.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        try:
            module = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__name__}.{name}":
                continue
            raise
        module.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)  # --help exits 0; a bad option exits 2 after one line (Parser.error)
    if not getattr(args, "command", None):
        parser.print_help()
        names = ", ".join(name for name in SUBCOMMANDS if name in _choices(parser))
        print(f"sette-kit: error: a COMMAND is required: {names}", file=sys.stderr)
        return 2
    try:
        return int(args.run(args) or 0)
    except SetteKitError as exc:
        message = str(exc)
        if hasattr(args, "face"):  # the library's face='french' is --face french here
            message = re.sub(r"\bface='(\w+)'", r"--face \1", message)
        print(f"sette-kit {args.command}: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def _choices(parser) -> dict:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action.choices
    return {}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
