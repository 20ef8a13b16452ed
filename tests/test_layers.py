"""The layers of the code, read from its import statements.

Arrows point one way: ``lessons -> widgets -> sette_kit``, and delivery
(``sette_kit/app``: the web app, the static site, the CLI, the class hub) stands beside
the views, above the rules.  Read with :mod:`ast` from every module of ``sette_kit`` and
``widgets`` (nothing is imported), these tests check that

(a) no module of ``sette_kit`` outside ``sette_kit/app`` imports ``widgets`` or
    ``sette_kit.app``.  Exempt: the facades left at the old delivery paths
    (:data:`FACADES`, each one a few lines that make the old name the moved module) and
    ``sette_kit/__main__.py`` (``python -m sette_kit``: the command's entry point);
(b) there is no import circle among the modules of ``sette_kit`` and ``widgets`` (but
    the rules' circles of :data:`KNOWN_CIRCLES`, left to their owners; none in delivery
    or the views).

Every import counts, also one inside a function: a lazy import still makes the module
need the other one when that function runs, and two modules that need each other are
one piece of code in two files whatever the moment of the import.  (The one kind left
out is an import under ``if TYPE_CHECKING:``, which never runs.)  An import of a
package counts as an import of its ``__init__``; ``from package import name`` counts
as an import of the submodule ``package.name`` when there is one, else of the package.
The browser runtime (``sette_kit/app/site/runtime``) is a distribution of its own and
is not read.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOPS = ("sette_kit", "widgets")
SKIP = (ROOT / "sette_kit" / "app" / "site" / "runtime",)

FACADES = frozenset({
    "sette_kit.serve", "sette_kit.cli", "sette_kit.webapp", "sette_kit.site",
    "sette_kit.classroom.hub", "sette_kit.classroom.store", "sette_kit.classroom.items",
    "sette_kit.classroom.summary",
})
"""The old delivery paths, now facades over ``sette_kit.app`` (``sette_kit.app._facade``)."""
ENTRY_POINTS = frozenset({"sette_kit.__main__"})
"""``python -m sette_kit``: the command, which is delivery."""
DELIVERY = ("sette_kit.app", "widgets")
"""What a module of the rules (``sette_kit`` outside ``sette_kit/app``) never imports."""


def _modules() -> dict[str, Path]:
    found = {}
    for top in TOPS:
        for path in sorted((ROOT / top).rglob("*.py")):
            if "__pycache__" in path.parts or any(s == path or s in path.parents for s in SKIP):
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST):
    """Every Import / ImportFrom, at any depth, but not under ``if TYPE_CHECKING:``."""
    todo = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and _type_checking(node):
            todo.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        todo.extend(ast.iter_child_nodes(node))


def imports(name: str) -> set[str]:
    """The modules of sette_kit and widgets that module ``name`` imports (any depth)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in MODULES else mod for a in node.names]
        for target in targets:
            while target and target not in MODULES:  # import a.b.c of a module a.b: a.b
                target = target.rpartition(".")[0]
            if target and target != name:
                out.add(target)
    return out


GRAPH = {name: imports(name) for name in MODULES}


def _in(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def test_the_modules_are_read():
    assert {"sette_kit", "sette_kit.app.serve", "sette_kit.lesson_page", "widgets.lesson"} <= set(MODULES)
    assert "sette_kit.course" in GRAPH["sette_kit.lesson_page"]
    assert "sette_kit.lesson_page" in GRAPH["sette_kit.app.site._pages"]
    assert FACADES <= set(MODULES), "a facade named here is gone: take it off the list"


def test_the_rules_import_neither_the_views_nor_delivery():
    rules = [n for n in MODULES if n.startswith("sette_kit") and not _in(n, "sette_kit.app")
             and n not in FACADES | ENTRY_POINTS]
    upward = sorted(f"{n} -> {t}" for n in rules for t in GRAPH[n] if any(_in(t, d) for d in DELIVERY))
    assert not upward, "modules of the rules that import the views or delivery:\n" + "\n".join(upward)


def test_the_facades_are_only_facades():
    for name in FACADES:
        targets = GRAPH[name]
        assert targets and all(_in(t, "sette_kit.app") for t in targets), (name, targets)


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out = []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def _a_circle(part: list[str]) -> list[str]:
    """One circle through the first module of a component, for the message."""
    members, start = set(part), part[0]
    paths = {start: [start]}
    todo = [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(GRAPH[v] & members):
            if w == start:
                return paths[v] + [start]
            if w not in paths:
                paths[w] = paths[v] + [w]
                todo.append(w)
    return part  # pragma: no cover


def test_cycles_finds_a_circle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


KNOWN_CIRCLES: tuple = ()
"""Circles allowed for now: none (the review's two, and the three found when this test
was written, are cut: the score cache lives in scoring, the bots are injected, i18n words
its own errors, the odds' labels and solver live below their users)."""


@pytest.mark.parametrize("top", ["sette_kit", "widgets"])
def test_no_import_circles(top):
    """Circles whose modules are (at least partly) in ``top``, but those of
    :data:`KNOWN_CIRCLES` (or parts of them)."""
    found = [p for p in _cycles(GRAPH) if any(_in(n, top) for n in p)
             and not any(set(p) <= known for known in KNOWN_CIRCLES)]
    assert not found, "import circles:\n" + "\n".join(" -> ".join(_a_circle(p)) for p in found)


def test_delivery_has_no_circle_at_all():
    """No circle has a module of ``sette_kit/app`` in it (nor of widgets), known or not."""
    found = [p for p in _cycles(GRAPH) if any(_in(n, "sette_kit.app") or _in(n, "widgets") for n in p)]
    assert not found, "import circles:\n" + "\n".join(" -> ".join(_a_circle(p)) for p in found)


MAX_LINES = 900
"""The most lines a module of sette_kit or widgets may have: a bigger one is split by its
own definitions (a game's rooms, a chart's kinds), as the games and the charts are."""


def test_no_module_is_over_900_lines():
    long = {name: n for name, path in MODULES.items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, long
