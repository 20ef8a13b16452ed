"""The pieces the terminal games share (sette_kit.cli._terminal)."""

from __future__ import annotations

import argparse

from sette_kit.cli import _terminal, play, quattro, trentuno
from sette_kit.cli._terminal import EventPrinter, ask, dispatch, table_names


def test_ask_returns_none_at_end_of_input():
    def eof(prompt):
        raise EOFError

    assert ask(lambda p: p.upper(), "yes? ") == "YES? "
    assert ask(eof, "> ") is None


def test_table_names_you_then_the_bots():
    assert table_names("Ada", 3) == ["Ada", "Bot 1", "Bot 2", "Bot 3"]
    assert table_names("Ada", 0) == ["Ada"]


def test_dispatch_runs_the_action_or_prints_help(capsys):
    parser = argparse.ArgumentParser(prog="demo")
    args = argparse.Namespace(cmd="b", _p=parser)
    assert dispatch(args, "cmd", "_p", {"a": lambda a: 5, "b": lambda a: 7}) == 7
    args.cmd = None
    assert dispatch(args, "cmd", "_p", {"a": lambda a: 5}) == 2
    assert "usage: demo" in capsys.readouterr().out


def test_event_printer_prints_only_new_events():
    class Game:
        events = []

    class E:
        def __init__(self, text):
            self.text = text

    g, out = Game(), []
    p = EventPrinter(g, out.append, lambda e: e.text.upper())
    g.events.extend([E("a"), E("b")])
    p.flush()
    p.flush()
    g.events.append(E("c"))
    p.flush()
    assert out == ["A", "B", "C"]


def test_the_clis_use_the_shared_pieces():
    src = [m.__loader__.get_source(m.__name__) for m in (play, quattro, trentuno)]
    assert all("from ._terminal import" in s for s in src)
    assert all("except EOFError" not in s for s in src)  # one prompt helper, in _terminal
    assert _terminal.__doc__
