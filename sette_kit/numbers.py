"""Reading the numbers people type or pass, checked for size and form first.

Every number that comes from a person - a quiz answer, a command-line option, a declared
value of the matta, a threshold, a stake, a count of rounds - goes through this module
before it becomes a :class:`~fractions.Fraction` or an ``int``.  The text is checked for
its length and its form *before* any arithmetic, so ``"9" * 5000`` or ``"1e1000000000"``
is refused at once with a :class:`~sette_kit.errors.SetteKitError` instead of running into
Python's 4,300-digit limit or computing a number with a billion digits.

>>> read_number("7½"), read_number("15/2"), read_number("7 1/2"), read_number("7.5")
(Fraction(15, 2), Fraction(15, 2), Fraction(15, 2), Fraction(15, 2))
>>> read_number("1e6"), read_number("1_000_000"), read_number(5.5)
(Fraction(1000000, 1), Fraction(1000000, 1), Fraction(11, 2))
>>> read_number("1e1000000000", "declare")
Traceback (most recent call last):
...
sette_kit.errors.SetteKitError: declare='1e1000000000' is too large: the exponent may be at most 100; accepted a number such as 7, 7½, 15/2 or 7.5
>>> read_number("9" * 5000, "the answer")
Traceback (most recent call last):
...
sette_kit.errors.SetteKitError: the answer='99999999999999999999999999999...' (5000 characters) is too long for a number: at most 40 characters; accepted a number such as 7, 7½, 15/2 or 7.5
>>> read_number(True, "declare", accepted="½ or a whole number 1-7")
Traceback (most recent call last):
...
sette_kit.errors.SetteKitError: cannot read declare=True as a number: accepted ½ or a whole number 1-7
>>> read_whole("1e6", "--rounds", 1, 10**9)
1000000
>>> read_whole(2.5, "stake", 1, 10)
Traceback (most recent call last):
...
sette_kit.errors.SetteKitError: stake=2.5 is not a whole number: accepted a whole number from 1 to 10
>>> read_halves("5½", "stand_at", "1/2", 8)
Fraction(11, 2)
>>> read_halves(99, "player_total", "1/2", "15/2")
Traceback (most recent call last):
...
sette_kit.errors.SetteKitError: player_total=99 is out of range: accepted ½ to 7½ in steps of ½
>>> shown("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"

The limits are module constants: :data:`MAX_CHARS` characters of text, an exponent of at
most :data:`MAX_EXPONENT` in scientific notation (``1e6``), and :data:`MAX_DIGITS` digits
in a numerator or denominator passed as a number (an ``int`` or a ``Fraction``).
"""

from __future__ import annotations

import math
import numbers as _abc
import re
from fractions import Fraction

from .errors import SetteKitError
from .i18n import N_, _, get_language

__all__ = ["MAX_CHARS", "MAX_EXPONENT", "MAX_DIGITS", "MAX_MONEY", "read_number", "read_whole", "read_halves",
           "check_text", "shown", "fmt_half", "not_ascii_digits"]

MAX_CHARS = 40
"""A number written with more characters than this is refused unread."""

MAX_EXPONENT = 100
"""The largest exponent accepted in scientific notation (``1e100``; ``1e101`` is refused)."""

MAX_DIGITS = 60
"""The most digits a numerator or denominator given as a number may have."""

MAX_MONEY = 10 ** 12
"""The most money (whole units) a bankroll, a stake or a limit may hold: a trillion."""

NUMBER_FORMS = N_("a number such as 7, 7½, 15/2 or 7.5")

_MINUS = str.maketrans({"−": "-", "–": "-", "⁄": "/", "∕": "/"})
_INT = r"[+-]?[0-9]+(?:_[0-9]+)*"
_UINT = r"[0-9]+(?:_[0-9]+)*"
_DEC = r"[+-]?(?:[0-9]+(?:_[0-9]+)*\.(?:[0-9]+(?:_[0-9]+)*)?|\.[0-9]+(?:_[0-9]+)*)"
_RE_INT = re.compile(_INT)
_RE_DEC = re.compile(_DEC)
_RE_SCI = re.compile(rf"({_DEC}|{_INT})[eE]([+-]?[0-9]+)")
_RE_FRACTION = re.compile(rf"({_INT})\s*/\s*({_UINT})")
_RE_MIXED = re.compile(rf"({_INT})\s+({_UINT})\s*/\s*({_UINT})")
_RE_HALF = re.compile(r"([+-]?[0-9]*)\s*½")
_RE_PLAIN = re.compile(r"[+-]?[0-9]+")


def shown(value, limit: int = 30) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for error messages (a 5,000-digit
    answer is not echoed back whole)."""
    if isinstance(value, str) and len(value) > limit:
        r = repr(value[:limit - 1])
        return _("{start} ({n} characters)").format(start=f"{r[:-1]}...{r[-1]}", n=len(value))
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3.33 * limit:
        return _("<a whole number of about {n} digits>").format(n=int(value.bit_length() * 0.30103) + 1)
    try:
        text = repr(value)
    except Exception:  # pragma: no cover - a broken __repr__
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit + 10 else text[:limit] + "..."


def check_text(text: str, what: str = "the number", accepted: str = NUMBER_FORMS,
               max_chars: int = MAX_CHARS) -> str:
    """``text`` stripped, or a SetteKitError if it is longer than ``max_chars`` (checked
    before anything else is done with it).

    >>> check_text(" 7½ ")
    '7½'
    """
    if len(text) > max_chars * 4 or len(text.strip()) > max_chars:
        raise SetteKitError(_("{what}={value} is too long for a number: at most {most} characters; "
                              "accepted {accepted}").format(what=what, value=shown(text), most=max_chars,
                                                           accepted=_(accepted)))
    return text.strip()


def _digits_ok(n: int) -> bool:
    # bit_length is cheap; 3.33 bits per decimal digit
    return n.bit_length() <= MAX_DIGITS * 3.33


def read_number(value, what: str = "the value", *, accepted: str = NUMBER_FORMS, text: bool = True) -> Fraction:
    """``value`` as an exact Fraction: an ``int``, a ``Fraction``, a finite ``float`` (read
    as its shortest decimal, so 5.5 is 11/2 and 0.1 is 1/10) or text in one of the forms
    7, +7, 7.5, .5, 15/2, 7½, ½, 7 1/2, 1e6, 1_000_000.  ``bool`` is not a number here.

    Raises :class:`SetteKitError` naming ``what`` and ``accepted`` for anything else, for
    text longer than :data:`MAX_CHARS`, an exponent above :data:`MAX_EXPONENT`, NaN and
    infinities, and numbers with more than :data:`MAX_DIGITS` digits.  With
    ``text=False`` (an amount or a count passed by code) text is refused too.

    >>> read_number("-3"), read_number(".5"), read_number(Fraction(1, 3))
    (Fraction(-3, 1), Fraction(1, 2), Fraction(1, 3))
    >>> read_number(float("inf"), "stake")
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: stake=inf is not a finite number: accepted a number such as 7, 7½, 15/2 or 7.5
    """
    if isinstance(value, bool) or value is None:
        raise _error(N_("cannot read {what}={value} as a number: accepted {accepted}"), what, value, accepted)
    if isinstance(value, str):
        if not text:
            raise _error(N_("{what}={value} is text, not a number: accepted {accepted}"), what, value, accepted)
        return _read_text(value, what, accepted)
    if isinstance(value, _abc.Integral):
        n = int(value)
        if not _digits_ok(n):
            raise _error(N_("{what}={value} is too large: at most {most} digits; accepted {accepted}"),
                         what, n, accepted, most=MAX_DIGITS)
        return Fraction(n)
    if isinstance(value, _abc.Rational):
        f = Fraction(value.numerator, value.denominator)  # type: ignore[call-overload]  # typeshed: not an int
        if not (_digits_ok(f.numerator) and _digits_ok(f.denominator)):
            raise _error(N_("{what}=<a fraction of more than {most} digits> is too large; accepted {accepted}"),
                         what, None, accepted, most=MAX_DIGITS)
        return f
    if isinstance(value, _abc.Real):
        x = float(value)
        if not math.isfinite(x):
            raise _error(N_("{what}={value} is not a finite number: accepted {accepted}"), what, value, accepted)
        if abs(x) >= 10.0 ** MAX_EXPONENT:
            raise _error(N_("{what}={value} is too large: accepted {accepted}"), what, value, accepted)
        return Fraction(repr(x))
    raise _error(N_("cannot read {what}={value} as a number: accepted {accepted}"), what, value, accepted)


def _error(message: str, what: str, value, accepted: str, **more) -> SetteKitError:
    """A SetteKitError from a marked ``message``, translated now (the kernel's language)."""
    return SetteKitError(_(message).format(what=what, value=shown(value), accepted=_(accepted), **more))


_RE_GROUPED = re.compile(r"[+-]?[0-9]{1,3}(?:\.[0-9]{3})+,[0-9]*")


def _decimal_comma(t: str) -> str:
    """Italian and Spanish write a decimal comma, and a point between thousands: '4,5' is
    4.5 and '1.234,5' is 1234.5 there.  English text is left as it is."""
    if "," not in t or get_language() == "en":
        return t
    if "." in t:
        return t.replace(".", "").replace(",", ".") if _RE_GROUPED.fullmatch(t) else t
    return t.replace(",", ".") if t.count(",") == 1 else t


def not_ascii_digits(text: str) -> bool:
    """True if ``text`` holds a digit other than 0-9 ('٧', '７', '²'): the kit reads numbers
    written with the ASCII digits only, never a look-alike.

    >>> not_ascii_digits("7½"), not_ascii_digits("٧"), not_ascii_digits("１/２")
    (False, True, True)
    """
    return not text.isascii() and any(ch.isdigit() or ch.isnumeric() for ch in text if not ch.isascii()
                                      and ch != "½")


def _read_text(text: str, what: str, accepted: str) -> Fraction:
    t = check_text(text, what, accepted).translate(_MINUS)
    if not_ascii_digits(t):
        raise _error(N_("cannot read {what}={value}: write the number with the digits 0-9; accepted {accepted}"),
                     what, text, accepted)
    t = _decimal_comma(re.sub(r"\s+", " ", t))
    try:
        if _RE_INT.fullmatch(t):
            return Fraction(int(t))
        if _RE_DEC.fullmatch(t):
            return Fraction(t.replace("_", ""))
        if m := _RE_SCI.fullmatch(t):
            exp = m.group(2)
            if len(exp.lstrip("+-")) > 4 or abs(int(exp)) > MAX_EXPONENT:
                raise _error(N_("{what}={value} is too large: the exponent may be at most {most}; "
                                "accepted {accepted}"), what, text, accepted, most=MAX_EXPONENT)
            return Fraction(m.group(1).replace("_", "")) * Fraction(10) ** int(exp)
        if m := _RE_MIXED.fullmatch(t):
            whole, num, den = int(m.group(1)), int(m.group(2)), int(m.group(3))
            if den == 0 or num >= den:
                raise ValueError
            frac = Fraction(num, den)
            return whole - frac if m.group(1).startswith("-") else whole + frac
        if m := _RE_FRACTION.fullmatch(t):
            num, den = int(m.group(1)), int(m.group(2))
            if den == 0:
                raise _error(N_("{what}={value} divides by zero: accepted {accepted}"), what, text, accepted)
            return Fraction(num, den)
        if m := _RE_HALF.fullmatch(t):
            whole = m.group(1)
            base = Fraction(int(whole)) if whole not in ("", "+", "-") else Fraction(0)
            return base - Fraction(1, 2) if whole.startswith("-") else base + Fraction(1, 2)
    except SetteKitError:
        raise
    except (ValueError, ZeroDivisionError):
        pass
    raise _error(N_("cannot read {what}={value} as a number: accepted {accepted}"), what, text, accepted)


def fmt_half(x) -> str:
    """A multiple of ½ written the way players say it: 7½, ½, 3 (for messages).

    >>> fmt_half(Fraction(15, 2)), fmt_half(3), fmt_half("1/2")
    ('7½', '3', '½')
    """
    x = read_number(x, "the value", accepted=_("a multiple of ½ such as 3 or 7½"))
    if (x * 2).denominator != 1:
        raise _error(N_("{what}={value} is not a whole or half number: accepted {accepted}"), "the value", x,
                     N_("a multiple of ½ such as 3 or 7½"))
    whole, half = divmod(int(x * 2), 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def read_whole(value, what: str, lo: int | None = None, hi: int | None = None, *,
               accepted: str | None = None, text: bool = True, plain: bool = False) -> int:
    """``value`` as an ``int`` from ``lo`` to ``hi`` (either may be None: no bound).
    Text may use the forms of :func:`read_number` ("1e6", "1_000_000") if the value is
    whole; a float must be whole (2.0 is 2, 2.5 is an error); ``text=False`` refuses text;
    ``plain=True`` reads text written with digits only ("12", "-3"), as a prompt or a box
    asks for.  Digits are ASCII digits: '٧' or '７' is not read as 7.

    >>> read_whole("12", "stake", 1, 100, plain=True)
    12
    >>> read_whole("1e1", "stake", 1, 100, plain=True)
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: cannot read stake='1e1' as a whole number: accepted a whole number from 1 to 100, written with the digits 0-9

    >>> read_whole(7, "bots", 1, 11), read_whole("250000", "--rounds", 1)
    (7, 250000)
    >>> read_whole(-100, "bankrolls", 0)
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: bankrolls=-100 is out of range: accepted a whole number at least 0
    """
    if accepted is None:
        accepted = _range_words(lo, hi)
    if type(value) is int and (lo is None or value >= lo) and (hi is None or value <= hi) and _digits_ok(value):
        return value  # the common case, fast
    if plain and isinstance(value, str):
        t = check_text(value, what, accepted)
        if not _RE_PLAIN.fullmatch(t):
            raise _error(N_("cannot read {what}={value} as a whole number: accepted {accepted}, written with the "
                            "digits 0-9"), what, value, accepted)
    x = read_number(value, what, accepted=accepted, text=text)
    if x.denominator != 1:
        raise _error(N_("{what}={value} is not a whole number: accepted {accepted}"), what, value, accepted)
    n = int(x)
    if (lo is not None and n < lo) or (hi is not None and n > hi):
        raise _error(N_("{what}={value} is out of range: accepted {accepted}"), what, value, accepted)
    return n


def _range_words(lo, hi) -> str:
    if lo is not None and hi is not None:
        return _("a whole number from {lo} to {hi}").format(lo=lo, hi=hi)
    if lo is not None:
        return _("a whole number at least {lo}").format(lo=lo)
    if hi is not None:
        return _("a whole number at most {hi}").format(hi=hi)
    return _("a whole number")


def read_halves(value, what: str, lo, hi, *, accepted: str | None = None) -> Fraction:
    """``value`` as a Fraction that is a multiple of ½ from ``lo`` to ``hi`` (totals,
    thresholds and values of the matta are counted in halves, S1).

    >>> read_halves("11/2", "stand_at", "1/2", 8), read_halves(0.5, "x", 0, 1)
    (Fraction(11, 2), Fraction(1, 2))
    """
    lo, hi = Fraction(lo), Fraction(hi)
    if accepted is None:
        accepted = _("{lo} to {hi} in steps of ½").format(lo=fmt_half(lo), hi=fmt_half(hi))
    x = read_number(value, what, accepted=accepted)
    if not lo <= x <= hi:
        raise _error(N_("{what}={value} is out of range: accepted {accepted}"), what, value, accepted)
    if (x * 2).denominator != 1:
        raise _error(N_("{what}={value} is not a whole or half number: accepted {accepted}"), what, value, accepted)
    return x
