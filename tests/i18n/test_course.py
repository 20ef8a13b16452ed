"""The course catalogue, the lesson page and the numbers in Italian and Spanish.

``sette_kit.course`` (titles, questions, parts, every rule in learners' words),
``widgets.lesson`` (header, footer, rule boxes, map) and ``sette_kit.fmt`` (the decimal
comma) speak the kernel's language; English stays as it was, and the README's table
(``course.readme_row``) stays English whatever the language.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

pytest.importorskip("babel")

from sette_kit import course, fmt  # noqa: E402
from sette_kit.errors import SetteKitError  # noqa: E402
from sette_kit.i18n import get_language, language  # noqa: E402
from widgets import lesson  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = {"the", "and", "you", "your", "card", "cards", "bank", "player", "stand",
           "bust", "round", "wins", "with", "hand", "points"}
LANGS = ("it", "es")


def english_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH}


@pytest.fixture(autouse=True)
def _english_after():
    """Every test leaves the kit in English, whatever happens inside."""
    yield
    assert get_language() == "en"


@pytest.fixture
def folder(tmp_path):
    """A lessons folder with some lessons written (the rest "coming") and a page of its own."""
    for l in course.LESSONS[:8]:
        (tmp_path / l.file).write_text("{}")
    (tmp_path / "50-extra.ipynb").write_text('{"metadata": {"title": "Sette e mezzo 2"}, "cells": []}')
    return tmp_path


# -- the catalogue ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_text_is_translated(lang):
    for l in course.LESSONS:
        with language(lang):
            texts = {"title": l.title, "teaches": l.teaches, "question": l.question,
                     "label": l.label, "part": l.part_title}
        for what, text in texts.items():
            assert not english_words(text), f"{lang} lesson {l.number} {what}: {text!r}"
        assert texts["teaches"] != l.teaches_en and texts["question"] != l.question_en
        assert texts["question"].endswith("?"), "the opening question stays a question"
        assert texts["teaches"][0].islower() and not texts["teaches"].endswith("."), \
            "the map writes it with a capital and a full stop"
        assert Counter(re.findall(r"\d+", texts["question"])) == Counter(re.findall(r"\d+", l.question_en))


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_is_translated_with_its_numbers_and_marks(lang):
    for r in course.RULES.values():
        with language(lang):
            name, text, plain = r.name, r.text, r.plain
        assert text != r.text_en and not english_words(name) and not english_words(plain), f"{lang} {r.id}: {plain!r}"
        assert sorted(re.findall(r"\d+", text)) == sorted(re.findall(r"\d+", r.text_en)), \
            f"{lang} {r.id}: the same numbers as the English rule"
        assert text.count("**") % 2 == 0 and "*" not in plain, f"{lang} {r.id}: marks balanced"
        assert text.count("½") == r.text_en.count("½")


def test_key_titles_and_errors_in_each_language():
    with language("it"):
        assert course.lesson(6).title == "La probabilità di sballare"
        assert course.tab_title(6) == "Lezione 6 · La probabilità di sballare"
        assert course.tab_title(0) == "Sette e mezzo · Comincia da qui"
        assert course.rule("S13").name == "Il banco sta"
        with pytest.raises(SetteKitError, match="nessuna lezione 15: le lezioni sono numerate da 0 a 14"):
            course.lesson(15)
        with pytest.raises(SetteKitError, match="nessuna regola 'S99'"):
            course.rule("S99")
    with language("es"):
        assert course.lesson(6).title == "La probabilidad de pasarse"
        assert course.tab_title(6) == "Lección 6 · La probabilidad de pasarse"
        assert course.course_title() == "Siete y media: un juego de cartas y las matemáticas que esconde"
        assert course.rule("S13").name == "La banca se planta"
        with pytest.raises(SetteKitError, match="escribe primero la regla con el número menor"):
            course.rules("S9-S7")
    assert course.lesson(6).title == "The probability of busting", "English again after the block"


def test_part_and_face_names_in_english_are_the_catalogue_s():
    assert [course.part_title(k) for k in course.PARTS] == list(course.PARTS.values())
    assert [lesson.face_name(f) for f in lesson.FACE_NAMES] == list(lesson.FACE_NAMES.values())
    with language("it"):
        assert course.part_title("start") == "Inizio" and course.lesson(13).part_title == "Contare"
        assert lesson.face_name("french") == "Carte francesi"
    with language("es"):
        assert course.part_title("trentuno") == "Un segundo juego: Trentuno"


@pytest.mark.parametrize("lang", LANGS)
def test_the_readme_row_stays_english(lang):
    english = [course.readme_row(l) for l in course.LESSONS]
    with language(lang):
        assert [course.readme_row(l) for l in course.LESSONS] == english
    assert course.readme_row(1) == ("| [01 Cards and scoring](lessons/01-cards-and-scoring.ipynb) | the 40-card "
                                    "deck in its three faces, what each card is worth, and when a hand is bust |")


# -- the lesson page ----------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_headers_footers_and_rule_boxes_speak_the_language(lang, folder):
    for l in course.LESSONS:
        with language(lang):
            blocks = [lesson.header(l.number, folder=folder), lesson.footer(l.number, folder=folder)]
            blocks += [lesson.rule_box(r) for r in l.rules]
        for b in blocks:
            assert not english_words(b.text), f"{lang} lesson {l.number}: {english_words(b.text)} in {b.text!r}"
            labels = " ".join(re.findall(r'aria-label="([^"]*)"', b.html))
            assert not english_words(labels) and "Lesson" not in labels and "Rule" not in labels
    with language(lang):
        box = lesson.rule_box(*course.RULES)
    assert not english_words(box.text)


def test_lesson_page_exact_words(folder):
    with language("it"):
        h, f = lesson.header(6, folder=folder).text, lesson.footer(1, folder=folder).text
        box = lesson.rule_box("S12-S13")
        start = lesson.header(0, folder=folder).text
    assert "Lezione 6 · circa 30 minuti, più 10 per gli approfondimenti" in h.splitlines()
    assert "← Precedente: Lezione 5 · Quattro e mezzo" in h and "Indice: tutte le lezioni" in h
    assert "Successiva: Lezione 7 · Valore atteso e strategia →" in h
    assert f.splitlines()[0].startswith("Successiva: Lezione 2 · La matta. Nel mazzo c'è una carta")
    assert 'aria-label="Regole S12 e S13"' in box.html and "Regola S13 · Il banco sta" in box.text
    assert "Comincia da qui · circa 10 minuti" in start.splitlines()
    assert "Sette e mezzo: un gioco di carte e la matematica che c'è dentro" in start
    with language("es"):
        h = lesson.header(6, folder=folder).text
        box = lesson.rule_box("S2")
        nav = lesson.nav(13, available=frozenset()).html
    assert "Lección 6 · unos 30 minutos, y 10 más para las ampliaciones" in h.splitlines() and "Índice: todas las lecciones" in h
    assert "← Anterior: Lección 5 · Cuatro y medio" in h and "Siguiente: Lección 7 · Valor esperado y estrategia →" in h
    assert 'aria-label="Regla S2"' in box.html and "<strong>suma</strong>" in box.html
    assert "(próximamente)" in nav and 'aria-label="Lecciones"' in nav


@pytest.mark.parametrize("lang, coming, more, part", [
    ("it", "(in arrivo)", "Altre pagine in questa cartella", "Probabilità, valore atteso e rischio"),
    ("es", "(próximamente)", "Más páginas en esta carpeta", "Probabilidad, valor esperado y riesgo"),
])
def test_the_map_speaks_the_language(lang, coming, more, part, folder):
    with language(lang):
        m = lesson.lesson_map(folder)
    assert not english_words(m.text), english_words(m.text)
    assert m.text.count(coming) == len(course.LESSONS) - 8 and more in m.text and part in m.text
    assert "Lesson" not in m.html and "(coming)" not in m.html and "More pages" not in m.html
    for l in course.LESSONS[1:]:
        with language(lang):
            assert l.title in m.text


def test_face_names_in_each_language():
    with language("it"):
        it = lesson.cards_in_faces("7c", faces=("italian", "french", "spanish"))
    with language("es"):
        es = lesson.cards_in_faces("7c", faces=("italian", "spanish"))
    assert [line.split(":")[0] for line in it.text.splitlines()] == ["Carte italiane", "Carte francesi", "Carte spagnole"]
    assert [line.split(":")[0] for line in es.text.splitlines()] == ["Baraja italiana", "Baraja española"]
    assert 'aria-label="Las mismas cartas en cada versión de la baraja"' in es.html


# -- numbers ------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_numbers_write_the_decimal_comma(lang):
    edge = Fraction(22069914749539, 134817758039250)
    with language(lang):
        assert fmt.percent(0.1637, 2) == "16,37%" and fmt.approx(edge, digits=2) == "16,37%"
        assert fmt.decimal(Fraction(4373, 10000)) == "0,4373"
        assert fmt.approx(Fraction(22, 37)) == "22/37 ≈ 59,5%" and fmt.approx(Fraction(1, 4)) == "1/4 = 25,0%"
        assert fmt.approx(Fraction(-2, 5), "decimal", 2, sign=True) == "-2/5 = -0,40"
        assert fmt.approx(-edge, "decimal", sign=True) == "-0,1637"
        assert fmt.decimal(9880, 0) == "9.880" and fmt.decimal(-1234.5, 1) == "-1.234,5"
        assert fmt.percent(Fraction(-1, 10**9)) == "0,0%" and fmt.percent(0.05, sign=True) == "+5,0%"
        assert fmt.fraction(Fraction(1615, 6068)) == "1615/6068" and fmt.fraction(0.25) == "0,25"
        assert fmt.hidden_exact(edge) == "22069914749539/134817758039250", "an exact fraction is never regrouped"
        assert fmt.localized("22/37") == "22/37" and fmt.localized("nan") == "nan"
        with pytest.raises(SetteKitError, match="percent") as err:
            fmt.approx(0.5, "percentage")
        assert "accepted" not in str(err.value)


def test_english_numbers_are_unchanged():
    edge = Fraction(22069914749539, 134817758039250)
    assert fmt.approx(edge, digits=2) == "16.37%" and fmt.approx(Fraction(22, 37)) == "22/37 ≈ 59.5%"
    assert fmt.decimal(9880, 0) == "9880" and fmt.decimal(-1234.5, 1) == "-1234.5" and fmt.percent(12.345) == "1234.5%"
    assert fmt.localized("1234.5") == "1234.5"


# -- every string is where Babel finds it --------------------------------------------------------

@pytest.mark.parametrize("path", ["sette_kit/course.py", "sette_kit/fmt.py", "widgets/lesson.py"])
def test_no_translated_call_hides_in_an_f_string(path):
    """Babel (Python 3.11 tokenizer) does not look inside f-strings: ``f"{_('x')}"`` is
    never extracted, so it would stay English in every language."""
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    hidden = [node.lineno for f in ast.walk(tree) if isinstance(f, ast.JoinedStr)
              for node in ast.walk(f)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in {"_", "N_", "ngettext", "pgettext", "gettext"}]
    assert not hidden, f"{path}: _() inside an f-string at lines {hidden}"
