"""The kit's look without a browser: one theme for the kit, the Voilà template that carries it,
and the cards' drawing.  The browser half is tests/browser/test_browser_theme.py (and the
axe-core checks in tests/browser/test_browser_lessons.py)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from sette_kit import FULL_DECK, Card, theme
from sette_kit.cards import FACES, Rank

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "sette_kit" / "app" / "webapp" / "voila_template" / "nbconvert" / "templates" / "sette-kit"
SVG = "{http://www.w3.org/2000/svg}"


# -- one theme -------------------------------------------------------------------------------

def test_the_theme_is_two_files_read_once():
    assert theme.css() is theme.css() and theme.js() is theme.js()
    assert theme.without_comments(theme.path(theme.CSS_FILE).read_text(encoding="utf-8")) == theme.css()
    assert "/*" not in theme.css() and "sette_kit" not in theme.css()  # no file names in a widget's text
    with pytest.raises(FileNotFoundError, match="sette-kit.css"):
        theme.path("other.css")


def test_the_theme_asks_no_other_host_for_anything():
    for text in (theme.css(), theme.js()):
        assert not re.search(r"https?://|@import|url\(\s*['\"]?(//|http)", text)
        assert "cdn" not in text.lower() and "fontawesome" not in text.lower()


def test_the_theme_files_can_be_included_by_jinja_templates():
    # the templates `{% include %}` them: no Jinja delimiter may appear inside
    for text in (theme.css(), theme.js()):
        assert not re.search(r"\{\{|\{%|\{#", text)


def test_the_stylesheet_documents_its_custom_properties():
    css = theme.css()
    header = css.split("*/", 1)[0]
    defined = set(re.findall(r"(--sk-[a-z0-9-]+)\s*:", css))
    assert {"--sk-text", "--sk-leading", "--sk-accent", "--sk-focus", "--sk-card-zoom", "--sk-card-min",
            "--sk-control-h", "--sk-measure"} <= defined
    undocumented = [p for p in sorted(defined) if p.split("-sk-")[1].rstrip("0123456789") not in header
                    and p not in header]
    assert undocumented == [], f"custom properties missing from the header: {undocumented}"


def test_projector_mode_and_phone_sizes_are_in_the_tokens():
    css = " ".join(theme.css().split())
    proj = re.search(r":root\.sk-projector \{([^}]*)\}", css).group(1)
    size = lambda name, block: float(re.search(rf"{name}: (\d+(?:\.\d+)?)px", block).group(1))  # noqa: E731
    assert size("--sk-text", proj) >= 22 and size("--sk-card-min", proj) >= 110
    phone = re.search(r"@media \(max-width: 640px\), \(pointer: coarse\) \{ :root \{([^}]*)\}", css).group(1)
    assert size("--sk-control-h", phone) >= 44
    # ipywidgets' 28 px line boxes are replaced by the page's leading inside widgets
    assert re.search(r"\.widget-html > \.widget-html-content \{[^}]*line-height: var\(--sk-leading\)", css)


def test_the_script_reads_the_address_parameter_and_remembers_it():
    js = theme.js()
    assert theme.PROJECTOR_KEY in js and f"[?&]{theme.PROJECTOR_PARAM}=" in js
    assert theme.PROJECTOR_CLASS in js and "data-sk-projector-toggle" in js and "aria-pressed" in js


def test_every_widget_carries_the_theme_through_one_shared_style_model():
    from widgets import Quiz, ScoreTrainer
    from widgets.base import KIT_CSS
    from sette_kit.questions import Question

    assert KIT_CSS == theme.css()
    a, b = ScoreTrainer("plain", seed=0), Quiz(Question(text="?", answer=True, kind="yesno"))
    assert a.style is b.style and a.view.children[0] is a.style
    assert a.style.value == f"<style>{theme.css()}</style>" and a.style.layout.display == "none"
    a.style.close()
    c = ScoreTrainer("plain", seed=1)
    assert c.style is not a.style and c.style.comm is not None  # a closed one is made again


# -- the Voilà template ----------------------------------------------------------------------

def test_voila_json_names_the_kit_template_and_it_builds_on_lab():
    conf = json.loads((ROOT / "lessons" / "voila.json").read_text())
    assert conf["VoilaConfiguration"]["template"] == "sette-kit"
    assert json.loads((TEMPLATE / "conf.json").read_text())["base_template"] == "lab"
    for name in ("index.html.j2", "page.html"):
        text = (TEMPLATE / name).read_text()
        assert "https://" not in text and "http://" not in text, name  # no CDN
        assert "sette-kit.css" in text and "sette-kit.js" in text, name
    index = (TEMPLATE / "index.html.j2").read_text()
    assert 'role="main"' in index and "sk-theme" in index and "data-sk-projector-toggle" in index
    assert "metadata.get('title'" in index and "startswith('# ')" in index  # the tab title


def test_serve_puts_the_template_first_on_the_jupyter_path(monkeypatch):
    from sette_kit import serve

    monkeypatch.setenv("JUPYTER_PATH", "/elsewhere")
    serve._add_kit_template()
    serve._add_kit_template()
    parts = os.environ["JUPYTER_PATH"].split(os.pathsep)
    assert parts == [str(serve.KIT_TEMPLATE_ROOT), "/elsewhere"]
    assert (serve.KIT_TEMPLATE_ROOT / "nbconvert" / "templates" / serve.KIT_TEMPLATE / "conf.json").is_file()
    # under nbconvert/, not voila/: Voilà's own data folder stays the installed one
    assert not (serve.KIT_TEMPLATE_ROOT / "voila").exists()


def test_voilas_other_pages_render_with_the_theme_and_no_cdn(tmp_path):
    """Voilà's page skeleton (its notebook list and error pages) found through the kit's
    template: the theme inlined, a main landmark, no link to another host (the stock one
    loads Font Awesome from a CDN).  The lesson page itself is checked in a browser."""
    code = """
import sys, json, os
from sette_kit import serve
serve._find_voila_templates(); serve._add_kit_template()
from voila.paths import collect_template_paths
from sette_kit.theme import THEME_DIR
paths = collect_template_paths(["voila", "nbconvert"], "sette-kit", prune=True) + [str(THEME_DIR)]
import jinja2
env = jinja2.Environment(loader=jinja2.FileSystemLoader(paths), extensions=["jinja2.ext.do", "jinja2.ext.i18n"])
env.install_null_translations()
page = env.get_template("page.html").render(include_css=None, base_url="/")
print(json.dumps(page))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env=dict(os.environ, PYTHONPATH=str(ROOT)), cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    page = json.loads(out.stdout)
    assert 'class="sk-theme"' in page and "<main" in page and "sk-projector" in page
    assert "https://" not in page and "cdn" not in page.lower()


# -- the cards -------------------------------------------------------------------------------

def figure_shapes(svg: str) -> str:
    """The drawing without colours, texts and labels: what tells figures apart in grey."""
    svg = re.sub(r"#[0-9A-Fa-f]{6}", "", svg)
    svg = re.sub(r'aria-label="[^"]*"|<title>.*?</title>|<text[^>]*>.*?</text>', "", svg)
    return svg


@pytest.mark.parametrize("face", list(FACES))
def test_fante_cavallo_and_re_are_different_drawings_even_in_grey(face):
    from widgets.render import card_svg

    for suit in range(4):
        shapes = {rank: figure_shapes(card_svg(Card(rank, suit), face)) for rank in (Rank.FANTE, Rank.CAVALLO, Rank.RE)}
        assert len(set(shapes.values())) == 3
        # and not just a different hat: the bodies differ in their number of parts
        counts = {rank: s.count("<path") + s.count("<rect") + s.count("<ellipse") for rank, s in shapes.items()}
        assert len(set(counts.values())) == 3, counts


def test_the_cavallo_rides_a_horse_in_the_italian_and_spanish_faces():
    from widgets.render import card_svg

    for face in ("italian", "spanish"):
        assert "<ellipse" in card_svg(Card("Cavallo", "spade"), face)  # the horse's body
    assert "<ellipse" not in card_svg(Card("Cavallo", "spade"), "french")  # the Queen is a lady


@pytest.mark.parametrize("face", list(FACES))
def test_figure_labels_are_big_and_no_letter_sits_on_the_crown(face):
    from widgets.render import card_svg

    for card in FULL_DECK:
        if not card.is_figure:
            continue
        root = ET.fromstring(card_svg(card, face))
        texts = root.findall(f".//{SVG}text")
        # the banner under the figure names it (the French face by its letter, J/Q/K, as its
        # cards say), inside the figure's panel (x from 19 or 24)
        code = FACES[face].rank_codes[card.rank]
        name = code if face == "french" else FACES[face].rank_names[card.rank]
        label = [t for t in texts if t.text == name and float(t.get("x")) >= 15]
        assert len(label) == 1 and float(label[0].get("font-size")) >= 11.5, (card, face)
        # the only other rank letters are the corner indices (top-left and, turned,
        # bottom-right), outside the panel
        letters = [t for t in texts if t.text == code and t not in label]
        assert len(letters) == 2 and all(float(t.get("x")) < 15 for t in letters)


def test_cards_carry_their_width_for_the_theme_to_scale():
    from widgets.render import back_svg, card_svg

    svg = card_svg(Card(7, "coppe"), size=56)
    assert 'width="56"' in svg and 'style="--sk-card-w:56px"' in svg
    assert 'style="--sk-card-w:40px"' in back_svg(40)
    css = " ".join(theme.css().split())
    assert re.search(r"svg\.sk-card \{ width: max\(var\(--sk-card-min[^;]*var\(--sk-card-w[^;]*var\(--sk-card-zoom", css)


def test_the_theme_and_the_template_ship_in_the_wheel():
    import fnmatch
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as f:
        cfg = tomllib.load(f)["tool"]["setuptools"]
    assert "sette_kit.theme" in cfg["packages"]
    data = cfg["package-data"]
    for path in theme.THEME_DIR.iterdir():
        if path.suffix in (".css", ".js", ".md"):
            assert any(fnmatch.fnmatch(path.name, p) for p in data["sette_kit.theme"]), path.name
    webapp = ROOT / "sette_kit" / "app" / "webapp"
    for path in TEMPLATE.iterdir():
        rel = path.relative_to(webapp).as_posix()
        assert any(fnmatch.fnmatch(rel, p) for p in data["sette_kit.app.webapp"]), rel


def test_the_site_and_the_class_styles_use_the_themes_palette():
    """One palette: the static site's and the class's styles define no colour of their own
    and redefine no token of the theme (they come after it, so an override would win)."""
    theme = (ROOT / "sette_kit" / "theme" / "sette-kit.css").read_text(encoding="utf-8")
    tokens = set(re.findall(r"^\s*(--sk-[\w-]+)\s*:", theme, re.MULTILINE))
    assert {"--sk-ink", "--sk-paper", "--sk-link", "--sk-line"} <= tokens
    for name in ("app.css", "class.css"):
        css = (ROOT / "sette_kit" / "app" / "site" / "js" / "src" / name).read_text(encoding="utf-8")
        defined = set(re.findall(r"(--sk-[\w-]+)\s*:", css))
        assert not defined & tokens, (name, defined & tokens)
        assert not re.search(r"#[0-9a-fA-F]{3,8}\b|rgb\(", re.sub(r"/\*.*?\*/", "", css, flags=re.S)), name
        used = set(re.findall(r"var\((--sk-[\w-]+)", css))
        assert used <= tokens | defined, (name, used - tokens - defined)
