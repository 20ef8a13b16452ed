"""The `game` and `lab` fixtures of lesson 14's stake game (``odds.stake_game``) and its bluff
lab (``odds.bluff_lab``), built once a module (imported by the tests that use them)."""

from __future__ import annotations

import pytest

from sette_kit import odds


@pytest.fixture(scope="module")
def game():
    return odds.stake_game()


@pytest.fixture(scope="module")
def lab(game):
    return odds.bluff_lab(game)
