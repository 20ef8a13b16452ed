"""Seat 0's move through a game table's buttons, as a person would make it (imported by the
tests of QuattroTable and TrentunoTable)."""

from __future__ import annotations


def button_move(press):
    """``move(table, policy)``: at a hand's end the shown Next-hand button, clicked; else
    ``press(table, view, policy(view))``, which clicks the policy's button.  Either returns
    the action's name."""
    def move(t, policy) -> str:
        v = t.game.view(0)
        if v.phase == "hand_over":
            assert t.next_button.layout.display is None
            t.next_button.click()
            return "next_hand"
        return press(t, v, policy(v))
    return move


def game_turns(t, limit: int):
    """The table's game before each step of a test, until it is over (at most ``limit`` steps)."""
    for _ in range(limit):
        if t.game.phase == "game_over":
            return
        yield t.game
