"""What the class answered, item by item: the numbers the teacher's dashboard draws.

Pure computation over the store's rows: for each item of a lesson, how many learners
answered in each vote round, how many were right, the distribution of their answers
(bins of a histogram for numbers, one bar per choice), and for exercises the share right
at the first try and the most common mistakes.  A learner counts once per item and
round: their last answer in that round.

>>> from sette_kit.classroom.items import item
>>> rows = [{"learner": n, "nickname": f"L{n}", "item": "06.p3", "round": 1, "answer": a, "right": None,
...          "tries": 1, "mistake": None, "exact": "1/13", "server_time": n}
...         for n, a in enumerate(["1/13", "1/10", "1/2"])]
>>> s = summarise_item(item("06", "06.p3"), rows)
>>> s["answers"], s["exact"], [(b["label"], b["count"], b["exact"]) for b in s["rounds"][0]["bins"]][:2]
(3, '1/13', [('0–10%', 1, True), ('10–20%', 1, False)])
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from .items import Item

__all__ = ["summarise_item", "bins", "fmt_value"]

MISTAKES_SHOWN = 3
"""How many of an exercise's most common mistakes the summary lists."""


def fmt_value(v: Fraction, probability: bool = False) -> str:
    """A value as the dashboard writes it: a percentage for a probability, else a short decimal."""
    if probability:
        return f"{float(v) * 100:.1f}%"
    if v.denominator == 1:
        return str(v.numerator)
    return f"{float(v):.3g}"


def _pct(v: Fraction) -> str:
    p = v * 100
    return str(p.numerator) if p.denominator == 1 else f"{float(p):.1f}"


def bins(it: Item, values: list[Fraction], exact: Fraction | None, extent=None) -> list[dict]:
    """Histogram bins ``{"label", "low", "high", "count", "exact"}`` for a number item.

    A probability: ten bins of ten points.  Whole numbers with few distinct values: one
    bin each.  Otherwise ten equal bins from the least to the greatest (the exact answer
    included; ``extent``: the values that set the bins, default ``values``, so that the
    rounds of a vote again share their bins)."""
    seen = list(values if extent is None else extent) + ([exact] if exact is not None else [])
    if it.range == (0, 1):
        edges = [Fraction(k, 10) for k in range(11)]
        labels = [f"{_pct(edges[k])}–{_pct(edges[k + 1])}%" for k in range(10)]
    elif seen and all(v.denominator == 1 for v in seen) and max(seen) - min(seen) <= 12:
        lo, hi = min(seen), max(seen)
        out = []
        for n in range(int(lo), int(hi) + 1):
            out.append({"label": str(n), "low": n, "high": n, "count": sum(1 for v in values if v == n),
                        "exact": exact is not None and exact == n})
        return out
    elif not seen:
        return []
    else:
        lo, hi = min(seen), max(seen)
        if lo == hi:
            lo, hi = lo - 1, hi + 1
        step = (hi - lo) / 10
        edges = [lo + step * k for k in range(11)]
        labels = [f"{fmt_value(edges[k])} to {fmt_value(edges[k + 1])}" for k in range(10)]

    def where(v: Fraction) -> int:
        for k in range(10):
            if v < edges[k + 1]:
                return max(k, 0)
        return 9

    counts = Counter(where(v) for v in values)
    mark = where(exact) if exact is not None else None
    return [{"label": labels[k], "low": float(edges[k]), "high": float(edges[k + 1]), "count": counts.get(k, 0),
             "exact": k == mark} for k in range(10)]


def _exact(it: Item, rows: list[dict]) -> str | None:
    """The exact answer: the lesson's, where its call states it; else the one most of the
    learners' pages computed (each page runs the same exact engine)."""
    if it.answer is not None:
        return it.answer
    said = Counter(r["exact"] for r in rows if r.get("exact"))
    if it.kind == "choice" and not said:
        said = Counter(r["answer"] for r in rows if r.get("right"))
    return said.most_common(1)[0][0] if said else None


def summarise_item(it: Item, rows: list[dict], since: float = 0.0, current_round: int = 1) -> dict:
    """The summary of one item from the rows of its events (any order); events before
    ``since`` (the item's last reset) are left out."""
    rows = [r for r in rows if r["server_time"] >= since]
    exact = _exact(it, rows)
    out = {"lesson": it.lesson, "item": it.id, "kind": it.kind, "input": it.input, "question": it.question,
           "choices": list(it.choices) if it.choices else None, "exact": exact, "round": current_round}
    if exact is not None and it.kind == "number":
        out["exact_text"] = fmt_value(Fraction(exact), it.range == (0, 1)) + ("" if Fraction(exact).denominator == 1
                                                                             else f" ({exact})")
    else:
        out["exact_text"] = exact
    if it.kind == "exercise":
        last: dict[int, dict] = {}
        first: dict[int, dict] = {}
        for r in sorted(rows, key=lambda r: r["server_time"]):
            last[r["learner"]] = r
            if r["tries"] == 1:
                first.setdefault(r["learner"], r)
        wrong = Counter()
        for r in rows:
            if not r["right"]:
                wrong[r["mistake"] or f"answered {r['answer']}"] += 1
        out.update(answers=len(last), right=sum(1 for r in last.values() if r["right"]),
                   first_try_right=sum(1 for r in first.values() if r["right"]),
                   mistakes=[{"mistake": m, "count": n} for m, n in wrong.most_common(MISTAKES_SHOWN)],
                   rounds=[])
        return out
    by_round: dict[int, dict[int, dict]] = {}
    for r in sorted(rows, key=lambda r: r["server_time"]):
        by_round.setdefault(r["round"], {})[r["learner"]] = r
    def number(r):
        try:
            return Fraction(r["answer"])
        except (ValueError, ZeroDivisionError):
            return None

    every = [v for v in (number(r) for rs in by_round.values() for r in rs.values()) if v is not None]
    rounds = []
    for rnd in range(1, max([current_round, *by_round]) + 1):
        answers = by_round.get(rnd, {})
        entry = {"round": rnd, "answers": len(answers),
                 "right": sum(1 for r in answers.values() if r["right"])}
        if it.kind == "choice":
            tally = Counter(r["answer"] for r in answers.values())
            labels = list(it.choices) if it.choices else []
            labels += sorted(a for a in tally if a not in labels)
            entry["bins"] = [{"label": c, "count": tally.get(c, 0), "exact": c == exact} for c in labels]
        else:
            values = [v for v in (number(r) for r in answers.values()) if v is not None]
            entry["bins"] = bins(it, values, Fraction(exact) if exact is not None else None, every)
        rounds.append(entry)
    now = rounds[current_round - 1] if current_round <= len(rounds) else {"answers": 0, "right": 0}
    out.update(answers=now["answers"], right=now["right"], rounds=rounds)
    return out
