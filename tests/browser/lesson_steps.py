"""The main interaction of each lesson, as a table: lesson file name -> list of steps.

Lesson authors: add (or fix) your lesson's entry here.  Every lesson in lessons/ is
opened in Chromium and checked for the generic things (it loads, no Voilà error,
no traceback, its widgets appear, a screenshot is saved) whether or not it has an
entry; an entry adds the lesson's own interaction, run in order after the page is
interactive.  Steps are built with the helpers of ``sk_browser`` (click, fill,
expect_visible, expect_text, quiz_answer); an entry for a lesson that does not exist
yet is simply not used.

The fixture notebooks of tests/browser/fixtures/ have their entries in FIXTURE_STEPS,
which keeps the harness exercised before the lessons exist.
"""

from __future__ import annotations

from sk_browser import click, expect_text, expect_visible, fill, quiz_answer

# Selectors follow the widgets' conventions: root ``.sk-widget.sk-<kebab-name>``,
# buttons by their visible description.
STEPS = {
    "01-cards-and-scoring.ipynb": [
        expect_visible(".sk-widget"),
    ],
    "03-playing-a-round.ipynb": [
        expect_visible(".sk-table-player"),
        click(".sk-table-player button:has-text('Deal')"),
        click(".sk-table-player button:has-text('Hit')"),
        expect_visible(".sk-table-player svg[role='img']"),
    ],
    "07-simulation.ipynb": [
        expect_visible(".sk-simulation-lab"),
        click(".sk-simulation-lab button:has-text('Run')"),
        expect_visible(".sk-simulation-lab svg[role='img'], .sk-simulation-lab img", timeout=120),
    ],
}

FIXTURE_STEPS = {
    "00-start-here.ipynb": [
        expect_visible("a[href$='01-one-button.ipynb']"),
    ],
    "01-one-button.ipynb": [
        expect_text(".sk-baseline-label", "^not pressed$"),
        click("button.sk-baseline-button"),
        expect_text(".sk-baseline-label", "^pressed 1$"),
        click("button.sk-baseline-button"),
        expect_text(".sk-baseline-label", "^pressed 2$"),
    ],
    "02-echo.ipynb": [
        fill(".sk-echo-input", "seven and a half"),
        expect_text(".sk-echo-output", "You typed: seven and a half"),
    ],
    "03-mini-quiz.ipynb": [
        expect_visible(".sk-quiz .sk-quiz-question svg[role='img']"),
        quiz_answer("5", right=False),
        quiz_answer("11/2", right=True),
        expect_text(".sk-quiz-score", r"1/2 right"),
    ],
}
