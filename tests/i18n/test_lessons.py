"""Every lesson in English, Italian and Spanish, from one source.

The English notebook ``lessons/NN-*.ipynb`` is the only source of a lesson; the Italian
and Spanish ones (``lessons/it/``, ``lessons/es/``, under the English file names) are
generated from it and the lesson's catalogue
(``lessons/locale/<lang>/LC_MESSAGES/NN-*.po``) by ``lessons/_build.py``.  So:

- each committed translated notebook is exactly what the build generates from the
  English and the catalogue: the same cells, ids, kinds and texts (no kernel needed: the
  outputs come from executing it), and it was executed;
- each catalogue is complete: no text of the English missing, untranslated or fuzzy,
  none unused or obsolete, the template up to date, and every translation keeps the
  English's placeholders and numbers;
- the generator keeps the code: a translated code cell is the English code with only
  its strings changed, and the header sets the lesson's language;
- nothing a learner reads is left in English: the Markdown and every output stored in
  the notebook (the header, rule boxes, footer, text) hold none of a short list of
  English words; every Markdown cell states the English cell's numbers (``16.37%`` and
  ``16,37%`` both give 16, 37).
The machinery itself (``lessons/_catalogue.py``) is tested on small cases: Markdown
blocks, strings of code, the merge of a changed lesson.  The widgets' own words are
checked live, in the browser, for one lesson per language
(``tests/browser/test_browser_i18n.py``); nbval runs every lesson of every language.
TEACHERS.md exists in each language with a section per lesson that states the same
numbers.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
from pathlib import Path

import nbformat
import pytest

from sette_kit import course

LESSONS = Path(__file__).resolve().parents[2] / "lessons"
ENGLISH = {"the", "and", "you", "your", "card", "cards", "bank", "player", "stand", "bust", "round",
           "wins", "with", "hand", "points", "lesson", "next", "previous", "about", "minutes"}
"""Words of English learner text that neither Italian nor Spanish text contains."""
NAMES = [l.file for l in course.LESSONS]


def _module(name: str, file: str):
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, LESSONS / file)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


build = _module("lessons_build", "_build.py")
cat = build.cat
LANGS = tuple(cat.languages())
"""The languages of the kit but English: each has every lesson (a new one too)."""


def read(path: Path):
    return nbformat.read(path, as_version=4)


def digits(text: str) -> list[str]:
    return re.findall(r"\d+", text)


def english_words(text: str) -> set[str]:
    text = re.sub(r"<[^>]+>", " ", text)                 # tags
    text = re.sub(r"`[^`]*`", " ", text)                 # code a learner types
    text = re.sub(r"\(https?://[^)]*\)|https?://\S+", " ", text)
    return {w for w in re.findall(r"[A-Za-z]+", text) if w.lower() in ENGLISH}


def code_shape(source: str) -> str:
    """The code with its string literals blanked and the header's ``lang=`` dropped."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = ""
        if isinstance(node, ast.JoinedStr):
            node.values = [v for v in node.values if not isinstance(v, ast.Constant)]
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "header":
            node.keywords = [k for k in node.keywords if k.arg != "lang"]
    return ast.unparse(tree)


PAIRS = [(lang, name) for lang in LANGS for name in NAMES]


def test_the_lessons_are_translated_into_every_language_of_the_kit():
    assert {"it", "es"} <= set(LANGS) and "en" not in LANGS
    assert cat.lesson_names() == sorted(NAMES)


@pytest.mark.parametrize("lang", LANGS)
def test_every_lesson_exists_in_the_language(lang):
    missing = [n for n in NAMES if not (LESSONS / lang / n).is_file()]
    assert not missing, f"lessons/{lang}/ lacks {missing}"
    extra = sorted(p.name for p in (LESSONS / lang).glob("*.ipynb") if p.name not in NAMES)
    assert not extra, f"lessons/{lang}/ has notebooks that are not lessons: {extra}"
    extra = sorted(p.name for p in (LESSONS / "locale" / lang / "LC_MESSAGES").glob("*.po")
                   if p.stem + ".ipynb" not in NAMES)
    assert not extra, f"catalogues of no lesson: {extra}"


# -- generated from the English and the catalogue -------------------------------------------------

@pytest.mark.parametrize("lang,name", PAIRS)
def test_the_committed_notebook_is_the_one_the_build_generates(lang, name):
    generated, missing = build.generate(name, lang)
    assert not missing, f"texts without a translation: {missing[:5]}"
    build._stamp_title(generated, LESSONS / lang / name)
    committed = read(LESSONS / lang / name)
    assert cat.notebook_differences(generated, committed) == [], \
        f"lessons/{lang}/{name} is not what the build makes: python lessons/_build.py lessons/{lang}/{name}"
    code = [c for c in committed.cells if c.cell_type == "code"]
    assert all(c.execution_count is not None for c in code), "committed executed (python lessons/_build.py)"
    assert "widgets" not in committed.metadata, "widget state stripped"


@pytest.mark.parametrize("lang,name", PAIRS)
def test_the_catalogue_is_complete(lang, name):
    found = {k: v for k, v in cat.problems(lang, name).items() if v}
    assert not found, f"{lang}/{name}: {found} (python lessons/_build.py update, then translate)"


@pytest.mark.parametrize("name", NAMES)
def test_the_template_is_what_the_english_gives(name):
    template = cat.extract(read(LESSONS / name), name)
    assert not cat.template_stale(name, template), "python lessons/_build.py update"


def test_the_kit_catalogue_check_checks_the_lessons_too(capsys):
    from sette_kit import i18n_catalogue

    assert i18n_catalogue.main(["check"]) == 0
    out = capsys.readouterr().out
    for lang in LANGS:
        assert re.search(rf"^lessons {lang}: \d+ entries in {len(NAMES)} catalogues; 0 stale template, 0 missing, "
                         r"0 untranslated, 0 fuzzy, 0 unused, 0 obsolete, 0 placeholders, 0 numbers$", out, re.M)


@pytest.mark.parametrize("lang,name", PAIRS)
def test_same_cells_same_code_same_numbers(lang, name):
    en, tr = read(LESSONS / name), read(LESSONS / lang / name)
    assert [c.cell_type for c in tr.cells] == [c.cell_type for c in en.cells], "the same cells in the same order"
    for i, (a, b) in enumerate(zip(en.cells, tr.cells)):
        if a.cell_type == "markdown":
            assert digits(b.source) == digits(a.source), f"cell {i}: the numbers differ from the English"
        elif a.cell_type == "code":
            assert code_shape(b.source) == code_shape(a.source), f"cell {i}: the code differs from the English"


@pytest.mark.parametrize("lang,name", PAIRS)
def test_the_header_sets_the_language(lang, name):
    first = next(c for c in read(LESSONS / lang / name).cells if c.cell_type == "code")
    n = course.lesson(name).number
    assert re.search(rf"^lesson\.header\({n}, lang=\"{lang}\"\)\s*$", first.source, re.M)


def _outputs_text(nb) -> list[tuple[int, str]]:
    out = []
    for i, cell in enumerate(nb.cells):
        for o in cell.get("outputs", []):
            if o.get("output_type") == "stream":
                out.append((i, o.get("text", "")))
            for mime in ("text/html", "text/plain", "text/markdown"):
                if mime in o.get("data", {}):
                    out.append((i, o["data"][mime]))
    return out


@pytest.mark.parametrize("lang,name", PAIRS)
def test_no_english_is_left(lang, name):
    nb = read(LESSONS / lang / name)
    assert nb.metadata.get("sette_kit", {}).get("lang") == lang, "built with lessons/_build.py"
    left = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown" and english_words(cell.source):
            left.append((i, "text", sorted(english_words(cell.source))))
    for i, text in _outputs_text(nb):
        text = re.sub(r"<style>.*?</style>", " ", text, flags=re.S)
        if english_words(text):
            left.append((i, "output", sorted(english_words(text))))
    assert not left, f"English words left in lessons/{lang}/{name}: {left[:8]}"


# -- the machinery ---------------------------------------------------------------------------------

def test_markdown_blocks_give_the_cell_back_for_every_lesson():
    for path in sorted(LESSONS.glob("**/[0-9][0-9]-*.ipynb")):
        for cell in read(path).cells:
            if cell.cell_type == "markdown":
                assert cat.join_blocks(*cat.blocks(cell.source)) == cell.source, path.name


def test_markdown_blocks():
    text = ("## Goals\n\nBy the end:\n- one;\n- two.\n\n1. first\n\n2. second\n   more\n\n| a | b |\n|---|---|\n"
            "### Exercise 1.1 — Title\nText.\n\n<details><summary>Solution</summary>\n\nAnswer: **2**.\n\n"
            "Why.\n\n</details>\n")
    lead, parts, trail = cat.blocks(text)
    assert [b for b, _ in parts] == ["## Goals", "By the end:\n- one;\n- two.", "1. first\n\n2. second\n   more",
                                     "| a | b |\n|---|---|", "### Exercise 1.1 — Title", "Text.",
                                     "<details><summary>Solution</summary>\n\nAnswer: **2**.\n\nWhy.\n\n</details>"]
    assert (lead, trail) == ("", "\n")
    assert cat.translate_markdown(text, str.upper).startswith("## GOALS\n\nBY THE END:")


CELL = '''\
plan = odds.best(PLAIN)
kinds = {1: "You", -1: "The bank"}
Predict("You hold 7. Hit or stand?", plan.decision("7 di coppe"), kind="choice", choices=["hit", "stand"],
        cards="4 di spade, 3 di bastoni", than_text="half",
        why=f"Standing is worth {fmt.decimal(plan.ev_of('7c', 'stand'), 3)}, "
            f"hitting {fmt.decimal(plan.ev_of('7c', 'hit'), 3)}: {'stand' if x else 'hit'}.")
Predict("Who?", "you" if x else "Ada", kind="choice", choices=["you", "Ada"])
t = Table("italian", players=["Ada", "Bruno"], deck=sk.parse_cards("7d 7s"))
Quiz(Question(text="Cards: " + ", ".join(names) + ".", answer=1, kind="count"), exercise="6.1")
lesson.rule_box("S1", "S12-S13")
'''


def test_which_strings_of_code_are_translated():
    found = {s.value: s.kind for s in cat.code_strings(CELL)}
    messages = sorted(v for v, k in found.items() if k == "message")
    assert messages == sorted(["Cards: ", "The bank", "Who?", "You", "You hold 7. Hit or stand?", "half", "you",
                               "Standing is worth {fmt.decimal(plan.ev_of('7c', 'stand'), 3)}, hitting "
                               "{fmt.decimal(plan.ev_of('7c', 'hit'), 3)}: {'stand' if x else 'hit'}."])
    assert found["4 di spade, 3 di bastoni"] == found["7 di coppe"] == "cards"
    for kept in ("hit", "stand", "choice", "italian", "Ada", "Bruno", "7d 7s", "count", "6.1", "S12-S13", ", ", "."):
        assert found[kept] == "code", kept


def test_a_code_cell_in_another_language():
    words = {"You": "Tu", "The bank": "Il banco", "You hold 7. Hit or stand?": "Hai 7. Carta o stai?",
             "half": "metà", "Who?": "Chi?", "you": "tu", "Cards: ": "Carte: ",
             "Standing is worth {fmt.decimal(plan.ev_of('7c', 'stand'), 3)}, hitting "
             "{fmt.decimal(plan.ev_of('7c', 'hit'), 3)}: {'stand' if x else 'hit'}.":
             "Stare vale {fmt.decimal(plan.ev_of('7c', 'stand'), 3)}, chiedere carta "
             "{fmt.decimal(plan.ev_of('7c', 'hit'), 3)}: {'sto' if x else 'carta'}, l'\"ultima\" {{parola}}."}
    out = cat.translate_code(CELL + "lesson.header(6)\n", lambda m: words.get(m, m), "es")
    assert code_shape(out) == code_shape(CELL + "lesson.header(6)\n")
    assert 'lesson.header(6, lang="es")' in out
    assert 'cards="4 de espadas, 3 de bastos"' in out and 'plan.decision("7 de copas")' in out
    assert 'choices=["hit", "stand"]' in out and '"tu" if x else "Ada"' in out and '"7d 7s"' in out
    tree = ast.parse(out)
    why = next(k.value for n in ast.walk(tree) if isinstance(n, ast.Call) for k in n.keywords if k.arg == "why")
    assert isinstance(why, ast.JoinedStr)
    assert [ast.unparse(v.value) for v in why.values if isinstance(v, ast.FormattedValue)] == [
        "fmt.decimal(plan.ev_of('7c', 'stand'), 3)", "fmt.decimal(plan.ev_of('7c', 'hit'), 3)",
        "'sto' if x else 'carta'"]
    text = "".join(v.value for v in why.values if isinstance(v, ast.Constant))
    assert text == "Stare vale , chiedere carta : , l'\"ultima\" {parola}."
    assert all(len(line) <= 110 for line in out.splitlines()), "long strings are cut at spaces"


def test_a_translation_that_loses_a_placeholder_or_a_number_is_reported():
    assert cat.template_fields("{a} and {b!r:>3}") != cat.template_fields("{a} e")
    assert cat.template_fields("{'x' if c else 'y'}") == cat.template_fields("{'sì' if c else 'no'}")
    assert cat._same_numbers("From 1,000 to 16.37%", "Da 1.000 a 16,37%")
    assert not cat._same_numbers("From 1,000 to 16.37%", "Da 1.000 a 16,38%")


def _lesson():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("lesson.header(6)"),
                nbformat.v4.new_markdown_cell("## Goals\n\nYou can count.\n\nYou can add."),
                nbformat.v4.new_code_cell('Predict("How many?", 3, kind="count", why="Count them.")')]
    for i, c in enumerate(nb.cells):
        c.id = f"cell{i}"
    return nb


def test_a_lesson_is_generated_from_its_catalogue_and_a_change_merges_as_gettext_does():
    name = "06-probability-of-busting.ipynb"
    nb = _lesson()
    template = cat.extract(nb, name)
    assert [m.id for m in template if m.id] == ["## Goals", "You can count.", "You can add.", "How many?", "Count them."]
    assert list(template)[1].auto_comments == ["lesson 6, cell 1 · Markdown, block 1 of 3"]
    po = cat.new_catalogue(template, "it")
    for m, t in zip([m for m in po if m.id], ["## Obiettivi", "Sai contare.", "Sai sommare.", "Quanti?", "Contali."]):
        m.string = t
    assert not any(m.string for m in template if m.id), "the template is left untranslated"
    it = cat.translate_notebook(nb, name, "it", cat.table(po))
    assert [c.source for c in it.cells] == ['lesson.header(6, lang="it")', "## Obiettivi\n\nSai contare.\n\nSai sommare.",
                                            'Predict("Quanti?", 3, kind="count", why="Contali.")']
    assert [c.id for c in it.cells] == [c.id for c in nb.cells]
    # the English changes: one text edited, one new, one gone
    nb.cells[1].source = "## Goals\n\nYou can count cards.\n\nA new paragraph, about dice and nothing like the others."
    cat.merge(po, cat.extract(nb, name))
    state = {m.id: (m.string or "", m.fuzzy) for m in po if m.id}
    assert state["You can count cards."] == ("Sai contare.", True), "changed: fuzzy, the old translation kept"
    assert state["A new paragraph, about dice and nothing like the others."] == ("", False), "new: untranslated"
    assert [m.id for m in po.obsolete.values()] == ["You can add."], "gone: obsolete"
    missing = []
    it = cat.translate_notebook(nb, name, "it", cat.table(po), missing)
    assert it.cells[1].source == "## Obiettivi\n\nYou can count cards.\n\nA new paragraph, about dice and nothing like the others.", "fuzzy is not used"
    assert missing == ["You can count cards.", "A new paragraph, about dice and nothing like the others."]


def test_one_english_text_can_have_two_translations_by_context(monkeypatch):
    name = "06-probability-of-busting.ipynb"
    nb = _lesson()
    nb.cells.append(nbformat.v4.new_markdown_cell("You can count."))
    nb.cells[-1].id = "other"
    monkeypatch.setitem(cat.CONTEXTS, (name, "other", "You can count."), "the summary")
    template = cat.extract(nb, name)
    assert [(m.context, m.id) for m in template if m.id == "You can count."] == [(None, "You can count."),
                                                                                 ("the summary", "You can count.")]
    table = {(None, "You can count."): "Sai contare.", ("the summary", "You can count."): "Sai contare le carte."}
    it = cat.translate_notebook(nb, name, "it", table)
    assert "Sai contare." in it.cells[1].source and it.cells[-1].source == "Sai contare le carte."


# -- the teachers' notes ----------------------------------------------------------------------------

def sections(text: str) -> dict[int, str]:
    parts = re.split(r"<!-- lesson (\d+) -->", text)
    return {int(n): body for n, body in zip(parts[1::2], parts[2::2])}


@pytest.mark.parametrize("lang", LANGS)
def test_teachers_notes_in_each_language(lang):
    en = sections((LESSONS / "TEACHERS.md").read_text(encoding="utf-8"))
    tr = sections((LESSONS / lang / "TEACHERS.md").read_text(encoding="utf-8"))
    assert sorted(tr) == sorted(en), "a section for every lesson"
    for n in en:
        assert digits(tr[n]) == digits(en[n]), f"lesson {n}: the numbers differ from the English notes"
        left = english_words(tr[n])
        assert not left, f"lesson {n}: English words left: {sorted(left)}"
