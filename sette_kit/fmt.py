"""Numbers for learners: a percentage or a decimal first, a short fraction where it
teaches something, the long exact fraction only on request.

The kit computes exactly, and some exact answers are long: the house edge of the plain
rules against a bank that stands at 5 is ``22069914749539/134817758039250``.  Such a
fraction says nothing at a glance; "16.37% of the stake" does.  A short fraction does
teach: ``22/37`` reads "22 of the 37 unseen cards".  So every learner-facing number of
the kit goes through this module:

- :func:`percent`, :func:`decimal`: the number a learner reads first;
- :func:`is_short`: is the exact fraction short enough to show beside it
  (numerator and denominator of at most :data:`SHORT_DIGITS` digits)?
- :func:`approx`: the text to show: ``'22/37 ≈ 59.5%'`` for a short fraction,
  ``'16.37%'`` for a long one;
- :func:`hidden_exact`: the exact fraction a long number leaves out, for an
  "exact value" disclosure the learner opens on request (``None`` when nothing is
  left out); :func:`fraction` writes any exact value as ``a/b``.

Numbers follow the kernel's language (:func:`sette_kit.i18n.set_language`):
English writes ``16.37%`` and ``0.4373``; Italian and Spanish write the decimal comma
and group thousands with a point, ``16,37%``, ``0,4373``, ``1.234,5``
(:func:`localized`); fractions stay ``22/37``.

Widgets put :func:`hidden_exact` behind ``<details><summary>exact value</summary>``
(``widgets.base.number_html``); lessons do the same with
``widgets.base.exact_values``.

>>> from fractions import Fraction
>>> edge = Fraction(22069914749539, 134817758039250)
>>> approx(edge, digits=2), hidden_exact(edge)
('16.37%', '22069914749539/134817758039250')
>>> approx(Fraction(22, 37)), hidden_exact(Fraction(22, 37))
('22/37 ≈ 59.5%', None)
>>> approx(Fraction(-2, 5), "decimal", 2, sign=True)
'-2/5 = -0.40'
>>> approx(Fraction(-22069914749539, 134817758039250), "decimal", sign=True)
'-0.1637'
>>> from sette_kit.i18n import language
>>> with language("it"):
...     approx(edge, digits=2), approx(Fraction(22, 37)), approx(Fraction(-2, 5), "decimal", 2, sign=True)
('16,37%', '22/37 ≈ 59,5%', '-2/5 = -0,40')
"""

from __future__ import annotations

import re
from fractions import Fraction
from numbers import Rational, Real

from .errors import SetteKitError
from .i18n import _, get_language
from .numbers import shown

__all__ = ["SHORT_DIGITS", "whole", "percent", "decimal", "fraction", "is_short", "approx", "hidden_exact",
           "localized", "local_marks", "MARKS"]

SHORT_DIGITS = 4
"""A fraction whose numerator and denominator have at most this many digits is shown
beside its percentage or decimal (``22/37``, ``1615/6068``); a longer one is left to
the "exact value" disclosure."""

_DEFAULT_DIGITS = {"percent": 1, "decimal": 4}


MAX_BITS = 13_000  # about 4,000 digits: Python writes no longer whole number by default


def _real(x) -> Real:
    # a clear SetteKitError for what is not a number or too large to write
    from .numbers import shown

    if isinstance(x, bool) or not isinstance(x, Real):
        raise SetteKitError(_("a number is needed, not {value}").format(value=shown(x)))
    if isinstance(x, Rational) and max(abs(x.numerator).bit_length(), x.denominator.bit_length()) > MAX_BITS:  # type: ignore[attr-defined]  # typeshed: not an int
        raise SetteKitError(_("the number is too large to write (more than 4,000 digits)"))
    return x  # a float NaN (a standard error of one round) is written 'nan'; the widgets say why


def _float(x) -> float:
    try:
        v = float(_real(x))
    except OverflowError:
        raise SetteKitError(_("the number is too large to write as a decimal")) from None
    if v != v or v in (float("inf"), float("-inf")):  # 'nan%' is not a percentage
        raise SetteKitError(_("a finite number is needed, not {value}").format(value=shown(x)))
    return v


def _digits(digits, hi: int = 12) -> int:
    from .numbers import read_whole

    return read_whole(digits, "digits", 0, hi, text=False)


def _fixed(v: float, digits: int, sign: bool) -> str:
    digits = _digits(digits)
    text = f"{v:+.{digits}f}" if sign else f"{v:.{digits}f}"
    if float(text) == 0:  # never '-0.0' (nor '+0.0' for an exact zero)
        text = f"{0:.{digits}f}"
    return localized(text)


MARKS = {"en": (".", ""), "it": (",", "."), "es": (",", ".")}
"""Each language's decimal mark and thousands separator (the translators' glossary:
Italian and Spanish write ``16,37%`` and ``1.000``; English writes no separator, as the
kit always has)."""

_NUMBER = re.compile(r"([+-]?)(\d+)(?:\.(\d+))?((?:e[+-]?\d+)?%?)")


def local_marks(text) -> str:
    """A number written the English way, with thousands commas (``"1,000.5"``,
    ``"16.4%"``, ``"+0.1234"``, ``"2.5e-07"``), written with the current language's marks:
    Italian and Spanish swap them (``"1.000,5"``, ``"16,4%"``).  Only for text that is a
    number (a sentence's commas would swap too).

    >>> local_marks("1,000,000.25")
    '1,000,000.25'
    >>> from sette_kit.i18n import language
    >>> with language("it"):
    ...     local_marks("1,000,000.25"), local_marks("16.4%")
    ('1.000.000,25', '16,4%')
    """
    point, group = MARKS.get(get_language(), MARKS["en"])
    text = str(text)
    if (point, group) == MARKS["en"]:
        return text
    marks: dict[str, str | int | None] = {".": point, ",": group}
    return text.translate(str.maketrans(marks))


def localized(text: str) -> str:
    """One number written the English way (``'1234.5'``, ``'-0.40'``, ``'59.5%'``,
    ``'1e-05'``) in the current language's way; anything else (a fraction ``'22/37'``,
    ``'nan'``, words) unchanged.

    >>> localized("1234.5")
    '1234.5'
    >>> from sette_kit.i18n import language
    >>> with language("es"):
    ...     localized("1234.5"), localized("-0.40"), localized("9880"), localized("22/37"), localized("2.5e-07")
    ('1.234,5', '-0,40', '9.880', '22/37', '2,5e-07')
    """
    point, group = MARKS.get(get_language(), MARKS["en"])
    m = _NUMBER.fullmatch(text) if isinstance(text, str) else None
    if m is None or (point, group) == MARKS["en"]:
        return text
    sign, whole, frac, tail = m.groups()
    if group:
        whole = re.sub(r"\B(?=(\d{3})+$)", group, whole)
    return sign + whole + (point + frac if frac is not None else "") + tail


def percent(x, digits: int = 1, *, sign: bool = False) -> str:
    """``x`` (a probability, a share, a rate per unit) as a percentage.

    >>> percent(Fraction(22, 37)), percent(Fraction(1, 4)), percent(Fraction(-1, 3), 2, sign=True)
    ('59.5%', '25.0%', '-33.33%')
    >>> percent(0.05, sign=True), percent(Fraction(-1, 10**9))
    ('+5.0%', '0.0%')
    >>> from sette_kit.i18n import language
    >>> with language("it"):
    ...     percent(0.1637, 2), percent(Fraction(22, 37)), percent(Fraction(-1, 3), 2, sign=True), percent(12.345)
    ('16,37%', '59,5%', '-33,33%', '1.234,5%')
    >>> with language("es"):
    ...     percent(0.1637, 2), percent(0.05, sign=True)
    ('16,37%', '+5,0%')
    """
    return _fixed(_float(x) * 100, digits, sign) + "%"


def decimal(x, digits: int = 4, *, sign: bool = False) -> str:
    """``x`` as a decimal with ``digits`` places.

    >>> decimal(Fraction(-22069914749539, 134817758039250)), decimal(Fraction(1, 8), 2, sign=True)
    ('-0.1637', '+0.12')
    >>> from sette_kit.i18n import language
    >>> with language("es"):
    ...     decimal(0.43734), decimal(Fraction(1, 8), 2, sign=True), decimal(9880, 0), decimal(-1234.5, 1)
    ('0,4373', '+0,12', '9.880', '-1.234,5')
    """
    return _fixed(_float(x), digits, sign)


def whole(n: int) -> str:
    """A whole number with its thousands marked, as a learner reads a count: ``10,000``
    in English, ``10.000`` in Italian and Spanish.

    >>> whole(10000), whole(-1234567), whole(999)
    ('10,000', '-1,234,567', '999')
    >>> from sette_kit.i18n import language
    >>> with language("it"):
    ...     whole(9880)
    '9.880'
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise SetteKitError(_("a whole number is needed, not {value}").format(value=shown(n)))
    text = f"{n:,}"
    point, group = MARKS.get(get_language(), MARKS["en"])
    return text if (point, group) == MARKS["en"] else text.replace(",", group or "")


def fraction(x) -> str:
    """An exact value as ``'a/b'`` (``'n'`` when whole); a float as it is.

    >>> fraction(Fraction(22, 37)), fraction(Fraction(-6, 2)), fraction(3), fraction(0.25)
    ('22/37', '-3', '3', '0.25')
    >>> from sette_kit.i18n import language
    >>> with language("it"):
    ...     fraction(Fraction(1615, 6068)), fraction(0.25)
    ('1615/6068', '0,25')
    """
    x = _real(x)
    if not isinstance(x, Rational):
        return localized(repr(float(x)))
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def is_short(x, digits: int = SHORT_DIGITS) -> bool:
    """True when ``x`` is exact and its fraction is short enough to teach something.

    >>> is_short(Fraction(22, 37)), is_short(Fraction(1615261979, 6068478780)), is_short(0.25)
    (True, False, False)
    """
    x, digits = _real(x), _digits(digits, 100)
    if not isinstance(x, Rational):
        return False
    x = Fraction(x)
    return len(str(abs(x.numerator))) <= digits and len(str(x.denominator)) <= digits


def _exact_in(x: Fraction, style: str, digits: int) -> bool:
    """True when the rounded text of ``x`` is its exact value (1/4 = 25.0%)."""
    scale = Fraction(100) if style == "percent" else Fraction(1)
    return (x * scale * 10 ** digits).denominator == 1


def approx(x, style: str = "percent", digits: int | None = None, *, sign: bool = False) -> str:
    """What a learner reads: the percentage (``style="percent"``) or decimal
    (``style="decimal"``) of ``x``, after its fraction when that is short.

    >>> approx(Fraction(22, 37)), approx(Fraction(1, 4)), approx(Fraction(3)), approx(0.1637, "decimal")
    ('22/37 ≈ 59.5%', '1/4 = 25.0%', '300.0%', '0.1637')
    >>> approx(Fraction(1615261979, 6068478780), digits=2)
    '26.62%'
    >>> from sette_kit.i18n import language
    >>> with language("es"):
    ...     approx(Fraction(22, 37)), approx(Fraction(1, 4)), approx(0.1637, "decimal")
    ('22/37 ≈ 59,5%', '1/4 = 25,0%', '0,1637')
    """
    if not isinstance(style, str) or style not in _DEFAULT_DIGITS:
        raise SetteKitError(_("style={style}: accepted 'percent' or 'decimal'").format(style=shown(style)))
    digits = _DEFAULT_DIGITS[style] if digits is None else digits
    lead = (percent if style == "percent" else decimal)(x, digits, sign=sign)
    if not is_short(x) or Fraction(x).denominator == 1:
        return lead
    x = Fraction(x)
    return f"{fraction(x)} {'=' if _exact_in(x, style, digits) else '≈'} {lead}"


def hidden_exact(x) -> str | None:
    """The exact fraction that :func:`approx` leaves out (a long one), else ``None``.

    >>> hidden_exact(Fraction(-218179120494761, 1258299075033000))
    '-218179120494761/1258299075033000'
    >>> hidden_exact(Fraction(2, 65)), hidden_exact(-0.1734)
    (None, None)
    """
    x = _real(x)
    if not isinstance(x, Rational) or is_short(x):
        return None
    return fraction(x)
