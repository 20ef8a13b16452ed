"""Trentuno's bots (docs/rules.md T5, T6): :class:`Greedy` keeps its best suit,
:class:`ThresholdKnocker` knocks as soon as its score reaches a threshold.  A bot is a
policy: ``policy(view) -> (action, params)`` (or an :class:`~sette_kit.games.Action`), read
from the seat's :class:`~sette_kit.games.trentuno.engine.TrentunoView`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import FULL_DECK
from ...errors import SetteKitError
from ...i18n import _
from ...numbers import shown
from .._engine import Action
from .scoring import _VAL, _best_discard_idx, _ix, _points

if TYPE_CHECKING:  # pragma: no cover
    from .engine import TrentunoView

__all__ = ["Greedy", "greedy", "ThresholdKnocker", "BOTS"]

_KNOCK = Action("knock")


class Greedy:
    """Keeps the best suit: takes the discard if that raises the score, else draws from
    the stock; discards the card that leaves the best score (ties: the lowest value).

    With the discard-first option (T5) it takes the discard only if it beats the card it
    has just thrown.  Pure greedy play can lock the table for ever (each player waits for
    cards that another keeps, and nobody may end the hand), so the bot has ``patience``:
    from round ``patience`` (default 12) it knocks whenever the rules allow (T6), and from
    round ``2 * patience``, if it still cannot knock, it draws only from the stock and
    throws a pseudo-random card (chosen from what it sees, so a game stays reproducible)
    to unlock the table.
    ``Greedy(patience=None)`` never knocks and never unlocks.

    >>> from sette_kit.games.trentuno import TrentunoGame
    >>> g = TrentunoGame(2, seed=5, bots={0: greedy, 1: greedy})
    >>> act = greedy(g.view(g.to_act)); act[0] in ("draw_stock", "take_discard")
    True
    """

    def __init__(self, patience: int | None = 12) -> None:
        if patience is not None and (isinstance(patience, bool) or not isinstance(patience, int) or
                                     not 1 <= patience <= 10 ** 6):
            raise SetteKitError(_("patience={value} is not accepted: accepted a whole number >= 1 or None").format(
                value=shown(patience)))
        self.patience = patience

    def __call__(self, view: TrentunoView):
        p = self.patience
        if p is not None and view.round >= p and _KNOCK in view.legal:
            return ("knock", {})
        return self._greedy(view)

    def _greedy(self, view: TrentunoView):
        toak = view.rules.three_of_a_kind_30
        hand = [_ix(c) for c in view.hand]
        p = self.patience
        stalled = p is not None and view.round >= 2 * p
        if view.phase == "draw":
            top = view.discard_top
            if top is not None and not stalled:  # a stalled table needs new cards from the stock
                if len(hand) == 3:
                    now = _points(hand, toak)
                    t = _ix(top)
                    __, after = _best_discard_idx(hand + [t], toak, t)
                else:  # discard_first: better than the card just thrown?
                    thrown = _ix(view.pending_discard) if view.pending_discard is not None else None
                    now = _points(hand + [thrown], toak) if thrown is not None else _points(hand, toak)
                    after = _points(hand + [_ix(top)], toak)
                if after > now:
                    return ("take_discard", {})
            return ("draw_stock", {})
        if view.phase == "discard":
            taken = _ix(view.taken_from_discard) if view.taken_from_discard is not None else -1
            if stalled:  # unlock a stalled table
                cands = [i for i in hand if i != taken]
                k = (sum(hand) * 31 + view.round * 7 + view.seat + view.stock_size) % len(cands)
                return ("discard", {"card": FULL_DECK[cands[k]]})
            if len(hand) == 4:
                i, __ = _best_discard_idx(hand, toak, taken)
            else:  # discard_first: throw the card whose loss costs least
                i, __ = _keep_two(hand, toak)
            return ("discard", {"card": FULL_DECK[i]})
        return ("next_hand", {})

    def __repr__(self) -> str:
        return "greedy" if self.patience == 12 else f"Greedy(patience={self.patience})"


def _keep_two(hand: list[int], toak: bool) -> tuple[int, int]:
    best_i, best_s, best_v = -1, -1, 99
    for k, i in enumerate(hand):
        s = _points(hand[:k] + hand[k + 1:], toak)
        if s > best_s or (s == best_s and (_VAL[i], i) < (best_v, best_i)):
            best_i, best_s, best_v = i, s, _VAL[i]
    return best_i, best_s


greedy = Greedy()


class ThresholdKnocker(Greedy):
    """Knocks as soon as it may with a score of at least ``threshold`` (default 27);
    otherwise plays like :class:`Greedy` (with the same ``patience``).

    >>> ThresholdKnocker(28)
    ThresholdKnocker(28)
    """

    def __init__(self, threshold: int = 27, patience: int | None = 12) -> None:
        if isinstance(threshold, bool) or not isinstance(threshold, int) or not 1 <= threshold <= 31:
            raise SetteKitError(_("threshold={value} is not accepted: accepted a whole number 1-31").format(
                value=shown(threshold)))
        super().__init__(patience)
        self.threshold = threshold

    def __call__(self, view: TrentunoView):
        if view.score is not None and view.score.total >= self.threshold and _KNOCK in view.legal:
            return ("knock", {})
        return super().__call__(view)

    def __repr__(self) -> str:
        return f"ThresholdKnocker({self.threshold}" + ("" if self.patience == 12 else f", patience={self.patience}") + ")"


BOTS = {"greedy": Greedy, "knocker": ThresholdKnocker}
"""Bot classes by name (for the CLI and lessons)."""
