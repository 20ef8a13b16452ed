"""The pieces of a lesson page: its header, rule boxes, footer and the landing page's map.

Plain HTML from the course catalogue (:mod:`sette_kit.course`: titles, questions, rule
wordings), below the views: the lesson kit (:mod:`widgets.lesson`) shows them in a
kernel, and the static site (``sette-kit build-site``) makes them ahead of time
(:func:`static_html`).  Neither ipywidgets nor a widget is needed here.

- :func:`header` - the navigation (previous / index / next), "Lesson N · about M
  minutes", the title and the question the lesson opens with; it also carries the
  kit's stylesheet, so the page has it from its first output on;
- :func:`rule_box` - the learner's wording of one or more rules, by id (``"S13"``,
  ``"S7-S9"``), the same in every lesson;
- :func:`footer` - what comes next (its opening question, to make you want to go on)
  and the navigation again;
- :func:`lesson_map` - the landing page's map: every lesson of the course by part, a
  link for each lesson whose notebook exists and "coming" for the others, and any
  other notebook of the folder after them.

Links are relative (``02-the-matta.ipynb``) and open in the same tab (``target="_self"``:
without it Voilà's output renderer opens every link of an output in a new tab): Voilà,
JupyterLab and the static site all follow them.  A lesson whose notebook is not in the lessons folder is never linked
(:func:`sette_kit.course.available`, checked when the cell runs).  Each function
returns a :class:`Block`: it displays as HTML and reads as plain text.

>>> h = header(1)
>>> "<h1 class=\\"sk-lesson-title\\">Cards and scoring</h1>" in h.html
True
>>> print(h.text.splitlines()[-1])
In this game a King is worth half a point. Is a 5, a 2 and a King a good hand, or have you lost already?
>>> print(rule_box("S2").text)
Rule S2 · Adding up, and going bust
Your hand is worth the sum of its cards. Over 7½ you are bust (sballato): you have lost. 7½ itself is the best score.
"""

from __future__ import annotations

import html
import re

from sette_kit import course, theme
from sette_kit.i18n import LANGUAGES, _, get_language, language, ngettext, set_language

__all__ = ["Block", "languages", "header", "footer", "nav", "rule_box", "lesson_map", "marked", "static_html",
           "HELPERS"]


def esc(text) -> str:
    """Any text, escaped for HTML (quotes too)."""
    return html.escape(str(text), quote=True)


def plain_text(html_text: str) -> str:
    """Tags stripped, entities decoded: what a screen reader would read."""
    return html.unescape(re.sub(r"<[^>]+>", "", html_text))


class Block:
    """A piece of a lesson page: ``html`` to show, ``text`` (plain) to read."""

    def __init__(self, html_text: str):
        self.html = html_text

    @property
    def text(self) -> str:
        """What a screen reader reads: the text without tags, one line per block."""
        t = re.sub(r"<style>.*?</style>", "", self.html, flags=re.S)
        # a picture reads as its label: a hand as its cards, a chart as its title
        t = re.sub(r'<div class="sk-hand"[^>]*aria-label="([^"]*)"[^>]*>.*?</svg></div>', r" \1 ", t, flags=re.S)
        t = re.sub(r"<svg[^>]*>.*?</svg>", " ", t, flags=re.S)
        t = re.sub(r'<p[^>]*aria-hidden="true"[^>]*>.*?</p>', "", t, flags=re.S)
        t = re.sub(r"</(p|li|h1|h2|h3|div|header|footer|nav|ul|ol|aside)>|<br>", "\n", t)
        t = re.sub(r"[ \t]+", " ", plain_text(t))
        return "\n".join(line.strip() for line in t.splitlines() if line.strip())

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:  # the text/plain output of a cell: readable too
        return self.text

    def __str__(self) -> str:
        return self.html


def marked(text: str) -> str:
    """A catalogue text as HTML: escaped, with ``**strong**`` and ``*foreign*`` marks.

    >>> marked("Over 7½ you are **bust** (*sballato*) & out")
    'Over 7½ you are <strong>bust</strong> (<em>sballato</em>) &amp; out'
    """
    t = esc(text)
    t = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", t)
    return re.sub(r"\*(.+?)\*", r"<em>\1</em>", t)


def _link(target: course.Lesson, text: str, rel: str = "", available=None) -> str:
    """A link to a lesson when its notebook exists, else its name marked "coming"."""
    if target.file in available:
        r = f' rel="{rel}"' if rel else ""
        return f'<a href="{esc(course.href(target))}" target="_self"{r}>{esc(text)}</a>'
    coming = esc(_("(coming)"))
    return f'<span class="sk-coming">{esc(text)} <span class="sk-coming-tag">{coming}</span></span>'


def nav(number, *, where: str = "top", available=None) -> Block:
    """The navigation: previous lesson, the index (the landing page), next lesson.
    ``available``: the lesson files that may be linked (default
    :func:`sette_kit.course.available`); ``folder`` in :func:`header` and :func:`footer`
    names the lessons folder to look in (default: where the lesson runs)."""
    here = course.lesson(number)
    have = course.available() if available is None else available
    prev, nxt = course.neighbours(here)
    items = []
    if prev is not None:
        text = _("← Previous: {lesson}").format(lesson=prev.label)
        items.append(f'<li class="sk-nav-prev">{_link(prev, text, "prev", have)}</li>')
    if here.number != 0:
        index = course.lesson(course.LANDING)
        text = _("Index: all the lessons")
        items.append(f'<li class="sk-nav-index">{_link(index, text, "", have)}</li>')
    if nxt is not None:
        text = _("Next: {lesson} →").format(lesson=nxt.label)
        items.append(f'<li class="sk-nav-next">{_link(nxt, text, "next", have)}</li>')
    label = _("Lessons") if where == "top" else _("Lessons (end of page)")
    return Block(f'<nav class="sk-lesson-nav sk-lesson-nav-{esc(where)}" aria-label="{esc(label)}">'
                 f'<ul>{"".join(items)}</ul></nav>')


def languages(number, lang: str | None = None) -> Block:
    """The lesson's language switch: links to the same lesson in English, Italian and
    Spanish, the current one marked.  The lessons of a language live in its
    folder (``lessons/it/``, ``lessons/es/``; English in ``lessons/``), under the same
    file names, so the links are relative: from ``it/06-...`` to ``../es/06-...``.

    >>> languages(6, "it").text.split()
    ['English', 'Italiano', 'Español']
    >>> 'href="../es/06-probability-of-busting.ipynb"' in languages(6, "it").html
    True
    """
    here = course.href(number)
    lang = get_language() if lang is None else lang
    items = []
    for code, name in LANGUAGES.items():
        if code == lang:
            items.append(f'<li><span class="sk-lang-current" aria-current="page" lang="{code}">{esc(name)}</span></li>')
            continue
        up = "" if lang == "en" else "../"
        target = f"{up}{here}" if code == "en" else f"{up}{code}/{here}"
        items.append(f'<li><a href="{esc(target)}" target="_self" lang="{code}" hreflang="{code}">{esc(name)}</a></li>')
    label = esc(_("Language"))  # outside the f-string: Babel does not look inside f-strings (Python < 3.12)
    return Block(f'<nav class="sk-lang-switch" aria-label="{label}"><ul>{"".join(items)}</ul></nav>')


def header(number, folder=None, lang: str | None = None, *, tail: str = "") -> Block:
    """The top of a lesson: navigation, "Lesson N · about M minutes", the title and the
    opening question.  The first output of every lesson (it carries the stylesheet).
    ``lang`` (``"en"``, ``"it"``, ``"es"``) sets the kernel's language first
    (:func:`sette_kit.i18n.set_language`): every widget after it speaks that language,
    and the header offers the lesson in the other languages.  ``tail``: HTML to end the
    header with (the lesson kit's marker of a page served to a class).

    >>> [line for line in header(0).text.splitlines() if "minutes" in line]
    ['Start here · about 10 minutes']
    >>> [line for line in header(7).text.splitlines() if "minutes" in line]
    ['Lesson 7 · about 30 minutes, and 20 more for the extensions']
    """
    if lang is not None:
        set_language(lang)
    l = course.lesson(number)
    if l.number == 0:
        kicker = ngettext("Start here · about {minutes} minute", "Start here · about {minutes} minutes",
                          l.minutes).format(minutes=l.minutes)
    else:
        kicker = ngettext("Lesson {number} · about {minutes} minute", "Lesson {number} · about {minutes} minutes",
                          l.minutes).format(number=l.number, minutes=l.minutes)
    if l.extension_minutes:  # the optional extensions, marked "Extension (optional)" in the lesson
        kicker += _(", and {minutes} more for the extensions").format(minutes=l.extension_minutes)
    return Block(
        f"<style>{theme.css()}</style>"
        f'<div class="sk-lesson-header">{languages(l).html}{nav(l, where="top", available=course.available(folder)).html}'
        f'<p class="sk-lesson-kicker">{esc(kicker)}</p>'
        f'<h1 class="sk-lesson-title">{esc(l.title if l.number else course.course_title())}</h1>'
        f'<p class="sk-lesson-question">{marked(l.question)}</p>'
        f"</div>{tail}")


def footer(number, folder=None) -> Block:
    """The end of a lesson: the next lesson and its opening question, then the navigation.

    >>> print(footer(1).text.splitlines()[0])
    Next: Lesson 2 · The matta. One card in the deck can be worth whatever you like. What should you make it worth?
    """
    l = course.lesson(number)
    have = course.available(folder)
    nxt = course.neighbours(l)[1]
    teaser = ""
    if nxt is not None:
        lead = esc(_("Next: {lesson}.")).format(lesson=_link(nxt, nxt.label, "next", have))
        teaser = (f'<p class="sk-lesson-next">{lead} '
                  f'<span class="sk-lesson-next-question">{marked(nxt.question)}</span></p>')
    return Block(f'<div class="sk-lesson-footer">{teaser}{nav(l, where="bottom", available=have).html}</div>')


def rule_box(*rule_ids: str) -> Block:
    """A box with the learner's wording of the rules named (``"S1"``, ``"S12-S13"``).

    >>> b = rule_box("S12-S13")
    >>> b.html.count('class="sk-rule"'), 'aria-label="Rules S12 and S13"' in b.html
    (2, True)
    """
    chosen = course.rules(*rule_ids)
    ids = [r.id for r in chosen]
    label = (_("Rule {rule}").format(rule=ids[0]) if len(ids) == 1 else
             _("Rules {rules} and {last}").format(rules=", ".join(ids[:-1]), last=ids[-1]))
    rule_word = _("Rule {rule}")
    body = "".join(
        f'<div class="sk-rule"><p class="sk-rule-head"><span class="sk-rule-id">{esc(rule_word.format(rule=r.id))}</span> · '
        f'<span class="sk-rule-name">{esc(r.name)}</span></p><p class="sk-rule-text">{marked(r.text)}</p></div>'
        for r in chosen)
    return Block(f'<aside class="sk-rule-box" aria-label="{esc(label)}">{body}</aside>')


def lesson_map(folder=None) -> Block:
    """The landing page's map of the course, part by part.

    Each lesson: its number and title (a link when its notebook exists, else marked
    "coming"), how long it takes and what it teaches.  Notebooks of the folder that are
    not lessons of the course are listed after the map ("More pages").
    """
    have = course.available(folder)
    parts: list[tuple[str, list[course.Lesson]]] = []
    for l in course.LESSONS[1:]:
        if not parts or parts[-1][0] != l.part:
            parts.append((l.part, []))
        parts[-1][1].append(l)
    coming, minutes = esc(_("(coming)")), _("{minutes} min")  # (outside the f-strings, for Babel)
    extended = _("{minutes} min, +{extension} optional")
    out = ['<section class="sk-lesson-map" aria-label="{label}">'.format(label=esc(_("The lessons")))]
    for part, lessons in parts:
        out.append(f'<h3 class="sk-map-part">{esc(lessons[0].part_title)}</h3>'
                   f'<ol class="sk-map-list" start="{lessons[0].number}">')
        for l in lessons:
            ready = l.file in have
            time = (extended.format(minutes=l.minutes, extension=l.extension_minutes) if l.extension_minutes
                    else minutes.format(minutes=l.minutes))
            title = (f'<a class="sk-map-title" href="{esc(course.href(l))}" target="_self">{esc(l.title)}</a>'
                     if ready else
                     f'<span class="sk-map-title">{esc(l.title)}</span> <span class="sk-coming-tag">{coming}</span>')
            out.append(f'<li class="sk-map-item {"sk-map-ready" if ready else "sk-coming"}" value="{l.number}">'
                       f'{title} <span class="sk-map-minutes">· {esc(time)}</span>'
                       f'<br><span class="sk-map-teaches">{esc(_capital(l.teaches))}.</span></li>')
        out.append("</ol>")
    others = course.other_pages(folder)
    if others:
        more = esc(_("More pages in this folder"))
        out.append(f'<h3 class="sk-map-part">{more}</h3><ul class="sk-map-list sk-map-other">')
        out += [f'<li class="sk-map-item"><a class="sk-map-title" href="{esc(name)}" target="_self">{esc(title)}</a></li>'
                for name, title in others]
        out.append("</ul>")
    out.append("</section>")
    return Block("".join(out))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]



# ---------------------------------------------------------------------------------------
# For pages made ahead of time (the static site)
# ---------------------------------------------------------------------------------------

HELPERS = {"header": header, "footer": footer, "rule_box": rule_box, "lesson_map": lesson_map}
"""The page helpers :func:`static_html` makes ahead of time (a lesson cell calls them as
``lesson.<name>(...)``); the lesson kit adds its own (``cards_in_faces``)."""
_CALL = re.compile(r"^lesson\.(\w+)\((.*)\)$", re.S)


def static_html(source: str, folder=None, helpers: dict | None = None) -> tuple[str | None, str]:
    """The HTML a lesson cell's page helper shows, made ahead of time, and the code left
    to run: ``(html, rest)``, or ``(None, source)`` when the cell is not one.

    A cell qualifies when its last line calls a helper of this module with literal
    arguments (``lesson.rule_box("S1", "S2")``, ``lesson.footer(1)``); only the header
    may follow other code (the lesson's imports), which is returned to run as before.
    The static site (``sette-kit build-site``) shows these parts as plain HTML at once,
    before Python has started, and rewrites their links to its pages; ``folder`` is the
    lessons folder, for which lessons exist; ``helpers``: name -> function, default
    :data:`HELPERS`.

    >>> html, rest = static_html('import sette_kit as sk\\nlesson.header(1)')
    >>> rest, '<h1 class="sk-lesson-title">Cards and scoring</h1>' in html
    ('import sette_kit as sk', True)
    >>> static_html('lesson.rule_box("S2")')[1], static_html('x = 1\\nlesson.rule_box("S2")')[0]
    ('', None)
    >>> static_html('lesson.rule_box(RULES)')[0] is None
    True
    >>> print(static_html('import sette_kit as sk\\nlesson.header(1, lang="es")')[1])
    import sette_kit as sk
    from sette_kit import set_language
    set_language('es')
    """
    import ast

    lines = source.rstrip().splitlines()
    if not lines:
        return None, source
    helpers = HELPERS if helpers is None else helpers
    m = _CALL.match(lines[-1].strip())
    rest = "\n".join(lines[:-1]).rstrip()
    if not m or m.group(1) not in helpers or (rest.strip() and m.group(1) != "header"):
        return None, source
    try:
        call = ast.parse(f"f({m.group(2)})", mode="eval").body
        args = [ast.literal_eval(a) for a in call.args]
        kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}
    except (SyntaxError, ValueError):
        return None, source
    if len(kwargs) != len(call.keywords):
        return None, source
    if m.group(1) in ("header", "footer", "lesson_map"):
        kwargs.setdefault("folder", folder)
    with language(get_language()):  # a header's lang= must not change the caller's language
        html = helpers[m.group(1)](*args, **kwargs).html
    if m.group(1) == "header" and kwargs.get("lang"):
        # the header set the page's language here; the browser's kernel must speak it too
        rest = (rest + "\n" if rest else "") + f"from sette_kit import set_language\nset_language({kwargs['lang']!r})"
    return html, rest
