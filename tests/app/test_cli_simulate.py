"""``sette-kit simulate``: estimate, CI and the exact value beside it."""

from __future__ import annotations

import pytest

from sette_kit.cli import main

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)


def test_simulate_prints_estimate_ci_and_exact_value(capsys):
    assert main(["simulate", "--preset", "plain", "--player-stands", "5", "--dealer-stands", "5",
                 "--rounds", "2e5", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "200,000 rounds, seed 1" in out
    assert "95% CI" in out
    assert "exact     -0.173392 = -218179120494761/1258299075033000" in out
    assert "draws while under 5" in out


def test_simulate_optimal_player_against_the_bank_that_sees(capsys):
    assert main(["simulate", "--preset", "plain", "--player-stands", "optimal", "--dealer-stands", "sees",
                 "--rounds", "50000", "--seed", "3", "--no-progress", "--level", "0.99"]) == 0
    out = capsys.readouterr().out
    assert "the optimal player" in out and "sees the player's total" in out and "99% CI" in out
    assert "exact     -0.290018" in out


def test_same_seed_same_output_whatever_the_chunk(capsys):
    args = ["simulate", "--rounds", "40000", "--seed", "5", "--no-progress", "--no-exact"]
    main(args + ["--chunk", "16384"])
    a = capsys.readouterr().out
    main(args + ["--chunk", "1000000"])
    assert capsys.readouterr().out == a


@pytest.mark.parametrize("bad", [["--rounds", "2.5"], ["--rounds", "lots"], ["--player-stands", "9"],
                                 ["--preset", "vegas"], ["--dealer-stands", "x"]])
def test_bad_input_exits_2_with_a_message(bad, capsys):
    assert main(["simulate", "--no-progress", "--rounds", "100"] + bad) == 2
    assert "error" in capsys.readouterr().err
