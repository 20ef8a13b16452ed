"""Charts drawn with matplotlib into inline SVG, each with a text equivalent.

matplotlib is imported *inside* the drawing functions (never at import time), so a
lesson that shows no chart does not pay for it.  Each function returns a :class:`Chart`:
``chart.svg`` (inline ``<svg role="img" aria-label=...>``), ``chart.text`` (the same
information in words: exact fractions where given) and ``chart.html`` (a ``<figure>``
with the SVG and a ``<figcaption>``).  ``chart.widget()`` wraps it in an
``ipywidgets.HTML`` (class ``sk-chart``); a chart also displays itself in a notebook.
The SVG uses real text (``svg.fonttype='none'``) and no external files, so it shows in
JupyterLab, Voilà and static exports alike.

Functions (for all widgets to reuse):

- :func:`distribution_bar` - a bar chart of ``{label: probability}``
- :func:`running_mean` - the running mean of outcomes with a confidence band and an
  exact reference line
- :func:`running_mean_checkpoints` - the same drawn from ``(rounds, mean, stderr)``
  checkpoints (what :func:`sette_kit.simulate.run` records), for long simulations
- :func:`strategy_table` - a heatmap/table of a strategy ("H"/"S" or numbers)
- :func:`histogram` - a histogram of outcomes

>>> from fractions import Fraction
>>> c = distribution_bar({"7½": Fraction(1, 4), "bust": Fraction(3, 4)}, title="Final total")
>>> c.svg.startswith("<svg") and 'role="img"' in c.svg
True
>>> c.text
'Final total: 7½: 1/4 (25.0%); bust: 3/4 (75.0%).'
"""

from __future__ import annotations

import html
import io
import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping, Sequence

__all__ = ["Chart", "distribution_bar", "running_mean", "running_mean_checkpoints", "strategy_table", "histogram",
           "COLOURS", "caption_text"]

COLOURS = ("#0072B2", "#D55E00", "#009E73", "#E69F00", "#CC79A7", "#56B4E9")
"""Okabe-Ito colours, safe for colour-blind viewers."""


@dataclass(frozen=True)
class Chart:
    """An SVG chart and its text equivalent."""

    svg: str
    text: str

    @property
    def html(self) -> str:
        return (f'<figure class="sk-chart" style="margin:0">{self.svg}'
                f'<figcaption class="sk-chart-caption">{html.escape(self.text)}</figcaption></figure>')

    def widget(self):
        import ipywidgets

        w = ipywidgets.HTML(self.html)
        w.add_class("sk-chart")
        return w

    def _repr_html_(self) -> str:
        return self.html


def caption_text(shown: str) -> str:
    """The text equivalent of what a chart area shows: the ``<figcaption>`` of a
    :attr:`Chart.html` (not the SVG's labels), or all of it as plain text when no chart is
    drawn (a note, a table).

    >>> caption_text(Chart('<svg><text>x</text></svg>', "P: 1/4 < 1/2").html)
    'P: 1/4 < 1/2'
    >>> caption_text('<p class="sk-chart-caption">Value: 1/2</p>')
    'Value: 1/2'
    """
    from .base import plain_text

    return plain_text(shown[shown.index("<figcaption"):] if "<figcaption" in shown else shown)


def _figure(width: float, height: float):
    from matplotlib.figure import Figure  # lazy: heavy import

    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    return fig, fig.add_subplot()


def _to_svg(fig, label: str) -> str:
    import matplotlib

    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "sette-kit"}):
        fig.savefig(buf, format="svg")
    svg = buf.getvalue()
    svg = svg[svg.index("<svg"):]
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg, flags=re.S)
    # width/height in pt -> let it scale to the container, keep the aspect ratio
    svg = re.sub(r'<svg ([^>]*?)width="[^"]*" height="[^"]*"',
                 r'<svg \1style="max-width:100%;height:auto"', svg, count=1)
    label = html.escape(label, quote=True)
    return svg.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1)


def _pct(p) -> str:
    return f"{float(p) * 100:.1f}%"


def _exact(p) -> str:
    if isinstance(p, Fraction):
        return f"{p} ({_pct(p)})"
    return f"{float(p):.4g} ({_pct(p)})"


def distribution_bar(dist: Mapping, title: str = "Distribution", xlabel: str = "", ylabel: str = "probability",
                     highlight=None, width: float = 6.0, height: float = 3.2) -> Chart:
    """A bar chart of a distribution ``{label: probability}`` (Fractions or floats);
    ``highlight`` names labels drawn in a second colour (and marked in the text)."""
    labels = [str(k) for k in dist]
    values = [float(v) for v in dist.values()]
    marked = {str(h) for h in (highlight or ())}
    fig, ax = _figure(width, height)
    colours = [COLOURS[1] if lab in marked else COLOURS[0] for lab in labels]
    bars = ax.bar(range(len(labels)), values, color=colours, edgecolor="#333")
    for bar, lab in zip(bars, labels):
        if lab in marked:
            bar.set_hatch("//")
    ax.set_xticks(range(len(labels)), labels)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_ylim(0, max(values + [0]) * 1.15 or 1)
    ax.grid(axis="y", alpha=0.3)
    text = f"{title}: " + "; ".join(
        f"{k}: {_exact(v)}{' (highlighted)' if str(k) in marked else ''}" for k, v in dist.items()) + "."
    return Chart(_to_svg(fig, text), text)


def running_mean(outcomes: Sequence[float], exact=None, level: float = 0.95, title: str = "Running mean",
                 ylabel: str = "mean result per hand", width: float = 6.0, height: float = 3.2) -> Chart:
    """The running mean of ``outcomes`` with a ``level`` confidence band (normal
    approximation, running standard deviation) and the exact value as a dashed line."""
    import numpy as np

    x = np.asarray(outcomes, dtype=float)
    if x.size == 0:
        raise ValueError("running_mean needs at least one outcome")
    n = np.arange(1, x.size + 1)
    mean = np.cumsum(x) / n
    sq = np.cumsum(x * x) / n
    sd = np.sqrt(np.maximum(sq - mean * mean, 0) * n / np.maximum(n - 1, 1))
    z = _z(level)
    half = z * sd / np.sqrt(n)
    # draw at most ~400 points (log-spaced), so the SVG stays small for long runs
    idx = np.unique(np.geomspace(1, x.size, num=min(x.size, 400)).astype(int) - 1)
    fig, ax = _figure(width, height)
    ax.fill_between(n[idx], (mean - half)[idx], (mean + half)[idx], color=COLOURS[5], alpha=0.35, label=f"{level:.0%} band")
    ax.plot(n[idx], mean[idx], color=COLOURS[0], lw=1.5, label="running mean")
    if exact is not None:
        ax.axhline(float(exact), color=COLOURS[1], ls="--", lw=1.5, label=f"exact {float(exact):.4f}")
    ax.set_xscale("log" if x.size > 100 else "linear")
    ax.set_xlabel("hands played")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(loc="best", fontsize=8)
    ax.grid(alpha=0.3)
    text = (f"{title}: after {x.size} hands the mean is {mean[-1]:.4f} ± {half[-1]:.4f} "
            f"({level:.0%} confidence)")
    if exact is not None:
        inside = abs(mean[-1] - float(exact)) <= half[-1]
        text += (f"; the exact value is {exact} = {float(exact):.4f}, "
                 f"{'inside' if inside else 'outside'} the band")
    text += "."
    return Chart(_to_svg(fig, text), text)


def running_mean_checkpoints(checkpoints: Sequence, exact=None, level: float = 0.95, title: str = "Running mean",
                             ylabel: str = "mean result per hand", width: float = 6.0,
                             height: float = 3.2) -> Chart:
    """Like :func:`running_mean`, drawn from checkpoints ``(rounds, mean, stderr)`` (e.g.
    ``sette_kit.simulate.Result.checkpoints``) instead of raw outcomes; a checkpoint whose
    standard error is not a number (fewer than 2 rounds) gets no band.

    >>> c = running_mean_checkpoints([(1, -1.0, float("nan")), (10, -0.2, 0.3), (100, -0.15, 0.1)], exact=-0.16)
    >>> c.text
    'Running mean: after 100 hands the mean is -0.1500 ± 0.1960 (95% confidence); the exact value is -0.16 = -0.1600, inside the band.'
    """
    import numpy as np

    rows = [tuple(cp)[:3] for cp in checkpoints]
    if not rows:
        raise ValueError("running_mean_checkpoints needs at least one checkpoint")
    n = np.array([r[0] for r in rows], dtype=float)
    mean = np.array([r[1] for r in rows], dtype=float)
    se = np.array([r[2] for r in rows], dtype=float)
    half = _z(level) * se
    band = ~np.isnan(half)
    fig, ax = _figure(width, height)
    if band.any():
        ax.fill_between(n[band], (mean - half)[band], (mean + half)[band], color=COLOURS[5], alpha=0.35,
                        label=f"{level:.0%} band")
    ax.plot(n, mean, color=COLOURS[0], lw=1.5, marker="o", ms=3, label="running mean")
    if exact is not None:
        ax.axhline(float(exact), color=COLOURS[1], ls="--", lw=1.5, label=f"exact {float(exact):.4f}")
    ax.set_xscale("log" if n[-1] > 100 else "linear")
    ax.set_xlabel("hands played")
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(loc="best", fontsize=8)
    ax.grid(alpha=0.3)
    last = half[-1] if band[-1] else float("nan")
    text = f"{title}: after {int(n[-1])} hands the mean is {mean[-1]:.4f}"
    text += f" ± {last:.4f} ({level:.0%} confidence)" if band[-1] else ""
    if exact is not None:
        text += f"; the exact value is {exact} = {float(exact):.4f}"
        if band[-1]:
            text += f", {'inside' if abs(mean[-1] - float(exact)) <= last else 'outside'} the band"
    text += "."
    return Chart(_to_svg(fig, text), text)


def _z(level: float) -> float:
    """The two-sided normal quantile for ``level`` (0.95 -> 1.96), by bisection on erf."""
    if not 0 < level < 1:
        raise ValueError("level must be between 0 and 1")
    lo, hi = 0.0, 10.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if math.erf(mid / math.sqrt(2)) < level:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def strategy_table(cells: Sequence[Sequence], rows: Sequence, cols: Sequence, title: str = "Strategy",
                   row_label: str = "", col_label: str = "", width: float | None = None,
                   height: float | None = None) -> Chart:
    """A table-like heatmap: ``cells[i][j]`` is a letter ("H" hit / "S" stand, any
    short text) or a number.  Letters get colours *and* stay written in the cells."""
    import numpy as np

    fig, ax = _figure(width or max(3.0, 0.45 * len(cols) + 1.6), height or max(2.0, 0.32 * len(rows) + 1.2))
    numeric = all(isinstance(v, (int, float, Fraction)) for row in cells for v in row)
    if numeric:
        data = np.array([[float(v) for v in row] for row in cells])
        ax.imshow(data, cmap="cividis", aspect="auto")
        shown = [[f"{float(v):.2g}" for v in row] for row in cells]
    else:
        symbols = sorted({str(v) for row in cells for v in row})
        code = {s: i for i, s in enumerate(symbols)}
        data = np.array([[code[str(v)] for v in row] for row in cells], dtype=float)
        from matplotlib.colors import ListedColormap

        palette = {"H": "#E69F00", "S": "#56B4E9"}
        colours = [palette.get(s, COLOURS[(i + 2) % len(COLOURS)]) for i, s in enumerate(symbols)]
        ax.imshow(data, cmap=ListedColormap(colours), vmin=-0.5, vmax=len(symbols) - 0.5, aspect="auto")
        shown = [[str(v) for v in row] for row in cells]
    for i, row in enumerate(shown):
        for j, v in enumerate(row):
            ax.text(j, i, v, ha="center", va="center", fontsize=8, color="#111")
    ax.set_xticks(range(len(cols)), [str(c) for c in cols], fontsize=8)
    ax.set_yticks(range(len(rows)), [str(r) for r in rows], fontsize=8)
    ax.set_xlabel(col_label)
    ax.set_ylabel(row_label)
    ax.set_title(title)
    lines = [f"{row_label or 'row'} {r}: " + ", ".join(f"{c} {v}" for c, v in zip(cols, row))
             for r, row in zip(rows, shown)]
    text = f"{title}. " + "; ".join(lines) + "."
    return Chart(_to_svg(fig, f"{title}: a table of {len(rows)} rows by {len(cols)} columns; "
                              "the caption reads it out"), text)


def histogram(outcomes: Sequence[float], bins=None, title: str = "Outcomes", xlabel: str = "result",
              width: float = 6.0, height: float = 3.2) -> Chart:
    """A histogram of outcomes; whole-number outcomes get one bar per value."""
    import numpy as np

    x = np.asarray(outcomes, dtype=float)
    if x.size == 0:
        raise ValueError("histogram needs at least one outcome")
    fig, ax = _figure(width, height)
    if bins is None and np.all(x == np.round(x)) and np.ptp(x) <= 40:
        values, counts = np.unique(x, return_counts=True)
        ax.bar(values, counts, width=0.8, color=COLOURS[0], edgecolor="#333")
        parts = [f"{v:g}: {c}" for v, c in zip(values, counts)]
    else:
        counts, edges, _ = ax.hist(x, bins=bins or "auto", color=COLOURS[0], edgecolor="#333")
        parts = [f"{a:.3g} to {b:.3g}: {int(c)}" for a, b, c in zip(edges[:-1], edges[1:], counts)]
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("count")
    ax.grid(axis="y", alpha=0.3)
    text = f"{title} ({x.size} values, mean {x.mean():.4g}): " + "; ".join(parts) + "."
    return Chart(_to_svg(fig, text), text)
