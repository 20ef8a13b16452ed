"""The kit's languages: the mechanism, the catalogues and the marked strings.

- :mod:`sette_kit.i18n`: ``set_language``, the environment variable, English as the
  fallback, a bad language refused with the accepted ones named and nothing changed;
- the catalogues (``sette_kit/locale/<lang>/LC_MESSAGES/sette_kit.po``): every string the
  extraction finds in the learner-facing sources has an entry in Italian and in Spanish,
  none is untranslated or fuzzy, no entry is left over, and every translation keeps the
  English string's ``{placeholders}``;
- strings a learner reads that were never marked: a widget's description, tooltip,
  placeholder or title given as a plain literal, or an error raised with one, is found
  in the sources (the extraction cannot see what is not marked);
- the catalogues compile (``.mo``) and the wheel ships them.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sette_kit import i18n
from sette_kit.errors import SetteKitError
from sette_kit.i18n import _, language, ngettext, set_language

pytest.importorskip("babel")
from sette_kit import i18n_catalogue as cat  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english_after():
    before = i18n.get_language()
    yield
    set_language(before)


# -- the mechanism --------------------------------------------------------------------------

def test_english_is_the_default_and_the_source():
    assert i18n.get_language() == "en"
    assert _("Projector mode") == "Projector mode"


@pytest.mark.parametrize("lang, expected", [("it", "Modalità proiettore"), ("es", "Modo proyector"),
                                            ("en", "Projector mode")])
def test_set_language_changes_what_the_kit_says(lang, expected):
    set_language(lang)
    assert _("Projector mode") == expected


@pytest.mark.parametrize("given, code", [("it_IT", "it"), ("es-ES", "es"), (" IT ", "it"), ("EN", "en")])
def test_locale_names_are_read(given, code):
    set_language(given)
    assert i18n.get_language() == code


@pytest.mark.parametrize("bad", ["fr", "", "italiano", None, 3])
def test_a_bad_language_is_refused_and_nothing_changes(bad):
    set_language("es")
    with pytest.raises(SetteKitError, match=r"accepted languages are 'en' \(English\), 'it' \(Italiano\), 'es'"):
        set_language(bad)
    assert i18n.get_language() == "es"


def test_a_string_no_catalogue_has_stays_english():
    with language("it"):
        assert _("A sentence no catalogue holds") == "A sentence no catalogue holds"
        assert ngettext("{n} thing nobody wrote", "{n} things nobody wrote", 2) == "{n} things nobody wrote"


def test_the_context_manager_restores_the_language_after_an_error():
    with pytest.raises(ZeroDivisionError):
        with language("es"):
            1 / 0
    assert i18n.get_language() == "en"


def _language_in_child(value: str):
    env = dict(os.environ, **{i18n.LANG_ENV: value})
    code = "import sette_kit.i18n as i; print(i.get_language())"
    return subprocess.run([sys.executable, "-W", "always", "-c", code], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=60)


def test_the_environment_variable_chooses_the_language_at_import():
    out = _language_in_child("es")
    assert out.stdout.strip() == "es", out.stderr


def test_a_bad_environment_variable_warns_and_keeps_english():
    out = _language_in_child("klingon")
    assert out.stdout.strip() == "en"
    assert "SETTE_KIT_LANG='klingon' is not a language of the kit" in out.stderr


# -- the catalogues -------------------------------------------------------------------------

@pytest.fixture(scope="module")
def extracted():
    return cat.extract()


def test_the_extraction_finds_the_learner_facing_strings(extracted):
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in extracted if m.id}
    assert len(ids) > 1000
    files = {loc[0].split("/")[0] for m in extracted for loc in m.locations}
    assert files == {"sette_kit", "widgets"}
    assert not any("/cli/" in loc[0] for m in extracted for loc in m.locations), \
        "the command line speaks to authors, in English"


@pytest.mark.parametrize("lang", ["it", "es"])
def test_every_marked_string_is_translated(lang):
    found = cat.problems(lang)
    report = {k: v[:10] for k, v in found.items() if v}
    assert not report, f"the {lang} catalogue is not complete (run python -m sette_kit.i18n_catalogue check): {report}"


def test_the_catalogues_compile_and_the_build_writes_them(tmp_path):
    written = cat.compile_all(tmp_path)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == [
        "es/LC_MESSAGES/sette_kit.mo", "it/LC_MESSAGES/sette_kit.mo"]
    import gettext

    with written[0].open("rb") as f:
        assert gettext.GNUTranslations(f).gettext("Projector mode") != "Projector mode"
    setup = (ROOT / "setup.py").read_text()
    assert "write_mo" in setup and "build_py" in setup
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert '"locale/*/LC_MESSAGES/*.mo"' in pyproject and "babel" in pyproject


@pytest.mark.slow
def test_the_wheel_ships_the_compiled_catalogues(tmp_path):
    import zipfile

    from sette_kit.site._wheels import build_kit_wheel  # what the static site ships, too

    names = zipfile.ZipFile(build_kit_wheel(ROOT, tmp_path)).namelist()
    for lang in ("it", "es"):
        assert f"sette_kit/locale/{lang}/LC_MESSAGES/sette_kit.mo" in names
        assert any(n.startswith(f"sette_kit/lessons/{lang}/") and n.endswith(".ipynb") for n in names)
        assert f"sette_kit/lessons/{lang}/TEACHERS.md" in names


# -- strings a learner reads that were never marked ------------------------------------------

LEARNER_KEYWORDS = {"description", "tooltip", "placeholder", "title", "label", "aria_label", "button_text"}
ERRORS = {"SetteKitError", "IllegalMove"}


def _is_text(node) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return any(ch.isalpha() for ch in node.value) and node.value.strip() not in ("", "x", "X")
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.Constant) and any(ch.isalpha() for ch in v.value) for v in node.values)
    return False


def _unmarked(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", ""))
        if name in ERRORS and node.args and _is_text(node.args[0]):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}({ast.unparse(node.args[0])[:60]})")
        for kw in node.keywords:
            if kw.arg in LEARNER_KEYWORDS and _is_text(kw.value):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {kw.arg}={ast.unparse(kw.value)[:60]}")
    return found


def test_no_marked_string_hides_inside_an_f_string():
    """Babel's extraction does not look inside f-strings (Python 3.11): a ``_("...")``
    written in one never reaches a catalogue and stays English."""
    found = []
    for path in cat.source_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.JoinedStr):
                for inner in ast.walk(node):
                    if (isinstance(inner, ast.Call) and getattr(inner.func, "id", "") in cat.KEYWORDS
                            and any(isinstance(a, ast.Constant) for a in inner.args)):
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(inner)[:60]}")
    assert not found, "marked strings inside f-strings:\n" + "\n".join(found[:40])


def test_no_learner_facing_literal_is_left_unmarked():
    """A widget's description, tooltip, placeholder, title or label, and an error's
    message, are a learner's words: written as a plain literal they never reach a
    catalogue.  (Marked ones are calls: ``_("...")``, ``_("...").format(...)``.)"""
    found = [line for path in cat.source_files() for line in _unmarked(path)]
    assert not found, "unmarked learner-facing strings:\n" + "\n".join(found[:40])


def test_without_babel_the_shipped_mo_is_read_whatever_its_file_time(tmp_path, monkeypatch):
    """In a browser on Pyodide there is no Babel and the installed files' times are not
    the build's: the .mo must be read even when it looks older than the .po."""
    import builtins
    import os

    folder = tmp_path / "it" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    cat.compile_all(tmp_path)
    po = folder / "sette_kit.po"
    po.write_bytes(cat.po_path("it").read_bytes())
    old = po.stat().st_mtime - 1000
    os.utime(folder / "sette_kit.mo", (old, old))          # the .mo looks stale
    real_import = builtins.__import__

    def no_babel(name, *args, **kwargs):
        if name.startswith("babel"):
            raise ImportError("no babel here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)
    monkeypatch.setattr(builtins, "__import__", no_babel)
    assert i18n._load("it").gettext("Projector mode") == "Modalità proiettore"
