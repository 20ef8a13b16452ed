"""Diagrams of :mod:`widgets.charts`: the strategy grid, the area diagram of two events,
a bankroll's Markov chain.

:func:`strategy_table` (with :data:`STRATEGY_LEGEND`), :func:`area_diagram` and
:func:`chain_diagram`.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Mapping, Sequence

from sette_kit import fmt as _fmt
from sette_kit.i18n import N_, _

from ._svg import (AXIS, BLUE, GREEN, ORANGE, SKY, VERMILLION, WIDTH, Band, Chart, Figure, Key, Linear, _f, _swatch,
                   bar, label, line, stripes, text_width)
from ._text import _prob, _product, fmt_fraction, general, number, percent

STRATEGY_LEGEND = {"H": (N_("hit"), ORANGE), "S": (N_("stand"), SKY), "h": (N_("mostly hit"), "#F5D393"),
                   "s": (N_("mostly stand"), "#BFE2F6"), ".": (N_("not reached"), None)}
"""The strategy grid's letters: meaning and cell colour (Okabe-Ito orange and sky blue,
lighter when the choice depends on the cards); cells never reached stay blank, with a
faint dot, so they are the quietest thing on the chart."""


def strategy_table(cells: Sequence[Sequence], rows: Sequence, cols: Sequence, title: str | None = None,
                   row_label: str = "", col_label: str = "", width: float = WIDTH, height: float | None = None,
                   legend: Mapping | None = None) -> Chart:
    """A grid: ``cells[i][j]`` is a letter or a short text, or all cells are numbers.

    Letters get the colours of ``legend`` (default :data:`STRATEGY_LEGEND`: "H" hit, "S"
    stand, "h"/"s" mostly hit/stand, "." not reached) *and* stay written in the cells; a
    legend under the grid reads the letters out.  Numbers get shades of one blue, darker
    for larger values, and are written in the cells too.

    >>> s = strategy_table([["H", "S"], [".", "S"]], rows=[4, 5], cols=["a", "b"], title="Play", row_label="total")
    >>> s.text
    'Play. total 4: a hit, b stand; total 5: b stand.'
    >>> s.svg.count(">H<"), s.svg.count(">S<")
    (2, 3)
    """
    title = _("Strategy") if title is None else title
    # the meanings in the current language (the kit's own words are in the catalogue)
    legend = {k: (_(str(m)), c) for k, (m, c) in (STRATEGY_LEGEND if legend is None else legend).items()}
    numeric = all(isinstance(v, (int, float, Fraction)) and not isinstance(v, bool) for row in cells for v in row)
    nrows, ncols = len(rows), len(cols)
    label_w = max([text_width(str(r)) for r in rows] + [text_width(row_label)] + [20]) + 16
    used = [] if numeric else [s for s in legend if any(str(v) == s for row in cells for v in row)]
    cell_h: float = 26
    head = 30 + (22 if col_label else 0)
    legend_h = 40 if used else 8
    height = height or min(30 + head + nrows * cell_h + legend_h + 8, 420)
    fig = Figure(width, height, title=title, margin=(0, 12, legend_h, label_w))
    grid_top = fig.top + head - 8
    cell_w = (fig.right - fig.left) / max(ncols, 1)
    cell_h = min(cell_h, (fig.bottom - grid_top) / max(nrows, 1))
    if col_label:
        fig.add(label((fig.left + fig.right) / 2, fig.top + 6, col_label, size=AXIS, anchor="middle"))
    if row_label:
        fig.add(label(fig.left - 10, grid_top - 8, row_label, size=AXIS, anchor="end"))
    for j, c in enumerate(cols):
        fig.add(label(fig.left + (j + 0.5) * cell_w, grid_top - 8, c, anchor="middle"))
    if numeric:
        flat = [float(v) for row in cells for v in row] or [0.0]
        lo, hi = min(flat), max(flat)
    for i, (r, row) in enumerate(zip(rows, cells)):
        y0 = grid_top + i * cell_h
        fig.add(label(fig.left - 10, y0 + cell_h / 2 + 5, r, anchor="end"))
        for j, v in enumerate(row):
            x0 = fig.left + j * cell_w
            if numeric:
                t = 0.0 if hi == lo else (float(v) - lo) / (hi - lo)
                fig.add(bar(x0 + 1, y0 + 1, cell_w - 2, cell_h - 2, _shade(t)))
                fig.add(label(x0 + cell_w / 2, y0 + cell_h / 2 + 5, general(v, 2), size=13, anchor="middle",
                              fill="#fff" if t > 0.55 else "#222"))
                continue
            meaning, colour = legend.get(str(v), (str(v), None))
            if colour:
                fig.add(bar(x0 + 1, y0 + 1, cell_w - 2, cell_h - 2, colour))
                fig.add(label(x0 + cell_w / 2, y0 + cell_h / 2 + 5, v, anchor="middle", weight="bold", fill="#222"))
            else:
                fig.add(label(x0 + cell_w / 2, y0 + cell_h / 2 + 5, "·", anchor="middle", opacity=0.45))
    if used:
        keys = [Key("bar", legend[s][1] or "none", legend[s][0], letter=s if legend[s][1] else "·") for s in used]
        fig.legend(keys, 0, fig.height - 18)
    row_word = row_label or _("row")
    if numeric:
        lines = [f"{row_word} {r}: " + ", ".join(f"{c} {general(v, 2)}" for c, v in zip(cols, row))
                 for r, row in zip(rows, cells)]
    else:
        lines = []
        for r, row in zip(rows, cells):
            said = [f"{c} {legend.get(str(v), (str(v), None))[0]}" for c, v in zip(cols, row)
                    if not (str(v) in legend and legend[str(v)][1] is None)]
            lines.append(f"{row_word} {r}: " + (", ".join(said) if said else _("not reached")))
    text = f"{title}. " + "; ".join(lines) + "."
    return fig.chart(text)


def _shade(t: float) -> str:
    """White (t = 0) to the kit's blue (t = 1)."""
    r0, g0, b0 = 0xEE, 0xF5, 0xFB
    r1, g1, b1 = 0x00, 0x72, 0xB2
    mix = lambda a, b: round(a + (b - a) * t)  # noqa: E731
    return f"#{mix(r0, r1):02X}{mix(g0, g1):02X}{mix(b0, b1):02X}"


AREA_SHADES = (SKY, "#A9D6F5", "#D4EBFA", "#EEF7FD")
"""The cells of an area diagram, row by row: shades of one blue (the words tell them apart)."""


def area_diagram(first: Sequence, second: Mapping, highlight=None, title: str | None = None,
                 first_name: str | None = None, second_name: str | None = None, width: float = 440) -> Chart:
    """Conditional probability as areas: a unit square cut into columns by the first
    event (widths = its probabilities), each column cut into cells by the second event
    given the first (heights = the conditional probabilities), so each cell's *area*
    is the probability of both: P(A and B) = P(A) × P(B | A).

    ``first``: ``[(label, probability), ...]`` adding up to 1 (a probability may be a
    count, ``(4, 40)``: "4 of 40", shown unreduced as 4/40); ``second``:
    ``{first label: [(label, conditional probability), ...]}``, each adding up to 1;
    ``highlight``: a (first label, second label) cell drawn in vermillion *with
    stripes*, its product written out beside the square.  Every cell is also listed
    beside the square with its fractions (so narrow cells need no label inside).

    >>> from fractions import Fraction as F
    >>> c = area_diagram([("a 7", (4, 40)), ("no 7", (36, 40))],
    ...                  {"a 7": [("a figure", (12, 39)), ("no figure", (27, 39))],
    ...                   "no 7": [("a figure", F(35, 117)), ("no figure", F(82, 117))]},
    ...                  highlight=("a 7", "a figure"), title="A 7, then a figure")
    >>> print(c.text.split(". ")[1].split("; ")[0])
    a 7, then a figure: 4/40 × 12/39 = 48/1560 = 2/65 (3.1%) (highlighted)
    """
    title = _("Area diagram") if title is None else title
    first_name = _("first") if first_name is None else first_name
    second_name = _("then") if second_name is None else second_name
    firsts = [(str(a), _prob(p)) for a, p in first]
    if not firsts or sum(p for _, p in firsts) != 1 or any(p < 0 for _, p in firsts):
        raise ValueError("the first event's probabilities must be >= 0 and add up to 1")
    cells = []
    for a, pa in firsts:
        seconds = [(str(b), _prob(q)) for b, q in second[a]]
        if sum(q for _, q in seconds) != 1 or any(q < 0 for _, q in seconds):
            raise ValueError(f"the probabilities given {a!r} must be >= 0 and add up to 1")
        cells.append((a, pa, seconds))
    hot = tuple(map(str, highlight)) if highlight else None
    side = 300.0
    listing = [(a, b, pa, q, j) for a, pa, seconds in cells for j, (b, q) in enumerate(seconds)]
    height = 30 + side + 56 + len(listing) * 44 + 8
    fig = Figure(width, height, title=title, margin=(0, 16, 50, 0))
    x0, y0 = 4.0, fig.top + 4
    palette = AREA_SHADES
    xs = x0
    for i, (a, pa, seconds) in enumerate(cells):
        w = side * float(pa)
        ys = y0
        for j, (b, q) in enumerate(seconds):
            h = side * float(q)
            is_hot = hot == (a, b)
            fig.add(bar(xs, ys, w, h, VERMILLION if is_hot else palette[j % len(palette)], stroke="#fff"))
            if is_hot:
                fig.add(stripes(xs, ys, w, h))
            if w >= text_width(b, 13) + 8 and h >= 20:
                fig.add(label(xs + w / 2, ys + h / 2 + 5, b, size=13, anchor="middle", fill="#222"))
            ys += h
        fig.add(label(xs + w / 2, y0 + side + 20, a, anchor="middle"))
        fig.add(label(xs + w / 2, y0 + side + 38, fmt_fraction(pa), size=13, anchor="middle", opacity=0.8))
        xs += w
    fig.add(bar(x0, y0, side, side, "none", stroke="currentColor"))
    # the listing under the square: every cell and its area
    lx, ly = x0, y0 + side + 74
    lines = []
    for a, b, pa, q, j in listing:
        area_ = pa * q
        is_hot = hot == (a, b)
        fig.add(bar(lx, ly - 12, 16, 16, VERMILLION if is_hot else palette[j % len(palette)], stroke="#888"))
        if is_hot:
            fig.add(stripes(lx, ly - 12, 16, 16, gap=5))
        fig.add(label(lx + 24, ly + 1, f"{a}, {second_name} {b}", weight="600" if is_hot else None))
        eq = f"{fmt_fraction(pa)} × {fmt_fraction(q)} = {_product(pa, q)} ({percent(area_, 1)})"
        fig.add(label(lx + 24, ly + 20, eq, size=13))
        lines.append(f"{a}, {second_name} {b}: {eq}" + (" (" + _("highlighted") + ")" if is_hot else ""))
        ly += 44
    text = _("{title}: the square is split by the {first} event, then by the second. {cells}.").format(
        title=title, first=first_name, cells="; ".join(lines))
    return fig.chart(text)


def chain_diagram(states: Sequence, moves: Mapping, ruin: Mapping, start=None, title: str | None = None,
                  ends: tuple[str, str] | None = None, width: float = WIDTH) -> Chart:
    """A bankroll's Markov chain (:func:`sette_kit.risk.ruin_chain`): the bankrolls in
    a row (``states``), an arrow from each to where one round can take it (``moves``:
    ``{bankroll: {next bankroll: probability}}``; moves up above the row, down below
    it), the two ends marked (``ends``: their words, ruin and target), and under each
    bankroll a bar of ``ruin[bankroll]``, the chance of ruin from there.  ``start`` is
    drawn bold.

    >>> from fractions import Fraction
    >>> half = Fraction(1, 2)
    >>> c = chain_diagram([0, 10, 20], {10: {0: half, 20: half}}, {0: 1, 10: half, 20: 0}, start=10, title="Chain")
    >>> c.text
    'Chain: 3 bankrolls, from 0 (ruin) to 20 (target). From 10: to 0 with 50.0%, to 20 with 50.0%. Chance of ruin from each bankroll: 0: 100.0%; 10: 50.0%; 20: 0.0%.'
    >>> c.svg.count("<circle"), c.svg.count("marker") == 0
    (3, True)
    """
    states = list(states)
    if len(states) < 2:
        raise ValueError("chain_diagram needs at least two states")
    ends = (_("ruin"), _("target")) if ends is None else ends
    title = _("The bankroll, round after round") if title is None else title
    keys = [Key("line", BLUE, _("win a round")), Key("line", VERMILLION, _("lose a round")),
            Key("bar", SKY, _("chance of ruin from here"))]
    narrow = float(width) < 500
    # a narrow drawing (a phone) stacks its legend, one entry a row
    fig = Figure(width, 400 + (52 if narrow else 0), title=title, legend=() if narrow else keys,
                 margin=(24 * len(keys) + 8 if narrow else 0, 16, 48, 52 if narrow else 64))
    if narrow:
        for k, key in enumerate(keys):
            fig.add(_swatch(key, 0, 42 + 24 * k), label(28, 47 + 24 * k, key.text))
    col = Band([str(s) for s in states], fig.left, fig.right, padding=0)
    r = max(min(col.slot * 0.32, 11.0), 4.0)
    row = fig.top + 46
    index = {s: i for i, s in enumerate(states)}
    # arrows: up-moves as arcs above the row, down-moves below it (colour and side tell them apart)
    for b, nxt in moves.items():
        for to, p in nxt.items():
            if to not in index or not p:
                continue
            x0, x1 = col.centre(index[b]), col.centre(index[to])
            up = to > b
            lift = (r + 10 + 6 * min(abs(index[to] - index[b]) - 1, 3)) * (-1 if up else 1)
            y0 = row + (-r if up else r)
            mid = (x0 + x1) / 2
            colour = BLUE if up else VERMILLION
            tip = x1 - (3 if up else -3)
            fig.add(f'<path d="M{_f(x0)} {_f(y0)}Q{_f(mid)} {_f(row + lift * 1.6)} {_f(tip)} {_f(y0)}" fill="none" '
                    f'stroke="{colour}" stroke-width="1.6"/>',
                    f'<path d="M{_f(tip)} {_f(y0)}l{_f(-4 if up else 4)} {_f(-5 if up else 5)}" stroke="{colour}" '
                    f'stroke-width="1.6" fill="none"/>')
    for i, s in enumerate(states):
        cx = col.centre(i)
        end = s not in moves
        fill = VERMILLION if end and ruin.get(s, 0) else GREEN if end else "none"
        fig.add(f'<circle cx="{_f(cx)}" cy="{_f(row)}" r="{_f(r)}" fill="{fill}" fill-opacity="{".85" if end else "1"}" '
                f'stroke="currentColor" stroke-width="{2.4 if s == start else 1.2}"/>')
    every = max(1, math.ceil(text_width("000", 12) * 1.3 / col.slot))
    last = len(states) - 1
    first = index.get(start, 0)
    shown = {0, last, first} | {i for i in range(0, last, every) if abs(i - first) >= every and last - i >= every}
    for i, s in enumerate(states):
        if i in shown:
            fig.add(label(col.centre(i), row + r + 32, number(s), size=12, anchor="middle",
                          weight="600" if s == start else None))
    fig.add(label(col.centre(0), row - r - 30, ends[0], size=13, anchor="middle", weight="600"),
            label(col.centre(len(states) - 1), row - r - 30, ends[1], size=13, anchor="end" if width < 400 else "middle",
                  weight="600"))
    # under the row: the chance of ruin from each bankroll
    top = row + r + 68
    y = Linear(0, 1, fig.bottom, top)
    fig.y_axis(y, [0, 0.5, 1], "", fmt=percent)
    for i, s in enumerate(states):
        v = float(ruin.get(s, 0))
        fig.add(bar(col.start(i) + col.slot * 0.15, y(v), col.slot * 0.7, fig.bottom - y(v), SKY))
    fig.add(line(fig.left, fig.bottom, fig.right, fig.bottom, opacity=0.6))
    if start is not None and start in index:
        v = float(ruin.get(start, 0))
        fig.add(label(col.centre(index[start]), y(v) - 6, _fmt.percent(v, 1), size=12, anchor="middle", weight="600"))
    fig.add(label((fig.left + fig.right) / 2, fig.bottom + 36, _("chance of ruin from each bankroll"), size=AXIS,
                  anchor="middle"))
    # the text equivalent: the moves, grouped where every bankroll moves alike
    rel = {b: tuple(sorted((to - b, p) for to, p in nxt.items() if p)) for b, nxt in moves.items()}
    parts = []
    if rel and len(set(rel.values())) == 1 and len(rel) > 1:
        live = sorted(rel)
        steps = ", ".join(_("{sign}{step} with {percent}").format(sign="+" if d > 0 else "−", step=number(abs(d)),
                                                                  percent=_fmt.percent(p, 1))
                          for d, p in next(iter(rel.values())))
        parts.append(_("From every bankroll from {low} to {high}, one round moves it {steps}.").format(
            low=number(live[0]), high=number(live[-1]), steps=steps))
    else:
        for b in sorted(moves):
            parts.append(_("From {b}: {moves}.").format(b=number(b), moves=", ".join(
                _("to {to} with {percent}").format(to=number(to), percent=_fmt.percent(p, 1))
                for to, p in sorted(moves[b].items()) if p)))
    text = (_("{title}: {n} bankrolls, from {low} ({ruin}) to {high} ({target}).").format(
        title=title, n=len(states), low=number(states[0]), ruin=ends[0], high=number(states[-1]), target=ends[1])
            + " " + " ".join(parts) + " " + _("Chance of ruin from each bankroll: {parts}.").format(
        parts="; ".join(f"{number(s)}: {_fmt.percent(ruin.get(s, 0), 1)}" for s in states)))
    return fig.chart(text)
