"""``Quiz``: a reusable exercise - a question, an answer box, feedback, hints, a score.

The questions come from :mod:`sette_kit.questions` (or any :class:`~sette_kit.questions.Question`);
answers are read by :mod:`sette_kit.answers`, so "24/37", "0.649", "64.9%" and "7½" all work.

Scoring: every readable answer to an open question counts one try; "3/4 right" counts
right tries out of all tries.  A question closes when answered right or revealed; later
answers to it get feedback but do not change the score.  Sending the same text twice in
a row (Enter, then the Check button) counts once.  Unreadable input shows a short
message under the box naming the accepted forms, and the score is unchanged.

>>> from sette_kit import Rules, parse_cards
>>> from sette_kit.questions import worth_question, hand_worth
>>> q = Quiz(worth_question(parse_cards("5c Fd"), Rules.preset("plain")))
>>> q.check("5"), q.check("11/2"), q.score_text
(False, True, '1/2 right')
>>> q.check("banana"); q.message_text.startswith("cannot read 'banana'")
False
True
>>> quiz = Quiz(hand_worth("italian", seed=4))
>>> answer = quiz.reveal(); f"The answer is {answer}." in quiz.feedback_text
True
>>> quiz.next()
<Question worth: 'What is this hand worth? Asso di denari' -> 1>
>>> quiz.score_text
'0/0 right'

Practice mode (:meth:`Quiz.practice`): endless seeded questions from the generators of
:mod:`sette_kit.questions`, a new one on demand ("Next question"), and a streak: each
question answered right at the first try adds one; a wrong try, "Show answer" or
skipping an unanswered question ends it; the best streak is kept.

>>> drill = Quiz.practice("worth", rules="plain", seed=3)
>>> drill.check(drill.question.answer_text), drill.streak, drill.best_streak
(True, 1, 1)
>>> _ = drill.next(); drill.check("99"), drill.streak, drill.best_streak
(False, 0, 1)
>>> drill.streak_text
'Streak: 0 · best: 1'
"""

from __future__ import annotations

from typing import Iterable, Iterator

import ipywidgets

from sette_kit.errors import SetteKitError
from sette_kit.classroom import link
from sette_kit.i18n import _
from sette_kit.questions import GENERATORS, Question

from .base import KitWidget, button, esc, exact_html, html_panel, lines_html, plain_text, safe_action, text_box
from .render import hand_html, read_card_size, read_face
from sette_kit.numbers import shown

__all__ = ["Quiz"]



class Quiz(KitWidget):
    """An exercise widget.

    ``question_or_generator`` is a :class:`Question`, an iterable of questions (a list or
    a generator from :mod:`sette_kit.questions`), or a topic name ('worth', 'matta',
    'reale', 'bust') with ``rules`` and ``seed``.  ``face`` overrides the card face.
    ``exercise``: the exercise's number in its lesson ("1.1"; not shown - the lesson's
    heading says it), for tests.  ``practice``: practice mode (see :meth:`practice`).

    Public actions: :meth:`check`, :meth:`hint`, :meth:`reveal`, :meth:`next`.
    """

    def __init__(self, question_or_generator, *, title: str | None = None, rules="italian", seed=None,
                 face: str | None = None, card_size: int = 64, practice: bool = False,
                 exercise: str | None = None) -> None:
        super().__init__()
        self.exercise = exercise  # the exercise's number in its lesson ("1.1"), for tests and tools
        # its id in a class, or None; a practice round is no item (it is the learner's own)
        self.item = None if practice else link.register(self, "quiz", exercise=exercise)
        if self.item is not None:
            self.view.add_class(link.css_class(self.item))
        self.face = None if face is None else read_face(face)  # checked here
        self.card_size = read_card_size(card_size)  # checked where the widget is made
        if isinstance(question_or_generator, Question):
            self._source: Iterator[Question] | None = None
            first = question_or_generator
        else:
            if isinstance(question_or_generator, str):
                if question_or_generator not in GENERATORS:
                    raise SetteKitError(_("unknown quiz topic {topic}: accepted {topics}").format(
                        topic=shown(question_or_generator), topics=", ".join(GENERATORS)))
                question_or_generator = GENERATORS[question_or_generator](rules, seed=seed)
            if not isinstance(question_or_generator, Iterable):
                raise SetteKitError(_("Quiz needs a Question, a list or generator of Questions, or a topic name"))
            self._source = iter(question_or_generator)
            first = self._pull()
            if first is None:
                raise SetteKitError(_("Quiz needs at least one question"))
        self.right = 0
        self.attempts = 0
        self._syncing = False
        self.practice_mode = bool(practice)
        if self.practice_mode and self._source is None:
            raise SetteKitError(_("practice mode needs a generator of questions, e.g. Quiz.practice('worth')"))
        self.streak = 0
        self.best_streak = 0
        self._wrong_here = False

        self.title = ipywidgets.HTML(f"<h4 class='sk-quiz-title'>{esc(title)}</h4>" if title else "")
        self.question_html = html_panel("sk-quiz-question")
        self.answer_box = text_box("", self._submitted, css="sk-quiz-answer", width="18em")
        self.answer_box.description = _("Answer:")
        self.answer_box.style.description_width = "initial"  # the label takes its own width, the box the rest
        self.check_button = button(_("Check"), lambda: self.check(self.answer_box.value),
                                   tooltip=_("Check your answer (or press Enter in the box)"), css="sk-quiz-check",
                                   style="primary")
        self.hint_button = button(_("Hint"), self.hint, tooltip=_("Show the next hint"), css="sk-quiz-hint")
        self.reveal_button = button(_("Show answer"), self.reveal, tooltip=_("Show the exact answer and the solution"),
                                    css="sk-quiz-reveal")
        self.next_button = button(_("Next"), self.next, tooltip=_("A new question"), css="sk-quiz-next")
        self.next_button.layout.display = None if self._source is not None else "none"
        self.feedback = html_panel("sk-quiz-feedback")
        self.hints_html = html_panel("sk-quiz-hints")
        self.score_html = html_panel("sk-quiz-score")
        if self.practice_mode:
            self.view.add_class("sk-quiz-practice")
            self.next_button.description = _("Next question")
            self.next_button.tooltip = _("A new question (an unanswered one ends the streak)")
        row = ipywidgets.HBox([self.answer_box, self.check_button, self.hint_button, self.reveal_button,
                               self.next_button], layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.set_children([self.title, self.question_html, row, self.message, self.feedback,
                           self.hints_html, self.score_html])
        self._show(first)

    # -- state -------------------------------------------------------------------------
    def _pull(self) -> Question | None:
        assert self._source is not None  # a quiz over a generator pulls its questions
        try:
            q = next(self._source)
        except StopIteration:
            return None
        if not isinstance(q, Question):
            raise SetteKitError(_("a quiz question must be a Question, not {kind}").format(kind=type(q).__name__))
        return q

    def _show(self, q: Question) -> None:
        self.question = q
        self.closed = False
        self.revealed = False
        self.hints_shown = 0
        self._last_text: str | None = None
        self._wrong_here = False
        self._tries_here = 0
        cards = ""
        if q.cards:
            cards = hand_html(q.cards, face=self.face, rules=q.rules, size=self.card_size)
        self.question_html.value = f'<p class="sk-quiz-text">{esc(q.text)}</p>{cards}'
        self.answer_box.placeholder = _(q.placeholder) if q.placeholder else ""  # the answer's form (questions.PLACEHOLDERS)
        self._set_box("")
        self.feedback.value = ""
        self.hints_html.value = ""
        self.hint_button.disabled = not q.hints
        self._update_score()

    def _set_box(self, text: str) -> None:
        self._set_quiet(self.answer_box, text)

    def _update_score(self) -> None:
        streak = (f' <span class="sk-streak">· {esc(self.streak_text)}</span>' if self.practice_mode else "")
        score = _("Score: {score}").format(score=self.score_text)
        self.score_html.value = f'<span class="sk-score" aria-live="polite">{esc(score)}{streak}</span>'

    @property
    def streak_text(self) -> str:
        """'Streak: 3 · best: 5' (practice mode)."""
        return _("Streak: {streak} · best: {best}").format(streak=self.streak, best=self.best_streak)

    def _end_streak(self) -> None:
        self.streak = 0

    @classmethod
    def practice(cls, topics="worth", *, rules="plain", seed=None, title: str | None = None,
                 **kwargs) -> "Quiz":
        """An endless practice quiz: ``topics`` is a topic of
        :data:`sette_kit.questions.GENERATORS` ('worth', 'matta', 'reale', 'bust') or a
        list of them (mixed at random, :func:`sette_kit.questions.mixed`); ``seed``
        makes the sequence of questions the same every run."""
        from sette_kit.questions import mixed

        if isinstance(topics, str):
            if topics not in GENERATORS:
                raise SetteKitError(_("unknown practice topic {topic}: accepted {topics}").format(
                    topic=shown(topics), topics=", ".join(GENERATORS)))
            source = GENERATORS[topics](rules, seed=seed)
        else:
            source = mixed(rules, seed=seed, topics=tuple(topics))
        return cls(source, title=title, practice=True, **kwargs)

    @property
    def score_text(self) -> str:
        """The running score, e.g. '3/4 right'."""
        return _("{right}/{attempts} right").format(right=self.right, attempts=self.attempts)

    @property
    def feedback_text(self) -> str:
        """The feedback as plain text (for tests and screen readers)."""
        return plain_text(self.feedback.value)

    def _submitted(self, text: str) -> None:
        if not self._syncing:
            self.check(text)

    # -- actions -----------------------------------------------------------------------
    @safe_action(default=False)
    def check(self, answer) -> bool:
        """Check ``answer`` (text); True if right.  Unreadable or too imprecise input
        gives a message and returns False without changing the score."""
        text = "" if answer is None else str(answer)
        if self.answer_box.value != text:
            self._set_box(text)
        q = self.question
        verdict = q.check(text)
        if verdict.status == "unreadable" or verdict.status == "imprecise":
            self._last_text = None
            raise SetteKitError(verdict.message)
        repeat = self._last_text == text.strip()
        self._last_text = text.strip()
        if not self.closed and not repeat:
            self.attempts += 1
            self._tries_here += 1
            link.checked(self, text, verdict.right, self._tries_here, verdict.mistake)
            self.right += verdict.right
            if verdict.right:
                self.closed = True
                if self.practice_mode and not self._wrong_here:
                    self.streak += 1
                    self.best_streak = max(self.best_streak, self.streak)
            else:
                self._wrong_here = True
                self._end_streak()
            self._update_score()
        if verdict.right:  # "Right: No." - the learner's words as written
            said = verdict.message.split(": ", 1)[1] if ": " in verdict.message else verdict.message
            self.feedback.value = ('<div class="sk-right" role="status"><b>✔ ' + (esc(_("Right:"))) + f'</b> '
                                   f'{esc(said)}</div>'
                                   + self._exact_html() + self._solution_html())
        else:
            self.feedback.value = (f'<div class="sk-wrong" role="status"><b>✘ {esc(verdict.message)}</b> '
                                   f'' + (esc(_("Try again, ask for a hint, or show the answer."))) + '</div>')
        return verdict.right

    @safe_action
    def hint(self) -> str | None:
        """Show the next hint; returns its text."""
        q = self.question
        if self.hints_shown >= len(q.hints):
            raise SetteKitError(_("No more hints for this question: use Show answer to see the solution."))
        self.hints_shown += 1
        shown = q.hints[: self.hints_shown]
        self.hints_html.value = ('<div class="sk-hint"><b>' + (esc(_("Hints"))) + '</b>'
                                 + lines_html("\n".join(shown), "sk-hint-list") + "</div>")
        self.hint_button.disabled = self.hints_shown >= len(q.hints)
        return shown[-1]

    @safe_action
    def reveal(self) -> str:
        """Show the exact answer and the worked solution; the question no longer scores."""
        if not self.closed:
            self._end_streak()
            self._update_score()
        self.revealed = True
        self.closed = True
        the_answer = _("The answer is {answer}.").format(answer=self.question.answer_text)
        self.feedback.value = (f'<div class="sk-revealed" role="status"><b>{esc(the_answer)}</b></div>'
                               + self._exact_html()
                               + self._solution_html())
        return self.question.answer_text

    @safe_action
    def next(self) -> Question | None:
        """Move to a new question (generators and lists only)."""
        if self._source is None:
            raise SetteKitError(_("This quiz has a single question."))
        q = self._pull()
        if q is None:
            self.next_button.disabled = True
            raise SetteKitError(_("That was the last question."))
        if self.practice_mode and not self.closed:
            self._end_streak()  # skipping an unanswered question ends the streak
        self._show(q)
        return q

    def _exact_html(self) -> str:
        """A long exact answer's fraction, on request (the text gives its decimal)."""
        answer = self.question.answer
        return "" if isinstance(answer, bool) else exact_html(answer)

    def _solution_html(self) -> str:
        if not self.question.solution:
            return ""
        return ('<details class="sk-solution" open><summary>' + (esc(_("Solution"))) + '</summary>'
                + lines_html(self.question.solution) + "</details>")
