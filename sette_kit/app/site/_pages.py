"""The pages of the static site: notebooks in app mode, Markdown files, the landing page.

A notebook becomes one HTML page: its Markdown cells rendered to HTML at build time (so
the text is there at once, before Python has started), and for each code cell an empty
place where the page's script (``js/src/app.js``) puts the cell's outputs once the
Pyodide kernel has run it.  The code itself is in a JSON block of the page, never shown.
Links between notebooks (``02-the-matta.ipynb``) become links between pages
(``02-the-matta.html``); the landing notebook becomes ``index.html``.  A cell that only
calls a page helper of the lesson kit (``lesson.header(1)``, ``lesson.rule_box("S1")``,
``lesson.footer(1)``, ``lesson.lesson_map()``) is made at build time like the Markdown
(:func:`sette_kit.lesson_page.static_html`), and the page's title is the notebook's ``title``
metadata (from the course catalogue) when it has one.

>>> rewrite_links('<a href="./01-a.ipynb#goals">1</a> <a href="https://x.org/a.ipynb">x</a>',
...               {"01-a.ipynb": "01-a.html"})
'<a href="01-a.html#goals">1</a> <a href="https://x.org/a.ipynb">x</a>'
>>> page_title({"cells": [{"cell_type": "markdown", "source": "# Lesson 1 · Cards\\ntext"}]}, "x")
'Lesson 1 · Cards'
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from dataclasses import dataclass
from pathlib import Path

from ...classroom.words import words as class_words
from ...course import LANDING  # noqa: F401 - the one landing page (a name of this module too)
from ...i18n import LANGUAGES, _, language
from ...lesson_page import HELPERS, static_html
from ..markdown import cell_source, markdown_html, markdown_title, page_title

DEFAULT_TITLE = "Sette e mezzo: lessons"
"""The site's name unless its author gives one (shown in the page's language)."""
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp")
EDITABLE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


@dataclass
class Source:
    """One notebook or Markdown file of the site and the page it becomes."""

    path: Path
    rel: str          # path relative to the source folder, with "/"
    page: str         # the page it becomes, e.g. "01-cards.html" or "index.html"

    @property
    def is_notebook(self) -> bool:
        return self.path.suffix == ".ipynb"

    @property
    def lang(self) -> str:
        """The page's language: the lessons of a language live in its folder (``it/``,
        ``es/``), English at the top."""
        top = self.rel.split("/")[0] if "/" in self.rel else "en"
        return top if top in LANGUAGES else "en"


def words() -> dict[str, str]:
    """What the page's script says while it starts Python, in the current language
    (``js/src/app.js`` reads them from the page's config; English is its fallback)."""
    return {
        "starting": _("Starting Python in your browser"),
        "installing": _("Installing the Python packages of the lesson"),
        "running": _("Running the page: part {part} of {parts}"),
        "opening": _("Opening the page"),
        "cell_failed": _("This part of the page could not be shown. Reload the page to try again."),
        "one_failed": _("One part of this page could not be shown."),
        "some_failed": _("{n} parts of this page could not be shown."),
        "no_python": _("Python could not start in this browser ({error}). Reload the page to try again."),
        "no_page": _("The page could not start ({error}). Reload the page to try again."),
        "drawn": _("Starting Python in your browser: the page is shown as it starts, and its "
                   "controls work once Python is ready"),
        **class_words(),  # in a class (sette-kit class)
    }


NOTES = ("TEACHERS.md", "STYLE.md")
"""The teachers' notes (every answer) and the authors' style guide: left out of the
learners' site unless the author asks for them."""
NOTE_ANCHOR = "sk-teachers-note"


def teachers_note() -> str:
    """The landing page's line saying where teachers find the notes left out of the site."""
    text = _("For teachers: the notes with every answer (TEACHERS.md) and the authors' style "
             "guide (STYLE.md) are not published on this site. They are in the kit's lessons "
             "folder; `sette-kit build-site --teachers-notes` publishes them.")
    return f'<p class="sk-teachers-note" id="{NOTE_ANCHOR}">{html.escape(text)}</p>'



def rewrite_links(html_text: str, pages: dict[str, str], base: str = "") -> str:
    """Point relative links to site files (``pages``: source path -> page path) at pages.

    ``base`` is the folder of the page being written, relative to the source folder.
    """
    def fix(m: re.Match) -> str:
        attr, quote, url = m.group(1), m.group(2), m.group(3)
        if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//|^#", url):
            return m.group(0)
        target, sep, frag = url.partition("#")
        target, qsep, query = target.partition("?")
        norm = posixpath.normpath(posixpath.join(base, html.unescape(target)))
        if norm in pages:
            new = posixpath.relpath(pages[norm], base or ".")
            rest = (qsep + query if qsep else "") + (sep + frag if sep else "")
            return f'{attr}={quote}{html.escape(new)}{rest}{quote}'
        return m.group(0)

    return re.sub(r'\b(href|src)=(["\'])(.*?)\2', fix, html_text)


def _json_script(data) -> str:
    # safe inside <script>: no "</" can close the element early
    return json.dumps(data, ensure_ascii=False).replace("</", "<\\/").replace("<!--", "<\\!--")


PAGE = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="{root}{theme_css}">
<link rel="stylesheet" href="{root}{app_css}">
<script src="{root}{theme_js}"></script>
{boot}</head>
<body class="sk-site" data-sk-state="{state}">
<header class="sk-site-header">
<a class="sk-site-title" href="index.html">{site_title}</a>
<nav class="sk-site-nav" aria-label="Page">{nav}{switch}</nav>
</header>
{status}<main class="sk-page" id="main">
{body}
</main>
{scripts}</body>
</html>
"""

STATUS = """<div id="sk-status" class="sk-status" role="status" aria-live="polite">\
<span class="sk-spinner" aria-hidden="true"></span>\
<span id="sk-status-text">{starting}</span></div>
<noscript><p class="sk-status sk-status-error">{noscript}</p></noscript>
"""


SWITCH = """<button type="button" class="sk-switch" data-sk-projector-toggle aria-pressed="false" \
data-sk-on="{on}" data-sk-off="{off}" title="{title}">\
<span class="sk-switch-track" aria-hidden="true"></span><span>{label}</span>\
<span class="sk-switch-state" aria-hidden="true">{off}</span></button>"""


def switch() -> str:
    """The served pages' projector switch (``sette_kit/theme/sette-kit.js``), in the
    current language."""
    from ...theme import page_words

    w = page_words()
    return SWITCH.format(on=html.escape(w["on"]), off=html.escape(w["off"]),
                         title=html.escape(w["projector_title"]), label=html.escape(w["projector"]))


@dataclass
class Assets:
    """The site's shared files, each named by its content, relative to the site's root."""

    theme_css: str = "assets/sette-kit.css"
    theme_js: str = "assets/sette-kit.js"
    app_css: str = "assets/app.css"
    app_js: str = "assets/app.js"
    worker_js: str = "assets/worker.js"
    boot_js: str = ""   # the text of js/src/boot.js, inlined in each lesson page

    def fields(self, root: str) -> dict:
        return {"theme_css": self.theme_css, "theme_js": self.theme_js, "app_css": self.app_css}


def _status(mb: int) -> str:
    return STATUS.format(
        starting=html.escape(_("Starting Python in your browser… The first visit downloads about {mb} MB; "
                               "the next pages start faster.").format(mb=mb)),
        noscript=html.escape(_("This page runs Python in your browser: please turn JavaScript on.")))


def notebook_page(nb: dict, src: Source, *, site_title: str, pages: dict[str, str],
                  kernel: dict, download_mb: int, editable: str | None,
                  assets: Assets | None = None, recorded: dict | None = None,
                  note: bool = False) -> str:
    """The app-mode HTML page of notebook ``nb``, in the language of its folder.

    ``kernel``: what the page's boot script starts (``worker``, ``core``, ``wheels``,
    ``preimport``, ``sw``: paths from the site's root) and ``pages``; ``recorded``: the
    outputs of each code cell and the widgets' state from the build's run of ``cells``
    (:func:`page_cells`), drawn before Python starts; ``note``: end the page with
    :func:`teachers_note` (the landing page of a site without the notes)."""
    with language(src.lang):
        return _notebook_page(nb, src, site_title=site_title, pages=pages, kernel=kernel,
                              download_mb=download_mb, editable=editable,
                              assets=assets or Assets(), recorded=recorded, note=note)


def page_cells(nb: dict, src: Source) -> list[str]:
    """The code the page runs, one string per code cell left after the build made the
    lesson kit's page helpers (:func:`_lesson_html`)."""
    codes = []
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code" and cell_source(cell).strip():
            _static, text = _lesson_html(cell_source(cell), src)
            if text.strip():
                codes.append(text)
    return codes


def _site_title(title: str) -> str:
    """The site's name in the page's language when it is the kit's default name."""
    return _("Sette e mezzo: lessons") if title == DEFAULT_TITLE else title


def _notebook_page(nb: dict, src: Source, *, site_title: str, pages: dict[str, str],
                   kernel: dict, download_mb: int, editable: str | None, assets: Assets,
                   recorded: dict | None, note: bool = False) -> str:
    site_title = _site_title(site_title)
    base = posixpath.dirname(src.rel)
    root = "../" * src.page.count("/")
    parts: list[str] = []
    codes: list[str] = []
    for cell in nb.get("cells", []):
        kind, text = cell.get("cell_type"), cell_source(cell)
        if kind == "markdown" and text.strip():
            body = rewrite_links(markdown_html(text), pages, base)
            parts.append(f'<section class="sk-markdown">\n{body}\n</section>')
        elif kind == "code" and text.strip():
            static, text = _lesson_html(text, src)
            if static:  # the lesson's header, rule boxes, footer, map: shown at once
                parts.append(f'<section class="sk-lesson-static">\n{rewrite_links(static, pages, base)}\n</section>')
            if text.strip():
                parts.append(f'<div class="sk-code-output" data-cell="{len(codes)}"></div>')
                codes.append(text)
    if note:
        parts.append(teachers_note())
    boot_keys = ("worker", "core", "wheels", "preimport", "sw", "lockInfo")
    config = {k: v for k, v in kernel.items() if k not in boot_keys}
    name = Path(src.rel).name
    config.update(cells=codes, words=words(), lang=src.lang,
                  lesson=name[:2] if name[:2].isdigit() else None)  # a class's items are by lesson
    boot_config = {k: kernel[k] for k in boot_keys if k in kernel}
    for k in ("worker", "core", "sw"):
        if k in boot_config:
            boot_config[k] = root + boot_config[k]
    if "wheels" in boot_config:
        boot_config["wheels"] = [root + w for w in boot_config["wheels"]]
    nav = ""
    if editable:
        hint = _("The same lesson with its code, in JupyterLite: change it and run it")
        label = _("Open as an editable notebook")
        nav = (f'<a class="sk-edit-link" href="{html.escape(root + editable)}" '
               f'title="{html.escape(hint)}">{html.escape(label)}</a>')
    title = page_title(nb, Path(src.rel).stem)
    full_title = title if title == site_title else f"{title} · {site_title}"
    scripts = f'<script type="application/json" id="sk-config">{_json_script(config)}</script>\n'
    if recorded and len(recorded.get("outputs", [])) == len(codes):
        scripts += (f'<script type="application/json" id="sk-recorded">'
                    f'{_json_script({"outputs": recorded["outputs"], "state": recorded["state"]})}</script>\n')
    boot = ""
    if codes and boot_config:  # boot.js starts Python and loads app.js
        boot_config["app"] = root + assets.app_js
        boot = (f'<script type="application/json" id="sk-boot">{_json_script(boot_config)}</script>\n'
                f'<script>{assets.boot_js}</script>\n')
    else:
        scripts += f'<script type="module" src="{root}{assets.app_js}"></script>\n'
    return PAGE.format(lang=src.lang,
                       title=html.escape(full_title), root=root, state="loading",
                       site_title=html.escape(site_title), nav=nav, switch=switch(), boot=boot,
                       status=_status(download_mb), body="\n".join(parts),
                       scripts=scripts, **assets.fields(root))


def _lesson_html(code: str, src: Source) -> tuple[str | None, str]:
    """A cell that calls one of the lesson kit's page helpers (``lesson.header(1)``: the
    header, a rule box, the footer, the map: :mod:`sette_kit.lesson_page`; the same cards
    in each face: :func:`widgets.lesson.cards_in_faces`) is made here, ahead of time, so the page
    shows it before Python starts and its links can point at the site's pages; the rest
    of the cell (the header's imports) still runs in the browser."""
    from widgets.lesson import cards_in_faces  # it draws cards: a view (delivery may use the views)

    return static_html(code, src.path.parent, {**HELPERS, "cards_in_faces": cards_in_faces})


def markdown_page(text: str, src: Source, *, site_title: str, pages: dict[str, str],
                  assets: Assets | None = None) -> str:
    """A plain page for a Markdown file (e.g. the teacher notes), in its folder's language."""
    assets = assets or Assets()
    with language(src.lang):
        site_title = _site_title(site_title)
        projector = switch()
    base = posixpath.dirname(src.rel)
    root = "../" * src.page.count("/")
    title = markdown_title(text, Path(src.rel).stem)
    body = rewrite_links(markdown_html(text), pages, base)
    return PAGE.format(lang=src.lang, title=html.escape(f"{title} · {site_title}"), root=root,
                       state="ready", site_title=html.escape(site_title), nav="", switch=projector,
                       boot="", status="", body=f'<section class="sk-markdown">\n{body}\n</section>',
                       scripts="", **assets.fields(root))


def editable_copy(nb: dict) -> dict:
    """The notebook as JupyterLite opens it: outputs cleared, the in-browser kernel named."""
    out = json.loads(json.dumps(nb))
    meta = out.setdefault("metadata", {})
    meta["kernelspec"] = dict(EDITABLE_KERNELSPEC)
    meta.pop("widgets", None)
    for cell in out.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    return out
