"""The course: the lessons of the kit, in order, and the rules in the words learners read.

One catalogue for everything that names a lesson or states a rule, so nothing is written
twice: the landing page's map, each lesson's header and its previous / index / next
links (``widgets.lesson``), the tab title Voilà shows (the notebook's ``title``
metadata, stamped by ``lessons/_build.py``), the README's lesson table (a test checks
it against :data:`LESSONS`) and the static site all read it from here; a rule box in a
lesson shows :data:`RULES`' wording of that rule, the same in every lesson.

Every text is written here in English and marked for the catalogues (``N_``); it is read
in the kernel's language (:func:`sette_kit.i18n.set_language`) through the
properties of :class:`Lesson` and :class:`Rule` (``lesson(6).title``, ``rule("S13").text``),
:func:`course_title` and :func:`part_title`.  Only :func:`readme_row` stays in
English: it is the README's table.

A :class:`Lesson` has its number, file name, title, a line on what it teaches, the
question it opens with, its length in minutes of class time (its core, at most 30
minutes, and the optional extensions after it, marked "Extension (optional)" in the
lesson: together they fit a 50-minute period), the rule ids it teaches and whether it is
written yet (``ready``).  Links go only to lessons that exist:
:func:`available` looks for the notebooks in the lessons folder at render time and
falls back on ``ready`` where no folder can be seen (a browser running Pyodide).

>>> lesson(1).file, lesson(1).label
('01-cards-and-scoring.ipynb', 'Lesson 1 · Cards and scoring')
>>> lesson("06-probability-of-busting.ipynb").title
'The probability of busting'
>>> [l.code for l in neighbours(1)]
['00', '02']
>>> neighbours(0)[0] is None and neighbours(14)[1] is None
True
>>> print(rule("S1").plain)
The Ace counts 1 and the cards from 2 to 7 count their number. Each figure (Fante, Cavallo and Re) counts ½.
>>> rule("S99")
Traceback (most recent call last):
...
sette_kit.errors.SetteKitError: no rule 'S99': the rule ids are D1-D2, S1-S23, Q1-Q6 and T1-T9
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import SetteKitError
from ..i18n import N_, _, pgettext
from ..numbers import shown

__all__ = ["Lesson", "Rule", "LESSONS", "RULES", "PARTS", "lesson", "neighbours", "rule", "rules",
           "available", "is_available", "href", "tab_title", "lessons_folder", "other_pages",
           "readme_row", "notebook_title", "LINKS_ENV", "LESSONS_ENV", "LANDING", "COURSE_TITLE", "course_title", "part_title"]

COURSE_TITLE = N_("Sette e mezzo: a card game, and the mathematics inside it")
"""The title of the whole course (the landing page's heading), in English: show it
with :func:`course_title` (``_(COURSE_TITLE)``)."""


def course_title() -> str:
    """The title of the whole course, in the current language.

    >>> course_title()
    'Sette e mezzo: a card game, and the mathematics inside it'
    """
    return _(COURSE_TITLE)

LANDING = "00-start-here.ipynb"
"""The landing page (the index every lesson links back to)."""

LINKS_ENV = "SETTE_KIT_LINKS"
"""Environment variable: ``html`` makes :func:`href` point at the static site's pages
(``01-cards-and-scoring.html``, the landing page ``index.html``) instead of notebooks."""


@dataclass(frozen=True)
class Lesson:
    """One lesson of the course.  Its texts are written in English (``title_en`` ...) and
    read in the current language (``title``, ``teaches``, ``question``, ``label``:
    :func:`sette_kit.i18n.set_language`)."""

    number: int
    slug: str        # the file name without number and suffix: "cards-and-scoring"
    title_en: str    # "Cards and scoring"
    teaches_en: str  # one line: what a learner takes away
    question_en: str # the question the lesson opens with
    minutes: int     # class time of the core, minutes (at most 30)
    rules: tuple[str, ...] = ()   # rule ids the lesson teaches
    ready: bool = False           # written in this version of the kit
    part: str = ""                # the part of the map it belongs to (a key of PARTS)
    extension_minutes: int = 0    # class time of its optional extensions, minutes

    @property
    def period_minutes(self) -> int:
        """The core and the extensions together: at most a 50-minute period."""
        return self.minutes + self.extension_minutes

    @property
    def title(self) -> str:
        """The title, in the current language: 'Cards and scoring'."""
        return _(self.title_en)

    @property
    def teaches(self) -> str:
        """One line on what a learner takes away, in the current language."""
        return _(self.teaches_en)

    @property
    def question(self) -> str:
        """The question the lesson opens with, in the current language."""
        return _(self.question_en)

    @property
    def part_title(self) -> str:
        """The name of its part of the map, in the current language."""
        return part_title(self.part)

    @property
    def code(self) -> str:
        """The two-digit number: '01'."""
        return f"{self.number:02d}"

    @property
    def file(self) -> str:
        """The notebook: '01-cards-and-scoring.ipynb'."""
        return f"{self.code}-{self.slug}.ipynb"

    @property
    def label(self) -> str:
        """'Lesson 1 · Cards and scoring' (the tab title and the link text)."""
        return _("Lesson {number} · {title}").format(number=self.number, title=self.title)


PARTS = {
    "start": "Start",
    "game": "Learn the game",
    "maths": "Probability, expected value and risk",
    "trentuno": "A second game: Trentuno",
    "counting": "Counting",
    "strategy": "Against a bank that thinks",
}
"""The parts of the map, in order (a lesson's ``part`` is a key), named in English;
:func:`part_title` names them in the current language."""


def part_title(key: str) -> str:
    """The name of a part of the map in the current language (``"maths"`` ->
    'Probability, expected value and risk').  A context tells these short names apart
    from the same English words elsewhere in the kit ("Start", "Counting").

    >>> part_title("trentuno")
    'A second game: Trentuno'
    """
    names = {
        "start": pgettext("part of the course", "Start"),
        "game": pgettext("part of the course", "Learn the game"),
        "maths": pgettext("part of the course", "Probability, expected value and risk"),
        "trentuno": pgettext("part of the course", "A second game: Trentuno"),
        "counting": pgettext("part of the course", "Counting"),
        "strategy": pgettext("part of the course", "Against a bank that thinks"),
    }
    return names.get(key, PARTS.get(key, key))


LESSONS: tuple[Lesson, ...] = (
    Lesson(0, "start-here", N_("Start here"),
           N_("the map of the lessons and how to use them"),
           N_("The bank wins this game in the long run. Why, and can a player ever turn it round?"),
           10, (), True, "start"),
    Lesson(1, "cards-and-scoring", N_("Cards and scoring"),
           N_("the 40-card deck in its three faces, what each card is worth, and when a hand is bust"),
           N_("In this game a King is worth half a point. Is a 5, a 2 and a King a good hand, or have you lost already?"),
           25, ("D1", "D2", "S1", "S2"), True, "game"),
    Lesson(2, "the-matta", N_("The matta"),
           N_("the wild card, its best value, and the sette e mezzo reale"),
           N_("One card in the deck can be worth whatever you like. What should you make it worth?"),
           25, ("S3", "S4", "S5", "S14", "S16"), True, "game"),
    Lesson(3, "playing-a-round", N_("Playing a round"),
           N_("a whole round against the bank: stakes, asking for cards, ties and who pays whom"),
           N_("You and the bank both stop on 6. Who wins?"),
           30, ("S7", "S8", "S9", "S10", "S11", "S12", "S13", "S15", "S17", "S18"), True, "game", 10),
    Lesson(4, "variants", N_("Variants"),
           N_("the Italian and Spanish rules side by side, and the optional rules"),
           N_("In Italy a 7 and a figure of one suit win double. What do they win in Spain?"),
           25, ("S6", "S19", "S20", "S21", "S22", "S23"), True, "game"),
    Lesson(5, "quattro-e-mezzo", N_("Quattro e mezzo"),
           N_("a points game where 4½ beats 7½ and a 5 beats 4½"),
           N_("In this game 4½ beats 7½, and a 5 beats 4½. So what beats a 5?"),
           20, ("Q1", "Q2", "Q3", "Q4", "Q5", "Q6"), True, "game"),
    Lesson(6, "probability-of-busting", N_("The probability of busting"),
           N_("probability as counting: the chance that the next card takes you over 7½"),
           N_("You hold a 5. Is the next card more likely to save you or to bust you?"),
           30, (), True, "maths", 10),
    Lesson(7, "expected-value-and-strategy", N_("Expected value and strategy"),
           N_("expected value: when to ask for a card, when to stop, and the bank's edge"),
           N_("Busting loses at once, but stopping low loses to the bank. On 5, do you ask for another card?"),
           30, (), True, "maths", 20),
    Lesson(8, "betting-after-the-first-card", N_("Betting after the first card"),
           N_("how choosing your stake after your first card turns the bank's edge round"),
           N_("The bank has the edge if you stake the same every round. Can you beat it by choosing your stake after your first card?"),
           30, ("S9",), True, "maths", 15),
    Lesson(9, "simulation", N_("Simulation"),
           N_("the law of large numbers, the standard error and confidence intervals"),
           N_("A computer plays ten thousand rounds. How close does it get to the exact answer, and how sure can you be?"),
           30, (), True, "maths", 10),
    Lesson(10, "risk-and-ruin", N_("Risk and ruin"),
           N_("the spread of results, your bankroll, and the chance of going broke"),
           N_("You start with 100 and stake 10 a round. What is the chance you go broke before you double your money?"),
           30, (), True, "maths", 20),
    Lesson(11, "trentuno-rules", N_("Trentuno: the rules"),
           N_("a second game with the same deck: scoring by suit, lives and knocking"),
           N_("In Trentuno only one suit counts. Which three cards make the best hand?"),
           25, ("T1", "T2", "T3", "T4", "T5", "T6", "T7", "T9"), True, "trentuno"),
    Lesson(12, "trentuno-odds-and-knocking", N_("Trentuno: odds and knocking"),
           N_("the odds of improving a Trentuno hand, and when to knock"),
           N_("You have 27 points. Do you knock now, or draw and hope?"),
           30, (), True, "trentuno", 15),
    Lesson(13, "counting-hands-and-cards", N_("Counting hands and cards"),
           N_("ordered and unordered draws, C(n, k), and how the odds change as cards are seen"),
           N_("How many different two-card hands can you be dealt, and does remembering the cards help you win?"),
           30, (), True, "counting", 10),
    Lesson(14, "bluffing-with-your-stake", N_("Bluffing with your stake"),
           N_("bluffing against a bank that reads your stake, Bayes with an imperfect signal, and the value of information"),
           N_("The bank sees your stake. Should you ever stake 10 on a figure?"),
           30, (), True, "strategy"),
)
"""The fifteen lessons, in order."""


# ---------------------------------------------------------------------------------------
# Finding a lesson
# ---------------------------------------------------------------------------------------

def lesson(key) -> Lesson:
    """The lesson named by its number (``1``, ``"01"``), its file name or its slug.

    >>> lesson("01").title, lesson("the-matta").number
    ('Cards and scoring', 2)
    >>> lesson(15)
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: no lesson 15: the lessons are numbered 0 to 14 (or named by file, e.g. '01-cards-and-scoring.ipynb')
    """
    if isinstance(key, Lesson):
        return key
    if isinstance(key, bool):
        raise SetteKitError(_("no lesson {key}").format(key=shown(key)))
    text = str(key).strip()
    if re.fullmatch(r"\d{1,2}", text):
        n = int(text)
        if 0 <= n < len(LESSONS):
            return LESSONS[n]
    for l in LESSONS:
        if text in (l.file, l.slug, l.file.removesuffix(".ipynb")):
            return l
    raise SetteKitError(_("no lesson {key}: the lessons are numbered 0 to {last} "
                          "(or named by file, e.g. '{example}')").format(
                            key=shown(key), last=len(LESSONS) - 1, example=LESSONS[1].file))


def neighbours(key) -> tuple[Lesson | None, Lesson | None]:
    """(the previous lesson, the next lesson); ``None`` at either end of the course."""
    n = lesson(key).number
    return (LESSONS[n - 1] if n > 0 else None, LESSONS[n + 1] if n + 1 < len(LESSONS) else None)


# ---------------------------------------------------------------------------------------
# Which lessons exist, and links to them
# ---------------------------------------------------------------------------------------

def lessons_folder(*, shipped: bool = False) -> Path | None:
    """The folder holding the lesson notebooks, or ``None``: the kit's one way to find it.

    As seen from here (the default): a lesson's kernel runs in the notebook's own folder
    (Voilà, JupyterLab, nbval and ``lessons/_build.py`` all start it there), so that is
    the folder when it holds the landing page or any lesson of the catalogue.  In a
    browser on Pyodide no such folder is there, and the catalogue's ``ready`` marks are
    used instead.

    ``shipped=True``: the lessons the kit ships, wherever the kernel runs (what
    ``sette-kit serve`` serves): the folder named by ``$SETTE_KIT_LESSONS``
    (:data:`LESSONS_ENV`) when it is set; else ``<clone>/lessons`` when the package runs
    from a clone (``pyproject.toml`` beside it); else the installed package's
    ``sette_kit/lessons``; ``None`` when none is there (or ``$SETTE_KIT_LESSONS`` names
    no folder).

    >>> (lessons_folder(shipped=True) / LANDING).is_file()
    True
    """
    if shipped:
        return _shipped_lessons()
    here = Path.cwd()
    try:
        if (here / LANDING).is_file() or any((here / l.file).is_file() for l in LESSONS):
            return here
    except OSError:  # pragma: no cover - an unreadable working directory
        return None
    return None


LESSONS_ENV = "SETTE_KIT_LESSONS"
"""Environment variable: the folder of the lessons to serve (:func:`lessons_folder` with
``shipped=True``), instead of the clone's or the installed package's."""


def _shipped_lessons() -> Path | None:
    env = os.environ.get(LESSONS_ENV)
    if env:
        path = Path(env).expanduser()
        return path.resolve() if path.is_dir() else None  # sette-kit serve says why (app.kit_lessons)
    package = Path(__file__).resolve().parent.parent  # sette_kit/
    clone = package.parent
    if (clone / "pyproject.toml").is_file() and (clone / "lessons").is_dir():
        return clone / "lessons"
    installed = package / "lessons"
    return installed if installed.is_dir() else None


def available(folder=None) -> frozenset[str]:
    """The file names of the lessons that can be linked: those whose notebook is in
    ``folder`` (default :func:`lessons_folder`); where no folder can be seen, those
    marked ``ready`` in the catalogue.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     unused = (Path(d) / "01-cards-and-scoring.ipynb").write_text("{}")
    ...     sorted(available(d))
    ['01-cards-and-scoring.ipynb']
    """
    if folder is None:
        folder = lessons_folder()
    if folder is None:
        return frozenset(l.file for l in LESSONS if l.ready)
    folder = Path(folder)
    return frozenset(l.file for l in LESSONS if (folder / l.file).is_file())


def is_available(key, folder=None) -> bool:
    """True when the lesson can be linked (see :func:`available`)."""
    return lesson(key).file in available(folder)


def href(key) -> str:
    """The relative link to a lesson: its notebook (``01-cards-and-scoring.ipynb``),
    which Voilà, JupyterLab and the static site all follow; with the environment
    variable :data:`LINKS_ENV` set to ``html``, the static site's page
    (``01-cards-and-scoring.html``, and ``index.html`` for the landing page).

    >>> href(1), href("00")
    ('01-cards-and-scoring.ipynb', '00-start-here.ipynb')
    """
    l = lesson(key)
    if os.environ.get(LINKS_ENV, "").strip().lower() == "html":
        return "index.html" if l.file == LANDING else l.file.removesuffix(".ipynb") + ".html"
    return l.file


def tab_title(key) -> str:
    """The title a browser tab shows for a lesson (the notebook's ``title`` metadata,
    which Voilà uses for ``<title>``).

    >>> tab_title(0), tab_title(6)
    ('Sette e mezzo · Start here', 'Lesson 6 · The probability of busting')
    """
    l = lesson(key)
    return _("Sette e mezzo · {title}").format(title=l.title) if l.number == 0 else l.label


def other_pages(folder=None) -> list[tuple[str, str]]:
    """Notebooks in the lessons folder that are not lessons of the catalogue (a
    teacher's own pages, or lessons from before a renumbering), as (file name, title
    from the notebook's first heading), sorted by file name; ``[]`` where no folder
    can be seen.  The landing page lists them after the map, so every page of the
    folder stays one click away."""
    if folder is None:
        folder = lessons_folder()
    if folder is None:
        return []
    known = {l.file for l in LESSONS}
    out = []
    for path in sorted(Path(folder).glob("*.ipynb")):
        if path.name in known or path.name.startswith((".", "_")):
            continue
        out.append((path.name, _notebook_title(path) or path.stem))
    return out


def _notebook_title(path: Path) -> str:
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    return notebook_title(nb)


def notebook_title(nb: dict, fallback: str = "") -> str:
    """A notebook's title: its ``title`` metadata (stamped from this catalogue by
    ``lessons/_build.py``), else its first Markdown heading, else ``fallback``.

    >>> notebook_title({"cells": [{"cell_type": "markdown", "source": ["# The **matta**\\n", "text"]}]})
    'The matta'
    >>> notebook_title({"metadata": {"title": " Lesson 2 "}}), notebook_title({}, "02-the-matta")
    ('Lesson 2', '02-the-matta')
    """
    title = (nb.get("metadata") or {}).get("title")
    if isinstance(title, str) and title.strip():
        return title.strip()
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        src = cell.get("source", "")
        for line in ("".join(src) if isinstance(src, list) else src).splitlines():
            m = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if m:
                return re.sub(r"[*_`]", "", m.group(1)).strip()
    return fallback


def readme_row(key) -> str:
    """The first two columns of the lesson's row in the README's lesson table, always
    in English (the README is English, whatever the kernel's language).

    >>> readme_row(1)
    '| [01 Cards and scoring](lessons/01-cards-and-scoring.ipynb) | the 40-card deck in its three faces, what each card is worth, and when a hand is bust |'
    """
    l = lesson(key)
    return f"| [{l.code} {l.title_en}](lessons/{l.file}) | {l.teaches_en} |"


# ---------------------------------------------------------------------------------------
# The rules, in the words a learner reads
# ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Rule:
    """A rule of ``docs/rules.md`` as a learner reads it: its id, a short name, the statement.
    The statement may mark words ``**strong**`` or ``*foreign*``; nothing else.  Written in
    English (``name_en``, ``text_en``), read in the current language (``name``, ``text``,
    ``plain``; in the kernel's language)."""

    id: str
    name_en: str
    text_en: str

    @property
    def name(self) -> str:
        """The rule's short name, in the current language."""
        return _(self.name_en)

    @property
    def text(self) -> str:
        """The statement, with its marks, in the current language."""
        return _(self.text_en)

    @property
    def plain(self) -> str:
        """The statement without its marks.

        >>> rule("S2").plain
        'Your hand is worth the sum of its cards. Over 7½ you are bust (sballato): you have lost. 7½ itself is the best score.'
        """
        return re.sub(r"\*\*(.+?)\*\*|\*(.+?)\*", lambda m: m.group(1) or m.group(2), self.text)


def _rule_book(*items: tuple[str, str, str]) -> dict[str, Rule]:
    """The rules in learners' words by id, from (id, name, text) items."""
    return {i: Rule(i, name, text) for i, name, text in items}


RULES: dict[str, Rule] = _rule_book(
    # the deck
    ("D1", N_("The deck"),
     N_("The deck has 40 cards: four suits, and in each suit an Ace, the numbers 2 to 7 and three figures. "
     "The same deck comes in three faces, Italian, French and Spanish, with different names and pictures. "
     "A French deck becomes this deck without its 8s, 9s, 10s and jokers; a Spanish pack of 48 cards "
     "loses its 8s and 9s.")),
    ("D2", N_("Writing cards"),
     N_("You can write a card the way people say it, in any face: 7 di coppe, 7 of hearts, 7♥, 7 de copas, "
     "or short, 7c. In the Spanish face the figures also go by number: 10, 11 and 12 de oros. "
     "In one hand a suit letter always means one suit.")),
    # Sette e mezzo: values and hands
    ("S1", N_("What the cards are worth"),
     N_("The Ace counts 1 and the cards from 2 to 7 count their number. "
     "Each figure (Fante, Cavallo and Re) counts **½**.")),
    ("S2", N_("Adding up, and going bust"),
     N_("Your hand is worth the **sum** of its cards. Over 7½ you are **bust** (*sballato*): you have lost. "
     "7½ itself is the best score.")),
    ("S3", N_("The matta"),
     N_("In the Italian rules one card is wild, the *matta*: the King of coins (*Re di denari*; the King of "
     "diamonds in a French deck). Some people choose another card, or play with no matta at all.")),
    ("S4", N_("The matta's value"),
     N_("Alone, the matta counts ½, like any figure. With other cards you may give it ½ or any whole number "
     "from 1 to 7: you pick the value that gives your best score without going over 7½, and you say it. "
     "In the Italian rules a matta whose value you do not say counts 7.")),
    ("S5", N_("The sette e mezzo reale"),
     N_("A **reale** is 7½ made with exactly **two cards**: a 7 and a figure, or the matta and a figure. "
     "In the Italian rules the two cards must be of the same suit. A reale beats a 7½ made with more cards.")),
    ("S6", N_("The triplé"),
     N_("In one Italian variation, exactly two 7s make a *sette e mezzo triplé*. It beats every other hand, "
     "is shown at once and is paid three times the stake.")),
    # the bank and the round
    ("S7", N_("The bank"),
     N_("One player is the dealer and the **bank**; everyone else plays only against the bank. "
     "Two to twelve people can play. Before you start, agree the smallest and the largest stake. "
     "The first bank is drawn by lot.")),
    ("S8", N_("The deal"),
     N_("The dealer gives one card face down to each player, starting on his right and going round "
     "counter-clockwise, and one to himself last.")),
    ("S9", N_("Staking and asking for cards"),
     N_("In turn, starting on the dealer's right, you look at your card, place your stake and ask for cards "
     "one at a time. In the Italian rules you stake after seeing your first card; in the Spanish rules, "
     "before the deal. Your first card stays hidden; the others come face up.")),
    ("S10", N_("Bust, or 7½, at once"),
     N_("If you go bust you show your cards and lose your stake **at once**, whatever the bank does later. "
     "If you reach 7½ you show your cards at once too.")),
    ("S11", N_("The bank plays last"),
     N_("When every player has finished, the dealer turns up his card and draws as he likes. "
     "He sees your face-up cards, not your hidden one.")),
    ("S12", N_("The bank goes bust"),
     N_("If the bank goes bust, it pays the stake to every player still in the game.")),
    ("S13", N_("The bank stands"),
     N_("If the bank stands, it pays every player with a **higher** score and collects from every player "
     "with an **equal or lower** score: **the bank wins all ties**, except that a reale beats a 7½ "
     "made with more cards.")),
    ("S14", N_("Paid double"),
     N_("In the Italian rules a player's reale is paid double: twice the stake. Where the triplé is played "
     "it is paid three times the stake. Some tables pay more for a 7½ made with the matta.")),
    ("S15", N_("The bank's reale"),
     N_("In the Italian rules the bank's reale collects double from every player, except from those who "
     "also made a reale or went bust: from them it collects one stake. In the Spanish rules the bank's "
     "two-card 7½ collects one stake only.")),
    ("S16", N_("Reale against reale"),
     N_("If you and the bank both make a reale, it is a tie, and the bank wins ties: it collects one stake. "
     "The 7 of coins with the matta is a 7 and a figure of one suit, so it counts as a true reale. "
     "Some tables let a true reale (a 7 and a figure) beat a reale made with the matta.")),
    ("S17", N_("Passing the bank"),
     N_("In the Italian rules a player who wins with a reale takes the bank; if several do, the one whose "
     "reale is of the highest suit (swords, then cups, then coins, then batons). Otherwise the dealer "
     "keeps the bank until the deck runs out, then it passes to his right. In the Spanish rules "
     "anyone who makes 7½ takes the bank.")),
    ("S18", N_("One deck for many rounds"),
     N_("While the same dealer keeps the bank, the cards are not shuffled between rounds: the cards "
     "already played stay out. If the deck runs out in the middle of a round, the cards not on the "
     "table are shuffled and play goes on.")),
    # optional rules
    ("S19", N_("Burning a 3 or a 4"),
     N_("(An optional rule.) If your first card is a 3 or a 4, you may show it and take another card instead.")),
    ("S20", N_("Changing a 4"),
     N_("(An optional rule.) If your first card is a 4, you may change it for a new card.")),
    ("S21", N_("The half-point Ace"),
     N_("(An optional rule.) If your first card is an Ace you may say it is worth ½; "
     "your next cards then come face down.")),
    ("S22", N_("A card face down"),
     N_("(An optional Spanish rule.) You may ask for a card face down, but only one card may be hidden at "
     "a time: your hidden card is turned up first.")),
    ("S23", N_("Splitting two figures"),
     N_("(An optional Spanish rule.) If you hold two figures you may split them into two hands; "
     "the second stake is at least the first.")),
    # Quattro e mezzo
    ("Q1", N_("Quattro e mezzo"),
     N_("*Quattro e mezzo* (four and a half) is played like Sette e mezzo, but everyone plays against "
     "everyone for points, not money. The matta, the King of coins, may be ½ or any whole number from 1 to 7.")),
    ("Q2", N_("What beats what"),
     N_("**4½** is the best score and beats 7½. A **5** loses to everything except 4½, and it beats 4½. "
     "You may not stop below 4½. If you make 4½ or 7½ you must say so; you may still draw after 4½.")),
    ("Q3", N_("Double six"),
     N_("If your first card is a 6 you may say so and draw for a second 6. Making it wins the hand, "
     "unless someone else makes it too (a tie).")),
    ("Q4", N_("Ties"),
     N_("In a tie the hand with more cards wins. A 4½ or 7½ made with the matta loses a tie. "
     "A complete tie goes to the dealer. Nine cards making 4½ (*mega 4½*) win the whole game.")),
    ("Q5", N_("Taking the deal"),
     N_("Winning with 4½, with 7½, or with a 5 against a 4½ takes the deal.")),
    ("Q6", N_("Points"),
     N_("The winning hand scores: 4½, 5 points; 7½, 3; double six, 4; 4½ with the matta, 3; "
     "7½ with the matta, 1; a 5 with one card, 2; double six with the matta, 2; a 5 with five cards, 5; "
     "any other win, 1. The first to 50 (or 100) points wins the game.")),
    # Trentuno
    ("T1", N_("The Trentuno deck"),
     N_("Trentuno uses the same 40 cards (or a French deck without its 8s, 9s, 10s and jokers). "
     "Two or more play; four to seven is best with one deck.")),
    ("T2", N_("Trentuno scores"),
     N_("The cards 2 to 7 count their number, figures 10 and the Ace 11. Your three cards score the largest "
     "sum of cards of **one suit**. **31**, an Ace and two ten-value cards of one suit, is the most. "
     "(An old option: three Aces or three figures of one rank score 30.)")),
    ("T3", N_("Lives"),
     N_("Everyone starts with three lives. In each hand the lowest score loses a life into the pot; "
     "if several tie for lowest, each loses one. With no lives left you are out; "
     "the last player left wins the pot.")),
    ("T4", N_("Dealing"),
     N_("The first dealer is whoever cuts the highest card; then the deal passes counter-clockwise. "
     "The player on the dealer's right cuts; the dealer gives three cards face down to everyone. "
     "The rest is the stock, and one card is turned up to start the discard pile.")),
    ("T5", N_("A turn"),
     N_("On your turn take the top card of the stock or of the discard pile, then throw one card away. "
     "(An option: throw away first, then draw.)")),
    ("T6", N_("Knocking"),
     N_("Instead of drawing, you may **knock** if you have more than 25. Then this round is the last: the "
     "players after you, up to and including the dealer, have one more turn each. Nobody may knock in "
     "the first round. The lowest score loses a life; if you knocked and tie for lowest, only you lose.")),
    ("T7", N_("Making 31"),
     N_("If you make 31, show it at once: the hand ends and every other player loses a life, except those "
     "who have 30. If it happens after a knock, the knocker does not lose.")),
    ("T8", N_("Buying back in"),
     N_("(An optional rule.) While at least three players are alive, players who are out may buy back in "
     "by betting on the lowest score of the next hand. The old rule book is unclear here, so the kit "
     "leaves this rule out.")),
    ("T9", N_("The last two players"),
     N_("When the last two players, each with one life, tie, the knocker loses the life. "
     "If one of them has two or more lives, both lose a life.")),
)
"""Every rule of ``docs/rules.md`` in the words learners read (rule boxes, feedback); keyed by id."""


def rule(rule_id: str) -> Rule:
    """The learner's wording of one rule (``"S13"``, ``"s13"``)."""
    key = str(rule_id).strip().upper()
    if key not in RULES:
        raise SetteKitError(_("no rule {rule}: the rule ids are D1-D2, S1-S23, Q1-Q6 and T1-T9").format(
            rule=shown(rule_id)))
    return RULES[key]


def rules(*rule_ids: str) -> list[Rule]:
    """Several rules, in the order given (ids may also be written ``"S7-S9"``).

    >>> [r.id for r in rules("S1", "S12-S13")]
    ['S1', 'S12', 'S13']
    """
    out = []
    for item in rule_ids:
        m = re.fullmatch(r"\s*([A-Za-z])(\d+)\s*[-–]\s*\1?(\d+)\s*", str(item))
        if m:
            a, b = int(m.group(2)), int(m.group(3))
            if b < a:
                raise SetteKitError(_("rule range {range}: write the smaller id first, e.g. 'S7-S9'").format(
                    range=shown(item)))
            out += [rule(f"{m.group(1)}{n}") for n in range(a, b + 1)]
        else:
            out.append(rule(item))
    if not out:
        raise SetteKitError(_("name at least one rule, e.g. 'S1'"))
    return out
