"""The ``sette-kit odds`` and ``sette-kit solve`` subcommands."""

import pytest

from sette_kit.cli import main

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)


def test_odds_command_counts(capsys):
    assert main(["odds", "6 di coppe", "--seen", "7 di spade, Re di bastoni", "--preset", "plain"]) == 0
    out = capsys.readouterr().out
    assert "22/37" in out and "every 2–7" in out and "11/37" in out


def test_odds_command_italian_matta_and_reale(capsys):
    assert main(["odds", "Fd", "--preset", "italian"]) == 0
    out = capsys.readouterr().out
    assert "the matta" in out and "A reale with one more card:" in out and "2/39" in out


def test_odds_command_rejects_bad_cards(capsys):
    assert main(["odds", "8 di coppe"]) == 2
    assert "error" in capsys.readouterr().err


def test_solve_command_prints_edge_and_table(capsys):
    assert main(["solve", "--preset", "plain", "--dealer-stands", "5.5"]) == 0
    out = capsys.readouterr().out
    assert "-23253805500217/251659815006600" in out
    assert "House edge: 9.2402%" in out
    assert "first card" in out and "figure" in out


def test_solve_command_float_and_all_seeing_bank(capsys):
    assert main(["solve", "--preset", "spanish", "--dealer-sees-player", "--float"]) == 0
    out = capsys.readouterr().out
    assert "sees_player()" in out and "House edge: 29.0018%" in out


def test_solve_command_bad_threshold(capsys):
    assert main(["solve", "--dealer-stands", "9"]) == 2
    assert "stand_at" in capsys.readouterr().err
