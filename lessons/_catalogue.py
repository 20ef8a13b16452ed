"""One source per lesson: the English notebook, translated through gettext catalogues (issue 25).

The English notebook ``lessons/NN-name.ipynb`` is the only source of a lesson's cells and
code.  What a learner reads is cut into *units*, and each language translates the units
in a gettext catalogue::

    lessons/locale/templates/NN-name.pot          the units of the English lesson (extracted)
    lessons/locale/<lang>/LC_MESSAGES/NN-name.po  their translations, one catalogue per lesson

The Italian and Spanish notebooks (``lessons/it/``, ``lessons/es/``) are generated from
the English one and the catalogue (:func:`translate_notebook`), then executed by
``lessons/_build.py``; nobody edits them.  Babel reads and writes the catalogues, so
Poedit, Weblate or any gettext tool can open them.

**The units.**

- A Markdown cell gives one unit per *block* (:func:`blocks`): a heading, a paragraph, a
  list, a table, a whole ``<details>`` block (its summary, answer and explanation).
  Markdown inline syntax (``**bold**``, ``*foreign*``, links, ``code``) stays in the unit.
  The translated cell is the translated blocks, joined as the English ones are.
- A code cell gives one unit per *learner-facing string literal*: an implicit
  concatenation (``"a " "b"``) is one string, and an f-string is one unit whose
  ``{placeholders}`` are written as in the code (``{fmt.percent(p, 1)}``): the translation
  keeps every placeholder (it may move them, and may translate a text in quotes inside
  one, ``{'inside' if x else 'outside'}``).  The code around the strings is the
  English code, so the three notebooks run the same code.  Which strings are learner
  text: every string literal is, except those the kit reads, which stay as written
  (:func:`string_kind`):

  - docstrings, and text with no letter and no decimal number (``", "``, ``"\\n"``, a
    formula of numbers only);
  - keys: one lowercase word (``"hit"``, ``"plain"``, ``kind="count"``, ``parts=("plan",)``),
    except where a learner reads it: passed to a keyword of :data:`SHOWN_KEYWORDS`
    (``than_text="half"``, ``xlabel="plan"``), or a choice of a ``Predict`` (its
    ``choices=`` and its answer, ``"yes" if near else "no"``) that is not one of the
    widget's own keys (``"hit"``, ``"stand"``: it translates them itself);
  - ids of rules, exercises and seats (``"S13"``, ``"6.1"``, ``"A"``);
  - a plan in words (:data:`widgets.tree.PLANS`: ``"hit until 5 or more"``);
  - the players' names (:data:`NAMES`);
  - cards (``sk.parse_cards`` reads the string).  A list of cards written with their
    Italian names, as the kit writes them (``"5 di coppe, Re di denari"``), is rewritten
    in the language's names, as the kit writes them there (``"5 de copas, Rey de oros"``),
    so the kit's own catalogue translates cards; codes (``"7c Rd"``) and cards written
    in another face's names stay.

  The first code cell's ``lesson.header(N)`` becomes ``lesson.header(N, lang="it")``.

**Contexts.**  A unit's ``msgctxt`` is empty: one English text has one translation in a
lesson (a choice and the answer it is compared with must agree).  Where one English text
needs two translations in one lesson, :data:`CONTEXTS` gives one of its occurrences a
context (by the cell's id) and the catalogue then holds two entries.

**Comments.**  Every entry says where its text is (``#. lesson 3, cell 7 · code, Predict(why=)``);
the location is the lesson's file.

>>> [b for b, _ in blocks("## Goals\\n\\nBy the end:\\n\\n- one;\\n- two.")[1]]
['## Goals', 'By the end:', '- one;\\n- two.']
>>> [(s.kind, s.msgid) for s in code_strings('Predict("On 5?", "stand", kind="choice", why=f"EV {ev:+}.")')]
[('message', 'On 5?'), ('code', None), ('code', None), ('message', 'EV {ev:+}.')]
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOCALE = HERE / "locale"
TEMPLATES = LOCALE / "templates"
PROJECT = "sette-kit lessons"

SHOWN_KEYWORDS = frozenset({"than_text", "title", "xlabel", "ylabel", "label", "positive", "negative",
                            "placeholder", "text", "why", "hints", "solution", "description"})
"""Keyword arguments whose text a learner reads, even when it is one lowercase word
(``than_text="half"``, ``xlabel="plan"``)."""

NAMES = frozenset({"Ada", "Anna", "Bruno", "Carla", "Dario", "Dino"})
"""The players' names: the same in every language."""

CONTEXTS: dict[tuple[str, str, str], str] = {}
"""``(lesson file, cell id, English text) -> msgctxt`` for an English text that needs a
second translation in one lesson: that cell's occurrence gets its own entry."""

HEADER_COMMENT = """\
# The texts of the sette-kit lesson {lesson}, for translation.
#
# The source is the English notebook lessons/{lesson}. The build
# (python lessons/_build.py) writes lessons/<lang>/{lesson} from it and
# this catalogue: nobody edits that notebook. An entry is a Markdown block (a heading,
# a paragraph, a list, a table, a whole <details> block) or a text a code cell shows.
# Keep the Markdown marks (**bold**, *foreign*, `code`, links, HTML tags) and every
# {{placeholder}} of a code text (a text in quotes inside one may be translated).
# One English text has one translation in a lesson. Name buttons and rules as the
# kit's own catalogue does (sette_kit/locale/<lang>/LC_MESSAGES/sette_kit.po).
# How: lessons/STYLE.md, "The lesson in other languages"."""


# ---------------------------------------------------------------------------------------
# Markdown blocks
# ---------------------------------------------------------------------------------------

_LIST_ITEM = re.compile(r"^ {0,3}([-*+]|\d{1,9}[.)])( |$)")
_HEADING = re.compile(r"^ {0,3}#{1,6}( |$)")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")


def blocks(source: str) -> tuple[str, list[tuple[str, str]], str]:
    """A Markdown cell's blocks: ``(lead, [(block, separator after it), ...], trail)``,
    where ``lead + block + separator + ... + trail`` is the cell again.

    A block is a heading (one line), a ``<details>`` block (up to its ``</details>``,
    blank lines and all), a fenced code block, a list (its items, loose or tight, and
    their indented lines) or a paragraph or table (up to a blank line or a heading).

    >>> lead, parts, trail = blocks("<details><summary>S</summary>\\n\\nAnswer: **2**.\\n\\n</details>\\n")
    >>> len(parts), trail
    (1, '\\n')
    >>> [b for b, _ in blocks("1. one\\n\\n2. two\\n   more\\n\\nAfter.")[1]]
    ['1. one\\n\\n2. two\\n   more', 'After.']
    """
    lines = source.split("\n")
    n = len(lines)
    i = 0
    while i < n and not lines[i].strip():
        i += 1
    lead = "\n".join(lines[:i]) + ("\n" if i else "")
    spans: list[tuple[int, int]] = []  # [start, end) line ranges
    while i < n:
        if not lines[i].strip():
            i += 1
            continue
        start, line = i, lines[i]
        if line.lstrip().startswith("<details"):
            while i < n and "</details>" not in lines[i]:
                i += 1
            i = min(i + 1, n)
        elif _FENCE.match(line):
            fence = _FENCE.match(line).group(1)
            i += 1
            while i < n and not lines[i].lstrip().startswith(fence):
                i += 1
            i = min(i + 1, n)
        elif _HEADING.match(line):
            i += 1
        elif _LIST_ITEM.match(line):
            i += 1
            while i < n:
                if lines[i].strip():
                    if _HEADING.match(lines[i]):
                        break
                    i += 1
                    continue
                j = i
                while j < n and not lines[j].strip():
                    j += 1
                if j < n and (_LIST_ITEM.match(lines[j]) or lines[j].startswith("  ")):
                    i = j
                    continue
                break
        else:
            i += 1
            while i < n and lines[i].strip() and not _HEADING.match(lines[i]):
                i += 1
        spans.append((start, i))
    if not spans:
        return source, [], ""
    parts = []
    for k, (a, b) in enumerate(spans):
        nxt = spans[k + 1][0] if k + 1 < len(spans) else None
        sep = "" if nxt is None else "\n" + "".join(line + "\n" for line in lines[b:nxt])
        parts.append(("\n".join(lines[a:b]), sep))
    last_end = spans[-1][1]
    trail = ("\n" + "\n".join(lines[last_end:])) if last_end < n else ""
    return lead, parts, trail


def join_blocks(lead: str, parts: list[tuple[str, str]], trail: str) -> str:
    return lead + "".join(b + s for b, s in parts) + trail


# ---------------------------------------------------------------------------------------
# String literals of a code cell
# ---------------------------------------------------------------------------------------

@dataclass
class Piece:
    """One string token of a (possibly implicit) concatenation."""
    start: int          # character offsets in the cell's source
    end: int
    prefix: str         # "", "f", "r", "rf" ...
    quote: str          # '"', "'", '\"\"\"' ...
    body: str           # the text between the quotes, as written


@dataclass
class CodeString:
    """A string of a code cell: a message to translate, cards to rename, or code."""
    start: int
    end: int
    pieces: list[Piece]
    value: str                     # the value (an f-string: its template, see msgid)
    fstring: bool
    kind: str                      # "message", "cards", "code"
    msgid: str | None = None       # a message: the text translated (an f-string: its template)
    where: str = ""                # what the string is passed to, for the translators
    first_col: int = 0             # the column the string starts at
    indent: int = 0                # the column of its continuation lines
    width: int = 0                 # the longest line the English string spans
    line_prefix: int = 0           # characters before it on its first line
    line_suffix: int = 0           # characters after it on its last line
    multiline: bool = False        # its pieces are on more than one line


def _line_starts(source: str) -> list[int]:
    starts = [0]
    for m in re.finditer("\n", source):
        starts.append(m.end())
    return starts


def _offset(source: str, starts: list[int], lineno: int, col_bytes: int) -> int:
    """The character offset of an AST position (its column counts UTF-8 bytes)."""
    line_start = starts[lineno - 1]
    line_end = starts[lineno] if lineno < len(starts) else len(source)
    line = source[line_start:line_end]
    return line_start + len(line.encode("utf-8")[:col_bytes].decode("utf-8", errors="ignore"))


def _scan_pieces(source: str, start: int, end: int) -> list[Piece]:
    """The string tokens between ``start`` and ``end`` (an implicit concatenation)."""
    pieces = []
    i = start
    while i < end:
        ch = source[i]
        if ch.isspace() or ch == "\\":
            i += 1
            continue
        if ch == "#":
            while i < end and source[i] != "\n":
                i += 1
            continue
        m = re.compile(r"([rRbBuUfF]{0,2})(\"\"\"|'''|\"|')").match(source, i)
        if not m:
            raise ValueError(f"not a string at {source[i:i + 20]!r}")
        prefix, quote = m.group(1), m.group(2)
        j = m.end()
        is_f = "f" in prefix.lower()
        raw = "r" in prefix.lower()
        depth = 0
        while True:
            if j >= len(source):
                raise ValueError("unterminated string")
            c = source[j]
            if depth == 0 and source.startswith(quote, j):
                break
            if c == "\\" and not raw and depth == 0:
                j += 2
                continue
            if is_f and c == "{":
                if depth == 0 and source.startswith("{{", j):
                    j += 2
                    continue
                depth += 1
            elif is_f and c == "}" and depth:
                depth -= 1
            elif is_f and depth and c in "'\"":  # a string inside a placeholder
                k = source.index(c, j + 1)
                j = k + 1
                continue
            j += 1
        pieces.append(Piece(i, j + len(quote), prefix, quote, source[m.end():j]))
        i = j + len(quote)
    return pieces


def _fields(body: str) -> list[tuple[int, int]]:
    """The ``{...}`` placeholders of an f-string body (not ``{{``), as spans."""
    out, i, n = [], 0, len(body)
    while i < n:
        if body.startswith("{{", i) or body.startswith("}}", i):
            i += 2
            continue
        if body[i] == "{":
            depth, j = 1, i + 1
            while j < n and depth:
                c = body[j]
                if c in "'\"":
                    k = body.find(c, j + 1)
                    j = n if k < 0 else k + 1
                    continue
                if c in "{[(":
                    depth += 1
                elif c in "}])":
                    depth -= 1
                j += 1
            out.append((i, j))
            i = j
            continue
        i += 1
    return out


def _decode(text: str, prefix: str, quote: str) -> str:
    """The value of a literal's text (escapes resolved)."""
    p = "".join(ch for ch in prefix if ch.lower() in "rbu")
    q = '"""' if len(quote) == 3 else quote
    return ast.literal_eval(f"{p}{q}{text}{q}")


def _template(pieces: list[Piece]) -> str:
    """An f-string concatenation as one template: literal text decoded (braces kept
    doubled), placeholders as written; a plain piece gets its braces doubled."""
    out = []
    for p in pieces:
        if "f" in p.prefix.lower():
            last = 0
            for a, b in _fields(p.body):
                out.append(_decode(p.body[last:a], p.prefix, p.quote))
                out.append(p.body[a:b])
                last = b
            out.append(_decode(p.body[last:], p.prefix, p.quote))
        else:
            out.append(_decode(p.body, p.prefix, p.quote).replace("{", "{{").replace("}", "}}"))
    return "".join(out)


def template_fields(text: str) -> list[str]:
    """The placeholders of a template, each with the texts in quotes inside it blanked
    (a translation may translate those), sorted.

    >>> template_fields("is {'inside' if x else 'outside'} it, {n} {{not}}")
    ["{'' if x else ''}", '{n}']
    """
    out = []
    for a, b in _fields(text):
        f = text[a:b]
        inner = f[1:-1]
        expr = re.split(r"(?<![=!<>])(![rsa])?(?::[^{}'\"]*)?$", inner, maxsplit=1)[0] if inner else inner
        try:
            tree = ast.parse(expr.strip(), mode="eval")
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    node.value = ""
            f = "{" + ast.unparse(tree) + inner[len(expr):] + "}"
        except SyntaxError:
            pass
        out.append(f)
    return sorted(out)


def _letters(text: str) -> bool:
    return any(ch.isalpha() for ch in text)


_ID = re.compile(r"(?:[A-Z]|[A-Z]{1,2}\d+|\d+)(?:[.\-][A-Z]{0,2}\d+)*")
_KEY = re.compile(r"[a-z][a-z0-9_]*")
_DECIMAL = re.compile(r"\d[.,]\d")


def _plans() -> frozenset:
    try:
        from widgets.tree import PLANS
    except Exception:  # pragma: no cover - the kit is importable wherever lessons build
        return frozenset()
    return frozenset(PLANS)


def _cards_of(text: str):
    try:
        from sette_kit.cards import parse_cards
        return parse_cards(text)
    except Exception:
        return None


def _role(node, parents) -> tuple[str, object]:
    """The call a string is an argument of, and which: ``("Predict", 2)``,
    ``("Predict", "choices")``; through lists, tuples, ``x if c else y`` and dict values."""
    cur, p = node, parents.get(node)
    while p is not None:
        if isinstance(p, ast.Call):
            fn = ast.unparse(p.func)
            if cur in p.args:
                return fn, p.args.index(cur) + 1
            return fn, None
        if isinstance(p, ast.keyword):
            call = parents.get(p)
            return (ast.unparse(call.func) if isinstance(call, ast.Call) else ""), p.arg
        if isinstance(p, (ast.List, ast.Tuple, ast.Set, ast.Starred)) or \
                (isinstance(p, ast.IfExp) and cur is not p.test) or \
                (isinstance(p, ast.Dict) and cur in p.values):
            cur, p = p, parents.get(p)
            continue
        return "", None
    return "", None


def _widget_keys() -> frozenset:
    try:
        from widgets.predict import ENGINE_CHOICES, HIGHER_LOWER
    except Exception:  # pragma: no cover
        return frozenset({"hit", "stand", "higher", "lower"})
    return frozenset(ENGINE_CHOICES) | frozenset(HIGHER_LOWER)


def string_kind(value: str, literal_text: str, role: tuple[str, object] = ("", None)) -> str:
    """``"message"``, ``"cards"`` (Italian names, rewritten per language) or ``"code"``
    for a string of a code cell that is not a docstring.  ``literal_text``: the text
    outside an f-string's placeholders (the value itself for a plain string); ``role``:
    the call it is passed to and the argument (:func:`_role`).

    >>> [string_kind(s, s) for s in ("You", "hit", "half", "S13", "6.1", ", ", "16.37%", "Ada")]
    ['message', 'code', 'code', 'code', 'code', 'code', 'message', 'code']
    >>> string_kind("half", "half", ("Predict", "than_text")), string_kind("yes", "yes", ("Predict", 2))
    ('message', 'message')
    >>> string_kind("stand", "stand", ("Predict", "choices"))
    'code'
    >>> string_kind("5 di coppe, Re di denari", "5 di coppe, Re di denari"), string_kind("7c Rd", "7c Rd")
    ('cards', 'code')
    """
    if not _letters(literal_text) and not _DECIMAL.search(literal_text):
        return "code"
    if _KEY.fullmatch(value):
        call, arg = role
        if arg in SHOWN_KEYWORDS:
            return "message"
        if call.split(".")[-1] == "Predict" and arg in ("choices", 2) and value not in _widget_keys():
            return "message"
        return "code"
    if _ID.fullmatch(value) or value in NAMES or value in _plans():
        return "code"
    if literal_text == value:
        cards = _cards_of(value)
        if cards is not None:
            from sette_kit.cards import format_cards
            from sette_kit.i18n import language
            with language("en"):
                return "cards" if format_cards(cards) == value else "code"
    return "message"


def _where(node, parents) -> str:
    """What a string is, for the translators: ``Predict(why=)``, ``Mistake, argument 2``,
    ``the value of results``."""
    call, arg = _role(node, parents)
    if call:
        call = call if len(call) <= 40 else call[:37] + "..."
        if isinstance(arg, int):
            return f"{call}, argument {arg}"
        return f"{call}({arg}=)" if arg else call
    p = parents.get(node)
    while p is not None:
        if isinstance(p, ast.Assign):
            return "the value of " + ", ".join(ast.unparse(t) for t in p.targets)
        if isinstance(p, ast.Call):
            return f"in {ast.unparse(p.func)[:40]}(...)"
        p = parents.get(p)
    return "a string"


def code_strings(source: str) -> list[CodeString]:
    """The strings of a code cell, in the order of the source (see the module's rules)."""
    tree = ast.parse(source)
    parents = {}
    for n in ast.walk(tree):
        for ch in ast.iter_child_nodes(n):
            parents[ch] = n
    docstrings = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.body:
            first = n.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                docstrings.add(first.value)
    starts = _line_starts(source)
    out = []
    for n in ast.walk(tree):
        is_str = isinstance(n, ast.Constant) and isinstance(n.value, str)
        if not (is_str or isinstance(n, ast.JoinedStr)):
            continue
        if isinstance(parents.get(n), (ast.JoinedStr, ast.FormattedValue)):
            continue  # inside an f-string: part of it
        if any(isinstance(a, ast.FormattedValue) for a in _ancestors(n, parents)):
            continue  # a string inside a placeholder: part of the f-string's unit
        start = _offset(source, starts, n.lineno, n.col_offset)
        end = _offset(source, starts, n.end_lineno, n.end_col_offset)
        pieces = _scan_pieces(source, start, end)
        fstring = any("f" in p.prefix.lower() for p in pieces)
        value = _template(pieces) if fstring else n.value
        literal = _strip_fields(value) if fstring else value
        if n in docstrings:
            kind = "code"
        else:
            kind = string_kind(value, literal, _role(n, parents))
        line_start = source.rfind("\n", 0, start) + 1
        line_end = source.find("\n", end)
        line_end = len(source) if line_end < 0 else line_end
        span_lines = source[line_start:line_end].split("\n")
        cs = CodeString(start=start, end=end, pieces=pieces, value=value, fstring=fstring, kind=kind,
                        msgid=value if kind == "message" else None, where=_where(n, parents),
                        first_col=start - line_start,
                        indent=(pieces[1].start - (source.rfind("\n", 0, pieces[1].start) + 1)
                                if len(pieces) > 1 else start - line_start),
                        width=max(len(l) for l in span_lines),
                        multiline="\n" in source[pieces[0].start:pieces[-1].start],
                        line_prefix=start - line_start, line_suffix=line_end - end)
        out.append(cs)
    out.sort(key=lambda s: s.start)
    return out


def _ancestors(n, parents):
    p = parents.get(n)
    while p is not None:
        yield p
        p = parents.get(p)


def _strip_fields(template: str) -> str:
    """A template without its placeholders (``{{``/``}}`` as single braces)."""
    out, last = [], 0
    for a, b in _fields(template):
        out.append(template[last:a])
        last = b
    out.append(template[last:])
    return "".join(out).replace("{{", "").replace("}}", "")


# ---------------------------------------------------------------------------------------
# Writing a translated string back into the code
# ---------------------------------------------------------------------------------------

def _escape(text: str, quote: str) -> str:
    out = text.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")
    return out.replace(quote, "\\" + quote)


def _choose_quote(texts: list[str], fields_text: str, preferred: str) -> str:
    other = "'" if preferred == '"' else '"'
    joined = "".join(texts)
    if preferred in joined and other not in joined and other not in fields_text:
        return other
    return preferred


def _atoms(template: str, fstring: bool) -> list[str]:
    """The template cut after each space, never inside a placeholder."""
    spans = _fields(template) if fstring else []
    atoms, cur, i = [], "", 0
    while i < len(template):
        f = next(((a, b) for a, b in spans if a == i), None)
        if f:
            cur += template[f[0]:f[1]]
            i = f[1]
            continue
        cur += template[i]
        if template[i] == " " and (i + 1 >= len(template) or template[i + 1] != " "):
            atoms.append(cur)
            cur = ""
        i += 1
    if cur:
        atoms.append(cur)
    return atoms


def _literal(text: str, fstring: bool, prefix: str, quote: str) -> str:
    """One string token for ``text`` (an f-string template's piece, or a value)."""
    if fstring:
        spans = _fields(text)
        if not spans and "{{" not in text and "}}" not in text:
            return quote + _escape(text, quote) + quote
        out, last = [], 0
        for a, b in spans:
            out.append(_escape(text[last:a], quote))
            out.append(text[a:b])
            last = b
        out.append(_escape(text[last:], quote))
        return "f" + quote + "".join(out) + quote
    return quote + _escape(text, quote) + quote


def render_string(s: CodeString, text: str) -> str:
    """The code for the string ``s`` saying ``text`` instead (a value, or an f-string's
    template), laid out as the English: on one line, or cut into pieces at spaces so
    that its lines are no longer than the English ones.

    >>> s = code_strings('x = ("a b "\\n     "c")')[0]
    >>> print(render_string(s, "uno due tre quattro"))
    "uno due tre quattro"
    """
    quote = s.pieces[0].quote if len(s.pieces[0].quote) == 1 else '"'
    fields_text = "".join(text[a:b] for a, b in _fields(text)) if s.fstring else ""
    prefix = s.pieces[0].prefix
    quote = _choose_quote([text], fields_text, quote)
    if not s.multiline:
        return _literal(text, s.fstring, prefix, quote)
    width = max(s.width, 60)
    atoms = _atoms(text, s.fstring)
    lines, cur = [], ""
    room = width - s.line_prefix
    for atom in atoms:
        if cur and len(_literal(cur + atom, s.fstring, prefix, quote)) > room:
            lines.append(cur)
            cur = atom
            room = width - s.indent
        else:
            cur += atom
    if cur:
        lines.append(cur)
    return ("\n" + " " * s.indent).join(_literal(l, s.fstring, prefix, quote) for l in lines)



# ---------------------------------------------------------------------------------------
# The units of a lesson
# ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Unit:
    """One occurrence of a text to translate."""
    msgid: str
    context: str | None
    cell: int          # the cell's index
    cell_id: str
    where: str         # "Markdown, block 2 of 3" or "code, Predict(why=)"
    fstring: bool = False


def _context(name: str, cell_id: str, msgid: str) -> str | None:
    return CONTEXTS.get((name, cell_id, msgid))


def units(nb, name: str) -> list[Unit]:
    """Every text of the English lesson ``nb`` (file ``name``) to translate, in order."""
    out = []
    for i, cell in enumerate(nb.cells):
        cid = cell.get("id", "")
        if cell.cell_type == "markdown":
            _, parts, _ = blocks(cell.source)
            for k, (text, _sep) in enumerate(parts):
                out.append(Unit(text, _context(name, cid, text), i, cid,
                                f"Markdown, block {k + 1} of {len(parts)}"))
        elif cell.cell_type == "code":
            for s in code_strings(cell.source):
                if s.kind == "message":
                    out.append(Unit(s.msgid, _context(name, cid, s.msgid), i, cid, f"code, {s.where}",
                                    s.fstring))
    return out


def lesson_number(name: str) -> int:
    return int(name[:2])


def extract(nb, name: str):
    """The template catalogue (``.pot``) of the English lesson."""
    from babel.messages.catalog import Catalog

    template = Catalog(project=PROJECT, domain=Path(name).stem, fuzzy=False,
                       header_comment=HEADER_COMMENT.format(lesson=name))
    for u in units(nb, name):
        comment = f"lesson {lesson_number(name)}, cell {u.cell} · {u.where}"
        if u.fstring:
            comment += " (an f-string: keep its {placeholders})"
        have = template.get(u.msgid, context=u.context)
        if have is not None:
            if comment not in have.auto_comments:
                have.auto_comments.append(comment)
            continue
        template.add(u.msgid, None, [(f"lessons/{name}", None)], auto_comments=[comment], context=u.context)
    _drop_format_flags(template)
    return template


def _drop_format_flags(catalogue) -> None:
    """Babel guesses ``python-format`` and ``python-brace-format`` from a text; a lesson's
    texts are neither (an f-string's placeholders are expressions): drop the guesses, so
    gettext tools do not check them as formats.  :func:`problems` checks placeholders."""
    for m in list(catalogue) + list(catalogue.obsolete.values()):
        m.flags.discard("python-format")
        m.flags.discard("python-brace-format")


def template_path(name: str) -> Path:
    return TEMPLATES / (Path(name).stem + ".pot")


def po_path(lang: str, name: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / (Path(name).stem + ".po")


def languages() -> list[str]:
    """The languages the lessons are translated into: those of the kit
    (:data:`sette_kit.i18n.LANGUAGES`) but English."""
    from sette_kit.i18n import LANGUAGES

    return [code for code in LANGUAGES if code != "en"]


def lesson_names() -> list[str]:
    return sorted(p.name for p in HERE.glob("[0-9][0-9]-*.ipynb"))


def read_catalogue(path: Path, lang: str | None = None):
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        catalogue = read_po(f, locale=lang)
    _drop_format_flags(catalogue)
    return catalogue


def write_catalogue(path: Path, catalogue) -> bool:
    """Write a catalogue (Babel's form, 100 columns); returns False, and leaves the file
    alone, when only its dates would change."""
    from io import BytesIO

    from babel.messages.pofile import write_po

    _drop_format_flags(catalogue)
    buf = BytesIO()
    write_po(buf, catalogue, width=100, sort_output=False, include_previous=True)
    new = buf.getvalue()
    if path.is_file() and _undated(path.read_bytes()) == _undated(new):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(new)
    return True


def _undated(data: bytes) -> bytes:
    return re.sub(rb'^"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', b"", data, flags=re.M)


def new_catalogue(template, lang: str):
    """A language's first catalogue of a lesson: every unit untranslated."""
    from babel.messages.catalog import Catalog

    catalogue = Catalog(locale=lang, project=PROJECT, domain=template.domain, fuzzy=False,
                        header_comment=template.header_comment)
    merge(catalogue, template, fuzzy=False)
    return catalogue


def merge(catalogue, template, fuzzy: bool = True) -> None:
    """Babel's merge of a template into a catalogue (``msgmerge``): new texts
    untranslated, changed ones ``fuzzy`` (their old translation kept, the old English
    as ``#|``), gone ones obsolete.  On a copy of the template: Babel puts the
    template's own entries into the catalogue, and one template serves every language."""
    import copy

    catalogue.update(copy.deepcopy(template), no_fuzzy_matching=not fuzzy, update_header_comment=True)
    _drop_format_flags(catalogue)


def table(catalogue) -> dict[tuple[str | None, str], str]:
    """The translations a build uses: not empty and not fuzzy."""
    return {(m.context, m.id): m.string for m in catalogue
            if m.id and isinstance(m.string, str) and m.string and not m.fuzzy}


# ---------------------------------------------------------------------------------------
# A lesson in another language
# ---------------------------------------------------------------------------------------

def translate_markdown(source: str, lookup) -> str:
    lead, parts, trail = blocks(source)
    return join_blocks(lead, [(lookup(text), sep) for text, sep in parts], trail)


def _header_edit(source: str, lang: str):
    """Where ``lesson.header(N)`` gets ``lang="xx"``: ``(offset, offset, text)``."""
    tree = ast.parse(source)
    starts = _line_starts(source)
    for n in ast.walk(tree):
        if (isinstance(n, ast.Call) and ast.unparse(n.func) == "lesson.header"
                and not any(k.arg == "lang" for k in n.keywords)):
            end = _offset(source, starts, n.end_lineno, n.end_col_offset) - 1  # the ")"
            return end, end, f", lang={lang!r}".replace("'", '"')
    return None


def translate_code(source: str, lookup, lang: str) -> str:
    """A code cell in ``lang``: its messages translated (``lookup(msgid) -> text``), its
    cards in Italian names renamed as the kit names them in ``lang``, and the lesson's
    header set to ``lang``."""
    from sette_kit.cards import format_cards, parse_cards
    from sette_kit.i18n import language

    edits = []
    for s in code_strings(source):
        if s.kind == "message":
            text = lookup(s.msgid)
            if text != s.msgid:
                edits.append((s.start, s.end, render_string(s, text)))
        elif s.kind == "cards":
            with language(lang):
                text = format_cards(parse_cards(s.value))
            if text != s.value:
                edits.append((s.start, s.end, render_string(s, text)))
    header = _header_edit(source, lang)
    if header:
        edits.append(header)
    for start, end, text in sorted(edits, reverse=True):
        source = source[:start] + text + source[end:]
    return source


def translate_notebook(nb, name: str, lang: str, translations: dict, missing: list | None = None):
    """The English lesson ``nb`` in ``lang``, unexecuted: the same cells (ids, kinds,
    metadata) with their texts translated; a text the catalogue lacks stays English
    (and is added to ``missing``)."""
    import copy

    out = copy.deepcopy(nb)
    for cell in out.cells:
        cid = cell.get("id", "")

        def lookup(msgid, cid=cid):
            key = (_context(name, cid, msgid), msgid)
            if key in translations:
                return translations[key]
            if missing is not None:
                missing.append(msgid)
            return msgid

        if cell.cell_type == "markdown":
            cell.source = translate_markdown(cell.source, lookup)
        elif cell.cell_type == "code":
            cell.source = translate_code(cell.source, lookup, lang)
            cell.outputs = []
            cell.execution_count = None
            cell.metadata.pop("execution", None)
    out.metadata.pop("widgets", None)
    return out


# ---------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------

def digits(text: str) -> list[str]:
    return re.findall(r"\d+", text)


def template_stale(name: str, template) -> bool:
    """Whether the committed template (``.pot``) of a lesson is not what its English
    gives now (its texts, contexts or comments): ``update`` was not run."""
    path = template_path(name)
    if not path.is_file():
        return True
    have = {(m.context, m.id): m.auto_comments for m in read_catalogue(path) if m.id}
    want = {(m.context, m.id): m.auto_comments for m in template if m.id}
    return have != want


def problems(lang: str, name: str, nb=None, template=None) -> dict[str, list[str]]:
    """What keeps a lesson's catalogue in ``lang`` from being complete and right:
    units of the English it lacks (``missing``), entries with no translation or marked
    fuzzy, entries the English no longer has (``unused``, and ``obsolete`` ones kept as
    ``#~``), and translations whose placeholders or numbers differ from the English.
    ``template``: the lesson's extracted template (default: extracted now)."""
    import nbformat

    if template is None:
        nb = nbformat.read(HERE / name, as_version=4) if nb is None else nb
        template = extract(nb, name)
    found = {"missing": [], "untranslated": [], "fuzzy": [], "unused": [], "obsolete": [],
             "placeholders": [], "numbers": []}
    want = {(m.context, m.id): m for m in template if m.id}
    path = po_path(lang, name)
    if not path.is_file():
        found["missing"] += [m.id for m in want.values()]
        return found
    catalogue = read_catalogue(path, lang)
    have = {(m.context, m.id): m for m in catalogue if m.id}
    found["missing"] += [k[1] for k in want if k not in have]
    found["unused"] += [k[1] for k in have if k not in want]
    found["obsolete"] += [m.id for m in catalogue.obsolete.values()]
    for k, m in have.items():
        if k not in want:
            continue
        if not m.string:
            found["untranslated"].append(m.id)
            continue
        if m.fuzzy:
            found["fuzzy"].append(m.id)
        if template_fields(m.string) != template_fields(m.id):
            found["placeholders"].append(m.id)
        if not _same_numbers(m.id, m.string):
            found["numbers"].append(m.id)
    return found


def _same_numbers(english: str, translated: str) -> bool:
    """The same numbers, in any order (a translation may reorder a sentence's numbers)."""
    return sorted(digits(_strip_fields(english))) == sorted(digits(_strip_fields(translated)))


def notebook_differences(generated, committed) -> list[str]:
    """How a committed translated notebook differs from the one the build generates
    (cells, ids, kinds, texts, cell metadata, the notebook's metadata but widget state)."""
    out = []
    if len(generated.cells) != len(committed.cells):
        out.append(f"{len(committed.cells)} cells, the build makes {len(generated.cells)}")
    for i, (a, b) in enumerate(zip(generated.cells, committed.cells)):
        if a.cell_type != b.cell_type:
            out.append(f"cell {i}: a {b.cell_type} cell, the build makes a {a.cell_type} cell")
        elif a.get("id") != b.get("id"):
            out.append(f"cell {i}: id {b.get('id')}, the build gives {a.get('id')}")
        elif a.source != b.source:
            out.append(f"cell {i}: its text differs from the build's")
        elif {k: v for k, v in a.metadata.items() if k != "execution"} != \
                {k: v for k, v in b.metadata.items() if k != "execution"}:
            out.append(f"cell {i}: its metadata differs from the build's")
    meta_a = {k: v for k, v in generated.metadata.items() if k != "widgets"}
    meta_b = {k: v for k, v in committed.metadata.items() if k != "widgets"}
    if meta_a != meta_b:
        out.append("the notebook's metadata differs from the build's")
    return out
