"""Bar charts of :mod:`widgets.charts`: shares, signed values, pairs, histograms.

:func:`distribution_bar`, :func:`histogram`, :func:`signed_bar`, :func:`paired_bar`,
:func:`share_bar`, :func:`totals_bar` and :func:`averages_histogram` (built from
:mod:`widgets.charts._svg`; numbers written by :mod:`widgets.charts._text`).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Callable, Mapping, Sequence

from sette_kit import fmt as _fmt
from sette_kit.i18n import _, ngettext, pgettext

from ._svg import (AXIS, BLUE, HEIGHT, MAX_WIDTH, ORANGE, SKY, TICK, VERMILLION, WIDTH, Band, Chart, Figure, Key,
                   Linear, bar, dot, label, line, stripes, text_width)
from ._text import (_round_percent, _signed_percent, exact_text, general, minus, number, percent)

# -- the charts ---------------------------------------------------------------------------------

def distribution_bar(dist: Mapping, title: str | None = None, xlabel: str = "", ylabel: str | None = None,
                     highlight=None, width: float = WIDTH, height: float = HEIGHT, legend: bool = True) -> Chart:
    """A bar chart of a distribution ``{label: probability}`` (Fractions or floats), each
    bar labelled with its percentage; ``highlight`` names labels drawn in vermillion with
    stripes (and marked in the text and, unless ``legend=False``, the legend: a bar
    whose own label says why it stands out needs none).

    >>> c = distribution_bar({"1": Fraction(1, 2), "2": Fraction(1, 2)}, title="Coin", highlight=["2"])
    >>> c.text
    'Coin: 1: 1/2 (50.0%); 2: 1/2 (50.0%) (highlighted).'
    >>> c.svg.count("<rect"), "highlighted" in c.svg
    (3, True)
    """
    title = _("Distribution") if title is None else title
    ylabel = _("probability") if ylabel is None else ylabel
    labels = [str(k) for k in dist]
    values = [float(v) for v in dist.values()]
    marked = {str(h) for h in (highlight or ())}
    keys = [Key("striped", VERMILLION, _("highlighted"))] if marked & set(labels) and legend else []
    fig = Figure(width, height, title=title, legend=keys, margin=(0, 16, 56 if xlabel else 34, 72))
    top = max(values + [0.0]) * 1.12 or 1.0
    y = Linear(0, top, fig.bottom, fig.top).nice(4)
    y = Linear(0, y.hi, fig.bottom, fig.top)
    fig.y_axis(y, y.ticks(4), ylabel, fmt=percent)
    x = Band(labels, fig.left, fig.right, padding=0.3)
    for i, (lab, v) in enumerate(zip(labels, values)):
        x0, y0 = x.start(i), y(v)
        hot = lab in marked
        fig.add(bar(x0, y0, x.width, fig.bottom - y0, VERMILLION if hot else BLUE))
        if hot:
            fig.add(stripes(x0, y0, x.width, fig.bottom - y0))
        if x.slot >= text_width("00.0%", 13):
            fig.add(label(x.centre(i), y0 - 6, _fmt.percent(v, 1), size=13, anchor="middle"))
    fig.x_axis(x.centres(), labels, xlabel)
    hot = " (" + _("highlighted") + ")"
    text = f"{title}: " + "; ".join(
        f"{k}: {exact_text(v)}{hot if str(k) in marked else ''}" for k, v in dist.items()) + "."
    return fig.chart(text)


def histogram(outcomes: Sequence[float], bins=None, title: str | None = None, xlabel: str | None = None,
              width: float = WIDTH, height: float = HEIGHT) -> Chart:
    """A histogram of outcomes: whole-number outcomes spanning at most 40 get one bar per
    value; otherwise ``bins`` equal bins (default: Sturges' rule).

    >>> histogram([1, 1, -1, 2]).text
    'Outcomes (4 values, mean 0.75): -1: 1; 1: 2; 2: 1.'
    """
    title = _("Outcomes") if title is None else title
    xlabel = _("result") if xlabel is None else xlabel
    xs = [float(v) for v in outcomes]
    if not xs:
        raise ValueError("histogram needs at least one outcome")
    lo, hi = min(xs), max(xs)
    if bins is None and all(v == round(v) for v in xs) and hi - lo <= 40:
        counts: dict = {}
        for v in xs:
            counts[v] = counts.get(v, 0) + 1
        keys = sorted(counts)
        labels = [number(v) for v in keys]
        heights = [counts[v] for v in keys]
        parts = [f"{general(v)}: {counts[v]}" for v in keys]
    else:
        k = int(bins) if bins else max(1, math.ceil(math.log2(len(xs)) + 1))
        step = (hi - lo) / k or 1.0
        heights = [0] * k
        for v in xs:
            heights[min(int((v - lo) / step), k - 1)] += 1
        edges = [lo + i * step for i in range(k + 1)]
        labels = [number(edges[i], 3) for i in range(k)]
        parts = [_("{low} to {high}: {count}").format(low=general(a, 3), high=general(b, 3), count=c)
                 for a, b, c in zip(edges[:-1], edges[1:], heights)]
    fig = Figure(width, height, title=title, margin=(0, 16, 56, 72))
    y = Linear(0, max(heights) * 1.1, fig.bottom, fig.top).nice(4)
    y = Linear(0, y.hi, fig.bottom, fig.top)
    fig.y_axis(y, [t for t in y.ticks(4) if t == int(t)], _("count"))
    x = Band(labels, fig.left, fig.right, padding=0.15)
    for i, c in enumerate(heights):
        fig.add(bar(x.start(i), y(c), x.width, fig.bottom - y(c), BLUE))
    step_label = max(1, math.ceil(len(labels) * text_width("0000") / (fig.right - fig.left)))
    fig.x_axis(x.centres(), [s if i % step_label == 0 else "" for i, s in enumerate(labels)], xlabel)
    mean = sum(xs) / len(xs)
    text = ngettext("{title} ({n} value, mean {mean}): {parts}.", "{title} ({n} values, mean {mean}): {parts}.",
                    len(xs)).format(title=title, n=len(xs), mean=general(mean, 4), parts="; ".join(parts))
    return fig.chart(text)


# == charts of the betting, bankroll and shoe labs (paths_chart: _lines; pair_html: _svg) =====

#
# - :func:`signed_bar` - values above and below zero (expected results): positive bars blue
#   and solid on one side of the zero line, negative bars vermillion and striped on the
#   other, each labelled with its sign; optional notes beside the category labels
#   ("stake 10"); ``horizontal=True`` draws one row per category (for a phone)
# - :func:`paired_bar` - two values per category side by side (before/after, full deck/left
#   now): the first series striped sky blue, the second solid blue, both in the legend;
#   ``horizontal=True`` as above
# - :func:`share_bar` - probabilities on a 0-100% scale (chances of ruin), some highlighted;
#   ``horizontal=True`` as above
# - :func:`paths_chart` - many bankroll paths as thin lines, a few highlighted, the target as
#   a dashed line; a path's end says how it ended: a cross at ruin, a dot at the target
# - :func:`pair_html` - a chart drawn twice, wide and narrow: the narrow one replaces the
#   wide one when the column is narrower than a breakpoint (a phone), so its text stays
#   at its size instead of shrinking with the whole chart

def signed_bar(values: Mapping, title: str | None = None, xlabel: str = "", ylabel: str = "",
               value_text: Callable = _signed_percent, notes: Mapping | None = None,
               positive: str | None = None, negative: str | None = None, horizontal: bool = False,
               width: float = WIDTH, height: float | None = None) -> Chart:
    """A bar per label from the zero line: solid blue on the positive side, vermillion and
    striped on the negative side (so the sign shows by position, pattern and its written
    sign, not by colour alone).  ``value_text`` writes a value (default: a signed
    percentage); ``notes`` adds a short note to some category labels; ``positive`` and
    ``negative`` are the legend's words; ``xlabel`` names the categories, ``ylabel`` the
    values.  ``horizontal=True``: one row per category, values across (a narrow column).

    >>> from fractions import Fraction
    >>> c = signed_bar({"6": Fraction(1, 10), "7": Fraction(-1, 4)}, title="EV", notes={"6": "stake 10"})
    >>> c.text
    'EV: 6: +10.0% (stake 10); 7: −25.0%.'
    >>> c.svg.count("<rect"), "stroke-opacity" in c.svg, ">stake 10<" in c.svg   # 2 bars, 2 legend swatches
    (4, True, True)
    >>> signed_bar({"6": Fraction(1, 10)}, title="EV", horizontal=True, width=360).width
    360.0
    """
    title = _("Values") if title is None else title
    positive = _("positive") if positive is None else positive
    negative = _("negative") if negative is None else negative
    labels = [str(k) for k in values]
    raw = list(values.values())
    vals = [float(v) for v in raw]
    notes = {str(k): str(v) for k, v in (notes or {}).items()}
    keys = []
    if any(v > 0 for v in vals) or not vals:
        keys.append(Key("bar", BLUE, positive))
    if any(v < 0 for v in vals):
        keys.append(Key("striped", VERMILLION, negative))
    lo, hi = min(vals + [0.0]), max(vals + [0.0])
    parts = [f"{k}: {minus(value_text(v))}" + (f" ({notes[str(k)]})" if str(k) in notes else "")
             for k, v in values.items()]
    text = f"{title}: " + "; ".join(parts) + "."
    if horizontal:
        return _signed_rows(labels, raw, vals, notes, keys, lo, hi, title, xlabel, ylabel, value_text, width,
                            height, text)
    # a note wider than its category's slot (a longer word in another language) takes two lines
    slot = (min(float(width), MAX_WIDTH) - 92) / max(len(labels), 1)
    wrap = any(text_width(n, 13) > slot and " " in n for n in notes.values())
    extra = (36 if wrap else 20) if notes else 0
    fig = Figure(width, height or HEIGHT, title=title, legend=keys,
                 margin=(0, 16, (56 if xlabel else 34) + extra, 76))
    pad = (hi - lo) * 0.16 or 0.1
    y = Linear(lo - (pad if lo < 0 else 0), hi + (pad if hi > 0 else 0), fig.bottom, fig.top).nice(5)
    fig.y_axis(y, y.ticks(5), ylabel, fmt=lambda t: minus(_fmt.percent(t, 0, sign=True)) if t else "0")
    x = Band(labels, fig.left, fig.right, padding=0.3)
    zero = y(0)
    room = x.slot >= text_width("+00.0%", 13)
    for i, v in enumerate(vals):
        x0 = x.start(i)
        top, h = (y(v), zero - y(v)) if v >= 0 else (zero, y(v) - zero)
        if v >= 0:
            fig.add(bar(x0, top, x.width, h, BLUE))
        else:
            fig.add(bar(x0, top, x.width, h, VERMILLION), stripes(x0, top, x.width, h))
        if room:
            ty = y(v) - 6 if v >= 0 else y(v) + 17
            fig.add(label(x.centre(i), ty, value_text(raw[i]), size=13, anchor="middle"))
    fig.add(line(fig.left, zero, fig.right, zero, width=1.5))
    fig.x_axis(x.centres(), labels, "", baseline=False)
    for i, lab in enumerate(labels):
        if lab in notes:
            lines = notes[lab].rsplit(" ", 1) if wrap and " " in notes[lab] else [notes[lab]]
            for j, part in enumerate(lines):
                fig.add(label(x.centre(i), fig.bottom + 39 + 16 * j, part, size=13, anchor="middle", weight="600"))
    if xlabel:
        fig.add(label((fig.left + fig.right) / 2, fig.bottom + 44 + extra, xlabel, size=AXIS, anchor="middle"))
    return fig.chart(text)


def _row_labels(labels, notes, size: float = TICK) -> float:
    """The width taken by row labels (with their notes) at the left of a horizontal chart."""
    return max([text_width(s + (f" · {notes[s]}" if s in notes else ""), size) for s in labels] + [30]) + 12


def _signed_rows(labels, raw, vals, notes, keys, lo, hi, title, xlabel, ylabel, value_text, width, height, text):
    row = 30
    left = _row_labels(labels, notes)
    head = 30 + (36 if keys else 0) + (26 if xlabel else 0)
    fig = Figure(width, height or head + row * len(labels) + (32 if ylabel else 12), title=title, legend=keys,
                 margin=(26 if xlabel else 0, 12, 32 if ylabel else 12, left))
    if xlabel:
        fig.add(label(0, fig.top - 10, xlabel, size=AXIS))
    tw = text_width("+00.0%", 13) + 8
    span = (hi - lo) or 1.0
    # room for the value written beside each bar: after a positive bar, right of zero for a negative one
    x = Linear(lo, hi, fig.left, fig.right - tw)
    if lo < 0 and hi <= 0:
        x = Linear(lo, span * 0.02, fig.left, fig.right - tw)
    zero = x(0)
    y = Band(labels, fig.top, fig.bottom, padding=0.3)
    for i, (lab, v) in enumerate(zip(labels, vals)):
        y0, h = y.start(i), y.width
        x0, w = (zero, x(v) - zero) if v >= 0 else (x(v), zero - x(v))
        if v >= 0:
            fig.add(bar(x0, y0, w, h, BLUE))
        else:
            fig.add(bar(x0, y0, w, h, VERMILLION), stripes(x0, y0, w, h))
        tx = (x(v) if v >= 0 else zero) + 6
        fig.add(label(tx, y.centre(i) + 5, value_text(raw[i]), size=13))
        name = lab + (f" · {notes[lab]}" if lab in notes else "")
        fig.add(label(fig.left - 8, y.centre(i) + 5, name, anchor="end", weight="600" if lab in notes else None))
    fig.add(line(zero, fig.top - 4, zero, fig.bottom + 4, width=1.5))
    if ylabel:
        fig.add(label((fig.left + fig.right) / 2, fig.bottom + 24, ylabel, size=AXIS, anchor="middle"))
    return fig.chart(text)


def paired_bar(categories: Sequence, first: tuple, second: tuple, title: str | None = None, xlabel: str = "",
               ylabel: str | None = None, style: str = "percent", horizontal: bool = False,
               width: float = WIDTH, height: float | None = None) -> Chart:
    """Two bars per category: ``first = (name, values)`` striped sky blue, ``second =
    (name, values)`` solid blue beside it (the pattern tells them apart, not only the
    colour).  ``style``: "percent" (shares) or "count" (whole numbers).
    ``horizontal=True``: one row per category, the two bars one above the other.

    >>> from fractions import Fraction
    >>> c = paired_bar(["6", "7"], ("before", [Fraction(1, 10)] * 2), ("after", [Fraction(1, 2)] * 2), title="Card")
    >>> c.text
    'Card: 6: before: 1/10 = 10.0%, after: 1/2 = 50.0%; 7: before: 1/10 = 10.0%, after: 1/2 = 50.0%.'
    >>> c.svg.count("<rect")
    6
    """
    if style not in ("percent", "count"):
        raise ValueError("style must be 'percent' or 'count'")
    title = _("Comparison") if title is None else title
    ylabel = _("probability") if ylabel is None else ylabel
    cats = [str(c) for c in categories]
    (n1, v1), (n2, v2) = first, second
    v1, v2 = list(v1), list(v2)
    if not (len(v1) == len(v2) == len(cats)):
        raise ValueError("paired_bar needs one value of each series per category")
    show = (lambda v: _fmt.approx(v) if isinstance(v, Fraction) else percent(v, 1)) if style == "percent" \
        else number
    short = _round_percent if style == "percent" else number
    keys = [Key("striped", SKY, str(n1)), Key("bar", BLUE, str(n2))]
    text = f"{title}: " + "; ".join(f"{c}: {n1}: {show(a)}, {n2}: {show(b)}" for c, a, b in zip(cats, v1, v2)) + "."
    most = max([float(v) for v in v1 + v2] + [0.0])
    if horizontal:
        row = 34
        left = _row_labels(cats, {})
        head = 30 + 36 + (26 if xlabel else 0)
        fig = Figure(width, height or head + row * len(cats) + (32 if ylabel else 12), title=title, legend=keys,
                     margin=(26 if xlabel else 0, 12, 32 if ylabel else 12, left))
        if xlabel:
            fig.add(label(0, fig.top - 10, xlabel, size=AXIS))
        tw = text_width("000%", 12) + 8
        x = Linear(0, most or 1.0, fig.left, fig.right - tw)
        y = Band(cats, fig.top, fig.bottom, padding=0.2)
        h = y.width / 2
        for i, c in enumerate(cats):
            y0 = y.start(i)
            for j, (v, fill) in enumerate(((v1[i], SKY), (v2[i], BLUE))):
                w = x(v) - fig.left
                fig.add(bar(fig.left, y0 + j * h, w, h - 1, fill))
                if j == 0:
                    fig.add(stripes(fig.left, y0, w, h - 1))
                fig.add(label(x(v) + 5, y0 + j * h + h / 2 + 4, short(v), size=12))
            fig.add(label(fig.left - 8, y.centre(i) + 5, c, anchor="end"))
        fig.add(line(fig.left, fig.top - 2, fig.left, fig.bottom + 2, opacity=0.6))
        if ylabel:
            fig.add(label((fig.left + fig.right) / 2, fig.bottom + 24, ylabel, size=AXIS, anchor="middle"))
        return fig.chart(text)
    fig = Figure(width, height or HEIGHT, title=title, legend=keys, margin=(0, 16, 56 if xlabel else 34, 72))
    y = Linear(0, most * 1.15 or 1.0, fig.bottom, fig.top).nice(4)
    y = Linear(0, y.hi, fig.bottom, fig.top)
    ticks = y.ticks(4) if style == "percent" else [t for t in y.ticks(4) if t == int(t)]
    fig.y_axis(y, ticks, ylabel, fmt=percent if style == "percent" else number)
    x = Band(cats, fig.left, fig.right, padding=0.2)
    w = x.width / 2
    room = w >= text_width(short(most), 12) - 2
    for i in range(len(cats)):
        x0 = x.start(i)
        for j, (v, fill) in enumerate(((v1[i], SKY), (v2[i], BLUE))):
            y0 = y(v)
            fig.add(bar(x0 + j * w, y0, w - 1, fig.bottom - y0, fill))
            if j == 0:
                fig.add(stripes(x0, y0, w - 1, fig.bottom - y0))
            if room:
                fig.add(label(x0 + j * w + w / 2, y0 - 5, short(v), size=12, anchor="middle"))
    fig.x_axis(x.centres(), cats, xlabel)
    return fig.chart(text)


def share_bar(values: Mapping, title: str | None = None, xlabel: str = "", ylabel: str | None = None,
              highlight=None, marked: str | None = None, horizontal: bool = False, top: float = 1.0,
              width: float = WIDTH, height: float | None = None) -> Chart:
    """Probabilities (or shares) on a 0-100% scale (0 to ``top``), one bar per label, each
    labelled with its percentage; ``highlight`` names labels drawn vermillion *and*
    striped, called ``marked`` in the legend.  ``horizontal=True``: one row per label (a
    narrow column).

    >>> c = share_bar({"stake 1": 0.9999, "stake 10": 0.9646}, title="Ruin", highlight=["stake 10"], marked="yours")
    >>> c.text
    'Ruin: stake 1: 99.99%; stake 10: 96.46% (yours).'
    >>> ">100%<" in c.svg and ">150%<" not in c.svg
    True
    """
    title = _("Shares") if title is None else title
    ylabel = _("probability") if ylabel is None else ylabel
    marked = _("highlighted") if marked is None else marked
    labels = [str(k) for k in values]
    top = min(max(float(top), 0.01), 1.0)
    vals = [min(max(float(v), 0.0), top) for v in values.values()]
    hot = {str(h) for h in (highlight or ())}
    keys = [Key("striped", VERMILLION, marked)] if hot & set(labels) else []
    text = f"{title}: " + "; ".join(
        f"{k}: {percent(v, 2)}" + (f" ({marked})" if str(k) in hot else "") for k, v in values.items()) + "."
    if horizontal:
        left = _row_labels(labels, {})
        head = 30 + (36 if keys else 0) + (26 if xlabel else 0)
        row = 30 if len(labels) <= 15 else 24
        fig = Figure(width, height or head + row * len(labels) + (32 if ylabel else 12), title=title, legend=keys,
                     margin=(26 if xlabel else 0, 12, 32 if ylabel else 12, left))
        if xlabel:
            fig.add(label(0, fig.top - 10, xlabel, size=AXIS))
        x = Linear(0, top, fig.left, fig.right - text_width("100.0%", 13) - 8)
        y = Band(labels, fig.top, fig.bottom, padding=0.3)
        for i, (lab, v) in enumerate(zip(labels, vals)):
            fill = VERMILLION if lab in hot else BLUE
            fig.add(bar(fig.left, y.start(i), x(v) - fig.left, y.width, fill))
            if lab in hot:
                fig.add(stripes(fig.left, y.start(i), x(v) - fig.left, y.width))
            fig.add(label(x(v) + 6, y.centre(i) + 5, percent(v, 1), size=13))
            fig.add(label(fig.left - 8, y.centre(i) + 5, lab, anchor="end", weight="600" if lab in hot else None))
        fig.add(line(fig.left, fig.top - 2, fig.left, fig.bottom + 2, opacity=0.6))
        if top == 1.0:
            fig.add(line(x(1), fig.top - 2, x(1), fig.bottom + 2, opacity=0.25, dash="3 3"))
        if ylabel:
            fig.add(label((fig.left + fig.right) / 2, fig.bottom + 24, ylabel, size=AXIS, anchor="middle"))
        return fig.chart(text)
    fig = Figure(width, height or HEIGHT, title=title, legend=keys, margin=(0, 16, 56 if xlabel else 34, 72))
    y = Linear(0, top * 1.08, fig.bottom, fig.top)
    ticks = [0, 0.25, 0.5, 0.75, 1] if top == 1.0 else Linear(0, top, 0, 1).ticks(4)
    fig.y_axis(y, ticks, ylabel, fmt=percent)
    x = Band(labels, fig.left, fig.right, padding=0.3)
    room = x.slot >= text_width("100.0%", 13)
    for i, (lab, v) in enumerate(zip(labels, vals)):
        x0, y0 = x.start(i), y(v)
        fig.add(bar(x0, y0, x.width, fig.bottom - y0, VERMILLION if lab in hot else BLUE))
        if lab in hot:
            fig.add(stripes(x0, y0, x.width, fig.bottom - y0))
        if room:
            fig.add(label(x.centre(i), y0 - 6, percent(v, 1), size=13, anchor="middle"))
    fig.x_axis(x.centres(), labels, xlabel)
    return fig.chart(text)


# == the distribution pictures of lessons 7, 9 and 10 ==========================
#
# - :func:`totals_bar` - where a hand ends: a bar per final total and one for bust (the
#   bust bar highlighted), from :func:`sette_kit.odds.final_distribution`
# - :func:`averages_histogram` - the averages of many simulated runs, bar by bar, beside
#   the exact chance of each average (dots), with the exact value (dashed) and the band of
#   ±1.96 standard errors around it (shaded): why the 95% interval is the average ± 1.96 SE
# - :func:`chain_diagram` - a bankroll's Markov chain: the bankrolls in a row, an arrow to
#   each bankroll one round can lead to, the ends marked, and under each bankroll a bar of
#   the chance of ruin from there

def totals_bar(dist: Mapping, title: str | None = None, xlabel: str | None = None, width: float = WIDTH,
               height: float = HEIGHT) -> Chart:
    """Where a hand ends, from ``{total or "bust": probability}`` (what
    :func:`sette_kit.odds.final_distribution` gives): a bar per final total, written as
    a learner writes it (``5½``), and the bust bar highlighted (vermillion and striped).

    >>> from fractions import Fraction
    >>> c = totals_bar({Fraction(5): Fraction(1, 2), Fraction(11, 2): Fraction(1, 4), "bust": Fraction(1, 4)},
    ...                title="The bank's final total")
    >>> c.text
    "The bank's final total: 5: 1/2 (50.0%); 5½: 1/4 (25.0%); bust: 1/4 (25.0%) (highlighted)."
    """
    from sette_kit.scoring import fmt_points

    names = {"bust": pgettext("total", "bust"), "triple": pgettext("total", "triple")}
    shown = {}
    for key, p in dist.items():
        shown[names.get(key, key) if isinstance(key, str) else fmt_points(Fraction(key))] = p
    xlabel = _("final total") if xlabel is None else xlabel
    title = _("Final total") if title is None else title
    return distribution_bar(shown, title=title, xlabel=xlabel, highlight=[names["bust"]], width=width,
                            height=height, legend=False)


def averages_histogram(means: Sequence, exact, stderr: float, distribution: Mapping | None = None, z: float = 1.96,
                       title: str | None = None, xlabel: str | None = None, width: float = WIDTH,
                       height: float = 320) -> Chart:
    """The averages of many simulated runs as a histogram: a bar per average (the share
    of the runs that ended there), the exact chance of each average as a dot where
    ``distribution`` (``{average: probability}``, :func:`sette_kit.simulate.average_distribution`)
    is given, the exact value as a dashed line and the band ``exact ± z × stderr`` shaded.
    The text equivalent says how many averages fall inside the band.

    >>> from fractions import Fraction
    >>> c = averages_histogram([Fraction(-1, 5), Fraction(-1, 5), Fraction(0), Fraction(1)], exact=-0.1, stderr=0.1,
    ...                        distribution={Fraction(-1, 5): 0.5, Fraction(0): 0.4, Fraction(1): 0.1})
    >>> c.text   # doctest: +ELLIPSIS
    'Averages of 4 runs: 3 of the 4 (75.0%) lie within 1.96 standard errors (±0.196) of the exact value, −0.1000; the exact chance of that is 90.0%. ...'
    >>> c.svg.count("<circle"), 'role="img"' in c.svg
    (4, True)
    """
    xs = [float(m) for m in means]
    if not xs:
        raise ValueError("averages_histogram needs at least one average")
    ex, half = float(exact), z * float(stderr)
    counts: dict = {}
    for m in means:
        counts[Fraction(m)] = counts.get(Fraction(m), 0) + 1
    n = len(xs)
    values = sorted(set(counts) | {Fraction(k) for k, p in (distribution or {}).items() if float(p) >= 5e-4})
    steps = [float(b - a) for a, b in zip(values, values[1:])]
    step = min(steps) if steps else 1.0
    title = ngettext("Averages of {n} run", "Averages of {n} runs", n).format(n=_fmt.whole(n)) if title is None else title
    xlabel = _("average result per round") if xlabel is None else xlabel
    keys = [Key("bar", BLUE, _("share of the runs")), Key("band", SKY, _("exact value ± {z} SE").format(
        z=general(z))), Key("dashed", "currentColor", _("exact value"))]
    if distribution:
        keys.insert(1, Key("dot", ORANGE, _("exact chance")))
    fig = Figure(width, height, title=title, legend=keys, margin=(0, 16, 56, 72))
    shares = {v: counts.get(v, 0) / n for v in values}
    exact_p = {Fraction(k): float(p) for k, p in (distribution or {}).items()}
    top = max(list(shares.values()) + [exact_p.get(v, 0.0) for v in values]) * 1.15 or 1.0
    y = Linear(0, top, fig.bottom, fig.top).nice(4)
    y = Linear(0, y.hi, fig.bottom, fig.top)
    lo = min(float(values[0]), ex - half) - step
    hi = max(float(values[-1]), ex + half) + step
    x = Linear(lo, hi, fig.left, fig.right)
    fig.add(bar(x(ex - half), fig.top, x(ex + half) - x(ex - half), fig.bottom - fig.top, SKY).replace(
        "/>", ' fill-opacity=".3"/>'))
    fig.y_axis(y, y.ticks(4), _("share of the runs"),
               fmt=lambda t: percent(t, 0 if abs(t * 100 - round(t * 100)) < 1e-9 else 1))
    w = max((x(lo + step) - x(lo)) * 0.8, 1.0)
    for v in values:
        s = shares[v]
        if s:
            fig.add(bar(x(v) - w / 2, y(s), w, fig.bottom - y(s), BLUE))
    if distribution:
        fig.add(*[dot(x(v), y(exact_p[v]), ORANGE, r=3) for v in values if v in exact_p])
    fig.add(line(x(ex), fig.top, x(ex), fig.bottom, "currentColor", 2, dash="6 4"))
    ticks = x.ticks(6)
    fig.x_axis([x(t) for t in ticks], [number(t, 2) for t in ticks], xlabel)
    inside = sum(abs(v - ex) <= half for v in xs)
    text = _("{title}: {inside} of the {n} ({share}) lie within {z} standard errors (±{half}) of the exact value, "
             "{exact}").format(title=title, inside=_fmt.whole(inside), n=_fmt.whole(n), share=_fmt.percent(inside / n, 1),
                               z=general(z), half=_fmt.decimal(half, 3), exact=minus(_fmt.decimal(ex, 4)))
    if distribution:
        chance = sum(float(p) for k, p in distribution.items() if abs(float(k) - ex) <= half)
        text += _("; the exact chance of that is {chance}").format(chance=_fmt.percent(chance, 1))
    text += ". " + _("Runs by average: {parts}.").format(parts="; ".join(
        f"{minus(_fmt.decimal(float(v), 2))}: {counts[v]}" for v in sorted(counts)))
    return fig.chart(text)
