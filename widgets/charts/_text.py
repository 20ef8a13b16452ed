"""The numbers and words a chart writes: every number through :mod:`sette_kit.fmt`.

A chart's tick labels and text equivalents are numbers a learner reads, so they are
written by :mod:`sette_kit.fmt` in the current language.  This module only
adds what a chart needs and :mod:`sette_kit.fmt` has no function for (each written here
once): a real minus sign (U+2212) in drawn labels (:func:`minus`), a number cut to a few
significant digits (:func:`general`), decimals with their thousands grouped
(:func:`thousands` with ``digits``), a tick label without trailing zeros
(:func:`number`), a whole percentage rounded half up (:func:`_round_percent`) and a
probability kept as the count it came from (:func:`fmt_fraction`, ``(12, 39)``).

>>> thousands(9880), thousands(1234.56, 1), percent(-0.25), number(-0.5), number(1000000)
('9,880', '1,234.6', '−25%', '−0.5', '1,000,000')
>>> general(0.123456, 2), general(2.5), fmt_fraction(_prob((12, 39))), fmt_fraction(Fraction(1, 123456))
('0.12', '2.5', '12/39', '0.0000')
>>> from sette_kit.i18n import language
>>> with language("it"):
...     thousands(9880), thousands(1234.56, 1), number(-0.5), general(0.125, 2), exact_text(0.25)
('9.880', '1.234,6', '−0,5', '0,12', '0,25 (25,0%)')
"""

from __future__ import annotations

import math
from fractions import Fraction

from sette_kit import fmt as _fmt
from sette_kit.fmt import local_marks
from sette_kit.i18n import pgettext


def minus(s: str) -> str:
    """``s`` with a real minus sign (U+2212) for every hyphen: for drawn labels."""
    return s.replace("-", "\u2212")


_minus = minus


def general(x, digits: int = 6) -> str:
    """``x`` cut to ``digits`` significant digits, as Python's ``g`` format writes it
    (``general(0.000123, 2) == '0.00012'``), with the current language's marks."""
    return local_marks(f"{float(x):.{digits}g}")


def thousands(n, digits: int = 0) -> str:
    """A number with its thousands separated (and ``digits`` decimals), in the current
    language: ``thousands(9880) == '9,880'``, ``thousands(1234.56, 1) == '1,234.6'``
    (Italian and Spanish: ``'9.880'``, ``'1.234,6'``)."""
    if not digits:
        return _fmt.whole(int(n))
    return local_marks(f"{float(n):,.{digits}f}")  # sette_kit.fmt groups no English decimals


def percent(p, digits: int = 0) -> str:
    """A share as a percentage: ``percent(0.25) == '25%'`` (U+2212 for negatives)."""
    return minus(_fmt.percent(p, digits))


def number(x, digits: int = 2) -> str:
    """A number for a tick label: no trailing zeros, a real minus sign, thousands
    separated: ``number(-0.5) == '−0.5'``, ``number(1000000) == '1,000,000'``."""
    x = float(x)
    if x == int(x) and abs(x) < 1e15:
        return minus(thousands(x))
    s = _fmt.decimal(x, digits)
    if digits > 0:
        s = s.rstrip("0").rstrip(".,")
    return minus(s)


def exact_text(p) -> str:
    """A probability for the text equivalent: the exact fraction and the percentage.

    >>> exact_text(Fraction(1, 3)), exact_text(0.25)
    ('1/3 (33.3%)', '0.25 (25.0%)')
    """
    pct = _fmt.percent(p, 1)
    if isinstance(p, Fraction):
        return f"{_fmt.fraction(p)} ({pct})"
    return f"{general(p, 4)} ({pct})"


def _signed_percent(v) -> str:
    return minus(_fmt.percent(v, 1, sign=True))


def _round_percent(v) -> str:
    """A share as a whole percentage, halves rounded up (12.5% -> 13%)."""
    return local_marks(f"{math.floor(float(v) * 100 + 0.5)}%")


class _Counted(Fraction):
    """A probability that remembers the count it came from: 12 of 39 (shown '12/39')."""

    k: int
    n: int

    def __new__(cls, k: int, n: int):
        self = super().__new__(cls, k, n)
        self.k, self.n = k, n
        return self


def _prob(p) -> Fraction:
    """A probability given as a Fraction, or as (count, total) kept unreduced for display."""
    if isinstance(p, tuple) and len(p) == 2:
        k, n = int(p[0]), int(p[1])
        if not 0 <= k <= n or n == 0:
            raise ValueError(f"({k}, {n}): a count must be between 0 and a total above 0")
        return _Counted(k, n)
    return Fraction(p)


def _product(a, b) -> str:
    """'48/1560 = 2/65' when both factors are counts, else the product's fraction."""
    p = Fraction(a) * Fraction(b)
    if isinstance(a, _Counted) and isinstance(b, _Counted):
        raw = f"{a.k * b.k}/{a.n * b.n}"
        short = fmt_fraction(p)
        return raw if raw == short else f"{raw} = {short}"
    return fmt_fraction(p)


def fmt_fraction(p) -> str:
    """A probability as a short fraction ('4/13', '1'), or a decimal when it is long; a
    probability given as a count (``(12, 39)``) keeps its count: '12/39'."""
    if isinstance(p, _Counted):
        return f"{p.k}/{p.n}"
    p = Fraction(p)
    if p.denominator == 1 or _fmt.is_short(p, 5):
        return _fmt.fraction(p)
    return _fmt.decimal(p, 4)


# -- words the labs share: a preset, a card value, a decision as a learner reads them -

def card_words(value: str) -> str:
    """A card value of :mod:`sette_kit.counting` ('Ace', '2' ... '7', 'figure', 'matta')
    as a learner reads it."""
    words = {"Ace": pgettext("card value", "Ace"), "figure": pgettext("card value", "figure"),
             "matta": pgettext("card value", "matta")}
    return words.get(value, value)


def decision_words(decision) -> str:
    """A decision ('hit', 'stand') as a learner reads it."""
    words = {"hit": pgettext("decision", "hit"), "stand": pgettext("decision", "stand")}
    return words.get(decision, decision) if isinstance(decision, str) else decision
