"""Solved strategies in words, and a cache of solved games (for the StrategyChart and
VariantExplorer widgets, which only show what this module says).

:func:`solution` solves the heads-up model with :func:`sette_kit.odds.solve` once per
``(rules, dealer, exact)`` and keeps the result (solving is deterministic, and a
``Rules`` value is immutable and hashable).  :func:`strategy_sentences` turns a
:class:`~sette_kit.odds.Solution` into one sentence per first card, read off
:meth:`Solution.table`; :func:`house_edge_text`, :func:`lookup_text` and
:func:`edge_change_text` put the exact numbers into sentences.

>>> from sette_kit import odds
>>> sol = solution("plain", odds.stand_at(5))
>>> sol is solution("plain", odds.stand_at(5))
True
>>> house_edge_text(sol)           # the exact value is sol.house_edge, for a disclosure
'House edge against a bank that stands at 5: 16.37% of the stake.'
>>> strategy_sentences(sol)[5]
'With a first card of a 6 you stand on 6.'
>>> fraction_text(Fraction(22, 37))
'22/37 ≈ 59.46%'
"""

from __future__ import annotations

import functools
import threading
from fractions import Fraction

from .. import fmt, odds
from ..errors import SetteKitError
from ..i18n import N_, _
from ..numbers import read_number, read_whole, shown
from ..odds._solve import FIRST_LABELS, first_label
from ..rules import as_rules
from ..scoring import fmt_points
from ..strategy import BankSeesPlayer, StandAt

__all__ = ["solution", "cached_solution", "clear_cache", "dealer_words", "fraction_text",
           "house_edge_text", "strategy_sentences", "strategy_grid", "lookup_text", "edge_change_text",
           "BANK_POLICIES", "first_label", "FIRST_LABELS"]

BANK_POLICIES = ("4", "4½", "5", "5½", "6", "sees")
"""The bank policies the widgets offer: ``stand_at`` thresholds, and "sees" for
:func:`sette_kit.odds.sees_player`."""

_CACHE: dict = {}
_LOCK = threading.Lock()

FIRST_WORDS = {"Ace": N_("an Ace"), "figure": N_("a figure (Fante, Cavallo or Re)"), "matta": N_("the matta")}
"""The first cards of :meth:`Solution.table` in words (English, marked: shown with ``_()``)."""


def _solution(sol) -> "odds.Solution":
    if not isinstance(sol, odds.Solution):
        raise SetteKitError(_("give a Solution (from odds.solve or solution()), not {value}").format(value=shown(sol)))
    return sol


def policy(name):
    """A bank policy from its menu name: '5', '4½', '5.5', '11/2' or 'sees'.

    >>> policy("4½"), policy("sees"), policy(odds.stand_at(6))
    (stand_at(4.5), sees_player(), stand_at(6))
    """
    if isinstance(name, (StandAt, BankSeesPlayer)):
        return name
    if not isinstance(name, str):  # a number: read as one (str() of 10**10000 fails)
        return odds.stand_at(name)
    text = name.strip().replace("½", ".5")
    if text.lower() in ("sees", "sees_player", "sees_player()", "all-seeing"):
        return odds.sees_player()
    if text.startswith("."):
        text = "0" + text
    return odds.stand_at(text)


__all__.append("policy")


def _key(rules, dealer, exact):
    return (as_rules(rules), policy(dealer if dealer is not None else "5"), bool(exact))


def solution(rules="plain", dealer=None, *, exact: bool = True) -> "odds.Solution":
    """``odds.solve(rules, dealer, exact=exact)``, computed once and then remembered.
    ``rules`` may be a preset name, ``dealer`` a policy or its menu name ('5', 'sees')."""
    key = _key(rules, dealer, exact)
    got = _CACHE.get(key)
    if got is None:
        got = odds.solve(key[0], key[1], exact=key[2])
        with _LOCK:
            got = _CACHE.setdefault(key, got)
    return got


def cached_solution(rules="plain", dealer=None, *, exact: bool = True):
    """The remembered solution, or None if it has not been solved yet (never solves).

    >>> cached_solution("plain", "5") is solution("plain", "5")
    True
    """
    return _CACHE.get(_key(rules, dealer, exact))


def clear_cache() -> None:
    """Forget every remembered solution (for benchmarks)."""
    with _LOCK:
        _CACHE.clear()


def dealer_words(dealer) -> str:
    """The bank policy in words.

    >>> dealer_words(odds.stand_at(5.5)), dealer_words(odds.sees_player())
    ('a bank that stands at 5½', "an all-seeing bank (it draws until it reaches the player's total)")
    """
    dealer = policy(dealer)
    if isinstance(dealer, BankSeesPlayer):
        return _("an all-seeing bank (it draws until it reaches the player's total)")
    return _("a bank that stands at {total}").format(total=fmt_points(dealer.threshold))


def fraction_text(p, digits: int = 2) -> str:
    """An exact probability or rate as a learner reads it (:func:`sette_kit.fmt.approx`):
    a short fraction with its percentage, a long one as its percentage alone (the exact
    value goes behind an "exact value" disclosure in the widgets).

    >>> fraction_text(Fraction(1, 4)), fraction_text(Fraction(0)), fraction_text(Fraction(-1, 3))
    ('1/4 = 25.00%', '0.00%', '-1/3 ≈ -33.33%')
    >>> fraction_text(Fraction(22069914749539, 134817758039250)), fraction_text(0.1637)
    ('16.37%', '16.37%')
    """
    digits = read_whole(digits, "digits", 0, 12, text=False)
    if isinstance(p, float) or type(p).__name__.startswith("float"):  # a float result (exact=False)
        p = float(read_number(p, "p", accepted=_("a probability or rate (a Fraction or a float)")))
    else:
        p = read_number(p, "p", accepted=_("a probability or rate (a Fraction or a float)"))
    return fmt.approx(p, "percent", digits)


def house_edge_text(sol) -> str:
    """The house edge of a solved game as a percentage of the stake."""
    sol = _solution(sol)
    return _("House edge against {bank}: {edge} of the stake.").format(bank=dealer_words(sol.dealer),
                                                                      edge=fraction_text(sol.house_edge))




def _first_words(first: str) -> str:
    if first in FIRST_WORDS:
        return _(FIRST_WORDS[first])
    return _("a {card}").format(card=first)


def _runs(rows):
    """Consecutive rows (by total) with one action -> [(action, first total, last total)]."""
    out: list = []
    for r in rows:
        if out and out[-1][0] == r.action:
            out[-1][2] = r.total
        else:
            out.append([r.action, r.total, r.total])
    return out


def _span(a, b) -> str:
    return fmt_points(a) if a == b else _("{low} to {high}").format(low=fmt_points(a), high=fmt_points(b))


@functools.lru_cache(maxsize=64)
def _table(sol) -> tuple:
    return tuple(_solution(sol).table())


GRID_LEGEND = N_("H hit, S stand, h/s mostly hit/stand (depends on the cards), . not reached")


def strategy_grid(sol) -> tuple[list[str], list[Fraction], list[list[str]]]:
    """The strategy table as a grid, like :meth:`Solution.format_table`: (first cards,
    totals, cells) with cells "H" hit, "S" stand, "h"/"s" mostly hit/stand (the choice
    depends on the cards), "." never reached.

    >>> firsts, totals, cells = strategy_grid(solution("plain", "6"))
    >>> firsts[:3], [fmt_points(t) for t in totals][:3], cells[5][:3]
    (['Ace', '2', '3'], ['½', '1', '1½'], ['.', '.', '.'])
    """
    rows = _table(sol)
    totals = sorted({r.total for r in rows})
    firsts: list = []
    for r in rows:
        if r.first not in firsts:
            firsts.append(r.first)
    cell = {(r.first, r.total): r for r in rows}
    grid = []
    for f in firsts:
        line = []
        for t in totals:
            r = cell.get((f, t))
            line.append("." if r is None else {"hit": "H", "stand": "S"}.get(r.action)
                        or ("h" if r.hit_share >= 0.5 else "s"))
        grid.append(line)
    return firsts, totals, grid


def strategy_sentences(sol) -> list[str]:
    """One sentence per first card, in the order of :meth:`Solution.table`: on which
    totals optimal play hits and on which it stands ("mixed" when it depends on the
    actual cards, e.g. on the suits for the same-suit reale, S5).

    >>> from sette_kit import odds
    >>> s = strategy_sentences(solution("plain", odds.stand_at(5)))
    >>> s[0]
    'With a first card of an Ace you hit on 1 to 3½, stand on 4, hit on 4½, hit or stand, depending on the cards, on 5 and stand on 5½ to 7.'
    """
    rows = _table(sol)
    firsts: list = []
    for r in rows:
        if r.first not in firsts:
            firsts.append(r.first)
    out = []
    verbs = {"hit": _("hit on {totals}"), "stand": _("stand on {totals}"),
             "mixed": _("hit or stand, depending on the cards, on {totals}")}
    for f in firsts:
        mine = sorted((r for r in rows if r.first == f), key=lambda r: r.total)
        parts = [verbs[a].format(totals=_span(lo, hi)) for a, lo, hi in _runs(mine)]
        text = parts[-1] if len(parts) == 1 else _("{list} and {last}").format(list=", ".join(parts[:-1]),
                                                                               last=parts[-1])
        out.append(_("With a first card of {first} you {actions}.").format(first=_first_words(f), actions=text))
    return out


def lookup_text(sol, cards) -> str:
    """What the solution says about one hand: the expected result of standing and of
    hitting (exact), and the better action.

    >>> print(lookup_text(solution("plain", "5"), "3c 1d"))
    Holding 3 di coppe, Asso di denari (4) against a bank that stands at 5:
    stand: expected result -46.66% of the stake;
    hit: expected result -55.78% of the stake.
    Best: stand.
    """
    from ..cards import parse_cards
    from ..scoring import score

    from ..cards import as_cards

    rules = _solution(sol).rules
    hand = parse_cards(cards, face=rules.face) if isinstance(cards, str) else as_cards(cards)
    if not hand:
        raise SetteKitError(_("type at least one card, e.g. {example}").format(
            example=", ".join(c.name(rules.face) for c in parse_cards("3c 1d"))))
    if len(set(hand)) != len(hand):
        raise SetteKitError(_("a hand holds each card at most once"))
    s = score(hand, rules)
    head = _("Holding {cards} ({total}) against {bank}:").format(
        cards=", ".join(c.name(rules.face) for c in hand), total=fmt_points(s.total), bank=dealer_words(sol.dealer))
    if s.bust:
        return head + "\n" + _("the hand is bust (S2): you lose the stake whatever you do.")
    stand = sol.ev_of(hand, "stand")
    best = sol.decision(hand)
    stand_line = _("stand: expected result {result} of the stake;").format(result=fraction_text(stand))
    try:
        hit = sol.ev_of(hand, "hit")
    except SetteKitError:  # 7½ or a triple is shown at once (S10)
        return "\n".join((head, stand_line, _("hitting is not allowed: the hand is shown at once (S10)."),
                          _("Best: stand.")))
    best_line = _("Best: stand.") if best == "stand" else _("Best: hit.") if best == "hit" else \
        _("Best: {action}.").format(action=best)
    return "\n".join((head, stand_line, _("hit: expected result {result} of the stake.").format(
        result=fraction_text(hit)), best_line))


def edge_change_text(base_sol, sol) -> str:
    """How the house edge moves from ``base_sol`` to ``sol``, in percentage points (the
    exact difference is ``sol.house_edge - base_sol.house_edge``).

    >>> print(edge_change_text(solution("plain", "5"), solution("plain", "6")))
    The house edge goes down by 13.48 percentage points.
    """
    base_sol, sol = _solution(base_sol), _solution(sol)
    d = sol.house_edge - base_sol.house_edge
    if d == 0:
        return _("The house edge is the same.")
    points = fmt.percent(abs(d), 2).removesuffix("%")
    if float(points.replace(",", ".")) == 0:
        return _("The house edge goes up by less than 0.01 percentage points.") if d > 0 else \
            _("The house edge goes down by less than 0.01 percentage points.")
    message = (_("The house edge goes up by {points} percentage points.") if d > 0
               else _("The house edge goes down by {points} percentage points."))
    return message.format(points=points)
