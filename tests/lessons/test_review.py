"""The teacher's review of the course (its section 3): every wrong, misleading or
sloppy statement it found is gone, and what replaces it is there.

One table, one row per item of the review: where the statement was (a lesson, the course
catalogue or the teachers' notes), the words that must be gone, and the words that say it
right.  The numbers in the new words are checked against the engine in the lessons' own
tests (``test_lessons_*.py``, ``test_review_numbers.py``); here the table makes sure no
item is forgotten and none comes back.  Item 24 (developer notes) is checked in every
text a teacher or a learner reads: the lessons, their catalogues and the notes in every
language.
"""

from __future__ import annotations

import re

import pytest
from lesson_tools import LESSONS, cells, flat

from sette_kit import course


def lesson_text(code: str) -> str:
    """Everything a lesson's English source says: its Markdown and its code (the strings a
    learner reads are in the code)."""
    path = next(LESSONS.glob(f"{code}-*.ipynb"))
    source = "\n".join(c.source for c in cells(path))
    return flat(re.sub(r'"\s*\n\s*f?"', "", source))     # implicit concatenations joined


def notes(lang: str = "en") -> str:
    path = LESSONS / "TEACHERS.md" if lang == "en" else LESSONS / lang / "TEACHERS.md"
    return flat(path.read_text(encoding="utf-8"))


def catalogue() -> str:
    return flat(" ".join(l.question_en for l in course.LESSONS))


WHERE = {"notes": notes, "course": lambda: catalogue()}

REVIEW = [
    # (item, where, gone, there)
    (1, "13", ["Most hands hold three different suits"], ["four in ten, hold three different suits"]),
    (1, "notes", ["most hands hold three suits"], ["Four hands in ten (4,000 of the 9,880, 40.5%)"]),
    (2, "07", ["no better off", "16 of the 24 safe cards"],
     ["The **4 Aces** make 5, worth −47.0%: a little worse than standing", "outweigh all the rest"]),
    (3, "03", ["the ties are worth more. Lesson 7 measures both"], ["Keep your guess: lesson 7 measures both"]),
    (3, "07", [], ["| no | no | exactly 0 |", "Which rule is worth more to the bank"]),
    (3, "notes", ["9.37 of the 16.37"], ["7.79% with only the tie rule, 7.00% with only busting first"]),
    (4, "10", ["the five cards that busted you are out of the deck"],
     ["the only cards you have seen are the five that busted you, all of them cards from 2 to 7"]),
    (6, "09", ["about 0.99"], ["σ = √(1 − mean²)"]),
    (7, "08", ["P(card | stake) = P(card) ÷ P(stake)"], ["P(card | stake) = P(stake | card) × P(card) ÷ P(stake)"]),
    (8, "course", ["The bank has the edge in every round"], ["The bank has the edge if you stake the same every round"]),
    (9, "08", ["Either way you win", "the bank cannot undo the choice of stake"],
     ["No bank that stands at a fixed total can undo the choice of stake"]),
    (10, "10", ["small stakes make ruin rare"], ["is the sign of the edge", "10.5% with stakes of 2 and 20"]),
    (11, "09", ["how many miss the exact value?"], ["how many do you expect to miss the exact value?"]),
    (12, "09", ["In 95% of runs"], ["In about 95% of runs", "a fresh shuffle every round"]),
    (13, "12", ["By how much does waiting for 30 raise the chance", "far beyond luck", "errors: not luck"],
     ["In these {DEALS} deals, how much more often did waiting", "very unlikely to be luck alone"]),
    (14, "07", ["helps you a little more than the bank's reale collecting double hurts you"],
     ["the matta takes", "percentage points off the edge, and your reale", "digits=2"]),
    (15, "06", [], ["12/36 × 11/39 + 24/36 × 12/39 = 35/117"]),
    (16, "13", ["few of the big cards are left"], ["fewer big cards are left, for you and for the bank"]),
    (17, "13", [], ["remembering the cards is worth 0.12 of a stake"]),
    (18, "10", ["a big stake is less risky"], ["a big stake makes ruin before you reach 200 less likely"]),
    (19, "10", ["wins most of them", "standard error of {fmt.percent(sim_ten.stderr, 1)}"],
     ["ends most games in ruin", "percentage points"]),
    (20, "05", ["two.reason"], ["a 7½ beats a 5, and a 5 beats only a 4½"]),
    (21, "02", ["It beats an ordinary 7½ and is paid double."], ["and when it wins it is paid double"]),
    (22, "00", ["cannot disagree with the rules", "computed exactly by the kit"],
     ["cannot disagree with the kit's engine"]),
    (23, "notes", ["all 12 of the 38 cards left"], ["all 12 of the 39 cards left"]),
]


@pytest.mark.parametrize("item, where, gone, there", REVIEW, ids=[f"item{r[0]}-{r[1]}" for r in REVIEW])
def test_the_reviews_statement_is_fixed(item, where, gone, there):
    text = WHERE[where]() if where in WHERE else lesson_text(where)
    for words in gone:
        assert flat(words) not in text, f"review item {item}: {words!r} is still in {where}"
    for words in there:
        assert flat(words) in text, f"review item {item}: {words!r} is missing from {where}"


def test_every_item_of_the_reviews_section_3_is_in_the_table():
    assert sorted({r[0] for r in REVIEW}) == [i for i in range(1, 24) if i != 5]   # 5 is the lab's text
    # item 5, the betting lab's "Most likely a 6: 1/2": tests/widgets/test_betting_lab.py; item 24 below


DEVELOPER = re.compile(r"\b(issue|segnalazione|incidencia) \d+|\(issue|\bpunto \d+\)|the old lesson|la vecchia lezione|"
                       r"versión anterior de la lección|"
                       r"`(odds|risk|simulate|counting|trentuno|quattro|variants)\.[a-z_]+", re.I)
"""Developer notes a teacher or learner does not need: issue numbers, the history of a lesson,
the names of the kit's functions (review item 24)."""


def _reader_texts():
    for lang in ("en", "it", "es"):
        yield f"TEACHERS.md ({lang})", notes(lang)
    for path in sorted(LESSONS.glob("[0-9][0-9]-*.ipynb")) + sorted(LESSONS.glob("*/[0-9][0-9]-*.ipynb")):
        yield str(path.relative_to(LESSONS)), flat("\n".join(c.source for c in cells(path) if c.cell_type == "markdown"))
    for po in sorted((LESSONS / "locale").rglob("*.po")):
        msgs = [line for line in po.read_text(encoding="utf-8").splitlines() if line.startswith(("msgid", "msgstr", '"'))]
        yield str(po.relative_to(LESSONS)), flat("\n".join(msgs))


@pytest.mark.parametrize("name, text", list(_reader_texts()), ids=lambda v: v if isinstance(v, str) and len(v) < 80 else "")
def test_no_developer_notes_for_teachers_or_learners(name, text):
    """Review item 24: no "(issue 14 item 6)", no lesson history, no API names."""
    found = [m.group(0) for m in DEVELOPER.finditer(text)]
    assert not found, f"{name}: {found[:5]}"
