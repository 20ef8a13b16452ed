"""How a Quattro e mezzo hand scores, one step a line (Q1-Q6 of ``docs/rules.md``; S1, S2, S4).

:func:`explain` says what every card counts (S1), what the matta may be worth (Q1, S4),
the value the kit takes, and where the hand ranks, wins and scores (Q2-Q6).
"""

from __future__ import annotations

from fractions import Fraction

from ...cards import card_in_text, sentence
from ...i18n import _, ngettext
from ...scoring import card_value, fmt_points
from .rules import HALF, SEVEN_AND_HALF, QuattroRules, as_rules
from .scoring import QuattroScore, _options, score

__all__ = ["explain"]

def explain(cards, rules: QuattroRules | None = None, *, matta=None, double_six: bool | None = None) -> str:
    """Explain, one step a line, how a hand scores in Quattro e mezzo (Q1-Q6).

    >>> print(explain("4 di coppe, Re di denari"))
    4 di coppe counts 4 (S1).
    Re di denari is the matta: ½ or any whole number 1-7 (Q1).
    Without the matta the hand makes 4.
    With the matta worth ½ it makes 4½; 1: 5; 2: 6; 3: 7; 4 or more: over 7½, bust.
    The kit takes ½, for 4½ - the best hand on its own (Q2). At the showdown the value may change: a 5 beats a 4½ (Q2).
    4½: it beats every hand but a 5, a double six and a mega 4½ (Q2-Q4); it must be declared, and its maker may still draw (Q2).
    Made with the matta: it loses a tie with a 4½ made without it (Q4).
    If it wins: 3 points (Q6: 4½ with the matta). It takes the deal (Q5).
    """
    rules = as_rules(rules)
    s = score(cards, rules, matta=matta, double_six=double_six)
    face = rules.face
    lines: list[str] = []
    has_matta = s.with_matta
    parts = []
    for c in s.cards:
        if rules.is_matta(c):
            lines.append(sentence(_("{card} is the matta: ½ or any whole number 1-7 (Q1).").format(
                card=card_in_text(c, face))))
        elif c.is_figure:
            lines.append(sentence(_("{card} is a figure: it counts ½ (S1).").format(card=card_in_text(c, face))))
            parts.append(HALF)
        else:
            lines.append(sentence(_("{card} counts {value} (S1).").format(card=card_in_text(c, face), value=int(c.rank))))
            parts.append(card_value(c))
    if s.kind == "double_six":
        if has_matta:
            lines.append(_("A first card 6, declared, then the matta taken as a 6: double six, 12 (Q3). It wins "
                           "the hand unless another player makes one too (then it is a tie, Q4)."))
            lines.append(_("If it wins: {n} points (Q6: double six with the matta).").format(n=s.points))
        else:
            lines.append(_("A first card 6, declared, then a second 6: double six, 12 (Q3). It wins "
                           "the hand unless another player makes one too (then it is a tie, Q4)."))
            lines.append(_("If it wins: {n} points (Q6: double six).").format(n=s.points))
        return "\n".join(lines)
    if has_matta:
        if len(s.cards) == 1:
            lines.append(_("Alone, the matta counts ½ like any figure (S4)."))
        else:
            base = sum(parts, Fraction(0))
            assert s.matta_value is not None  # the hand holds the matta
            lines.append(_("Without the matta the hand makes {sum}.").format(sum=_sum(parts)))
            bits, busting = [], None
            for v in rules.matta_values:
                t = base + v
                if t > SEVEN_AND_HALF:
                    busting = v
                    break
                bits.append(f"{fmt_points(t)}")
            first = _("With the matta worth ½ it makes {total}").format(total=bits[0]) if bits else ""
            rest = [f"{fmt_points(v)}: {b}" for v, b in zip(rules.matta_values[1:], bits[1:])]
            text = "; ".join([first] + rest) if bits else _("Even worth ½ the matta takes it over 7½")
            if busting is not None and bits:
                text += "; " + _("{value} or more: over 7½, bust").format(value=fmt_points(busting))
            lines.append(text + ".")
            if matta is not None:
                lines.append(_("You declared the matta worth {value}.").format(value=fmt_points(s.matta_value)))
            elif not s.bust:
                tail = ""
                vals = {o.kind for o in _options(s.cards, rules, False)}
                if "five" in vals and "four_and_half" in vals:
                    tail = " " + _("At the showdown the value may change: a 5 beats a 4½ (Q2).")
                lines.append(_("The kit takes {value}, for {hand} - the best hand on its own (Q2).").format(
                    value=fmt_points(s.matta_value), hand=s.label) + tail)
            parts.append(s.matta_value)
    if len(parts) > 1 and not (has_matta and len(s.cards) > 1):
        lines.append(_("Sum: {sum}.").format(sum=_sum(parts)))
    lines.extend(_verdict(s))
    return "\n".join(lines)


def _sum(parts) -> str:
    if len(parts) == 1:
        return fmt_points(parts[0])
    return " + ".join(fmt_points(p) for p in parts) + f" = {fmt_points(sum(parts, Fraction(0)))}"


def _verdict(s: QuattroScore) -> list[str]:
    k, m = s.kind, s.with_matta
    if k == "bust":
        return [_("{total} is over 7½: bust, out of this hand (S2).").format(total=fmt_points(s.total))]
    if k == "under":
        return [_("{total} is below 4½: nobody may stop below 4½, so this hand must draw (Q2).").format(
            total=fmt_points(s.total))]
    if k == "mega":
        return [_("Nine cards making 4½: a mega 4½! It wins the whole game at once (Q4).")]
    out = []
    if k == "four_and_half":
        out.append(_("4½: it beats every hand but a 5, a double six and a mega 4½ (Q2-Q4); it must be declared, "
                     "and its maker may still draw (Q2)."))
        if m:
            out.append(_("Made with the matta: it loses a tie with a 4½ made without it (Q4)."))
    elif k == "seven_and_half":
        out.append(_("7½: only a 4½, a double six or a mega 4½ beats it (Q2-Q4); it must be declared (Q2)."))
        if m:
            out.append(_("Made with the matta: it loses a tie with a 7½ made without it (Q4)."))
    elif k == "five":
        out.append(_("5: it loses to every other hand except 4½, and it beats a 4½ - unless a double six or a "
                     "mega 4½ is made (Q2-Q4)."))
    else:
        out.append(_("{total}: a plain total; higher totals beat it, and so do 4½, 7½, a double six "
                     "and a mega 4½ (Q2-Q4).").format(total=fmt_points(s.total)))
    why = {"four_and_half": _("4½ with the matta") if m else "4½",
           "seven_and_half": _("7½ with the matta") if m else "7½",
           "five": {1: _("a 5 with one card"), 5: _("a 5 with five cards")}.get(s.n_cards, _("any other win")),
           "points": _("any other win")}[k]
    deal = {"four_and_half": " " + _("It takes the deal (Q5)."), "seven_and_half": " " + _("It takes the deal (Q5)."),
            "five": " " + _("It takes the deal only if it beats a 4½ (Q5).")}.get(k, "")
    out.append(ngettext("If it wins: {n} point (Q6: {why}).", "If it wins: {n} points (Q6: {why}).",
                        s.points).format(n=s.points, why=why) + deal)
    return out
