"""One protocol, three engines: the same tests, parametrized by game.

Every engine (Sette e mezzo's ``Table``, Quattro e mezzo's ``QuattroGame``, Trentuno's
``TrentunoGame``) is a :class:`sette_kit.games.Engine`: typed moves, a ``Legal`` mapping
of options, an illegal move that changes nothing, a save that restores the same game, and
``play_bots`` that never plays more than its bound.
"""

import random

import pytest

from sette_kit.errors import IllegalMove, SetteKitError
from sette_kit.game import Table
from sette_kit.games import Action, Engine, Legal
from sette_kit.quattro import QuattroGame
from sette_kit.trentuno import Greedy, TrentunoGame

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)


def _sette(bots=None):
    t = Table("italian", players=["Ada", "Bea", "Cy"], seed=7, bots=bots)
    t.new_round()
    return t


def _quattro(bots=None):
    return QuattroGame(["Ada", "Bea", "Cy"], seed=7, bots=bots)


def _trentuno(bots=None):
    if bots == "all":
        bots = {s: Greedy() for s in range(3)}
    return TrentunoGame(["Ada", "Bea", "Cy"], seed=7, bots=bots)


GAMES = {"sette": _sette, "quattro": _quattro, "trentuno": _trentuno}


@pytest.fixture(params=sorted(GAMES))
def make(request):
    return GAMES[request.param]


def _walk(g, moves, rng):
    """Play up to ``moves`` random legal moves as typed Actions; the moves played."""
    played = []
    for _ in range(moves):
        legal = g.legal_actions()
        if not legal:
            break
        action = rng.choice(legal.actions())
        g.act(action)
        played.append(action)
    return played


def test_every_engine_is_an_engine(make):
    g = make()
    assert isinstance(g, Engine)
    assert isinstance(g.names, tuple) and len(g.names) == 3


def test_legal_actions_are_a_legal_mapping_of_typed_actions(make):
    g = make()
    legal = g.legal_actions()
    assert isinstance(legal, Legal) and len(legal) > 0
    for action in legal.actions():
        assert isinstance(action, Action) and action.name in legal and action in legal


def test_every_listed_action_is_accepted(make):
    rng = random.Random(3)
    for _ in range(20):
        g = make()
        for action in g.legal_actions().actions():
            h = type(g).from_json(g.to_json())
            h.act(action)  # none raises


def test_a_random_game_of_typed_actions_stays_consistent(make):
    rng = random.Random(11)
    g = make()
    played = _walk(g, 60, rng)
    assert played
    assert type(g).from_json(g.to_json()).to_json() == g.to_json()


def test_an_illegal_action_raises_and_changes_nothing(make):
    g = make()
    _walk(g, 3, random.Random(5))
    before = g.to_json()
    with pytest.raises(IllegalMove):
        g.act(Action("no_such_move"))
    assert g.to_json() == before


def test_a_name_and_keywords_are_the_same_move_as_an_action(make):
    rng = random.Random(2)
    g = make()
    h = type(g).from_json(g.to_json())
    for _ in range(15):
        legal = g.legal_actions()
        if not legal:
            break
        action = rng.choice(legal.actions())
        g.act(action)
        h.act(action.name, **action.params())
        assert g.to_json() == h.to_json()


def test_a_save_restores_the_same_game_and_the_same_cards_to_come(make):
    rng = random.Random(8)
    g = make()
    _walk(g, 5, rng)
    h = type(g).from_json(g.to_json())
    assert h.to_json() == g.to_json()
    rest = _walk(g, 30, random.Random(9))
    _walk(h, 30, random.Random(9))
    assert rest and h.to_json() == g.to_json()


def test_view_is_one_seats_view(make):
    g = make()
    for seat in range(3):
        v = g.view(seat)
        assert v.seat == seat
        assert v.my_turn == (g.to_act == seat)


def test_events_say_what_happened(make):
    g = make()
    _walk(g, 10, random.Random(4))
    events = g.events
    assert isinstance(events, tuple) and events
    for e in events:
        assert isinstance(e.kind, str) and isinstance(e.text, str) and e.text
        assert e.seat is None or 0 <= e.seat < 3


def test_play_bots_plays_bot_seats_and_stops_at_a_human(make):
    g = make(bots={1: _first_legal, 2: _first_legal})
    while g.to_act == 0 and g.legal_actions():
        g.act(g.legal_actions().actions()[0])
    n = g.play_bots()
    assert n >= 0
    assert g.to_act not in (1, 2) or not g.legal_actions()


def test_play_bots_never_plays_more_than_its_bound(make):
    g = make(bots="all")
    saved = g.to_json()
    try:
        n = g.play_bots(max_actions=1)
    except SetteKitError:
        n = None
    if n is not None:
        assert n <= 1
    else:  # stopped: the game is as that one action left it, and still saves and plays
        assert g.to_json() != saved
        h = type(g).from_json(g.to_json(), bots="all" if not isinstance(g, TrentunoGame) else None)
        assert h.to_json() == g.to_json()


def test_play_bots_with_a_bound_it_can_meet_returns_the_count(make):
    g = make(bots="all")
    h = type(g).from_json(g.to_json())
    n = g.play_bots()
    h_bots = make(bots="all")
    assert h_bots.play_bots(max_actions=n) == n  # exactly enough is enough


def _first_legal(view):
    legal = view.legal
    if isinstance(legal, Legal):
        return legal.actions()[0]
    return legal[0]
