"""One-off (issue 25): carry today's hand-kept Italian and Spanish lessons into catalogues.

    PYTHONPATH=$PWD python lessons/_migrate_catalogues.py            # report only
    PYTHONPATH=$PWD python lessons/_migrate_catalogues.py --write    # write .pot and .po

For every lesson, the units of the English notebook (``_catalogue.units``) are paired
with the same places of ``lessons/it/`` and ``lessons/es/``: a Markdown cell's blocks in
order, when both cells have as many blocks; a code cell's string literals in order (the
three cells are the same code but for their strings).  A pairing that fails is reported
(drift) and left untranslated, to be paired by hand in the ``.po``.  Then each
translated notebook is generated from the catalogue and compared with today's.

This script ran once; it stays in the history and is then deleted.
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from pathlib import Path

import nbformat

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import _catalogue as cat  # noqa: E402


def string_values(source: str) -> list[str]:
    return [s.value for s in cat.code_strings(source)]


def code_shape(source: str) -> str:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = ""
        if isinstance(node, ast.JoinedStr):
            node.values = [v for v in node.values if not isinstance(v, ast.Constant)]
    return ast.unparse(tree)


def migrate(name: str, lang: str, report: list[str]):
    en = nbformat.read(HERE / name, as_version=4)
    tr = nbformat.read(HERE / lang / name, as_version=4)
    template = cat.extract(en, name)
    found: dict = {}          # (context, msgid) -> (translation, cell)
    where = defaultdict(list)
    n_lesson = cat.lesson_number(name)

    def offer(u_ctx, msgid, text, cell):
        key = (u_ctx, msgid)
        if key in found and found[key][0] != text:
            report.append(f"{lang} {name} cell {cell}: CONFLICT: {msgid!r} is {found[key][0]!r} "
                          f"in cell {found[key][1]} and {text!r} here")
            return
        found.setdefault(key, (text, cell))

    for i, (a, b) in enumerate(zip(en.cells, tr.cells)):
        cid = a.get("id", "")
        if a.cell_type == "markdown":
            _, ea, _ = cat.blocks(a.source)
            _, eb, _ = cat.blocks(b.source)
            if len(ea) != len(eb):
                report.append(f"{lang} {name} cell {i}: DRIFT: {len(ea)} English blocks, {len(eb)} {lang} blocks")
                for k, (t, _s) in enumerate(ea):
                    report.append(f"    en[{k}] {t[:90]!r}")
                for k, (t, _s) in enumerate(eb):
                    report.append(f"    {lang}[{k}] {t[:90]!r}")
                continue
            for k, ((ta, _), (tb, _)) in enumerate(zip(ea, eb)):
                if sorted(cat.digits(ta)) != sorted(cat.digits(tb)):
                    report.append(f"{lang} {name} cell {i} block {k}: NUMBERS differ: "
                                  f"{cat.digits(ta)} / {cat.digits(tb)}: {ta[:70]!r} / {tb[:70]!r}")
                offer(cat._context(name, cid, ta), ta, tb, i)
        elif a.cell_type == "code":
            sa, sb = cat.code_strings(a.source), cat.code_strings(b.source)
            if code_shape(a.source.replace(f'lesson.header({n_lesson})', f'lesson.header({n_lesson}, lang="{lang}")')) \
                    != code_shape(b.source):
                report.append(f"{lang} {name} cell {i}: CODE differs beyond its strings")
            if i == next(k for k, c in enumerate(en.cells) if c.cell_type == "code"):
                sb = [s for s in sb if s.value != lang]  # the header's lang="xx"
            if len(sa) != len(sb):
                report.append(f"{lang} {name} cell {i}: DRIFT: {len(sa)} English strings, {len(sb)} {lang} strings")
                continue
            for x, y in zip(sa, sb):
                if x.kind == "message":
                    offer(cat._context(name, cid, x.msgid), x.msgid, y.value, i)
                elif x.kind == "cards":
                    from sette_kit.cards import format_cards, parse_cards
                    from sette_kit.i18n import language
                    with language(lang):
                        want = format_cards(parse_cards(x.value))
                    if want != y.value:
                        report.append(f"{lang} {name} cell {i}: CARDS {x.value!r} is {y.value!r}, the kit names "
                                      f"them {want!r}")
                elif x.value != y.value:
                    report.append(f"{lang} {name} cell {i}: KEPT string {x.value!r} is {y.value!r} in {lang}")
    catalogue = cat.new_catalogue(template, lang)
    for m in catalogue:
        if m.id and (m.context, m.id) in found:
            m.string = found[(m.context, m.id)][0]
    left = [m.id for m in catalogue if m.id and not m.string]
    for msgid in left:
        report.append(f"{lang} {name}: UNPAIRED unit {msgid[:100]!r}")
    return template, catalogue, en, tr


def compare(name, lang, en, tr, catalogue, report):
    gen = cat.translate_notebook(en, name, lang, cat.table(catalogue))
    for i, (g, t) in enumerate(zip(gen.cells, tr.cells)):
        if g.cell_type == "markdown" and g.source != t.source:
            report.append(f"{lang} {name} cell {i}: GENERATED Markdown differs from today's")
        if g.cell_type == "code":
            if code_shape(g.source) != code_shape(t.source) or string_values(g.source) != string_values(t.source):
                report.append(f"{lang} {name} cell {i}: GENERATED code differs from today's: "
                              f"{[(x, y) for x, y in zip(string_values(g.source), string_values(t.source)) if x != y][:3]}")
            compile(g.source, f"{lang}/{name}:{i}", "exec")


def main(argv):
    write = "--write" in argv
    report: list[str] = []
    counts = defaultdict(int)
    for name in cat.lesson_names():
        for lang in cat.languages():
            template, catalogue, en, tr = migrate(name, lang, report)
            counts[lang] += sum(1 for m in catalogue if m.id and m.string)
            counts[lang + " units"] += sum(1 for m in catalogue if m.id)
            compare(name, lang, en, tr, catalogue, report)
            if write:
                cat.write_catalogue(cat.template_path(name), template)
                cat.write_catalogue(cat.po_path(lang, name), catalogue)
    print("\n".join(report))
    print(dict(counts))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
