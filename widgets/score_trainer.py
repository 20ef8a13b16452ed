"""``ScoreTrainer``: deal or type a hand, see its score, kind and the step-by-step reasons.

In quiz mode the score is hidden and the learner is asked "What is this hand worth?";
answers such as "7½", "7 1/2", "7.5" or "15/2" are checked against the engine, and
common mistakes (figures counted as 10, the matta left at ½...) get targeted feedback.

>>> from sette_kit import Rules
>>> t = ScoreTrainer(seed=1)
>>> t.pick("7 di denari, Fante di denari")
(Card(7, 'denari'), Card('Fante', 'denari'))
>>> t.result.kind
'reale'
>>> "sette e mezzo reale" in t.result_text and "7½" in t.result_text
True
>>> t.pick("8 di coppe"); t.message_text.startswith("'8 di coppe': 8, 9 and 10 are not in the 40-card deck")
True
>>> t.result.kind        # unchanged by bad input
'reale'
>>> _ = t.set_quiz_mode(True); t.check("7.5"), t.quiz_score_text
(True, '1/1 right')
"""

from __future__ import annotations

import random

import ipywidgets

from sette_kit.cards import Deck, parse_cards
from sette_kit.errors import SetteKitError
from sette_kit.i18n import N_, _
from sette_kit.explain import explain
from sette_kit.questions import PLACEHOLDERS, worth_question
from sette_kit.rules import Rules
from sette_kit.scoring import fmt_points, score

from .base import KitWidget, button, esc, html_panel, lines_html, plain_text, read_cards, safe_action, text_box, text_of
from .render import hand_html, read_card_size, read_face
from sette_kit.numbers import shown

__all__ = ["ScoreTrainer", "KIND_WORDS", "kind_words", "score_words"]

KIND_WORDS = {
    "bust": N_("bust (sballato)"),
    "points": N_("points"),
    "sette_e_mezzo": N_("sette e mezzo"),
    "reale": N_("sette e mezzo reale"),
    "triple": N_("sette e mezzo triplé"),
}
"""The kinds of :class:`~sette_kit.scoring.Score` in words (English: translate where shown,
:func:`kind_words`)."""


def kind_words(kind: str) -> str:
    """A kind of score in words, in the current language."""
    return _(KIND_WORDS[kind])


def score_words(s, rules=None) -> str:
    """A score as the learner reads it: '2 points', '½ point', '7½, sette e mezzo reale'.

    A plain 7½ is named as the game of ``rules`` is (``Rules.game_name``: "siete y media"
    under the Spanish preset).

    >>> from sette_kit import Rules, parse_cards, score
    >>> score_words(score(parse_cards("2c"), Rules.preset("plain"))), score_words(score(parse_cards("Fc"), Rules.preset("plain")))
    ('2 points', '½ point')
    >>> score_words(score(parse_cards("7d Fd"), Rules.preset("italian")))
    '7½, sette e mezzo reale'
    """
    total = fmt_points(s.total)
    if s.kind == "points":
        return (_("{total} point") if s.total <= 1 else _("{total} points")).format(total=total)
    if s.kind == "sette_e_mezzo" and rules is not None:
        return f"{total}, {rules.game_name.lower()}"
    return f"{total}, {kind_words(s.kind)}"


class ScoreTrainer(KitWidget):
    """Deal (seeded) or type a hand and see how it scores; a quiz mode asks for the score.

    Public actions: :meth:`deal`, :meth:`pick`, :meth:`set_quiz_mode`, :meth:`check`,
    :meth:`reveal`.
    """

    def __init__(self, rules: Rules | str | None = None, *, seed=None, face: str | None = None,
                 cards=None, card_size: int = 72) -> None:
        super().__init__()
        self.rules = Rules.preset(rules or "italian") if not isinstance(rules, Rules) else rules
        self.face = read_face(self.rules.face if face is None else face)  # checked here
        self.card_size = read_card_size(card_size)  # checked where the widget is made
        self._rng = random.Random(seed)
        self.quiz_mode = False
        self.right = self.attempts = 0
        self._last_text: str | None = None
        self._syncing = False

        self.deal_button = button(_("Deal"), self.deal, tooltip=_("Deal a random hand of 1 to 4 cards"), css="sk-deal",
                                  style="primary")
        self.cards_box = text_box(_("e.g. 7 di coppe, Re di denari"), self._picked, css="sk-cards-input")
        self.cards_box.description = _("Hand:")
        self.pick_button = button(_("Show hand"), lambda: self.pick(self.cards_box.value),
                                  tooltip=_("Score the hand typed in the box (or press Enter)"), css="sk-pick")
        self.quiz_toggle = ipywidgets.ToggleButton(value=False, description=_("Quiz mode"),
                                                   tooltip=_("Hide the score and ask: what is this hand worth?"))
        self.quiz_toggle.add_class("sk-quiz-mode")
        self.quiz_toggle.observe(lambda ch: self.set_quiz_mode(ch["new"]), names="value")
        self.hand_view = html_panel("sk-hand-view")
        self.result_html = html_panel("sk-result")
        # quiz row
        self.prompt = ipywidgets.HTML("<b>" + (esc(_('What is this hand worth?'))) + "</b>")
        self.answer_box = text_box(_(PLACEHOLDERS["points"]), self._answered, css="sk-score-answer",
                                   width="14em")
        self.check_button = button(_("Check"), lambda: self.check(self.answer_box.value),
                                   tooltip=_("Check your answer (or press Enter)"), css="sk-score-check")
        self.reveal_button = button(_("Show answer"), self.reveal, tooltip=_("Show the score and the explanation"),
                                    css="sk-score-reveal")
        self.feedback = html_panel("sk-score-feedback")
        self.quiz_box = ipywidgets.VBox([self.prompt, ipywidgets.HBox([self.answer_box, self.check_button,
                                                                      self.reveal_button]), self.feedback])
        self.quiz_box.layout.display = "none"
        controls = ipywidgets.HBox([self.deal_button, self.cards_box, self.pick_button, self.quiz_toggle],
                                   layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.set_children([controls, self.message, self.hand_view, self.quiz_box, self.result_html])
        if cards is not None:
            self._set_hand(parse_cards(cards, face=self.face) if isinstance(cards, str) else tuple(cards))
        else:
            self._set_hand(Deck(rng=self._rng).deal(self._rng.randint(1, 4)))

    # -- state ---------------------------------------------------------------------------
    def _set_hand(self, cards) -> None:
        result = score(cards, self.rules)  # raises before anything changes
        self.cards, self.result = tuple(cards), result
        self.question = worth_question(self.cards, self.rules)
        self.solved = False
        self._last_text = None
        self.hand_view.value = hand_html(self.cards, self.face, self.rules, size=self.card_size)
        self._set_answer("")
        self.feedback.value = ""
        self._render_result()

    def _render_result(self) -> None:
        if self.quiz_mode and not self.solved:
            hidden = esc(_("The score is hidden: answer the question above."))
            self.result_html.value = f'<p class="sk-hidden-score"><i>{hidden}</i></p>'
            return
        s = self.result
        matta = (" " + _("(the matta counts {value})").format(value=fmt_points(s.matta_value))
                 if s.matta_value is not None and len(s.cards) > 1 else "")
        words = f'<span class="sk-kind sk-kind-{s.kind}">{esc(score_words(s, self.rules))}</span>'
        self.result_html.value = (
            '<p class="sk-score-line" aria-live="polite"><b>' + (_("Score: {words}").format(words=words)) + f'</b>{esc(matta)}</p>'
            + lines_html(explain(self.cards, self.rules), "sk-explain"))

    def _set_answer(self, text: str) -> None:
        self._set_quiet(self.answer_box, text)

    def _picked(self, text: str) -> None:
        if not self._syncing:
            self.pick(text)

    def _answered(self, text: str) -> None:
        if not self._syncing:
            self.check(text)

    @property
    def result_text(self) -> str:
        """The score line and explanation as plain text."""
        return plain_text(self.result_html.value)

    feedback_text = text_of("feedback")

    @property
    def quiz_score_text(self) -> str:
        return _("{right}/{attempts} right").format(right=self.right, attempts=self.attempts)

    # -- actions ---------------------------------------------------------------------------
    @safe_action
    def deal(self, n: int | None = None):
        """Deal a new random hand of ``n`` cards (1-4 at random if not given)."""
        if n is None:
            n = self._rng.randint(1, 4)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= 10:
            raise SetteKitError(_("cannot deal {n} cards: give a whole number from 1 to 10").format(n=shown(n)))
        self._set_hand(Deck(rng=self._rng).deal(n))
        return self.cards

    @safe_action
    def pick(self, text: str):
        """Show the hand typed in ``text`` (any form :func:`~sette_kit.cards.parse_cards` reads)."""
        cards = read_cards(text, face=self.face)
        self._set_hand(cards)
        if self.cards_box.value != text:
            self._set_quiet(self.cards_box, text)
        return self.cards

    @safe_action
    def set_quiz_mode(self, on: bool = True) -> bool:
        """Turn quiz mode on (hide the score, ask for it) or off."""
        self.quiz_mode = bool(on)
        if self.quiz_toggle.value != self.quiz_mode:
            self.quiz_toggle.value = self.quiz_mode
        self.quiz_box.layout.display = None if self.quiz_mode else "none"
        self._render_result()
        return self.quiz_mode

    @safe_action(default=False)
    def check(self, answer) -> bool:
        """Check an answer to "What is this hand worth?"; True if right.  Turns quiz mode on.
        Unreadable input gives a message naming the accepted forms; the score is unchanged."""
        if not self.quiz_mode:
            self.set_quiz_mode(True)
        if answer is not None and not isinstance(answer, str):  # a number is read as a number
            answer = shown(answer, 60) if isinstance(answer, int) and answer.bit_length() > 200 else answer
        text = "" if answer is None else str(answer)
        if self.answer_box.value != text:
            self._set_answer(text)
        verdict = self.question.check(text)
        if not verdict.counts:
            raise SetteKitError(verdict.message)
        if not self.solved and self._last_text != text.strip():
            self.attempts += 1
            self.right += verdict.right
        self._last_text = text.strip()
        if verdict.right:
            self.solved = True
            self.feedback.value = f'<div class="sk-right" role="status"><b>✔ {esc(verdict.message)}</b></div>'
        else:
            self.feedback.value = (f'<div class="sk-wrong" role="status"><b>✘ {esc(verdict.message)}</b> '
                                   f'' + (esc(_("Try again or show the answer."))) + '</div>')
        self.feedback.value += '<p class="sk-score">' + (esc(_("Score: {words}").format(words=self.quiz_score_text))) + '</p>'
        self._render_result()
        return verdict.right

    @safe_action
    def reveal(self) -> str:
        """Show the score and the explanation (the question then no longer scores)."""
        self.solved = True
        worth = _("The hand is worth {points}.").format(points=fmt_points(self.result.total))
        score_line = _("Score: {words}").format(words=self.quiz_score_text)
        self.feedback.value = (f'<div class="sk-revealed" role="status"><b>{esc(worth)}</b></div>'
                               f'<p class="sk-score">{esc(score_line)}</p>')
        self._render_result()
        return fmt_points(self.result.total)
