"""The kit's look: one stylesheet and one small script, shipped with the package.

- ``sette-kit.css`` - the theme: the custom properties (colours, type scale, spacing,
  card sizes) documented in its header, a widget layer (``.sk-widget``...) that holds
  wherever a widget shows and a page layer (``body.sk-theme``) for the pages that opt in;
  projector mode is ``<html class="sk-projector">``.
- ``sette-kit.js`` - projector mode: the switch (``data-sk-projector-toggle``), the
  ``?projector=1`` address parameter, remembered in ``localStorage``.

Who reads them: every widget (:data:`widgets.base.KIT_CSS` is :func:`css`), the Voilà
template of ``sette-kit serve`` and the app's own pages (``sette_kit/webapp``), and the
static site (it copies the two files; see ``README.md`` beside them).  Plain files and
plain reads: nothing here imports anything heavy, and it works in Pyodide.

>>> ".sk-widget" in css() and "--sk-text" in css() and "http" not in css().replace("http://www.w3.org", "")
True
>>> "sk-projector" in js() and "localStorage" in js()
True
>>> path("sette-kit.css").name
'sette-kit.css'
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

__all__ = ["page_words", "THEME_DIR", "CSS_FILE", "JS_FILE", "path", "css", "js", "BODY_CLASS", "PROJECTOR_CLASS",
           "PROJECTOR_PARAM", "PROJECTOR_KEY"]

THEME_DIR = Path(__file__).resolve().parent
CSS_FILE = "sette-kit.css"
JS_FILE = "sette-kit.js"
#: the class a page puts on <body> to take the page layer of the theme
BODY_CLASS = "sk-theme"
#: the class on <html> while projector mode is on
PROJECTOR_CLASS = "sk-projector"
#: the address parameter of the served pages: ?projector=1 / ?projector=0
PROJECTOR_PARAM = "projector"
#: the localStorage key that remembers projector mode in a browser
PROJECTOR_KEY = "sette-kit:projector"


def path(name: str) -> Path:
    """The file ``name`` of the theme (``sette-kit.css`` or ``sette-kit.js``)."""
    p = THEME_DIR / name
    if not p.is_file():
        raise FileNotFoundError(f"the theme has no file {name!r}; it has {CSS_FILE!r} and {JS_FILE!r}")
    return p


@lru_cache(maxsize=None)
def _read(name: str) -> str:
    return path(name).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def css() -> str:
    """The theme's stylesheet, read once, without its comments (they document the file;
    a widget carries the rules only, and its text form names no file of the kit).

    >>> "/*" in css(), ":root" in css()
    (False, True)
    """
    return without_comments(_read(CSS_FILE))


def without_comments(text: str) -> str:
    """A stylesheet without its ``/* ... */`` comments and blank lines.

    >>> without_comments("/* a\\n b */\\na { x: 1 }\\n\\n/* c */ b { y: 2 }\\n")
    'a { x: 1 }\\n b { y: 2 }\\n'
    """
    return re.sub(r"\n\s*\n+", "\n", re.sub(r"/\*.*?\*/", "", text, flags=re.S)).strip() + "\n"


def js() -> str:
    """The theme's script (projector mode), read once."""
    return _read(JS_FILE)


def page_words(lang: str | None = None) -> dict[str, str]:
    """The words of a served page's own frame (the projector switch), in ``lang`` (default:
    the current language).  ``lessons/_build.py`` stamps them, with the language, into each
    lesson's metadata (``sette_kit``), where the kit's Voilà template reads them.

    >>> page_words("it")["projector"]
    'Modalità proiettore'
    """
    from ..i18n import _, get_language, language

    with language(lang or get_language()):
        return {
            "lang": get_language(),
            "projector": _("Projector mode"),
            "projector_title": _("Bigger text, cards and charts for a room (remembered in this browser; "
                                 "or add ?projector=1 to the address)"),
            "on": _("on"),
            "off": _("off"),
        }
