"""Exercise questions with exact answers from the engine, and seeded generators of them.

A :class:`Question` has the question text, the exact answer (a Fraction, or a bool for
yes/no questions), hints, a worked solution, and *common wrong answers* with feedback
aimed at the mistake (figures counted as 10, cards already drawn still counted in the
deck...).  :meth:`Question.check` reads the learner's text with
:mod:`sette_kit.answers` and returns a :class:`~sette_kit.answers.Verdict`.

Generators draw random hands (seeded, so a lesson shows the same questions every run)
and take every answer from :func:`~sette_kit.scoring.score` / :func:`~sette_kit.explain.explain`:

- :func:`hand_worth` - "What is this hand worth?"  (S1, S2, S4)
- :func:`matta_value` - "What value should the matta take?"  (S3, S4)
- :func:`is_reale` - "Is this hand a sette e mezzo reale?"  (S5)
- :func:`bust_chance` - "What is the probability of busting with one more card?"  (S2)

>>> from sette_kit import Rules, parse_cards
>>> q = worth_question(parse_cards("7c Fd"), Rules.preset("plain"))
>>> q.text
'What is this hand worth? 7 di coppe, Fante di denari'
>>> q.check("7½").status, q.check("15/2").status
('right', 'right')
>>> print(q.check("15").message)
Not quite. Figures count ½ each, not 8, 9 and 10 (S1).
>>> q2 = next(bust_chance(Rules.preset("plain"), seed=3))
>>> q2.answer == sum(score(q2.cards + (c,), q2.rules).bust for c in FULL_DECK if c not in q2.cards) / Fraction(40 - len(q2.cards))
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Iterator, Sequence

from . import answers
from .answers import Verdict
from .._checks import read_seed
from ..cards import FULL_DECK, Card, Deck, Rank, as_cards
from ..errors import SetteKitError
from ..explain import explain
from ..i18n import N_, _
from ..numbers import read_whole, shown
from ..rules import Rules, as_rules
from ..scoring import SETTE_E_MEZZO, card_value, fmt_points, score

__all__ = [
    "Question", "Mistake", "worth_question", "matta_question", "reale_question", "bust_question",
    "hand_worth", "matta_value", "is_reale", "bust_chance", "mixed", "GENERATORS", "bust_count",
    "KINDS", "ACCEPTED", "PLACEHOLDERS",
]

KINDS = answers.KINDS + ("money", "count")
"""What a question asks for: the kinds :mod:`sette_kit.answers` reads, plus 'money' (a
whole amount won or lost, e.g. +10 or -5) and 'count' (a whole number of things)."""

_READ_AS = {"money": "number", "count": "number"}  # how answers.check reads the two extra kinds

ACCEPTED = {**answers.ACCEPTED,
            "money": N_("a whole amount such as 10, +10 or -5"),
            "count": N_("a whole number such as 12")}
"""The accepted answer forms of each kind, in words."""

PLACEHOLDERS = {
    "probability": N_("e.g. 24/37 or 64.9%"),
    "points": N_("e.g. 7½ or 15/2"),
    "number": N_("e.g. 24/37 or 0.649"),
    "money": N_("e.g. +10 or -5"),
    "count": N_("e.g. 12"),
    "yesno": N_("yes or no"),
}
"""The answer box's example for each kind: the answer's form, short enough to show whole
in a narrow box (at most 20 characters)."""


@dataclass(frozen=True)
class Mistake:
    """A common wrong answer and the feedback aimed at it.  ``key`` names the mistake in
    no language (a class adds up its mistakes under it, whatever each learner's
    language); without one, its :attr:`id` is the wrong value it catches.

    >>> Mistake(Fraction(3, 10), "forgot the card in hand").id, Mistake(True, "no").id
    ('3/10', 'yes')
    >>> Mistake(Fraction(10), "...", key="figures counted 10").id
    'figures counted 10'
    """

    value: Fraction | bool
    feedback: str
    key: str = ""

    @property
    def id(self) -> str:
        """The mistake's name in no language: its ``key``, else the value it catches."""
        if self.key:
            return self.key
        if isinstance(self.value, bool):
            return "yes" if self.value else "no"
        return str(Fraction(self.value))


@dataclass(frozen=True)
class Question:
    """One exercise.  ``kind`` is one of :data:`KINDS`: 'points', 'probability',
    'number', 'money', 'count' or 'yesno'.  ``placeholder``, the answer box's example,
    defaults to the kind's (:data:`PLACEHOLDERS`).

    >>> q = Question("You staked 5 and the bank wins. How much do you win (+) or lose (-)?", -5, kind="money")
    >>> q.placeholder, q.answer_text, q.check("-5").right, q.check("5").right
    ('e.g. +10 or -5', '-5', True, False)
    """

    text: str
    answer: Fraction | bool
    kind: str = "number"
    hints: tuple[str, ...] = ()
    solution: str = ""
    mistakes: tuple[Mistake, ...] = ()
    cards: tuple[Card, ...] = ()
    rules: Rules | None = None
    topic: str = ""
    extra: dict = field(default_factory=dict, compare=False)
    placeholder: str = ""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise SetteKitError(_("kind={kind}: accepted {kinds}").format(kind=shown(self.kind),
                                                                          kinds=", ".join(KINDS)))
        if not self.placeholder:
            object.__setattr__(self, "placeholder", _(PLACEHOLDERS[self.kind]))
        # a "mistake" equal to the answer would tell a right learner they are wrong
        keep, seen = [], set()
        for m in self.mistakes:
            key = bool(m.value) if self.kind == "yesno" else Fraction(m.value)
            right = (key == bool(self.answer)) if self.kind == "yesno" else key == Fraction(self.answer)
            if not right and key not in seen:
                seen.add(key)
                keep.append(m)
        object.__setattr__(self, "mistakes", tuple(keep))

    def __repr__(self) -> str:
        return f"<Question {self.topic or self.kind}: {self.text!r} -> {self.answer_text}>"

    @property
    def answer_text(self) -> str:
        """The answer in words: '7½', '24/37 ≈ 0.6486 (64.86%)', 'yes', '+10'."""
        if self.kind == "money" and Fraction(self.answer).denominator == 1:
            return f"{int(self.answer):+d}" if self.answer else "0"
        return answers.fmt_exact(self.answer, _READ_AS.get(self.kind, self.kind))

    @property
    def accepted(self) -> str:
        """The accepted answer forms, in words."""
        return _(ACCEPTED[self.kind])

    def check(self, text) -> Verdict:
        """Check the learner's text; a wrong answer that matches a common mistake gets
        that mistake's feedback.  Never raises on learner input."""
        v = answers.check(text, self.answer, _READ_AS.get(self.kind, self.kind))
        if v.status == "unreadable" and self.kind in _READ_AS:
            cut = str(text).strip()
            cut = cut if len(cut) <= 20 else cut[:17] + "..."
            return Verdict("unreadable", _("cannot read {text}: write {accepted}").format(
                text=repr(cut), accepted=_(ACCEPTED[self.kind])), None)
        if v.status == "right" and self.kind == "money":
            return Verdict("right", _("Right: {answer}.").format(answer=self.answer_text), v.answer)
        if v.status != "wrong":
            return v
        for m in self.mistakes:
            if self.kind == "yesno":
                hit = bool(v.answer.value) == bool(m.value)
            else:
                hit = answers.matches(v.answer, Fraction(m.value)) == "right"
            if hit:
                return Verdict("wrong", _("Not quite. {feedback}").format(feedback=m.feedback), v.answer,
                               mistake=m.id)
        return v


# ---------------------------------------------------------------------------------
# Builders: one question from given cards
# ---------------------------------------------------------------------------------

def _names(cards, rules: Rules) -> str:
    return ", ".join(c.name(rules.face) for c in cards)


def _total_with(cards, rules: Rules, figure_value=None, matta_value=None) -> Fraction:
    """The plain sum with figures (and the matta) counted some other way: for mistakes."""
    total = Fraction(0)
    for c in cards:
        if rules.is_matta(c) and matta_value is not None:
            total += matta_value
        elif c.is_figure and figure_value is not None:
            total += figure_value(c)
        else:
            total += card_value(c)
    return total


def worth_question(cards: Sequence[Card], rules: Rules) -> Question:
    """"What is this hand worth?": the answer is the hand's total (S1, S2, S4)."""
    cards, rules = as_cards(cards), as_rules(rules)
    s = score(cards, rules)
    has_matta = any(rules.is_matta(c) for c in cards)
    hints = [_("Ace to 7 count their number; every figure (Fante, Cavallo, Re) counts ½ (S1).")]
    if has_matta and len(cards) > 1:
        hints.append(_("The matta is wild: it takes the value that gives the best total not over 7½ (S4)."))
    hints.append(_("Add the values up; over 7½ is bust, but the question still wants the total (S2)."))
    figs = [c for c in cards if c.is_figure and not (rules.is_matta(c) and len(cards) > 1)]
    mistakes = []
    if figs:
        mistakes.append(Mistake(_total_with(cards, rules, lambda c: Fraction(int(c.rank)), s.matta_value),
                                _("Figures count ½ each, not 8, 9 and 10 (S1)."), key="figures counted 8, 9, 10"))
        mistakes.append(Mistake(_total_with(cards, rules, lambda c: Fraction(10), s.matta_value),
                                _("Figures count ½ here, not 10 as in blackjack (S1)."), key="figures counted 10"))
        mistakes.append(Mistake(_total_with(cards, rules, lambda c: Fraction(0), s.matta_value),
                                _("Don't forget the ½ that each figure adds (S1)."), key="figures counted 0"))
    if has_matta and len(cards) > 1:
        mistakes.append(Mistake(_total_with(cards, rules, matta_value=Fraction(1, 2)),
                                _("Beside other cards the matta is wild: it takes the best value, not its own ½ (S4)."), key="matta counted ½"))
        mistakes.append(Mistake(_total_with(cards, rules, matta_value=Fraction(7)),
                                _("The Italian rules say an undeclared matta counts 7; here the kit gives it its best "
                                  "value, as players do when they declare it (S4)."), key="matta counted 7"))
    return Question(
        text=_("What is this hand worth? {cards}").format(cards=_names(cards, rules)),
        answer=s.total, kind="points", hints=tuple(hints), solution=explain(cards, rules),
        mistakes=tuple(mistakes), cards=cards, rules=rules, topic="worth",
    )


def matta_question(cards: Sequence[Card], rules: Rules) -> Question:
    """"What value should the matta take?": the engine's best value (S4)."""
    cards, rules = as_cards(cards), as_rules(rules)
    if rules.matta is None or rules.matta not in cards or len(cards) < 2:
        raise SetteKitError(_("a matta question needs rules with a matta and a hand of the matta "
                              "plus at least one other card (S3, S4)"))
    s = score(cards, rules)
    allowed = ", ".join(fmt_points(v) for v in rules.matta_values)
    hints = (_("The matta may take {allowed} (S4).").format(allowed=allowed),
             _("Add up the other cards first, then see how much room is left below 7½."),
             _("Take the largest allowed value that does not go over 7½; if none fits, the smallest."))
    base = s.total - s.matta_value
    mistakes = [Mistake(Fraction(7), _("7 is allowed, but here it takes the hand over 7½: bust (S2, S4).")),
                Mistake(Fraction(1, 2), _("½ is the matta's value alone; beside other cards a larger value fits (S4)."))]
    if rules.matta_whole_only:
        mistakes[1] = Mistake(Fraction(1, 2), _("These rules allow whole numbers only for the matta (S4 variant)."))
    if (SETTE_E_MEZZO - base) not in rules.matta_values and SETTE_E_MEZZO - base > 0:
        mistakes.append(Mistake(SETTE_E_MEZZO - base, _("{value} would make 7½, but it is not an allowed value "
                                                        "({allowed}).").format(
            value=fmt_points(SETTE_E_MEZZO - base), allowed=allowed)))
    return Question(
        text=_("The matta is wild. What value should it take in this hand? {cards}").format(
            cards=_names(cards, rules)),
        answer=s.matta_value, kind="points", hints=hints, solution=explain(cards, rules),
        mistakes=tuple(mistakes), cards=cards, rules=rules, topic="matta",
    )


def reale_question(cards: Sequence[Card], rules: Rules) -> Question:
    """"Is this hand a sette e mezzo reale?" (S5): yes/no from the engine's kind."""
    cards, rules = as_cards(cards), as_rules(rules)
    s = score(cards, rules)
    yes = s.kind == "reale"
    same = rules.reale_same_suit
    hints = (_("A reale is 7½ made with exactly two cards of the same suit (S5).") if same
             else _("A reale is 7½ made with exactly two cards (S5)."),
             _("It is a 7 and a figure, or the matta and a figure."))
    if yes:
        why = (_("{total} with two cards of the same suit - exactly the reale (S5).") if same
               else _("{total} with two cards - exactly the reale (S5).")).format(total=fmt_points(s.total))
    elif not rules.reale:
        why = _("These rules have no reale: every 7½ is the same hand.")
    elif s.total != SETTE_E_MEZZO:
        why = _("The hand makes {total}; a reale must total exactly 7½ (S5).").format(total=fmt_points(s.total))
    elif len(cards) != 2:
        why = _("A reale has exactly two cards (S5).")
    elif rules.reale_same_suit and cards[0].suit != cards[1].suit:
        why = _("The two cards are of different suits; these rules want the same suit (S5).")
    else:
        why = _("A reale is a 7 and a figure, or the matta and a figure (S5).")
    return Question(
        text=_("Is this hand a sette e mezzo reale? {cards}").format(cards=_names(cards, rules)),
        answer=yes, kind="yesno", hints=hints, solution=explain(cards, rules),
        mistakes=(Mistake(not yes, why),), cards=cards, rules=rules, topic="reale",
    )


def bust_count(cards: Sequence[Card], rules: Rules, seen: Sequence[Card] = ()) -> tuple[int, int]:
    """(cards that would bust the hand, cards left) for one more card from the rest of
    the deck, by direct counting over the 40-card deck (S2).

    >>> from sette_kit import parse_cards, Rules
    >>> bust_count(parse_cards("6c 1d"), Rules.preset("plain"))   # 7: any card but a figure busts
    (26, 38)
    """
    cards, rules = as_cards(cards), as_rules(rules)
    seen = as_cards(seen, what="seen") if seen != () else ()
    held = set(cards) | set(seen)
    rest = [c for c in FULL_DECK if c not in held]
    busting = sum(score(tuple(cards) + (c,), rules).bust for c in rest)
    return busting, len(rest)


def _bust_probability(cards, seen, rules: Rules, counted: Fraction) -> Fraction:
    """The exact answer from :func:`sette_kit.odds.bust_probability` (imported lazily);
    the direct count is the fallback and must agree with it."""
    try:
        from ..odds import bust_probability
    except ImportError:  # pragma: no cover - odds is part of the package
        return counted
    p = Fraction(bust_probability(cards, seen, rules))
    if p != counted:  # pragma: no cover - two independent computations of S2
        raise RuntimeError(f"internal disagreement on the bust probability: odds says {p}, counting says {counted}")
    return p


def bust_question(cards: Sequence[Card], rules: Rules, seen: Sequence[Card] = ()) -> Question:
    """"What is the probability of busting with one more card?" (S2), counted exactly."""
    cards, seen, rules = as_cards(cards), as_cards(seen, what="seen") if seen != () else (), as_rules(rules)
    busting, left = bust_count(cards, rules, seen)  # the counts, for the hints and the solution
    p = _bust_probability(cards, seen, rules, Fraction(busting, left))
    s = score(cards, rules)
    room = SETTE_E_MEZZO - s.total
    first = _("The hand makes {total}, so a card worth more than {room} busts it.").format(
        total=fmt_points(s.total), room=fmt_points(room))
    matta = next((c for c in cards if rules.is_matta(c)), None)
    if matta is not None:  # S4: the matta can lower its value, so fewer cards bust
        others = sum((card_value(c) for c in cards if c != matta), Fraction(0))
        least = min(rules.matta_values)
        room = SETTE_E_MEZZO - others - least
        first = _("The hand makes {total}, but the matta can lower its value to "
                  "{least} (S4): without it the hand makes {others}, so only a card worth "
                  "more than {room} busts it.").format(total=fmt_points(s.total), least=fmt_points(least),
                                                       others=fmt_points(others), room=fmt_points(room))
    hints = (first,
             _("{out} cards are out of the deck: {left} are left to draw from.").format(
                 out=len(cards) + len(seen), left=left),
             _("Count the busting cards among those left and divide by how many are left."))
    figures_bust = sum(1 for c in FULL_DECK if c not in cards and c not in seen and c.is_figure
                       and not score(cards + (c,), rules).bust)
    mistakes = [
        Mistake(Fraction(busting, 40), _("The cards you hold are no longer in the deck: divide by the cards "
                                         "left ({left}), not by 40.").format(left=left), key="divided by 40"),
        Mistake(1 - p, _("That is the chance of NOT busting; the question asks for busting."), key="chance of not busting"),
    ]
    if figures_bust:
        mistakes.append(Mistake(Fraction(busting + figures_bust, left),
                                _("Figures count ½, so they never bust a hand that is under 7½ (S1)."), key="figures counted as busting"))
    if seen:
        seen_bust = sum(score(cards + (c,), rules).bust for c in seen)
        mistakes.append(Mistake(Fraction(busting + seen_bust, left + len(seen)),
                                _("The cards already seen on the table are gone from the deck too."), key="seen cards still counted"))
    exact = answers.fmt_exact(p, 'probability')
    if (p.numerator, p.denominator) == (busting, left):
        last = _("Probability = {p}.").format(p=exact)
    else:
        last = _("Probability = {busting}/{left} = {p}.").format(busting=busting, left=left, p=exact)
    solution = "\n".join((explain(cards, rules).splitlines()[-1],
                          _("Cards left in the deck: 40 - {out} = {left}.").format(out=len(cards) + len(seen),
                                                                                   left=left),
                          _("Of these, {busting} would take the total over 7½.").format(busting=busting),
                          last))
    if seen:
        text = _("You hold {cards}. Cards already seen on the table: {seen}. What is the probability of "
                 "busting with one more card?").format(cards=_names(cards, rules), seen=_names(seen, rules))
    else:
        text = _("You hold {cards}. What is the probability of busting with one more card?").format(
            cards=_names(cards, rules))
    return Question(
        text=text,
        answer=p, kind="probability", hints=hints, solution=solution, mistakes=tuple(mistakes),
        cards=cards, rules=rules, topic="bust", extra={"seen": seen, "busting": busting, "left": left},
    )


# ---------------------------------------------------------------------------------
# Seeded generators
# ---------------------------------------------------------------------------------

def _rng(seed, rng) -> random.Random:
    if rng is not None:
        if not hasattr(rng, "randint"):
            raise SetteKitError(_("rng={rng}: give a random.Random, or pass seed= instead").format(rng=shown(rng)))
        return rng
    return random.Random(read_seed(seed))


def hand_worth(rules: Rules | str = "italian", *, seed=None, rng=None, min_cards: int = 1,
               max_cards: int = 4) -> Iterator[Question]:
    """Endless "What is this hand worth?" questions on random hands of 1-4 cards.

    >>> qs = hand_worth("italian", seed=1)
    >>> [next(qs).text for _ in range(2)] == [q.text for q, _ in zip(hand_worth("italian", seed=1), range(2))]
    True
    """
    r, rules = _rng(seed, rng), as_rules(rules)
    min_cards, max_cards = (read_whole(v, what, 1, 10, text=False) for what, v in (("min_cards", min_cards),
                                                                       ("max_cards", max_cards)))
    if not 1 <= min_cards <= max_cards <= 10:
        raise SetteKitError(_("min_cards and max_cards must satisfy 1 <= min_cards <= max_cards <= 10"))
    while True:
        yield worth_question(Deck(rng=r).deal(r.randint(min_cards, max_cards)), rules)


def matta_value(rules: Rules | str = "italian", *, seed=None, rng=None) -> Iterator[Question]:
    """Endless "What value should the matta take?" questions: the matta plus 1-3 cards."""
    r, rules = _rng(seed, rng), as_rules(rules)
    if rules.matta is None:
        raise SetteKitError(_("matta_value questions need rules with a matta, e.g. Rules.preset('italian') (S3)"))
    others = [c for c in FULL_DECK if c != rules.matta]
    while True:
        n = r.choice((1, 1, 2, 2, 3))
        hand = r.sample(others, n)
        if sum(card_value(c) for c in hand) >= SETTE_E_MEZZO:  # keep it a real choice
            continue
        hand.insert(r.randrange(n + 1), rules.matta)
        yield matta_question(hand, rules)


def is_reale(rules: Rules | str = "italian", *, seed=None, rng=None) -> Iterator[Question]:
    """Endless "Is this a reale?" questions on two-card hands, most of them near-misses
    (a 7 and a figure of the same or another suit, the matta and a figure)."""
    r, rules = _rng(seed, rng), as_rules(rules)
    sevens = [c for c in FULL_DECK if c.rank == Rank.SETTE]
    figures = [c for c in FULL_DECK if c.is_figure and not rules.is_matta(c)]
    while True:
        roll = r.random()
        if roll < 0.6:
            hand = [r.choice(sevens), r.choice(figures)]
            if r.random() < 0.5:  # same suit half the time
                hand[1] = Card(hand[1].rank, hand[0].suit)
                if rules.is_matta(hand[1]):
                    continue
        elif roll < 0.8 and rules.matta is not None:
            hand = [rules.matta, r.choice(figures)]
        else:
            hand = list(Deck(rng=r).deal(2))
        r.shuffle(hand)
        yield reale_question(hand, rules)


def bust_chance(rules: Rules | str = "italian", *, seed=None, rng=None, seen_max: int = 0) -> Iterator[Question]:
    """Endless "probability of busting with one more card" questions on hands of 1-3 cards
    worth 3 to 7 (so the answer is neither 0 nor trivial); up to ``seen_max`` other
    cards may be shown as already on the table."""
    r, rules = _rng(seed, rng), as_rules(rules)
    seen_max = read_whole(seen_max, "seen_max", 0, 30, accepted=_("a whole number of cards from 0 to 30"), text=False)
    while True:
        deck = Deck(rng=r)
        hand = deck.deal(r.randint(1, 3))
        s = score(hand, rules)
        if s.bust or not 3 <= s.total <= 7:
            continue
        seen = deck.deal(r.randint(0, seen_max)) if seen_max else ()
        yield bust_question(hand, rules, seen)


GENERATORS: dict[str, Callable[..., Iterator[Question]]] = {
    "worth": hand_worth,
    "matta": matta_value,
    "reale": is_reale,
    "bust": bust_chance,
}
"""Generator functions by topic name."""


def mixed(rules: Rules | str = "italian", *, seed=None, rng=None,
          topics: Sequence[str] = ("worth", "matta", "reale", "bust")) -> Iterator[Question]:
    """Endless questions, the topic drawn at random each time (seeded).

    >>> topics = {q.topic for q, _ in zip(mixed("italian", seed=2), range(30))}
    >>> topics == {"worth", "matta", "reale", "bust"}
    True
    """
    r, rules = _rng(seed, rng), as_rules(rules)
    if isinstance(topics, str):
        topics = (topics,)
    if not isinstance(topics, (list, tuple)):
        raise SetteKitError(_("topics={topics}: give a list of topics from {accepted}").format(
            topics=shown(topics), accepted=", ".join(GENERATORS)))
    unknown = [t for t in topics if t not in GENERATORS]
    if unknown or not topics:
        raise SetteKitError(_("unknown topics {unknown}: accepted {accepted}").format(
            unknown=shown(unknown), accepted=", ".join(GENERATORS)))
    gens = {t: GENERATORS[t](rules, rng=r) for t in topics}
    while True:
        yield next(gens[r.choice(list(topics))])


# ---------------------------------------------------------------------------------
# Appended for lesson 1: "Is this hand bust?"
# ---------------------------------------------------------------------------------

def is_bust_question(cards: Sequence[Card], rules: Rules) -> Question:
    """"Is this hand bust?" (S2): yes/no from the engine's score, with feedback aimed at
    the usual mistakes (7½ itself taken for bust, figures counted as 10, the matta left
    at its own ½).

    >>> from sette_kit import Rules, parse_cards
    >>> q = is_bust_question(parse_cards("5c 2s Fb"), Rules.preset("plain"))
    >>> q.answer, q.check("no").status
    (False, 'right')
    >>> print(q.check("yes").message)
    Not quite. 7½ is the best score, not bust: a hand is bust only when it goes over 7½ (S2).
    """
    cards, rules = as_cards(cards), as_rules(rules)
    s = score(cards, rules)
    total = fmt_points(s.total)
    wild = any(rules.is_matta(c) for c in cards) and len(cards) > 1
    if s.bust:
        why = _("The cards add up to {total}, which is over 7½: bust (S2).").format(total=total)
        if wild:
            why += " " + _("Even the matta's smallest allowed value does not save it (S4).")
    elif s.total == SETTE_E_MEZZO:
        why = _("7½ is the best score, not bust: a hand is bust only when it goes over 7½ (S2).")
    elif any(c.is_figure for c in cards) and _total_with(cards, rules, lambda c: Fraction(10), s.matta_value) > SETTE_E_MEZZO:
        why = _("Figures count ½, not 10 (S1): the hand makes {total}, not over 7½.").format(total=total)
    else:
        why = _("The hand makes {total}, which is not over 7½ (S2).").format(total=total)
    hints = (_("Ace to 7 count their number; every figure counts ½ (S1)."),
             _("Add the values up: a hand is bust only when the total is more than 7½ (S2)."))
    if wild:
        hints += (_("The matta takes the value that gives the best total not over 7½ (S4)."),)
    return Question(
        text=_("Is this hand bust? {cards}").format(cards=_names(cards, rules)),

        answer=s.bust, kind="yesno", hints=hints, solution=explain(cards, rules),
        mistakes=(Mistake(not s.bust, why),), cards=cards, rules=rules, topic="bust_or_not",
    )


__all__ += ["is_bust_question"]
