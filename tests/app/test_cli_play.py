"""``sette-kit play``: a terminal game against bots."""

from __future__ import annotations

import re

import pytest

from sette_kit.cli import main

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)


def run_play(monkeypatch, capsys, lines, *argv):
    feed = iter(lines)

    def fake_input(prompt=""):
        print(prompt, end="")
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    code = main(["play", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_play_a_round_with_bad_input_reasked(monkeypatch, capsys):
    lines = ["", "fly", "stake 999", "stake x", "3", "hit now", "stand"]
    code, out, _ = run_play(monkeypatch, capsys, lines, "--preset", "plain", "--bots", "2",
                            "--seed", "7", "--name", "Ada", "--rounds", "1")
    assert code == 0
    assert "I do not know 'fly'" in out
    assert "Not allowed: stake amount=999 is out of range: accepted 1-10" in out
    assert "Give a whole amount" in out
    assert "Ada stakes 3." in out
    assert "'hit' takes nothing after it" in out
    assert "Ada stands." in out
    assert "Final money:" in out


def test_play_shows_only_what_the_seat_may_see(monkeypatch, capsys):
    code, out, _ = run_play(monkeypatch, capsys, ["1", "s", "n"], "--bots", "3", "--seed", "7", "--rounds", "1")
    assert code == 0
    before_reveal = out.split("turns up")[0]
    # bots' first cards appear only as [face down] until they are turned up
    for line in before_reveal.splitlines():
        if line.startswith("  Bot"):
            m = re.match(r"  Bot \d( \(bank\))?: (.*?)( =|, stake| \[)", line)
            assert m and m.group(2).split(",")[0] in ("[face down]", "-")
    assert "It is the " in out  # your own hidden card is shown to you


def test_play_is_reproducible_with_a_seed(monkeypatch, capsys):
    a = run_play(monkeypatch, capsys, ["2", "s"] * 10, "--seed", "3", "--rounds", "3")
    b = run_play(monkeypatch, capsys, ["2", "s"] * 10, "--seed", "3", "--rounds", "3")
    assert a == b and a[0] == 0


def test_play_quit_and_eof(monkeypatch, capsys):
    code, out, _ = run_play(monkeypatch, capsys, ["q"], "--seed", "1")
    assert code == 0 and "Goodbye." in out
    code, out, _ = run_play(monkeypatch, capsys, [], "--seed", "1")
    assert code == 0


def test_play_rejects_bad_options(monkeypatch, capsys):
    code, _, err = run_play(monkeypatch, capsys, [], "--bots", "12")
    assert code == 2 and "1 to 11" in err
    code, _, err = run_play(monkeypatch, capsys, [], "--preset", "nope")
    assert code == 2 and "unknown preset" in err
