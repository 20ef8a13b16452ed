"""The ``sette-kit`` command line.

Each subcommand lives in its own module of this package, ``sette_kit/cli/<name>.py``,
which defines ``add_parser(subparsers)`` (cheap: no heavy imports) and
``run(args) -> int``.  Bad input prints the error and exits 2.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys

from ..errors import SetteKitError

# in the order they appear in --help; a module that does not exist yet is skipped
SUBCOMMANDS = ("score", "odds", "solve", "play", "simulate", "serve", "build_site", "trentuno",
               "quattro")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
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
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
