"""The teaching layer (``sette_kit.teach``): its modules, the facades at their old paths,
one door for rules, one number formatter and one lessons-folder finder."""

import ast
import importlib
from fractions import Fraction
from pathlib import Path

import pytest

import sette_kit
from sette_kit import SetteKitError, fmt
from sette_kit.i18n import language
from sette_kit.rules import PRESETS

ROOT = Path(__file__).resolve().parents[2]
TEACH = ROOT / "sette_kit" / "teach"
MOVED = ("course", "questions", "answers", "strategy_text", "trees", "counting", "risk", "variants")
DELIVERY = ("widgets", "sette_kit.serve", "sette_kit.webapp", "sette_kit.site", "sette_kit.cli",
            "sette_kit.classroom")


@pytest.mark.parametrize("name", MOVED)
def test_the_old_path_is_a_facade_of_the_same_objects(name):
    old, new = importlib.import_module(f"sette_kit.{name}"), importlib.import_module(f"sette_kit.teach.{name}")
    assert old.__all__ == new.__all__
    public = set(new.__all__) | {n for n, v in vars(new).items()
                                 if not n.startswith("_") and getattr(v, "__module__", None) == new.__name__}
    assert public and all(getattr(old, n) is getattr(new, n) for n in public)


def test_private_names_others_import_stay_where_they_were():
    from sette_kit import counting, trees
    from sette_kit.teach import counting as t_counting, trees as t_trees

    assert counting._suit_name is t_counting._suit_name and trees._plan is t_trees._plan


def test_risk_and_counting_stay_lazy_attributes_of_the_package():
    assert sette_kit.risk.ruin_probability is importlib.import_module("sette_kit.teach.ruin").ruin_probability
    assert sette_kit.counting.Shoe is importlib.import_module("sette_kit.teach.counting").Shoe


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = "sette_kit" if node.level == 2 else "sette_kit.teach" if node.level == 1 else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            found |= {module} | {f"{module}.{a.name}" for a in node.names}
    return found


@pytest.mark.parametrize("path", sorted(TEACH.glob("*.py")), ids=lambda p: p.name)
def test_the_layer_delivers_nothing_and_stays_small(path):
    assert not [m for m in _imports(path) if m.startswith(DELIVERY)], path.name
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 900
    assert ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))), path.name


# -- one door for rules -----------------------------------------------------------------------------

def test_defaults_are_read_in_the_signatures():
    from sette_kit import counting, questions, risk, trees

    assert counting.two_card_sette_e_mezzo().probability == counting.two_card_sette_e_mezzo("plain").probability
    assert counting.Shoe(seed=1).rules is PRESETS["plain"]
    assert trees.draw_tree("5c").rules is PRESETS["plain"]
    assert next(questions.hand_worth(seed=1)).text == next(questions.hand_worth("italian", seed=1)).text
    assert risk.round_result().distribution == risk.round_result("plain").distribution  # None: plain here
    assert risk.next_card_after_busts().fresh == risk.next_card_after_busts(rules="plain").fresh


@pytest.mark.parametrize("call", [
    lambda: __import__("sette_kit").counting.reale_hands(5),
    lambda: __import__("sette_kit").trees.draw_tree("5c", rules=5),
    lambda: __import__("sette_kit").risk.next_card_after_busts(rules=5),
    lambda: __import__("sette_kit.strategy_text").strategy_text.solution(5),
], ids=["counting", "trees", "risk", "strategy_text"])
def test_one_message_for_rules_that_are_not_rules(call):
    with pytest.raises(SetteKitError, match="give a Rules object or a preset name: 'italian', 'spanish' or 'plain'"):
        call()


# -- one number formatter ---------------------------------------------------------------------------

def test_counts_and_bounds_are_written_by_fmt_whole():
    from sette_kit import counting, risk

    coin = risk.custom_round({-1: Fraction(1, 2), 1: Fraction(1, 2)})
    with language("it"):
        assert "9.880" in counting.draws(3, 40).words and fmt.whole(9880) == "9.880"
        with pytest.raises(SetteKitError, match=r"da 1 a 5\.000"):
            risk.ruin_probability(coin, 10 ** 6, 10 ** 6 + 5)
    with pytest.raises(SetteKitError, match="from 1 to 5,000"):
        risk.ruin_probability(coin, 10 ** 6, 10 ** 6 + 5)


def test_feedback_numbers_keep_their_marks():
    from sette_kit.answers import fmt_exact, parse_answer

    assert fmt_exact(Fraction(24, 37), "probability") == "24/37 ≈ 0.6486 (64.86%)"
    with language("it"):
        assert fmt_exact(Fraction(24, 37), "probability") == "24/37 ≈ 0,6486 (64,86%)"
        assert fmt_exact(Fraction(1, 4), "probability") == "1/4 = 0,25 (25%)"
        # the percentage's thousands stay points: fmt.percent writes them, nothing rewrites them after
        assert fmt_exact(Fraction(123456789, 7), "probability") == "circa 17636684,1429 (1.763.668.414,29%)"
        with pytest.raises(SetteKitError, match="64,9%"):
            parse_answer("64.9", "probability")


# -- one lessons-folder finder ------------------------------------------------------------------------

def test_the_shipped_lessons_are_found_as_serve_finds_them(monkeypatch, tmp_path):
    from sette_kit import course, serve

    monkeypatch.delenv(course.LESSONS_ENV, raising=False)
    assert course.lessons_folder(shipped=True) == serve.lessons_dir() == ROOT / "lessons"
    monkeypatch.setenv(course.LESSONS_ENV, str(tmp_path))
    assert course.lessons_folder(shipped=True) == tmp_path.resolve()
    monkeypatch.setenv(course.LESSONS_ENV, str(tmp_path / "nowhere"))
    assert course.lessons_folder(shipped=True) is None  # the command line says why:
    with pytest.raises(SetteKitError, match="is not a folder"):
        serve.lessons_dir()


def test_the_lessons_seen_from_here(monkeypatch, tmp_path):
    from sette_kit import course

    monkeypatch.chdir(tmp_path)
    assert course.lessons_folder() is None
    (tmp_path / course.LANDING).write_text("{}")
    assert course.lessons_folder() == tmp_path
