"""``Predict``: commit a guess first, then see the answer beside it (predict → try → explain).

Before a key result a lesson asks for a guess.  The learner commits one - a number or a
probability (typed in any form :mod:`sette_kit.answers` reads: ``40%``, ``0.4``,
``2/5``, ``7½``), a choice among options, or "higher" / "lower" than a given value -
and only then does the widget show the true answer beside the guess, how close the
guess was in words, and one sentence on why.  "I don't know, show me" reveals the
answer without a guess (a small, secondary button).  The answer comes from the engine:
a value the lesson computed, or a callable computed when it is revealed.  Content
passed as ``reveal=`` (a chart, a widget, a tree) stays hidden until then too.

Keyboard: Enter in the box commits; every choice is a button.  The reveal is a status
message (``role="status"``), so a screen reader reads it out.

Headless: :meth:`Predict.guess`, :meth:`Predict.show_me`, ``.revealed``,
``.answer_text``, ``.result_text``, ``.closeness``.

>>> from fractions import Fraction
>>> p = Predict("You hold a 5. What is the chance that the next card busts you?", Fraction(19, 39),
...             why="A 3, 4, 5, 6 or 7 busts you: 19 of the 39 cards you have not seen.")
>>> p.revealed, p.reveal_html.value
(False, '')
>>> p.guess("40%"), p.revealed, p.closeness
(False, True, 'close')
>>> print(p.result_text)
Your guess: 40%. The answer: 19/39 ≈ 48.7%.
Close: 8.7 percentage points too low.
A 3, 4, 5, 6 or 7 busts you: 19 of the 39 cards you have not seen.
>>> c = Predict("On 5, should you hit or stand?", "stand", kind="choice", choices=["hit", "stand"])
>>> c.guess("hit"), c.closeness, c.answer_text
(False, 'not this time', 'stand')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Sequence

import ipywidgets

from sette_kit import answers, fmt
from sette_kit.classroom import link
from sette_kit.errors import SetteKitError
from sette_kit.i18n import N_, _
from sette_kit.scoring import fmt_points
from sette_kit.fmt import local_marks

from .base import KitWidget, button, esc, html_panel, on_enter, plain_text, press_enter, safe_action
from .render import hand_html
from sette_kit._checks import read_text
from sette_kit.numbers import read_whole, shown

__all__ = ["Predict", "closeness", "KINDS"]

MAX_QUESTION = 2000
"""The longest question a Predict shows, in characters."""
MAX_ANSWER_DIGITS = 4000
"""An answer's numerator and denominator have at most this many digits: enough for the
engine's exact probabilities (lesson 9's has 1,534), below Python's 4,300-digit limit for
writing an int, and not a 10**10000 given by mistake."""
KINDS = ("probability", "number", "points", "count", "choice", "higher_lower")
"""What a Predict asks for: a probability, a number, a score, a whole number, one of
some choices, or whether the answer is higher or lower than a given value."""

_PLACEHOLDERS = {"probability": N_("e.g. 40% or 2/5"), "number": N_("e.g. -0.2 or 1/5"), "points": N_("e.g. 6½"),
                 "count": N_("e.g. 12")}

CLOSENESS_WORDS = (N_("exactly right"), N_("spot on"), N_("very close"), N_("close"), N_("some way off"),
                   N_("far off"), N_("right"), N_("not this time"), N_("no guess"))
"""The words of :attr:`Predict.closeness` (English keys; shown translated)."""
HIGHER_LOWER = ("higher", "lower")
"""The default choices of a "higher_lower" Predict (keys; shown translated)."""
ENGINE_CHOICES = (N_("hit"), N_("stand"))
"""Choices a lesson takes straight from the engine (``strategy.best_action``): keys,
shown in the learner's language."""


def closeness(guess, answer, kind: str = "number", scale=None) -> tuple[str, str]:
    """How close a guess is, in words: (a word, the difference said plainly).

    Probabilities are compared in percentage points; whole numbers by how many they are
    off; other numbers relative to ``scale`` (default: the size of the answer, at least 1).

    >>> from fractions import Fraction
    >>> closeness(Fraction(2, 5), Fraction(19, 39), "probability")
    ('close', '8.7 percentage points too low')
    >>> closeness(15, 15, "count"), closeness(17, 15, "count")
    (('exactly right', ''), ('very close', 'off by 2, too high'))
    >>> closeness(Fraction(1, 10), Fraction(-1, 6), "number")
    ('some way off', 'and on the other side of zero: the answer is below 0')
    """
    g, a = Fraction(guess), Fraction(answer)
    if g == a:
        return ("exactly right", "")
    high = g > a
    if kind == "probability":
        d = abs(g - a) * 100
        word = ("spot on" if d < Fraction(1, 2) else "very close" if d <= 3 else "close" if d <= 10
                else "some way off" if d <= 20 else "far off")
        detail = _("{d} percentage points too high") if high else _("{d} percentage points too low")
        return (word, detail.format(d=local_marks(f"{float(d):.1f}")))
    if kind == "count":
        d = abs(g - a)
        r = d / max(abs(a), 1)
        word = "very close" if r <= Fraction(15, 100) else "close" if r <= Fraction(3, 10) else \
            "some way off" if r <= Fraction(6, 10) else "far off"
        return (word, (_("off by {d}, too high") if high else _("off by {d}, too low")).format(d=d))
    s = Fraction(scale) if scale is not None else max(abs(a), Fraction(1))
    r = abs(g - a) / s
    word = ("spot on" if r < Fraction(2, 100) else "very close" if r <= Fraction(1, 10) else "close"
            if r <= Fraction(1, 4) else "some way off" if r <= Fraction(6, 10) else "far off")
    if a != 0 and g != 0 and (g > 0) != (a > 0):
        return (word, _("and on the other side of zero: the answer is below 0") if a < 0
                else _("and on the other side of zero: the answer is above 0"))
    gap = fmt_points(abs(g - a)) if kind == "points" else local_marks(f"{float(abs(g - a)):.4g}")
    return (word, (_("{d} too high") if high else _("{d} too low")).format(d=gap))




class Predict(KitWidget):
    """Ask for a guess, then reveal the answer beside it.

    ``question``: the question, in words.  ``answer``: the true answer from the engine
    (a number, a choice label, or a callable returning one, computed at the reveal).
    ``kind``: one of :data:`KINDS`.  ``choices``: the options of a "choice" question
    (the answer is one of them).  ``than``: for "higher_lower", the value the answer is
    compared with (``than_text`` says it in words).  ``why``: one sentence on why (a
    string, or a callable of the answer).  ``reveal``: content shown only once the
    answer is (a chart, a widget, a tree).  ``digits``, ``sign``, ``style``: how the
    number is written (:func:`sette_kit.fmt.approx`).  ``scale``: what counts as a big
    miss for a "number" (default: the size of the answer).  ``cards``: a hand to show
    with the question (Cards or text, in the face of ``rules``).  ``key``: the item's id
    in a class (default: the k-th Predict of the lesson is ``NN.pk``,
    :mod:`sette_kit.classroom.link`).
    """

    def __init__(self, question: str, answer, *, kind: str = "probability", choices: Sequence[str] | None = None,
                 than=None, than_text: str | None = None, why: str | Callable[[Any], str] = "",
                 reveal=None, digits: int | None = None, sign: bool = False, style: str | None = None,
                 scale=None, label: str | None = None, cards=(), rules=None, card_size: int = 56,
                 key: str | None = None) -> None:
        super().__init__()
        if kind not in KINDS:
            raise SetteKitError(_("kind={kind}: accepted {kinds}").format(kind=shown(kind), kinds=", ".join(KINDS)))
        # the question, the answer and the digits are checked where the widget is made
        if not isinstance(question, str) or not question.strip() or len(question) > MAX_QUESTION:
            raise SetteKitError(_("question={value}: give the question as text of at most {most} characters").format(
                value=shown(question), most=MAX_QUESTION))
        read_text(question.replace("\n", " ").replace("\t", " "), _("question"), MAX_QUESTION)  # no control characters
        if kind != "choice" and not callable(answer):
            if isinstance(answer, bool) or not isinstance(answer, (int, Fraction)):
                raise SetteKitError(_("answer={value}: a Predict's answer must be exact: an int or a Fraction from "
                                      "the engine (or a function giving one)").format(value=shown(answer)))
            f = Fraction(answer)  # the engine's exact answer: the chance over 100 rounds has 1,534 digits
            if max(f.numerator.bit_length(), f.denominator.bit_length()) > MAX_ANSWER_DIGITS * 3.33:
                raise SetteKitError(_("answer=<a number of more than {most} digits> is too large: a Predict's "
                                      "answer must be exact, with at most {most} digits").format(most=MAX_ANSWER_DIGITS))
        if digits is not None:
            digits = read_whole(digits, "digits", 0, 12, text=False)
        if key is not None:
            key = read_text(key, "key", 40)
        self.kind, self.question, self._answer, self.why = kind, str(question), answer, why
        self.digits, self.sign, self.scale = digits, sign, scale
        share = kind == "higher_lower" and than is not None and 0 <= Fraction(than) <= 1
        self.style_ = style or ("percent" if kind == "probability" or share else "decimal")
        self.than, self.than_text = than, than_text
        if kind == "higher_lower":
            if than is None:
                raise SetteKitError(_("a higher_lower Predict needs than=, the value to compare with"))
            self.choices = tuple(choices) if choices else HIGHER_LOWER
            if len(self.choices) != 2:
                raise SetteKitError(_("a higher_lower Predict has two choices: the words for higher and lower"))
            self.than_text = than_text or self._number(Fraction(than))
        elif kind == "choice":
            if not choices or len(choices) < 2:
                raise SetteKitError(_("a choice Predict needs at least two choices"))
            self.choices = tuple(str(c) for c in choices)
            if not callable(answer) and str(answer) not in self.choices:
                raise SetteKitError(_("the answer {answer} is not one of the choices {choices}").format(
                    answer=shown(answer), choices=list(self.choices)))
        else:
            self.choices = ()
        self.revealed = False
        self.guessed = None          # the guess, as read (a Fraction or a choice label), or None
        self.guess_text = ""         # the guess as the learner wrote it
        self.closeness = ""          # a word: 'spot on', 'close', ... / 'right', 'not this time'
        self._computed = None

        pictures = ""
        if cards:
            from sette_kit.cards import FaceName, parse_cards

            face: FaceName = rules.face if rules is not None else "italian"
            held = parse_cards(cards, face=face) if isinstance(cards, str) else tuple(cards)
            pictures = hand_html(held, face=face, rules=rules, size=card_size)
        label = _("Predict") if label is None else label
        head = ipywidgets.HTML(f'<p class="sk-predict-label">{esc(label)}</p>'
                               f'<p class="sk-predict-question">{esc(self.question)}</p>{pictures}')
        head.add_class("sk-predict-head")
        self.buttons: list[ipywidgets.Button] = []
        if self.choices:
            self.box = None
            self.buttons = [button(self._choice_label(c), (lambda c=c: self.guess(c)), tooltip=_("My guess: {choice}").format(choice=self._choice_word(c)),
                                   css="sk-predict-choice") for c in self.choices]
            self.commit_button = None
            row = [*self.buttons]
        else:
            self.box = ipywidgets.Text(placeholder=_(_PLACEHOLDERS[kind]), description=_("Your guess:"),
                                       layout=ipywidgets.Layout(width="17em"))
            self.box.style.description_width = "initial"
            self.box.add_class("sk-predict-box")
            on_enter(self.box, self.guess)
            self.commit_button = button(_("Lock in my guess"), lambda: self.guess(self.box.value),
                                        tooltip=_("Commit your guess and see the answer (or press Enter)"),
                                        css="sk-predict-commit", style="primary")
            row = [self.box, self.commit_button]
        self.skip_button = button(_("I don't know, show me"), self.show_me,
                                  tooltip=_("See the answer without guessing"), css="sk-predict-skip")
        self.reveal_html = html_panel("sk-predict-reveal")
        self.extra = self._extra(reveal)
        controls = ipywidgets.HBox(row + [self.skip_button], layout=ipywidgets.Layout(flex_flow="row wrap"))
        controls.add_class("sk-predict-controls")
        self.set_children([head, controls, self.message, self.reveal_html]
                          + ([self.extra] if self.extra is not None else []))
        self.item = link.register(self, "predict", key=key)  # its id in a class, or None
        if self.item is not None:
            self.view.add_class(link.css_class(self.item))

    # -- pieces ------------------------------------------------------------------------
    def _choice_word(self, c: str) -> str:
        """A choice as the learner reads it: the default "higher"/"lower", and the
        engine's own answers ("hit", "stand": :data:`ENGINE_CHOICES`), translated."""
        if self.kind == "higher_lower" and self.choices == HIGHER_LOWER:
            return _("higher") if c == "higher" else _("lower")
        return _(c) if c in ENGINE_CHOICES else c

    def _choice_label(self, c: str) -> str:
        if self.kind == "higher_lower":
            if self.choices == HIGHER_LOWER:
                return (_("Higher than {value}") if c == "higher" else _("Lower than {value}")).format(
                    value=self.than_text)
            return _("{choice} than {value}").format(choice=c.capitalize(), value=self.than_text)
        c = self._choice_word(c)
        return c[:1].upper() + c[1:]

    @staticmethod
    def _extra(content):
        if content is None:
            return None
        if isinstance(content, KitWidget):
            w = content.view
        elif isinstance(content, ipywidgets.Widget):
            w = content
        elif hasattr(content, "_repr_html_"):
            w = ipywidgets.HTML(content._repr_html_())
        else:
            raise SetteKitError(_("reveal= takes a widget, a chart or anything with an HTML view"))
        w.layout.display = "none"
        box = ipywidgets.VBox([w])
        box.add_class("sk-predict-extra")
        box.layout.display = "none"
        return box

    @property
    def answer(self):
        """The true answer (computed from the engine at the first reveal if given as a callable)."""
        if self._computed is None:
            a = self._answer() if callable(self._answer) else self._answer
            if self.kind == "choice":
                a = str(a)
                if a not in self.choices:
                    raise SetteKitError(_("the answer {answer} is not one of the choices {choices}").format(
                        answer=shown(a), choices=list(self.choices)))
            elif not isinstance(a, (int, Fraction)) or isinstance(a, bool):
                raise SetteKitError(_("a Predict's answer must be exact: an int or a Fraction from the engine"))
            if self.kind == "higher_lower" and Fraction(a) == Fraction(self.than):
                raise SetteKitError(_("the answer equals the value it is compared with: neither higher nor lower"))
            self._computed = a
        return self._computed

    def _number(self, x: Fraction) -> str:
        if self.kind == "points" and (x * 2).denominator == 1:
            return fmt_points(x)
        if self.kind == "count" and x.denominator == 1:
            return str(x.numerator)
        return fmt.approx(x, self.style_, self.digits, sign=self.sign)

    @property
    def right_choice(self) -> str | None:
        """The choice that is right ("higher"/"lower" for higher_lower), or None."""
        if self.kind == "choice":
            return self.answer
        if self.kind == "higher_lower":
            return self.choices[0] if Fraction(self.answer) > Fraction(self.than) else self.choices[1]
        return None

    @property
    def answer_text(self) -> str:
        """The answer as the learner reads it: '19/39 ≈ 48.7%', 'stand'."""
        if self.kind == "choice":
            return self._choice_word(self.answer)
        text = self._number(Fraction(self.answer))
        if self.kind == "higher_lower":
            return f"{self._choice_word(self.right_choice)}: {text}"
        return text

    @property
    def result_text(self) -> str:
        """The reveal as plain text, one line per part ('' before the reveal)."""
        parts = self.reveal_html.value.replace("</p>", "</p>\n")
        return "\n".join(line.strip() for line in plain_text(parts).splitlines() if line.strip())

    # -- reading a guess ---------------------------------------------------------------------
    def _read(self, text) -> Any:
        if self.choices:
            said = str(text).strip().lower()
            for c in self.choices:
                if said in (c.lower(), self._choice_label(c).lower(), self._choice_word(c).lower()):
                    return c
            raise SetteKitError(_("choose one of: {choices}").format(
                choices=", ".join(self._choice_word(c) for c in self.choices)))
        if isinstance(text, float):
            text = repr(text)
        read_as = {"count": "number"}.get(self.kind, self.kind)
        value = answers.parse_answer(text, read_as).value
        if self.kind == "count" and value.denominator != 1:
            raise SetteKitError(_("a count is a whole number, such as 12"))
        return value

    # -- actions -----------------------------------------------------------------------------
    @safe_action(default=None)
    def guess(self, text) -> bool | None:
        """Commit a guess (text, a number or a choice) and reveal the answer.  Returns
        True when the guess is right (for numbers: spot on), False when not, None when
        it cannot be read (a message says what is accepted; nothing is revealed) or the
        answer is already shown."""
        if self.revealed:
            raise SetteKitError(_("You have already seen the answer."))
        if isinstance(text, str) and not text.strip():
            raise SetteKitError(_("Type a guess first (or choose \"I don't know, show me\")."))
        value = self._read(text)
        answer = self.answer  # computed before anything changes: an engine error leaves the state as it was
        self.guessed = value
        self.guess_text = self._choice_label(value) if self.choices else str(text).strip()
        if self.choices:
            for b, c in zip(self.buttons, self.choices):  # the learner's choice stays marked
                if c == value:
                    b.button_style = "info"
                    b.add_class("sk-predict-chosen")
            right = value == self.right_choice
            self.closeness = "right" if right else "not this time"
            verdict = "<b>" + (esc(_('Right.') if right else _('Not this time.'))) + "</b>"
        else:
            word, detail = closeness(value, answer, self.kind, self.scale)
            self.closeness = word
            right = word in ("exactly right", "spot on")
            g, a = Fraction(value), Fraction(answer)
            other_side = (self.kind not in ("probability", "count") and g != a and a != 0 and g != 0
                          and (g > 0) != (a > 0))
            joint = ", " if other_side else ": "
            shown = _(word)
            verdict = f"<b>{esc(shown[:1].upper() + shown[1:])}</b>" + (f"{joint}{esc(detail)}." if detail else ".")
        yours = _("Your guess: <b>{guess}</b>.").format(guess=esc(self.guess_text))
        the_answer = _("The answer: <b>{answer}</b>.").format(answer=esc(self.answer_text))
        self._show(f'<p class="sk-predict-compare"><span class="sk-predict-guess">{yours}</span> '
                   f'<span class="sk-predict-answer">{the_answer}</span></p>'
                   f'<p class="sk-predict-verdict">{verdict}</p>')
        link.guessed(self, value, self.right_choice if self.choices else answer)
        return right

    @safe_action(default=None)
    def show_me(self) -> str | None:
        """Reveal the answer without a guess; returns the answer text."""
        if self.revealed:
            raise SetteKitError(_("You have already seen the answer."))
        self.answer  # noqa: B018 - computed before anything changes
        self.closeness = "no guess"
        the_answer = _("The answer: <b>{answer}</b>.").format(answer=esc(self.answer_text))
        self._show('<p class="sk-predict-compare"><span class="sk-predict-guess">' + (esc(_("No guess."))) + f'</span> '
                   f'<span class="sk-predict-answer">{the_answer}</span></p>')
        return self.answer_text

    def _show(self, body: str) -> None:
        why = self.why(self.answer) if callable(self.why) else self.why
        why_html = f'<p class="sk-predict-why">{esc(why)}</p>' if why else ""
        self.reveal_html.value = f'<div class="sk-predict-result" role="status">{body}{why_html}</div>'
        self.revealed = True
        for w in self.buttons + [self.commit_button, self.skip_button, self.box]:
            if w is not None:
                w.disabled = True
        if self.extra is not None:
            self.extra.layout.display = None
            self.extra.children[0].layout.display = None

    def reopen(self) -> None:
        """Open the question again, as before any guess (a class's new round of the same
        Predict after a discussion, or the teacher's reset)."""
        self.revealed = False
        self.guessed, self.guess_text, self.closeness = None, "", ""
        self.reveal_html.value = ""
        for b in self.buttons:
            b.button_style = ""
            b.remove_class("sk-predict-chosen")
        for w in self.buttons + [self.commit_button, self.skip_button, self.box]:
            if w is not None:
                w.disabled = False
        if self.box is not None:
            self.box.value = ""
        if self.extra is not None:
            self.extra.layout.display = "none"
            self.extra.children[0].layout.display = "none"

    def press_enter(self, text: str) -> None:
        """Headless: type ``text`` in the box and press Enter (what a learner does)."""
        if self.box is None:
            raise SetteKitError(_("this Predict has buttons, not a box"))
        self.box.value = text
        press_enter(self.box)
