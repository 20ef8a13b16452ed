"""The lesson kit on the static site: the page helpers of a lesson
(header, rule boxes, footer, map) are made when the site is built, so they show before
Python starts and link the site's pages; the page's title is the catalogue's."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sette_kit import course
from sette_kit.site import _pages, _sources

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
KERNEL = {"pyodide": "pyodide/pyodide.mjs", "lock": "wheels/pyodide-lock.json",
          "piplite": "wheels/piplite.whl", "packages": ["sette-kit"]}
NAMES = sorted(p.name for p in LESSONS.glob("[0-9][0-9]-*.ipynb"))
SOURCES, PAGES, _images = _sources(LESSONS)   # every language: "it/01-....ipynb" -> "it/01-....html"


def site_page(name: str) -> tuple[str, dict]:
    nb = json.loads((LESSONS / name).read_text(encoding="utf-8"))
    src = _pages.Source(LESSONS / name, name, PAGES[name])
    page = _pages.notebook_page(nb, src, site_title="Sette e mezzo", pages=PAGES, kernel=KERNEL,
                                download_mb=20, editable=None)
    config = json.loads(page.split('id="sk-config">', 1)[1].split("</script>", 1)[0])
    visible = re.sub(r"<script\b.*?</script>", "", page, flags=re.S)
    return visible, config


def test_lesson_1_page_shows_its_header_rules_and_footer_before_python():
    visible, config = site_page("01-cards-and-scoring.ipynb")
    assert "<title>Lesson 1 · Cards and scoring · Sette e mezzo</title>" in visible
    assert '<h1 class="sk-lesson-title">Cards and scoring</h1>' in visible
    assert course.lesson(1).question in visible
    assert 'href="index.html" target="_self" rel="prev"' in visible
    assert 'href="02-the-matta.html" target="_self" rel="next"' in visible
    assert visible.count('class="sk-rule-box"') == 3 and visible.count('class="sk-lesson-footer"') == 1
    assert not re.search(r'href="[^"]*\.ipynb', visible)
    # the helper cells are not run again in the browser; the imports are
    assert not any(re.search(r"^lesson\.", code, re.M) for code in config["cells"])
    assert config["cells"][0].startswith("from fractions import Fraction") and "PLAIN = " in config["cells"][0]
    assert any("Predict(" in code for code in config["cells"])


def test_the_italian_page_is_italian_and_links_the_other_languages():
    """A page of lessons/it/ is made in Italian, links its neighbours in it/ and
    the same lesson in English and Spanish."""
    visible, config = site_page("it/01-cards-and-scoring.ipynb")
    assert '<html lang="it">' in visible
    assert "Lezione 1" in visible and "Lesson 1" not in visible
    assert 'href="../01-cards-and-scoring.html"' in visible and 'href="../es/01-cards-and-scoring.html"' in visible
    assert 'href="02-the-matta.html" target="_self" rel="next"' in visible
    assert not re.search(r'href="[^"]*\.ipynb', visible)
    assert config["words"]["starting"] == "Avvio di Python nel tuo browser"
    # the browser's kernel speaks Italian too: the header's language is set before any widget
    assert config["cells"][0].endswith("from sette_kit import set_language\nset_language('it')")


def test_pages_of_every_language_are_published():
    pages = set(PAGES.values())
    for lang in ("", "it/", "es/"):
        assert {f"{lang}index.html", f"{lang}06-probability-of-busting.html"} <= pages
        # the learners' site leaves the teachers' notes out; a link to them
        # leads to the landing page's line saying where teachers find them
        assert f"{lang}TEACHERS.html" not in pages and f"{lang}STYLE.html" not in pages
        assert PAGES[f"{lang}TEACHERS.md"] == f"{lang}index.html#sk-teachers-note"


def test_the_author_may_publish_the_teachers_notes():
    from sette_kit.site import _sources

    sources, pages, _images = _sources(LESSONS, teachers_notes=True)
    for lang in ("", "it/", "es/"):
        assert pages[f"{lang}TEACHERS.md"] == f"{lang}TEACHERS.html"
    assert pages["STYLE.md"] == "STYLE.html"


def test_landing_page_map_links_every_page():
    visible, config = site_page(course.LANDING)
    assert "<title>Sette e mezzo · Start here · Sette e mezzo</title>" in visible
    for name in NAMES:
        if name != course.LANDING:
            assert f'href="{PAGES[name]}"' in visible, name
    assert visible.count("(coming)") == sum(1 for l in course.LESSONS[1:] if l.file not in NAMES)
    assert config["cells"] == ["from widgets import ScoreTrainer, lesson",
                               'taster = ScoreTrainer("plain", seed=0)\ntaster.set_quiz_mode(True)\ntaster']


@pytest.mark.parametrize("name", NAMES)
def test_every_page_keeps_its_code_cells_in_order(name):
    nb = json.loads((LESSONS / name).read_text(encoding="utf-8"))
    visible, config = site_page(name)
    code = [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    assert len(config["cells"]) == visible.count('class="sk-code-output"') <= len(code)
