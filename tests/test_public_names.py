"""Every public name of the README and of DESIGN's API still imports where users import it
(the restructure into games/, teach/ and app/ kept the old paths as facades)."""

import importlib
import re
from pathlib import Path

import pytest

pytestmark = pytest.mark.pure

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
TABLE = README[README.index("| module | what it does |"):README.index("On the command line")]

OLD_PATHS = ["sette_kit.cards", "sette_kit.rules", "sette_kit.scoring", "sette_kit.explain", "sette_kit.game",
             "sette_kit.policies", "sette_kit.odds", "sette_kit.simulate", "sette_kit.risk", "sette_kit.counting",
             "sette_kit.trees", "sette_kit.course", "sette_kit.answers", "sette_kit.questions",
             "sette_kit.strategy_text", "sette_kit.quattro", "sette_kit.trentuno", "sette_kit.numbers",
             "sette_kit.fmt", "sette_kit.accel", "sette_kit.variants", "sette_kit.strategy", "sette_kit._table",
             "widgets.lesson", "widgets.render", "widgets.charts"]


def test_the_readme_table_names_only_modules_that_import():
    named = set()
    for row in [r for r in TABLE.splitlines()[2:] if r.startswith("|")]:
        first = row.split("|")[1]
        for group in re.findall(r"`([\w.]+)`((?:, `\w+`)*)", first):
            head, rest = group
            named.add(head)
            base = head.rsplit(".", 1)[0] if "." in head else head
            named.update(f"{base}.{m}" for m in re.findall(r"`(\w+)`", rest))
    assert {"sette_kit.cards", "sette_kit.games", "sette_kit.app", "widgets"} <= named
    for name in sorted(named):
        importlib.import_module(name)


@pytest.mark.parametrize("path", OLD_PATHS)
def test_every_old_path_imports_and_keeps_its_public_names(path):
    module = importlib.import_module(path)
    for name in getattr(module, "__all__", ()):
        assert hasattr(module, name), f"{path}.{name}"


def test_the_top_level_api_of_design():
    import sette_kit as sk
    from sette_kit import odds, simulate

    for name in ("Card", "Deck", "Rank", "Suit", "FULL_DECK", "parse_card", "parse_cards", "format_cards", "Rules",
                 "PRESETS", "Score", "Outcome", "score", "outcome", "settle", "fmt_points", "explain",
                 "SetteKitError", "IllegalMove", "set_language", "get_language"):
        assert hasattr(sk, name), name
    for name in ("odds", "simulate", "game", "policies", "trentuno", "quattro", "risk", "counting", "accel"):
        assert getattr(sk, name).__name__ == f"sette_kit.{name}"
    for name in ("next_card", "bust_probability", "stand_at", "final_distribution", "solve"):
        assert callable(getattr(odds, name))
    assert callable(simulate.run)
