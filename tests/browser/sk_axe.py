"""axe-core in the browser tests.

axe-core is the npm package ``axe-core``, pinned in the repository's ``package.json`` /
``package-lock.json`` and installed by ``npm ci`` at the top of the clone (``.ci/run``
does it), never fetched from a CDN.  :func:`axe_violations` injects it into a page
(``page.evaluate`` of the file's text: the page loads nothing from anywhere) and runs
every rule axe runs by default (WCAG 2.0/2.1/2.2 A and AA and the best-practice rules,
"region" among them) over the whole document.

    violations = axe_violations(page)           # a list of dicts, as axe reports them
    print(summary(violations))                  # "2 violations: region (moderate) x 1 node ..."
    assert violations == [], describe(violations)

Where the file is: ``$SETTE_KIT_AXE`` (a path to ``axe.min.js``), else
``node_modules/axe-core/axe.min.js`` at the top of the clone.  Without it the tests
that need it skip with the command to run (``npm ci``), or fail under
``SETTE_KIT_REQUIRE_BROWSER=1`` like the other browser tests.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from functools import lru_cache
from pathlib import Path

from sk_browser import missing

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"

RUN_JS = """async (options) => {
    const result = await window.axe.run(document, options);
    return result.violations.map(v => ({
        id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl, tags: v.tags,
        nodes: v.nodes.map(n => ({target: n.target, html: n.html.slice(0, 300),
                                  summary: (n.failureSummary || '').slice(0, 400)})),
    }));
}"""


def axe_path() -> Path | None:
    """Where axe-core's ``axe.min.js`` is, or None."""
    env = os.environ.get("SETTE_KIT_AXE")
    path = Path(env) if env else DEFAULT_AXE
    return path if path.is_file() else None


@lru_cache(maxsize=1)
def _axe_source(path: str) -> str:
    return Path(path).read_text(encoding="utf-8")


def axe_source() -> str:
    """The text of axe-core (skips, or fails under SETTE_KIT_REQUIRE_BROWSER=1, without it)."""
    path = axe_path()
    if path is None:
        missing("axe-core is not installed (run `npm ci` at the top of the clone, "
                "or set SETTE_KIT_AXE to an axe.min.js from the npm package axe-core)")
    return _axe_source(str(path))


def axe_version() -> str:
    package = (axe_path() or DEFAULT_AXE).parent / "package.json"
    try:
        return json.loads(package.read_text())["version"]
    except (OSError, ValueError, KeyError):
        return "?"


def axe_violations(page, *, options: dict | None = None) -> list[dict]:
    """Run axe-core on ``page`` (a Playwright page) and return its violations.

    Each violation: ``{"id", "impact", "help", "helpUrl", "tags", "nodes": [{"target",
    "html", "summary"}]}``.  ``options`` go to ``axe.run`` (default: axe's own rule set,
    results limited to violations).
    """
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source() + "\n;undefined")
    opts = {"resultTypes": ["violations"]}
    opts.update(options or {})
    return page.evaluate(RUN_JS, opts)


IMPACTS = ("critical", "serious", "moderate", "minor")


def counts(violations: list[dict]) -> dict[str, int]:
    """Nodes in violation per impact: ``{"critical": 0, "serious": 0, "moderate": 32, "minor": 0}``."""
    c = Counter()
    for v in violations:
        c[v.get("impact") or "minor"] += len(v["nodes"])
    return {k: c.get(k, 0) for k in IMPACTS}


def summary(violations: list[dict]) -> str:
    """One line: the total and, per rule, its impact and its number of nodes."""
    total = sum(len(v["nodes"]) for v in violations)
    if not total:
        return "0 violations"
    rules = ", ".join(f"{v['id']} ({v.get('impact')}) x {len(v['nodes'])}" for v in violations)
    by_impact = ", ".join(f"{k} {n}" for k, n in counts(violations).items() if n)
    return f"{total} violations [{by_impact}]: {rules}"


#: (page, when, counts per impact, summary) of every check of this run, for the closing report
RECORDED: list[tuple[str, str, dict, str]] = []


def record_counts(page_name: str, when: str, violations: list[dict]) -> None:
    """Keep the counts of one check for the run's closing report (conftest prints them)
    and append them to ``$SETTE_KIT_TEST_OUTPUT/axe-counts.txt``."""
    line = summary(violations)
    RECORDED.append((page_name, when, counts(violations), line))
    out = Path(os.environ.get("SETTE_KIT_TEST_OUTPUT") or ROOT / "test-output")
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "axe-counts.txt", "a" if len(RECORDED) > 1 else "w", encoding="utf-8") as fh:
        fh.write(f"{page_name} | {when} | axe-core {axe_version()} | {line}\n")


def report_lines() -> list[str]:
    """The closing report: one line per check."""
    return [f"{name} ({when}): {line}" for name, when, _c, line in RECORDED]


def describe(violations: list[dict], per_rule: int = 4) -> str:
    """Every violation with a few of its nodes, for an assertion message."""
    lines = [summary(violations)]
    for v in violations:
        lines.append(f"- {v['id']} ({v.get('impact')}): {v['help']} <{v['helpUrl']}>")
        for n in v["nodes"][:per_rule]:
            lines.append(f"    {n['target']}: {n['html'][:160]}")
            if n["summary"]:
                lines.append("      " + n["summary"].replace("\n", " / ")[:300])
        if len(v["nodes"]) > per_rule:
            lines.append(f"    ... and {len(v['nodes']) - per_rule} more")
    return "\n".join(lines)
