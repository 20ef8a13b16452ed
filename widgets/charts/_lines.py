"""Line charts of :mod:`widgets.charts`: running means, bankroll paths, interval
coverage, a value curve.

:func:`running_mean`, :func:`running_mean_checkpoints`, :func:`paths_chart`,
:func:`coverage_chart` and :func:`value_curve`.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Sequence

from sette_kit import fmt as _fmt
from sette_kit.fmt import local_marks
from sette_kit.i18n import _, ngettext

from ._svg import (BLUE, GREEN, HEIGHT, ORANGE, PURPLE, SKY, VERMILLION, WIDTH, Chart, Figure, Key, Linear, Log10, _f,
                   area, dot, label, line, polyline, text_width)
from ._text import minus, number, percent, thousands


def _z(level: float) -> float:
    """The two-sided normal quantile for ``level`` (0.95 -> 1.96), by bisection on erf."""
    if not 0 < level < 1:
        raise ValueError("level must be between 0 and 1")
    lo, hi = 0.0, 10.0
    for unused in range(60):
        mid = (lo + hi) / 2
        if math.erf(mid / math.sqrt(2)) < level:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def running_mean(outcomes: Sequence[float], exact=None, level: float = 0.95, title: str | None = None,
                 ylabel: str | None = None, width: float = WIDTH, height: float = HEIGHT) -> Chart:
    """The running mean of ``outcomes`` with a ``level`` confidence band (normal
    approximation, running standard deviation) and the exact value as a dashed line.

    >>> running_mean([1, -1] * 50, exact=0).text
    'Running mean: after 100 hands the mean is 0.0000 ± 0.1970 (95% confidence); the exact value is 0 = 0.0000, inside the band.'
    """
    xs = [float(v) for v in outcomes]
    if not xs:
        raise ValueError("running_mean needs at least one outcome")
    n = len(xs)
    # the running sums at about 200 log-spaced round counts (and the last)
    marks = sorted({max(1, min(n, round(n ** (i / 199)))) for i in range(200)} | {n}) if n > 1 else [1]
    rows = []
    s1 = s2 = 0.0
    j = 0
    for i, v in enumerate(xs, 1):
        s1 += v
        s2 += v * v
        if i == marks[j]:
            mean = s1 / i
            se = math.sqrt(max(s2 / i - mean * mean, 0) * i / (i - 1)) / math.sqrt(i) if i > 1 else float("nan")
            rows.append((i, mean, se))
            j += 1
            if j == len(marks):
                break
    return running_mean_checkpoints(rows, exact=exact, level=level, title=title, ylabel=ylabel,
                                    width=width, height=height)


def running_mean_checkpoints(checkpoints: Sequence, exact=None, level: float = 0.95, title: str | None = None,
                             ylabel: str | None = None, width: float = WIDTH,
                             height: float = HEIGHT + 20) -> Chart:
    """Like :func:`running_mean`, drawn from checkpoints ``(rounds, mean, stderr)`` (e.g.
    ``sette_kit.simulate.Result.checkpoints``) instead of raw outcomes; a checkpoint whose
    standard error is not a number (fewer than 2 rounds) gets no band.  The x axis is
    logarithmic beyond 100 rounds; the y axis shows the band from 100 rounds on (the
    first few rounds swing wider, and run off the top or bottom).

    >>> c = running_mean_checkpoints([(1, -1.0, float("nan")), (10, -0.2, 0.3), (100, -0.15, 0.1)], exact=-0.16)
    >>> c.text
    'Running mean: after 100 hands the mean is -0.1500 ± 0.1960 (95% confidence); the exact value is -0.16 = -0.1600, inside the band.'
    """
    title = _("Running mean") if title is None else title
    ylabel = _("mean result per hand") if ylabel is None else ylabel
    rows = [(int(cp[0]), float(cp[1]), float(cp[2])) for cp in checkpoints]
    if not rows:
        raise ValueError("running_mean_checkpoints needs at least one checkpoint")
    z = _z(level)
    ex = None if exact is None else float(exact)
    last_n, last_mean, last_se = rows[-1]
    keys = [Key("band", SKY, _("{level} band").format(level=_fmt.percent(level, 0))),
            Key("dot", BLUE, _("running mean"))]
    if ex is not None:
        keys.append(Key("dashed", VERMILLION, _("exact value")))
    fig = Figure(width, height, title=title, legend=keys, margin=(0, 20, 56, 76))
    log = last_n > 100
    x = Log10(1, max(last_n, 10), fig.left, fig.right) if log else Linear(0, max(last_n, 1), fig.left, fig.right)
    # the y range: the running mean and its band from 100 rounds on (or the last tenth)
    start = min(100, rows[-1][0])
    span = [v for n, m, se in rows if n >= start for v in ((m,) if math.isnan(se) else (m - z * se, m + z * se))]
    span += [ex] if ex is not None else []
    lo, hi = min(span), max(span)
    pad = (hi - lo) * 0.08 or 0.1
    y = Linear(lo - pad, hi + pad, fig.bottom, fig.top).nice(5)
    fig.y_axis(y, y.ticks(5), ylabel)
    band = [(n, m, se) for n, m, se in rows if not math.isnan(se)]
    marks = [area([(x(n), y(m + z * se)) for n, m, se in band], [(x(n), y(m - z * se)) for n, m, se in band], SKY, 0.4)]
    if ex is not None:
        marks.append(line(fig.left, y(ex), fig.right, y(ex), VERMILLION, 2.5, dash="7 4"))
    pts = [(x(n), y(m)) for n, m, _ in rows]
    marks.append(polyline(pts, BLUE, 2.5))
    if len(rows) <= 40:
        marks.extend(dot(px, py, BLUE) for px, py in pts)
    fig.clipped(*marks)
    if log:
        ticks = x.ticks()
        positions, labels = [x(t) for t in ticks], [number(t) for t in ticks]
        # keep every other label when they would collide
        if len(ticks) > 1 and (positions[1] - positions[0]) < text_width(labels[-1]) + 8:
            labels = [s if i % 2 == 0 or i == len(labels) - 1 else "" for i, s in enumerate(labels)]
    else:
        ticks = [t for t in Linear(0, max(last_n, 1), 0, 1).ticks(5)]
        positions, labels = [x(t) for t in ticks], [number(t) for t in ticks]
    fig.x_axis(positions, labels, _("hands played (logarithmic scale)") if log else _("hands played"))
    half = z * last_se
    has_band = not math.isnan(last_se)
    text = ngettext("{title}: after {n} hand the mean is {mean}", "{title}: after {n} hands the mean is {mean}",
                    last_n).format(title=title, n=thousands(last_n), mean=_fmt.decimal(last_mean, 4))
    if has_band:
        text += _(" ± {half} ({level} confidence)").format(half=_fmt.decimal(half, 4),
                                                           level=_fmt.percent(level, 0))
    if ex is not None:
        shown_exact = _fmt.fraction(exact) if isinstance(exact, (int, Fraction)) else local_marks(str(exact))
        text += _("; the exact value is {exact} = {value}").format(exact=shown_exact, value=_fmt.decimal(ex, 4))
        if has_band:
            text += _(", inside the band") if abs(last_mean - ex) <= half else _(", outside the band")
    text += "."
    return fig.chart(text)


PATH_COLOURS = (ORANGE, GREEN, PURPLE, VERMILLION, SKY)
"""The colours of highlighted paths (the other paths are thin and faint)."""


def _cross(x: float, y: float, colour: str, r: float = 5) -> str:
    return line(x - r, y - r, x + r, y + r, colour, 2.5) + line(x - r, y + r, x + r, y - r, colour, 2.5)


def _thin(path: Sequence, most: int = 240) -> list:
    """At most about ``most`` of a path's ``(round, value)`` points: every k-th round,
    and always the last."""
    n = len(path)
    k = max(1, -(-n // most))
    rounds = list(range(0, n, k))
    if rounds[-1] != n - 1:
        rounds.append(n - 1)
    return [(r, path[r]) for r in rounds]


def paths_chart(paths: Sequence[Sequence], ends: Sequence[str], target: float, rounds: int,
                title: str | None = None, highlight: Sequence[int] = (), ylabel: str | None = None,
                width: float = WIDTH, height: float = HEIGHT + 40) -> Chart:
    """Bankroll paths (each a sequence of bankrolls, one per round, from round 0) as thin
    faint lines; the paths numbered in ``highlight`` (at most 5) drawn thick in colours of
    their own and named in the legend.  ``ends[i]`` says how path ``i`` ended: "ruined"
    (a vermillion cross at its end), "target" (a green dot on the dashed target line) or
    "playing" (cut at ``rounds``).

    >>> c = paths_chart([(5, 6, 7, 8, 9, 10), (5, 4, 3, 2, 1, 0), (5, 6, 5)], ["target", "ruined", "playing"],
    ...                 target=10, rounds=5, highlight=[1])
    >>> c.text
    'Bankroll paths: 3 paths from 5. 1 ruined, 1 reached the target of 10, 1 still playing after 5 rounds. Highlighted: path 2 ruined after 5 rounds.'
    >>> c.svg.count("<polyline"), c.svg.count("<circle")
    (3, 2)
    """
    title = _("Bankroll paths") if title is None else title
    ylabel = _("bankroll") if ylabel is None else ylabel
    paths = [tuple(p) for p in paths]
    ends = list(ends)
    if not paths or len(ends) != len(paths):
        raise ValueError("paths_chart needs at least one path and one end per path")
    highlight = [i for i in highlight if 0 <= i < len(paths)][:len(PATH_COLOURS)]
    start = paths[0][0]

    def story(i: int) -> str:
        n = len(paths[i]) - 1
        e = ends[i]
        if e == "ruined":
            return ngettext("ruined after {n} round", "ruined after {n} rounds", n).format(n=thousands(n))
        if e == "target":
            return ngettext("reached {value} after {n} round", "reached {value} after {n} rounds", n).format(
                value=number(paths[i][-1]), n=thousands(n))
        return ngettext("at {value} after {n} round", "at {value} after {n} rounds", n).format(
            value=number(paths[i][-1]), n=thousands(n))

    keys = [Key("line", PATH_COLOURS[k], _("path {n}").format(n=i + 1)) for k, i in enumerate(highlight)]
    narrow = width < 480
    fig = Figure(width, height, title=title, legend=keys, margin=(0, 16 if narrow else 20, 80, 64 if narrow else 76))
    top = max([float(target)] + [float(max(p)) for p in paths])
    x = Linear(0, max(rounds, 1), fig.left, fig.right)
    y = Linear(0, top * 1.04, fig.bottom, fig.top)
    ticks = [t for t in Linear(0, top, 0, 1).ticks(4 if narrow else 5) if t <= top * 1.04]
    fig.y_axis(y, ticks, ylabel)
    marks = [line(fig.left, y(target), fig.right, y(target), GREEN, 2, dash="7 4")]
    faint, bold = max(40, int(width / 5)), max(80, int(width / 2.5))  # points kept per path: a few px apart
    for i in range(len(paths)):
        if i not in highlight:
            pts = [(x(r), y(b)) for r, b in _thin(paths[i], faint)]
            marks.append(polyline(pts, BLUE, 1.2).replace("/>", ' stroke-opacity=".35"/>'))
    for k, i in enumerate(highlight):
        pts = [(x(r), y(b)) for r, b in _thin(paths[i], bold)]
        marks.append(polyline(pts, PATH_COLOURS[k], 2.8))
    fig.clipped(*marks)
    for i, p in enumerate(paths):  # the ends, above the lines and unclipped (a dot on the target line)
        ex, ey = x(len(p) - 1), y(p[-1])
        if ends[i] == "ruined":
            fig.add(_cross(ex, ey, VERMILLION, 6 if i in highlight else 4))
        elif ends[i] == "target":
            fig.add(dot(ex, ey, GREEN, 5 if i in highlight else 3.5))
    fig.add(label(fig.right - 4, y(target) - 7, _("target {value}").format(value=number(target)), size=13,
                  anchor="end"))
    xt = Linear(0, max(rounds, 1), 0, 1).ticks(3 if narrow else 5)
    fig.x_axis([x(t) for t in xt], [number(t) for t in xt], _("rounds played"))
    ly = fig.height - 8  # a last legend row: how a path's end is drawn
    ruined = _("ruined")
    fig.add(_cross(11, ly - 4, VERMILLION, 5), label(24, ly + 1, ruined, size=13))
    x2 = max(100, 24 + text_width(ruined, 13) + 20)
    fig.add(dot(x2, ly - 4, GREEN, 5), label(x2 + 10, ly + 1, _("reached the target"), size=13))
    n_r, n_t = ends.count("ruined"), ends.count("target")
    n_p = len(paths) - n_r - n_t
    text = (ngettext("{title}: {n} path from {start}.", "{title}: {n} paths from {start}.", len(paths)).format(
                title=title, n=thousands(len(paths)), start=number(start)) + " "
            + ngettext("{ruined} ruined, {reached} reached the target of {target}, {playing} still playing after "
                       "{n} round.",
                       "{ruined} ruined, {reached} reached the target of {target}, {playing} still playing after "
                       "{n} rounds.", rounds).format(ruined=thousands(n_r), reached=thousands(n_t),
                                                     target=number(target), playing=thousands(n_p),
                                                     n=thousands(rounds)))
    if highlight:
        text += " " + _("Highlighted: {paths}.").format(
            paths="; ".join(_("path {n} {story}").format(n=i + 1, story=story(i)) for i in highlight))
    return fig.chart(text)


# -- appended for the lesson kit: coverage of confidence intervals, area diagrams ----

def _miss_mark(x: float, y: float, r: float, stroke: str, width: float = 2.2) -> str:
    """An × mark (a shape that says "missed" without colour)."""
    return (f'<path d="M{_f(x - r)} {_f(y - r)}L{_f(x + r)} {_f(y + r)}M{_f(x - r)} {_f(y + r)}L{_f(x + r)} {_f(y - r)}" '
            f'stroke="{stroke}" stroke-width="{width}" stroke-linecap="round"/>')


def coverage_chart(intervals: Sequence, exact, level: float = 0.95, title: str | None = None,
                   xlabel: str | None = None, width: float = 480) -> Chart:
    """Confidence intervals from repeated runs, one per row, against the exact value.

    ``intervals``: ``(low, high, mean)`` triples, or objects with ``low``, ``high`` and
    ``mean`` (:class:`sette_kit.simulate.Interval`).  The exact value is a dashed
    vertical line.  An interval that misses it is drawn in vermillion, thicker, with an
    × at its mean and a ▶ in the left margin (colour *and* shape); the title counts the
    misses against what ``level`` leads you to expect.

    >>> c = coverage_chart([(-0.3, -0.1, -0.2), (0.0, 0.2, 0.1), (-0.25, 0.05, -0.1)], exact=-0.17)
    >>> c.title
    '2 of 3 intervals cover the exact value'
    >>> c.svg.count("<path d=\\"M"), "miss it: run 2 (for example run 2: 0.0000 to 0.2000)" in c.text
    (2, True)
    """
    rows = []
    for iv in intervals:
        lo, hi, mean = ((iv.low, iv.high, iv.mean) if hasattr(iv, "low") else iv)
        rows.append((float(lo), float(hi), float(mean)))
    if not rows:
        raise ValueError("coverage_chart needs at least one interval")
    ex = float(exact)
    n = len(rows)
    misses = [i for i, (lo, hi, unused) in enumerate(rows) if not lo <= ex <= hi]
    expected = (1 - level) * n
    xlabel = _("mean result per unit staked") if xlabel is None else xlabel
    if title is None:
        title = ngettext("{k} of {n} interval covers the exact value", "{k} of {n} intervals cover the exact value",
                         n).format(k=n - len(misses), n=n)
    keys = [Key("dot", BLUE, _("covers it")), Key("line", VERMILLION, _("misses it (×, ▶)")),
            Key("dashed", "currentColor", _("exact value"))]
    pitch = 4.2 if n > 60 else 6 if n > 30 else 10
    height = 30 + 36 + n * pitch + 70
    fig = Figure(width, height, title=title, legend=keys, margin=(0, 20, 56, 28))
    span = [v for lo, hi, unused in rows for v in (lo, hi)] + [ex]
    pad = (max(span) - min(span)) * 0.05 or 0.1
    x = Linear(min(span) - pad, max(span) + pad, fig.left, fig.right).nice(5)
    top = fig.top + 4
    for t in x.ticks(5):
        fig.add(line(x(t), top, x(t), fig.bottom, opacity=0.12))
    marks = []
    for i, (lo, hi, mean) in enumerate(rows):
        y = top + (i + 0.5) * pitch
        if i in misses:
            marks.append(line(x(lo), y, x(hi), y, VERMILLION, 2.6))
            marks.append(_miss_mark(x(mean), y, min(3.2, pitch * 0.8), VERMILLION))
            marks.append(f'<path d="M2 {_f(y - 4)}L10 {_f(y)}L2 {_f(y + 4)}Z" fill="{VERMILLION}"/>')
        else:
            marks.append(line(x(lo), y, x(hi), y, BLUE, 1.4))
            marks.append(dot(x(mean), y, BLUE, r=min(1.8, pitch * 0.4)))
    fig.add(*marks)
    fig.add(line(x(ex), top - 4, x(ex), fig.bottom, "currentColor", 2, dash="6 4"))
    fig.x_axis([x(t) for t in x.ticks(5)], [number(t) for t in x.ticks(5)], xlabel)
    where = ", ".join(_("run {n}").format(n=i + 1) for i in misses)
    text = (_("{title}; {misses}.").format(title=title, misses=ngettext(
                "{n} misses it", "{n} miss it", len(misses)).format(n=len(misses))) + " "
            + _("These are {level} confidence intervals: about {expected} of {n} should miss. "
                "The exact value is {exact}.").format(level=_fmt.percent(level, 0), expected=number(expected, 2),
                                                      n=n, exact=_fmt.decimal(ex, 4)) + " "
            + (_("The intervals that miss it: {runs} (for example run {first}: {low} to {high}).").format(
                runs=where, first=misses[0] + 1, low=_fmt.decimal(rows[misses[0]][0], 4),
                high=_fmt.decimal(rows[misses[0]][1], 4)) if misses else _("Every interval covers it.")))
    return fig.chart(text)


def value_curve(points: Sequence, mark=None, current=None, title: str | None = None, xlabel: str = "",
                ylabel: str | None = None, mark_text: str | None = None, current_text: str | None = None,
                width: float = WIDTH, height: float = HEIGHT + 20) -> Chart:
    """A value as a function of one share: ``points`` are ``(share, value)`` pairs (shares
    from 0 to 1, values any sign), drawn as a line with the zero line; ``mark`` is a
    ``(share, value)`` point marked with a dashed upright line and ``mark_text``
    (the equilibrium of the bluff lab); ``current`` the learner's point, a dot with
    ``current_text``.  The text equivalent lists every point, exact where given.

    >>> c = value_curve([(0, 0.1), (Fraction(1, 2), -0.2)], mark=(Fraction(1, 5), 0.15), mark_text="best",
    ...                 title="Value")
    >>> c.text
    'Value: 0.0%: +0.1000; 50.0%: −0.2000; best: 20.0%: +0.1500.'
    >>> c.svg.count("<polyline"), "best" in c.svg
    (1, True)
    """
    title = _("Value") if title is None else title
    ylabel = _("expected result per round") if ylabel is None else ylabel
    pts = sorted((float(s), float(v)) for s, v in points)
    if not pts:
        raise ValueError("value_curve needs at least one point")
    keys = [Key("line", BLUE, ylabel)]
    if mark is not None:
        keys.append(Key("dashed", VERMILLION, mark_text or _("marked")))
    if current is not None:
        keys.append(Key("dot", ORANGE, current_text or _("you")))
    fig = Figure(width, height, title=title, legend=keys, margin=(0, 16, 56 if xlabel else 34, 72))
    values = [v for __, v in pts] + [0.0] + ([float(mark[1])] if mark is not None else [])
    lo, hi = min(values), max(values)
    pad = (hi - lo) * 0.08 or 0.1
    y = Linear(lo - pad, hi + pad, fig.bottom, fig.top).nice(5)
    x = Linear(0, max(1e-9, max(s for s, __ in pts)), fig.left, fig.right)
    fig.y_axis(y, y.ticks(5), ylabel, fmt=lambda v: minus(_fmt.decimal(v, 2, sign=v > 0)))
    xt = x.ticks(5)
    fig.x_axis([x(t) for t in xt], [percent(t) for t in xt], xlabel)
    fig.add(line(fig.left, y(0), fig.right, y(0), opacity=0.6))
    fig.add(polyline([(x(s), y(v)) for s, v in pts], BLUE))
    for s, v in pts:
        fig.add(dot(x(s), y(v), BLUE, 2.5))
    if mark is not None:
        ms, mv = float(mark[0]), float(mark[1])
        fig.add(line(x(ms), fig.top, x(ms), fig.bottom, VERMILLION, 2, dash="7 4"), dot(x(ms), y(mv), VERMILLION, 5))
        anchor = "start" if x(ms) < (fig.left + fig.right) / 2 else "end"
        off = 8 if anchor == "start" else -8
        fig.add(label(x(ms) + off, fig.top + 14, mark_text or _("marked"), anchor=anchor, fill=VERMILLION,
                      weight="600"))
    if current is not None:
        cs, cv = float(current[0]), float(current[1])
        fig.add(dot(x(cs), y(cv), ORANGE, 6), f'<circle cx="{_f(x(cs))}" cy="{_f(y(cv))}" r="6" fill="none" '
                                              f'stroke="currentColor" stroke-width="1.5"/>')

    def one(s, v) -> str:
        return f"{_fmt.percent(s, 1)}: {minus(_fmt.decimal(v, 4, sign=True))}"

    parts = [one(s, v) for s, v in points]
    if mark is not None:
        parts.append((mark_text or _("marked")) + ": " + one(*mark))
    if current is not None:
        parts.append((current_text or _("you")) + ": " + one(*current))
    return fig.chart(f"{title}: " + "; ".join(parts) + ".")
