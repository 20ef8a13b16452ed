"""Quattro e mezzo bots: :class:`ThresholdBot` and :class:`OddsBot` (Q2, Q3 of ``docs/rules.md``).

A bot is a policy ``policy(view) -> action name`` over a :class:`~.engine.QuattroView`.
This module imports only the odds (:func:`~.odds.next_card`), never the engine: the
engine's default bot (:class:`OddsBot`) is given to it by the package (``__init__``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ...errors import SetteKitError
from ...i18n import _
from ...numbers import read_halves, read_number, shown
from ...scoring import fmt_points
from .odds import next_card

if TYPE_CHECKING:
    from .engine import QuattroView

__all__ = ["ThresholdBot", "OddsBot", "BOTS"]

class ThresholdBot:
    """A blind bot: declares a double six with a first 6 (it costs nothing, Q3), stands at
    4½ or on a total of at least ``stand_on`` (default 7), draws otherwise.

    >>> ThresholdBot(), ThresholdBot(6)
    (ThresholdBot(7), ThresholdBot(6))
    """

    def __init__(self, stand_on=7) -> None:
        self.stand_on = read_halves(stand_on, "stand_on", "1/2", 8)

    def __call__(self, view: QuattroView) -> str:
        legal = view.legal
        assert legal is not None  # a bot is asked on its turn
        if "double_six" in legal:
            return "double_six"
        sc = view.score
        assert sc is not None  # its own hand, dealt
        if "stand" in legal and (sc.kind == "four_and_half" or sc.total >= self.stand_on):
            return "stand"
        return "draw"

    def __repr__(self) -> str:
        return f"ThresholdBot({fmt_points(self.stand_on)})"


class OddsBot:
    """A bot that reads the table and uses the exact next-card odds (:func:`next_card`).

    It declares a double six with a first 6; stands at 4½ unless a 4½ with more cards
    (or a double six) already shows; stands with a 5 when a 4½ shows (Q2); otherwise,
    if its hand cannot beat the best hand already declared, it draws (nothing to lose);
    else it draws when the chance of busting on the next card, counted over the cards it
    has not seen, is below ``risk`` (default ½).
    """

    def __init__(self, risk=Fraction(1, 2)) -> None:
        self.risk = read_number(risk, "risk", accepted="a probability from 0 to 1, such as 1/2 or 0.4")
        if not 0 <= self.risk <= 1:
            raise SetteKitError(_("risk={risk} is out of range: accepted a probability from 0 to 1").format(
                risk=shown(risk)))


    def __call__(self, view: QuattroView) -> str:
        legal = view.legal
        assert legal is not None  # a bot is asked on its turn
        if "double_six" in legal:
            return "double_six"
        if "stand" not in legal:
            return "draw"
        me = view.score
        assert me is not None  # its own hand, dealt
        others = [h for s, h in enumerate(view.hands) if s != view.seat]
        shown = [h.declared for h in others]
        if "double six" in shown:
            return "draw"
        best_45 = max((h.hidden + len(h.face_up) for h in others if h.declared == "4½"), default=0)
        if me.kind == "four_and_half":
            return "stand" if me.n_cards >= best_45 else "draw"
        if me.kind == "five" and best_45:
            return "stand"
        if me.kind == "seven_and_half":
            return "stand"
        if best_45 or "7½" in shown:
            return "draw"  # this total cannot beat what is declared
        seen = tuple(c for c in view.visible_cards() if c not in me.cards)
        dist = next_card(me.cards, seen, view.rules, double_six=False)
        return "draw" if dist.get("bust", Fraction(0)) < self.risk else "stand"

    def __repr__(self) -> str:
        return f"OddsBot(risk={self.risk})"


BOTS = {"threshold": ThresholdBot, "odds": OddsBot}
