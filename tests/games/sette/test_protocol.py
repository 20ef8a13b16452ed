"""Sette e mezzo's engine in its rooms: typed actions, bots that return them,
``play_bots``' bound, the injected default bot, and imports that run one way."""

import json
import subprocess
import sys

import pytest

from sette_kit import parse_cards
from sette_kit.errors import IllegalMove, SetteKitError
from sette_kit.games import Action
from sette_kit.games.sette import Rules, Table, cached_score, score, stand_at

pytestmark = pytest.mark.pure


def _table(**kw):
    t = Table("italian", ["Ada", "Bea", "Cy"], seed=7, **kw)
    t.new_round()
    return t


def test_a_typed_action_is_the_move_its_name_and_parameters_are():
    t, u = _table(), _table()
    t.act(Action("stake", amount=3))
    u.act("stake", amount=3)
    assert t.to_json() == u.to_json()


@pytest.mark.parametrize("action", [Action("stake", amount=11), Action("stake", amount=0), Action("hit", amount=2),
                                    Action("declare", value=4), Action("no_such_move"), Action(5)])
def test_an_illegal_typed_action_raises_and_changes_nothing(action):
    t = _table()
    before = t.to_json()
    with pytest.raises(IllegalMove):
        t.act(action)
    assert t.to_json() == before


def test_a_typed_action_carries_its_own_parameters():
    t = _table()
    with pytest.raises(SetteKitError, match="carries its own parameters"):
        t.act(Action("stake", amount=2), amount=3)


def test_a_typed_declare_of_none_is_the_automatic_value_S4():
    rules = Rules.preset("italian")
    matta = rules.matta
    cards = [c for c in parse_cards("5c 3d") if c != matta]
    t = Table(rules, ["Ada", "Bea"], banker=0, seed=1, deck=[matta, *cards])
    t.new_round()
    t.act(Action("stake", amount=1))
    t.act(Action("hit"))  # the matta and a 3: declared-value mode (S4)
    legal = t.legal_actions()
    assert "declare" in legal and Action("declare") in legal
    t.act(Action("declare", value=4))
    assert t.view(1).hand.declare == 4
    t.act(Action("declare"))  # value None: back to the best value, chosen by the kit (S4)
    assert t.view(1).hand.declare is None
    assert json.loads(t.to_json())["actions"][-1] == ["declare", None, None]


def test_bots_may_return_typed_actions():
    def typed(view):
        return view.legal.actions()[0]

    t = Table("plain", ["Ada", "Bea"], seed=3, bots={0: typed, 1: typed})
    r = t.play_round()
    assert sum(r.results) == 0


def test_play_bots_plays_exactly_its_bound_and_raises_only_beyond_it():
    n = _table(bots="all").play_bots()
    assert _table(bots="all").play_bots(max_actions=n) == n
    t = _table(bots="all")
    with pytest.raises(SetteKitError, match="max_actions"):
        t.play_bots(max_actions=n - 1)
    assert t.in_progress  # as those actions left it, and it plays on
    assert t.play_bots() == 1


def test_the_default_bot_is_injected_not_imported_in_a_circle():
    class Cautious(Table):
        default_bot = staticmethod(lambda: stand_at(3))

    t = Cautious("plain", ["Ada", "Bea"], seed=1, bots="all")
    assert all(repr(p) == "stand_at(3)" for p in t.bots.values())
    assert repr(Table("plain", ["Ada", "Bea"], seed=1, bots="all").bots[0]) == "stand_at(5)"


def test_the_score_cache_is_the_score():
    rules = Rules.preset("italian")
    hand = tuple(parse_cards("7c Rd"))
    assert cached_score(hand, rules) == score(hand, rules)


def test_imports_run_one_way():
    code = ("import sys, sette_kit; light = sorted(m for m in sys.modules if m.startswith('sette_kit.games'));"
            "import sette_kit.games.sette.bots; bots = 'sette_kit.games.sette.engine' in sys.modules;"
            "print(light, bots)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == ("['sette_kit.games', 'sette_kit.games.sette', 'sette_kit.games.sette.explain', "
                           "'sette_kit.games.sette.rules', 'sette_kit.games.sette.scoring'] False")


def test_none_is_never_a_silent_default_a_default_is_in_the_signature():
    from sette_kit import odds
    from sette_kit.games.sette import DEFAULT_PRESET, as_rules

    assert DEFAULT_PRESET == "italian" and as_rules(None, "plain").name == "plain"
    assert odds.bust_probability("6c") == odds.bust_probability("6c", rules="plain")  # odds' default: plain
    for needs_rules in (lambda: score("7c", None), lambda: Table(None, 2), lambda: as_rules(None),
                        lambda: odds.bust_probability("6c", rules=None)):
        with pytest.raises(SetteKitError, match="preset name"):
            needs_rules()
