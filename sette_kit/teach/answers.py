"""Reading and checking learners' typed answers: fractions, decimals, percentages, ½.

A learner may write a probability as ``24/37``, ``0.649`` or ``64.9%`` and a score as
``7½``, ``7 1/2``, ``7.5`` or ``15/2``.  :func:`parse_answer` reads any of these into an
:class:`Answer` (exact :class:`~fractions.Fraction` plus the form typed);
:func:`check` compares it with the exact value, with a tolerance that fits the form:

- a fraction or a whole number must be exactly right;
- a decimal or a percentage is right when it is the exact value rounded to the digits
  given (0.649 for 24/37 = 0.64864...), and it must carry at least
  :data:`MIN_SIGNIFICANT` significant digits unless it is exact, so "0.6" for 24/37 is
  "close, give more digits" rather than right.

>>> a = parse_answer("64.9%")
>>> a.value, a.form, a.decimals
(Fraction(649, 1000), 'percent', 1)
>>> check("0.649", Fraction(24, 37)).status
'right'
>>> check("0.65", Fraction(24, 37)).status         # rounds to the exact value at 2 digits
'right'
>>> check("0.64", Fraction(24, 37)).status
'wrong'
>>> check("0.6", Fraction(24, 37)).status          # within rounding but too coarse
'imprecise'
>>> check("7 1/2", Fraction(15, 2), kind="points").status
'right'
>>> parse_answer("abc")
Traceback (most recent call last):
...
sette_kit.errors.SetteKitError: cannot read 'abc' as a number; accepted forms: a fraction such as 24/37, a decimal such as 0.649, a percentage such as 64.9%, a whole number such as 7, a half such as 7½ or 7 1/2
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from .. import fmt
from ..errors import SetteKitError
from ..i18n import N_, _, get_language
from ..numbers import not_ascii_digits, read_number, shown

__all__ = [
    "Answer", "Verdict", "parse_answer", "parse_yes_no", "check", "matches", "fmt_exact",
    "ACCEPTED", "MIN_SIGNIFICANT", "KINDS",
]

KINDS = ("probability", "points", "number", "yesno")
"""What a question asks for: a probability (0-1), a score in points, any number, yes/no."""

MAX_ANSWER_CHARS = 60
"""The longest answer read (a bound on the input's size): longer text is refused before it is parsed."""

MIN_SIGNIFICANT = 2
"""A rounded decimal or percentage needs at least this many significant digits."""

ACCEPTED = {
    "probability": N_("a fraction such as 24/37, a decimal such as 0.649 or a percentage such as 64.9%"),
    "points": N_("a score such as 7½, 7 1/2, 7.5, 15/2 or 3"),
    "number": N_("a fraction such as 24/37, a decimal such as 0.649, a percentage such as 64.9%, "
                 "a whole number such as 7, a half such as 7½ or 7 1/2"),
    "yesno": N_("yes or no (also y, n, true, false, sì, si, no)"),
}
"""For each kind, the accepted forms in words (used in error messages); marked for
translation: show them with ``_(ACCEPTED[kind])`` (the kit's languages)."""

# yes and no are read in every language of the kit, whatever the current one
_YES = {"yes", "y", "true", "si", "sì", "sí", "s", "vero", "verdadero", "cierto", "oui", "1"}
_NO = {"no", "n", "false", "falso", "0", "non"}

# in every language: "sette e mezzo", "siete y media", "seven and a half" (and 3 e mezzo, dos y
# media, ...) are read in every language; a whole number in words alone ("seven") is not
# an answer (the score trainer asks for digits)
_NUMBER_WORDS = {}
for _value, _words in enumerate((
        "zero cero", "uno una un one", "due dos two", "tre tres three", "quattro cuatro four",
        "cinque cinco five", "sei seis six", "sette siete seven", "otto ocho eight", "nove nueve nine",
        "dieci diez ten")):
    for _word in _words.split():
        _NUMBER_WORDS[_word] = _value
del _value, _words, _word
_RE_WORD_HALF = re.compile(r"(?:(\S+) (?:e|y|and a|and) )?(?:a |one |un )?(mezzo|mezza|media|medio|half)")
_DASHES = str.maketrans({"−": "-", "–": "-", "⁄": "/", "∕": "/", "÷": "/", ",": "."})

_INT = r"[+-]?[0-9]+"
_DEC = r"[+-]?(?:[0-9]+\.[0-9]*|\.[0-9]+)"
_RE_FRACTION = re.compile(rf"({_INT})\s*/\s*([0-9]+)")
_RE_MIXED = re.compile(rf"({_INT})\s+([0-9]+)\s*/\s*([0-9]+)")  # 7 1/2
_RE_HALF = re.compile(r"([+-]?[0-9]*)\s*½")  # 7½, ½
_RE_DECIMAL = re.compile(_DEC)
_RE_INT = re.compile(_INT)
_RE_PERCENT = re.compile(rf"({_DEC}|{_INT})\s*%")


@dataclass(frozen=True)
class Answer:
    """A learner's answer read exactly.

    ``form`` is one of 'integer', 'fraction', 'mixed', 'half', 'decimal', 'percent';
    ``decimals`` is the number of digits typed after the decimal point (of the
    percentage, for 'percent'), ``None`` for exact forms.
    """

    text: str
    value: Fraction
    form: str
    decimals: int | None = None

    @property
    def exact(self) -> bool:
        """True for forms that mean the value exactly (fractions, whole numbers, halves)."""
        return self.form in ("integer", "fraction", "mixed", "half")

    def step(self) -> Fraction | None:
        """The size of the last digit typed (0.001 for '0.649', 0.001 for '64.9%'), or None."""
        if self.decimals is None:
            return None
        unit = Fraction(1, 10 ** self.decimals)
        return unit / 100 if self.form == "percent" else unit


@dataclass(frozen=True)
class Verdict:
    """The result of checking an answer.

    ``status`` is 'right', 'wrong', 'imprecise' (within rounding of the exact value but
    with too few digits) or 'unreadable'; ``message`` says it in words for the learner.
    ``answer`` is the :class:`Answer` read (None if unreadable).  ``mistake``: the
    id of the common mistake a wrong answer matched, where the question knows one
    (``questions.Mistake.id``: in no language; ``message`` has its words).
    """

    status: str
    message: str
    answer: Answer | None = None
    mistake: str | None = None

    @property
    def right(self) -> bool:
        return self.status == "right"

    @property
    def counts(self) -> bool:
        """True when the answer was readable and precise enough to be marked."""
        return self.status in ("right", "wrong")


def _unreadable(text: str, kind: str) -> SetteKitError:
    cut = text if len(text) <= 40 else text[:37] + "..."
    message = (_("cannot read {text} as a score; accepted forms: {accepted}") if kind == "points"
               else _("cannot read {text} as a number; accepted forms: {accepted}"))
    return SetteKitError(message.format(text=repr(cut), accepted=_(ACCEPTED[kind])))


_RE_GROUPED = re.compile(r"[+-]?[0-9]{1,3}(?:\.[0-9]{3})+,[0-9]*%?")


def _words_answer(t: str):
    """A half written in words (any language of the kit), or None: 'sette e mezzo' is
    7½, 'siete y media' 7½, 'three and a half' 3½, 'mezzo' ½."""
    low = t.lower()
    m = _RE_WORD_HALF.fullmatch(low)
    if m:
        whole = m.group(1)
        if whole is None:
            return Fraction(1, 2), "half"
        if whole in _NUMBER_WORDS:
            return _NUMBER_WORDS[whole] + Fraction(1, 2), "half"
        if whole.isdigit() and len(whole) <= 3:
            return int(whole) + Fraction(1, 2), "half"
    return None


def parse_answer(text, kind: str = "number") -> Answer:
    """Read a typed answer into an exact :class:`Answer`.

    ``kind`` narrows what is accepted: 'probability' wants a value from 0 to 1 (and
    says "did you mean 65%?" for a bare 65), 'points' refuses percentages, 'number'
    takes every form.  Raises :class:`SetteKitError` naming the accepted forms.

    >>> [str(parse_answer(t).value) for t in ("24/37", "0.649", "64.9%", "7½", "7 1/2", "7.5", "½", "3")]
    ['24/37', '649/1000', '649/1000', '15/2', '15/2', '15/2', '1/2', '3']
    >>> parse_answer("65", kind="probability")
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: a probability lies between 0 and 1: did you mean 65%? Accepted forms: a fraction such as 24/37, a decimal such as 0.649 or a percentage such as 64.9%
    >>> parse_answer("50%", kind="points")
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: a score is not a percentage; accepted forms: a score such as 7½, 7 1/2, 7.5, 15/2 or 3
    """
    if not isinstance(kind, str) or kind not in ACCEPTED or kind == "yesno":
        raise SetteKitError(_("kind={kind}: accepted kinds for numbers are 'probability', 'points', "
                              "'number'").format(kind=shown(kind)))
    accepted = _(ACCEPTED[kind])
    if isinstance(text, (int, Fraction)) and not isinstance(text, bool):
        value = read_number(text, "the answer", accepted=accepted)  # size checked first
        if kind == "probability" and not 0 <= value <= 1:  # 42 is no probability, given as a number too
            raise SetteKitError(_("a probability lies between 0 and 1; accepted forms: {accepted}").format(
                accepted=accepted))
        return Answer(str(value), value, "integer" if value.denominator == 1 else "fraction")
    if not isinstance(text, str):
        raise SetteKitError(_("an answer must be text such as '24/37'; accepted forms: {accepted}").format(
            accepted=accepted))
    if len(text) > MAX_ANSWER_CHARS and len(text.strip()) > MAX_ANSWER_CHARS:  # the size, before any parsing
        message = (_("cannot read {text} as a score: it is too long (at most {most} characters); accepted "
                     "forms: {accepted}") if kind == "points" else
                   _("cannot read {text} as a number: it is too long (at most {most} characters); accepted "
                     "forms: {accepted}"))
        raise SetteKitError(message.format(text=shown(text, 40), most=MAX_ANSWER_CHARS, accepted=accepted))
    raw = text
    t = text.strip()
    if get_language() != "en" and _RE_GROUPED.fullmatch(t):  # '1.234,5' in Italian and Spanish
        t = t.replace(".", "")
    t = t.translate(_DASHES)
    t = re.sub(r"\s+", " ", t)
    t = re.sub(r"(?<=[0-9]) (?=[½%])", "", t)
    if not t:
        raise SetteKitError(_("no answer given; accepted forms: {accepted}").format(accepted=accepted))
    if not_ascii_digits(t):  # ASCII digits only: '١/٢' or '１/２' is not read as 1/2
        raise SetteKitError(_("{text}: write the number with the digits 0-9; accepted forms: {accepted}").format(
            text=shown(raw), accepted=accepted))
    answer = None
    if m := _RE_PERCENT.fullmatch(t):
        num = m.group(1)
        decimals = len(num.split(".")[1]) if "." in num else 0
        answer = Answer(raw, Fraction(num) / 100, "percent", decimals)
        if kind == "points":
            raise SetteKitError(_("a score is not a percentage; accepted forms: {accepted}").format(
                accepted=accepted))
    elif m := _RE_MIXED.fullmatch(t):
        whole, num, den = int(m.group(1)), int(m.group(2)), int(m.group(3))
        if den == 0 or num >= den:
            raise _unreadable(raw, kind)
        frac = Fraction(num, den)
        answer = Answer(raw, whole - frac if m.group(1).startswith("-") else whole + frac, "mixed")
    elif m := _RE_FRACTION.fullmatch(t):
        if int(m.group(2)) == 0:
            raise SetteKitError(_("{text} divides by zero; accepted forms: {accepted}").format(
                text=shown(raw), accepted=accepted))
        answer = Answer(raw, Fraction(int(m.group(1)), int(m.group(2))), "fraction")
    elif m := _RE_HALF.fullmatch(t):
        whole = m.group(1)
        base = Fraction(int(whole)) if whole not in ("", "+", "-") else Fraction(0)
        half = Fraction(-1, 2) if whole.startswith("-") else Fraction(1, 2)
        answer = Answer(raw, base + half, "half")
    elif _RE_INT.fullmatch(t):
        answer = Answer(raw, Fraction(int(t)), "integer")
    elif _RE_DECIMAL.fullmatch(t):
        answer = Answer(raw, Fraction(t), "decimal", len(t.split(".")[1]))
    elif (words := _words_answer(t)) is not None:
        answer = Answer(raw, *words)
    if answer is None:
        raise _unreadable(raw, kind)
    if kind == "probability" and not 0 <= answer.value <= 1:
        if answer.form in ("integer", "decimal") and 1 < answer.value <= 100:
            raise SetteKitError(_("a probability lies between 0 and 1: did you mean {percent}? Accepted forms: "
                                  "{accepted}").format(percent=fmt.local_marks(t) + "%", accepted=accepted))
        raise SetteKitError(_("a probability lies between 0 and 1; accepted forms: {accepted}").format(
            accepted=accepted))
    return answer


def parse_yes_no(text) -> bool:
    """Read yes/no.

    >>> parse_yes_no(" Yes "), parse_yes_no("no"), parse_yes_no("sì")
    (True, False, True)
    """
    if isinstance(text, bool):
        return text
    if isinstance(text, str) and len(text) <= MAX_ANSWER_CHARS:
        t = text.strip().lower().rstrip(".!")
        if t in _YES:
            return True
        if t in _NO:
            return False
    raise SetteKitError(_("cannot read {text} as yes or no; accepted forms: {accepted}").format(
        text=shown(text, 40), accepted=_(ACCEPTED['yesno'])))


def _significant(answer: Answer) -> int:
    """Significant digits typed in a decimal or percentage ('0.0649' -> 3, '65%' -> 2)."""
    digits = re.sub(r"[^0-9]", "", answer.text.split("%")[0])
    return len(digits.lstrip("0")) or 1


def matches(answer: Answer, exact: Fraction) -> str:
    """'right', 'wrong' or 'imprecise' for an answer against an exact value (no messages).

    >>> matches(parse_answer("2/3"), Fraction(2, 3)), matches(parse_answer("0.667"), Fraction(2, 3))
    ('right', 'right')
    >>> matches(parse_answer("67%"), Fraction(2, 3)), matches(parse_answer("0.666"), Fraction(2, 3))
    ('right', 'wrong')
    """
    if not isinstance(answer, Answer):
        raise SetteKitError(_("matches takes an Answer (from parse_answer()), not {value}").format(
            value=shown(answer)))
    exact = read_number(exact, "exact", accepted=_(_EXACT))
    if answer.value == exact:
        return "right"
    if answer.exact:
        return "wrong"
    step = answer.step()
    if abs(answer.value - exact) * 2 > step:  # not the exact value rounded at these digits
        return "wrong"
    if _significant(answer) < MIN_SIGNIFICANT:
        return "imprecise"
    return "right"


def fmt_exact(value, kind: str = "number") -> str:
    """Write an exact value for feedback: '24/37 ≈ 0.649 (64.9%)', '7½', 'yes'.

    >>> fmt_exact(Fraction(24, 37), "probability"), fmt_exact(Fraction(15, 2), "points"), fmt_exact(True, "yesno")
    ('24/37 ≈ 0.6486 (64.86%)', '7½', 'yes')
    >>> fmt_exact(Fraction(1, 4), "probability")
    '1/4 = 0.25 (25%)'

    A long fraction is a decimal (and a percentage) a learner can read; the fraction
    itself is for an "exact value" disclosure (:func:`sette_kit.fmt.hidden_exact`):

    >>> fmt_exact(Fraction(4717993354808, 67408879019625)), fmt_exact(Fraction(1615261979, 6068478780), "probability")
    ('about 0.0700', 'about 0.2662 (26.62%)')
    """
    if kind not in _FMT_KINDS:  # an unknown kind is an error, not 'number'
        raise SetteKitError(_("kind={kind}: accepted kinds are {kinds}").format(
            kind=shown(kind), kinds=", ".join(map(repr, _FMT_KINDS))))
    if kind == "yesno":
        return _("yes") if value else _("no")
    value = read_number(value, "value", accepted=_("an exact value: a Fraction or a whole number"))
    return _fmt_exact(value, kind)


_EXACT = N_("the exact value: a Fraction or a whole number")
_FMT_KINDS = KINDS


def _fmt_exact(value: Fraction, kind: str) -> str:
    if kind == "points" and (value * 2).denominator == 1:
        whole, half = divmod(int(value * 2), 2)
        return (f"{whole}½" if whole else "½") if half else str(whole)
    if value.denominator == 1:
        return str(value.numerator)
    if not fmt.is_short(value):
        dec = fmt.local_marks(f"{float(value):.4f}")
        if kind == "probability":
            return _("about {number} ({percent})").format(number=dec, percent=fmt.percent(value, 2))
        return _("about {number}").format(number=dec)
    dec = value.numerator / value.denominator
    is_finite = all(p in (2, 5) for p in _prime_factors(value.denominator))
    pct = f"{100 * dec:.2f}".rstrip("0").rstrip(".")
    if is_finite and len(str(dec)) <= 8:
        text = f"{value} = {dec:g} ({pct}%)" if kind == "probability" else f"{value} = {dec:g}"
    else:
        approx = f"{dec:.4f}"
        text = f"{value} ≈ {approx} ({pct}%)" if kind == "probability" else f"{value} ≈ {approx}"
    return fmt.local_marks(text)  # no comma in the English text: only the decimal points change


def _prime_factors(n: int):
    out, p = [], 2
    while p * p <= n:
        while n % p == 0:
            out.append(p)
            n //= p
        p += 1
    if n > 1:
        out.append(n)
    return out


def check(text, exact, kind: str = "number") -> Verdict:
    """Check a typed answer against the exact value; never raises on learner input.

    >>> check("24/37", Fraction(24, 37), "probability").message
    'Right: 24/37 ≈ 0.6486 (64.86%).'
    >>> check("1/2", Fraction(24, 37), "probability").status
    'wrong'
    >>> v = check("zz", Fraction(1, 2)); v.status, v.message.startswith("cannot read 'zz'")
    ('unreadable', True)
    >>> check("yes", True, "yesno").right
    True
    """
    if not isinstance(kind, str) or kind not in KINDS:  # the author's arguments: errors, not verdicts
        raise SetteKitError(_("kind={kind}: accepted kinds are {accepted}").format(
            kind=shown(kind), accepted=", ".join(map(repr, KINDS))))
    if kind == "yesno":
        from .._checks import read_bool

        exact = read_bool(exact, "exact")  # a yes/no question's exact answer
    else:
        exact = read_number(exact, "exact", accepted=_(_EXACT))
    try:
        if kind == "yesno":
            said = parse_yes_no(text)
            ok = said == bool(exact)
            echo = str(text).strip().rstrip(".!") if isinstance(text, str) else fmt_exact(said, kind)
            return Verdict("right" if ok else "wrong",  # a right answer echoes as written: "Right: No."
                           _("Right: {answer}.").format(answer=echo) if ok else _("Not quite."),
                           Answer(str(text), Fraction(int(said)), "integer"))
        answer = parse_answer(text, kind)
    except SetteKitError as e:
        return Verdict("unreadable", str(e), None)
    status = matches(answer, exact)
    if status == "right":
        if answer.value == exact:
            return Verdict("right", _("Right: {answer}.").format(answer=fmt_exact(exact, kind)), answer)
        return Verdict("right", _("Right: {answer}. (your {typed} is the exact value rounded)").format(
            answer=fmt_exact(exact, kind), typed=answer.text.strip()), answer)
    if status == "imprecise":
        return Verdict("imprecise", _("Close, but give at least {n} significant digits (or the exact fraction) "
                                      "so the answer can be checked.").format(n=MIN_SIGNIFICANT), answer)
    return Verdict("wrong", _("Not quite."), answer)
