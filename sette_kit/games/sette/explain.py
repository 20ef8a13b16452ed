"""Step-by-step explanations of a hand's score, for learners (S1-S6).

>>> from sette_kit import parse_cards, Rules
>>> print(explain(parse_cards("7 di denari, Fante di denari"), Rules.preset("italian")))
7 di denari counts 7 (S1).
Fante di denari is a figure: it counts ½ (S1).
Sum: 7 + ½ = 7½.
7½ with exactly two cards of the same suit, a 7 and a figure: sette e mezzo reale (S5). It is paid double (S14).
"""

from __future__ import annotations

from fractions import Fraction

from ...cards import Rank, card_in_text, sentence
from ...errors import SetteKitError
from ...i18n import _, ngettext
from .rules import Rules, as_rules
from .scoring import HALF, SETTE_E_MEZZO, Score, _win_multiplier, card_value, fmt_points, score

__all__ = ["explain"]


def explain(cards, rules: Rules, **score_options) -> str:
    """Explain, one line per step, how ``cards`` score under ``rules``.

    Accepts the same options as :func:`~sette_kit.scoring.score` (``declare``,
    ``half_ace``).

    >>> from sette_kit import parse_cards, Rules
    >>> text = explain(parse_cards("Re di denari, Fante di coppe, 3 di spade"), Rules.preset("italian"))
    >>> print(text)   # doctest: +ELLIPSIS
    Re di denari is the matta, the wild card (S3).
    Fante di coppe is a figure: it counts ½ (S1).
    3 di spade counts 3 (S1).
    Without the matta the hand makes ½ + 3 = 3½.
    The matta may take ½ or any whole number 1-7 (S4); the best value is 4, which makes 7½ without going over.
    ...
    7½ with three cards: sette e mezzo, but not a reale (a reale needs exactly two cards, S5).
    """
    rules = as_rules(rules)
    unknown = set(score_options) - {"declare", "half_ace"}
    if unknown:  # the options of score(), and nothing else
        raise SetteKitError(_("explain takes the options of score(): declare=, half_ace=; not {options}").format(
            options=", ".join(sorted(unknown))))
    s = cards if isinstance(cards, Score) else score(cards, rules, **score_options)
    face = rules.face
    lines: list[str] = []
    half_ace = score_options.get("half_ace", False)
    if s.kind == "triple":
        lines.append(sentence(_("{card} and {other}: exactly two 7s.").format(card=card_in_text(s.cards[0], face),
                                                                                other=card_in_text(s.cards[1], face))))
        lines.append(_("Sette e mezzo triplé: it beats every other hand and must be shown at once (S6). "
                       "It is paid {times} (S14).").format(times=_times(rules.triple_payout)))
        return "\n".join(lines)
    parts: list[Fraction] = []
    matta = None
    for i, c in enumerate(s.cards):
        if rules.is_matta(c):
            matta = c
            lines.append(sentence(_("{card} is the matta, the wild card (S3).").format(card=card_in_text(c, face))))
        elif half_ace and i == 0:
            lines.append(sentence(_("{card} is a first-card ace declared worth ½ (S21).").format(
                card=card_in_text(c, face))))
            parts.append(HALF)
        elif c.is_figure:
            lines.append(sentence(_("{card} is a figure: it counts ½ (S1).").format(card=card_in_text(c, face))))
            parts.append(card_value(c))
        else:
            lines.append(sentence(_("{card} counts {n} (S1).").format(card=card_in_text(c, face), n=int(c.rank))))
            parts.append(card_value(c))
    if matta is not None:
        assert s.matta_value is not None  # the hand holds the matta (S4)
        rest = sum(parts, Fraction(0))
        if len(s.cards) == 1:
            lines.append(_("Alone, the matta counts ½ like any figure (S4)."))
        else:
            allowed = _("any whole number 1-7") if rules.matta_whole_only else _("½ or any whole number 1-7")
            lines.append(_("Without the matta the hand makes {sum}.").format(sum=_sum(parts)))
            if "declare" in score_options and score_options["declare"] is not None:
                lines.append(_("The matta may take {allowed} (S4); you declared {value}.").format(
                    allowed=allowed, value=fmt_points(s.matta_value)))
            elif rest + min(rules.matta_values) > SETTE_E_MEZZO:
                lines.append(_("The matta may take {allowed} (S4), but even its smallest value, {value}, goes "
                               "over 7½.").format(allowed=allowed, value=fmt_points(min(rules.matta_values))))
            else:
                lines.append(_("The matta may take {allowed} (S4); the best value is {value}, which makes {total} "
                               "without going over.").format(allowed=allowed, value=fmt_points(s.matta_value),
                                                              total=fmt_points(s.total)))
                if s.matta_value != 7:
                    lines.append(_("Careful: the Italian rules say a matta whose value you do not declare counts "
                                   "7 - always say its value out loud."))
        parts.append(s.matta_value)
    if len(parts) > 1:
        lines.append(_("Sum: {sum}.").format(sum=_sum(parts)))
    lines.append(_verdict(s, rules))
    return "\n".join(l for l in lines if l)


def _sum(parts) -> str:
    if len(parts) == 1:
        return fmt_points(parts[0])
    return " + ".join(fmt_points(p) for p in parts) + f" = {fmt_points(sum(parts, Fraction(0)))}"


def _times(n: int) -> str:
    return {1: _("even money"), 2: _("double"), 3: _("triple")}.get(n) or _("{n} times the stake").format(n=n)


def _count(n: int) -> str:
    words = {1: _("one card"), 2: _("two cards"), 3: _("three cards"), 4: _("four cards"), 5: _("five cards")}
    return words.get(n) or ngettext("{n} card", "{n} cards", n).format(n=n)


def _verdict(s: Score, rules: Rules) -> str:
    n = _count(len(s.cards))
    game = rules.game_name.lower()
    if s.kind == "bust":
        return _("{total} is over 7½: bust (sballato), and the stake is lost at once (S2, S10).").format(
            total=fmt_points(s.total))
    if s.kind == "points":
        return _("Score: {total} with {cards}, not bust (7½ is the most you can make, S2).").format(
            total=fmt_points(s.total), cards=n)
    pay = _win_multiplier(s, rules)
    if pay > 1 and s.wild and pay == rules.matta_sette_payout and (s.kind != "reale" or pay > rules.reale_payout):
        paid = " " + _("If it wins it is paid {times} (S14: a 7½ made with the wild matta).").format(times=_times(pay))
    elif pay > 1:
        paid = " " + _("It is paid {times} (S14).").format(times=_times(pay))
    else:
        paid = ""
    if s.kind == "reale":
        if rules.reale_same_suit:
            text = (_("7½ with exactly two cards of the same suit, a 7 and a figure: sette e mezzo reale (S5).")
                    if s.true_reale else
                    _("7½ with exactly two cards of the same suit, the matta and a figure: sette e mezzo reale (S5)."))
        else:
            text = (_("7½ with exactly two cards, a 7 and a figure: sette e mezzo reale (S5).") if s.true_reale
                    else _("7½ with exactly two cards, the matta and a figure: sette e mezzo reale (S5)."))
        return text + paid
    # an ordinary 7 1/2
    if len(s.cards) == 2 and rules.reale:
        a, b = s.cards
        seven_and_figure = {a.rank == Rank.SETTE, b.rank == Rank.SETTE} == {True, False} and (
            a.is_figure or b.is_figure)
        if not (seven_and_figure or (a.is_figure and b.is_figure)):  # a half-point ace and a 7 (S21)
            why = _("a reale is a 7 and a figure, or the matta and a figure (S5); an ace declared ½ is not a figure")
        elif rules.reale_same_suit and a.suit != b.suit:
            why = _("the two cards must be of the same suit (S5)")
        else:  # cannot happen: such a hand is a reale
            why = _("a reale is a 7 and a figure, or the matta and a figure (S5)")
        return _("7½ with two cards, but not a reale: {why}.").format(why=why) + paid
    if len(s.cards) > 2 and rules.reale:
        return _("7½ with {cards}: {game}, but not a reale (a reale needs exactly two cards, S5).").format(
            cards=n, game=game) + paid
    return _("7½ with {cards}: {game}, the best total (S2).").format(cards=n, game=game) + paid
