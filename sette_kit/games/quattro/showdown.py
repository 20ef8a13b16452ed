"""The winner of a Quattro e mezzo hand among all players and the dealer (Q1-Q6 of ``docs/rules.md``).

:func:`showdown` and its :class:`HandResult`: the mega 4½ (Q4), the double six (Q3), a 5
that beats a 4½ (Q2), the best hand by the single-hand order (Q2), then the ties (Q4:
the matta loses, more cards win, the dealer wins a complete tie, else it is shared); the
matta holder's value chosen to his advantage (Q1); the points (Q6) and who takes the
deal (Q5).
"""

from __future__ import annotations

import itertools
from typing import Iterable, Mapping, NamedTuple, Sequence

from ...errors import SetteKitError
from ...i18n import _
from ...numbers import shown
from .rules import QuattroRules, as_rules
from .scoring import QuattroScore, _as_cards, _options, points_for, score

__all__ = ["showdown", "HandResult"]

class HandResult(NamedTuple):
    """The outcome of one hand (Q2-Q6), from :func:`showdown`.

    ``scores``: per seat, the hand as finally scored (None for a seat without a hand);
    ``winners``: the seats that win; ``points``: per seat, points won (only winners
    score); ``reason``: plain English with rule ids; ``takes_deal``: the winners that
    take the deal (Q5) - more than one means they cut for it; ``mega``: the seat of a
    mega 4½ (which wins the game), else None.
    """

    scores: tuple
    winners: tuple
    points: tuple
    reason: str
    takes_deal: tuple
    mega: int | None
    dealer: int | None


def _contenders(scores: Sequence, dealer: int | None, rules: QuattroRules):
    """(winners, reason, five_beat_four_and_half) for fixed scores."""
    live = [s for s, sc in enumerate(scores) if sc is not None and sc.can_stand]
    if not live:
        return (), _("Nobody stands: nobody wins the hand and nobody scores."), False
    by_kind: dict[str, list[int]] = {}
    for s in live:
        by_kind.setdefault(scores[s].kind, []).append(s)
    five_beats = False
    if "mega" in by_kind:
        return tuple(by_kind["mega"]), _("A mega 4½ - nine cards making 4½ - wins the whole game (Q4)."), False
    if "double_six" in by_kind:
        cands, why = by_kind["double_six"], _("A double six wins the hand (Q3)")
    elif "five" in by_kind and "four_and_half" in by_kind:
        cands, why, five_beats = by_kind["five"], _("A 5 beats a 4½, whatever else is on the table (Q2)"), True
    else:
        top = max(scores[s].rank for s in live)
        cands = [s for s in live if scores[s].rank == top]
        sc = scores[cands[0]]
        if sc.kind == "four_and_half":
            why = _("The best hand is {hand} (4½ beats every hand but a 5, a double six and a mega 4½, Q2-Q4)")
        elif sc.kind == "seven_and_half":
            why = _("The best hand is {hand} (only a 4½, a double six or a mega 4½ beats 7½, Q2-Q4)")
        else:
            why = _("The best hand is {hand} (by total, Q2)")
        why = why.format(hand=sc.label)
    if len(cands) == 1:
        return tuple(cands), why + ".", five_beats
    kind = scores[cands[0]].kind
    if rules.dealer_wins_all_ties and dealer in cands:
        return (dealer,), (why + "; " + _("a tie, and under this option the dealer wins every tie (Q4, as the "
                                          "Italian encyclopedia article says).")), five_beats
    notes = []
    if kind in ("four_and_half", "seven_and_half"):
        clean = [s for s in cands if not scores[s].with_matta]
        if clean and len(clean) < len(cands):
            cands = clean
            notes.append(_("the hand made with the matta loses the tie (Q4)"))
    if len(cands) > 1:
        most = max(scores[s].n_cards for s in cands)
        more = [s for s in cands if scores[s].n_cards == most]
        if len(more) < len(cands):
            cands = more
            notes.append(_("the hand with more cards wins the tie (Q4)"))
    if len(cands) > 1 and dealer in cands:
        cands = [dealer]
        notes.append(_("the dealer wins a complete tie (Q4)"))
    elif len(cands) > 1:
        notes.append(_("a complete tie: each of them scores (Q4)"))

    return tuple(cands), why + "; " + "; ".join(notes) + ".", five_beats


def showdown(hands: Sequence, dealer: int | None = None, rules: QuattroRules | None = None, *,
             double_six: Iterable[int] | None = None) -> HandResult:
    """The winner(s) of a hand among all players and the dealer (Q2-Q6).

    ``hands``: per seat, the cards (or text), a :class:`QuattroScore` (taken as scored),
    or None for a seat without a hand.  ``dealer``: the dealer's seat (wins complete ties,
    Q4).  ``double_six``: the seats that declared a double six (Q3); None assumes every
    qualifying hand did.  The matta holder's value is chosen to his advantage against the
    other hands (Q1).

    >>> r = showdown(["7c Fs", "2c 2d Fb", "4d Cc"], dealer=0)
    >>> r.winners, r.points                        # 4½ beats 7½; more cards win the tie
    ((1,), (0, 5, 0))
    >>> showdown(["4c Ac", "3s 2s", "2d 3d"], dealer=2).reason
    'The best hand is 5 (by total, Q2); the dealer wins a complete tie (Q4).'
    >>> r = showdown(["4c Rd", "5d"], dealer=1)   # the matta turns 4½ into 7 to beat the 5
    >>> r.winners, r.scores[0].total, r.points
    ((0,), Fraction(7, 1), (1, 0))
    """
    rules = as_rules(rules)
    if not isinstance(hands, (list, tuple)):
        raise SetteKitError(_("hands={hands}: give a list with one hand per seat (cards, text, a "
                              "QuattroScore, or None for a seat without a hand)").format(hands=shown(hands)))
    if dealer is not None and not (isinstance(dealer, int) and not isinstance(dealer, bool)
                                   and 0 <= dealer < len(hands)):
        raise SetteKitError(_("dealer={dealer} must be a seat 0-{last}").format(dealer=shown(dealer),
                                                                                 last=len(hands) - 1))
    if double_six is not None and (isinstance(double_six, (str, bytes, Mapping)) or
                                   not hasattr(double_six, "__iter__")):
        raise SetteKitError(_("double_six={value}: give the list of seats that declared a double "
                              "six (Q3), or None").format(value=shown(double_six)))
    if not hands:
        raise SetteKitError(_("hands: give a list with one hand per seat; a showdown needs at least one hand"))
    declared = None if double_six is None else set(itertools.islice(double_six, len(hands) + 1))
    if declared is not None and any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < len(hands)
                                    for s in declared):
        raise SetteKitError(_("double_six={value}: the seats that declared a double six are seats 0-{last} "
                              "(Q3)").format(value=shown(double_six), last=len(hands) - 1))
    fixed: list = []
    choices: dict[int, list[QuattroScore]] = {}
    seen: set = set()
    for s, h in enumerate(hands):
        if h is None:
            fixed.append(None)
            continue
        if isinstance(h, QuattroScore):
            fixed.append(h)
            cards = h.cards
        else:
            cards = _as_cards(h, rules.face)
            if not cards:
                raise SetteKitError(_("seat {seat} has an empty hand: use None for a seat without a hand").format(
                    seat=s))
            ds = None if declared is None else (s in declared)
            sc = score(cards, rules, double_six=ds)
            fixed.append(sc)
            if sc.with_matta and len(cards) > 1:
                opts = [o for o in _options(cards, rules, sc.double_six_declared) if o.can_stand]
                if opts:
                    choices[s] = opts
        if seen & set(cards):
            raise SetteKitError(_("{cards} cannot be in two hands").format(
                cards=", ".join(c.name() for c in seen & set(cards))))
        seen |= set(cards)
    if choices:  # Q1: the (one) matta holder picks the value that wins him the most points
        (holder, opts), = choices.items()
        best = None
        for o in opts:
            trial = list(fixed)
            trial[holder] = o
            w, __, ___ = _contenders(trial, dealer, rules)
            if holder in w:
                key = (points_for(o), len(w) == 1, o.rank, -(o.matta_value or 0))
                if best is None or key > best[0]:
                    best = (key, o)
        if best is not None:
            fixed[holder] = best[1]
    winners, reason, five_beats = _contenders(fixed, dealer, rules)
    points = tuple(points_for(fixed[s]) if s in winners else 0 for s in range(len(fixed)))
    mega = winners[0] if winners and fixed[winners[0]].kind == "mega" else None
    takes = ()
    if winners and mega is None:
        k = fixed[winners[0]].kind
        if k in ("four_and_half", "seven_and_half") or (k == "five" and five_beats):  # Q5
            takes = winners
    return HandResult(tuple(fixed), winners, points, reason, takes, mega, dealer)
