"""The table machinery shared by the engines (sette_kit._table): one definition, used by
Sette e mezzo, Quattro e mezzo and Trentuno with the same behaviour as before."""

from __future__ import annotations

import random
import subprocess
import sys
from fractions import Fraction
from types import MappingProxyType

import pytest

from sette_kit import _table, game, quattro, trentuno
from sette_kit.cards import Card
from sette_kit.errors import SetteKitError


def test_engines_share_one_definition():
    assert game.Event is _table.Event is quattro.Event
    assert game.Legal is quattro.Legal is _table.Legal
    assert game.Option is quattro.Option is _table.Option
    for name in ("event_to_json", "event_from_json", "rng_to_json", "rng_from_json"):
        assert getattr(game, name) is getattr(_table, name)
    assert issubclass(game.HandView, _table.HandCards) and issubclass(quattro.QuattroHandView, _table.HandCards)
    assert issubclass(game.TableView, _table.SeatView) and issubclass(quattro.QuattroView, _table.SeatView)
    assert issubclass(game.Table, _table.Seats) and issubclass(quattro.QuattroGame, _table.Seats)


def test_quattro_does_not_load_the_sette_e_mezzo_engine():
    code = "import sys, sette_kit.quattro, sette_kit.trentuno; print('sette_kit.game' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_event_json_round_trip_and_format():
    data = MappingProxyType({"card": Card(7, 1), "total": Fraction(15, 2), "cards": (Card(1, 0), Card(10, 3))})
    e = _table.Event("hit", 2, data, "Bo draws.", 3, True)
    x = _table.event_to_json(e)
    assert x == ["hit", 2, {"card": {"card": 16}, "total": {"fraction": "15/2"},
                            "cards": [{"card": 0}, {"card": 39}]}, "Bo draws.", 3, True]
    assert _table.event_from_json(x) == e
    assert "card" not in e.redacted().data and e.redacted().text == e.text


def test_rng_json_round_trip_continues_the_same_sequence():
    r = random.Random(11)
    r.random()
    copy = random.Random()
    copy.setstate(_table.rng_from_json(_table.rng_to_json(r.getstate())))
    assert [copy.random() for _ in range(5)] == [r.random() for _ in range(5)]


def test_hand_views_face_up_and_hidden():
    c = Card(5, 2)
    hv = quattro.QuattroHandView((None, c, None), "playing", None, False, None)
    assert hv.face_up == (c,) and hv.hidden == 2


def test_seat_names():
    assert _table.seat_names(2) == ("Player 1", "Player 2")
    assert _table.seat_names(["Ada", 7]) == ("Ada", "7")
    with pytest.raises(SetteKitError, match="list of names"):  # a bool is not a number of players (bad input:
        _table.seat_names(True)                                 # a clear SetteKitError, not a TypeError)


@pytest.mark.parametrize("make", [lambda: game.Table("plain", ["Ada", "Bo", "Cy"], seed=1),
                                  lambda: quattro.QuattroGame(["Ada", "Bo", "Cy"], seed=1)])
def test_seat_lookup_and_bots_the_same_in_both_engines(make):
    g = make()
    assert g._seat_of("Bo") == 1 and g._seat_of(2) == 2 and g.n_seats == 3
    with pytest.raises(SetteKitError, match="no player called 'Di': the players are Ada, Bo, Cy"):
        g._seat_of("Di")
    with pytest.raises(SetteKitError, match=r"seat 3 does not exist: seats are 0-2 or a player's name"):
        g._seat_of(3)
    with pytest.raises(SetteKitError, match="seat True does not exist"):
        g._seat_of(True)
    with pytest.raises(SetteKitError, match="the bot for 'Bo' must be a callable"):
        g.attach_bots({"Bo": 3})
    g.attach_bots("all")
    assert sorted(g.bots) == [0, 1, 2]
    with pytest.raises(TypeError):
        g.bots[0] = None  # read-only


def test_replace_checked_messages():
    with pytest.raises(SetteKitError, match=r"unknown option\(s\) nope; accepted: target, matta, face, "
                                            r"dealer_wins_all_ties"):
        quattro.QuattroRules().replace(nope=1)
    with pytest.raises(SetteKitError, match=r"unknown Trentuno option\(s\) a, b; accepted: lives"):
        trentuno.TrentunoRules().replace(b=1, a=2)
    assert trentuno.TrentunoRules().replace(lives=5).lives == 5
    with pytest.raises(SetteKitError, match="target=0"):  # the values are still validated
        quattro.QuattroRules().replace(target=0)


@pytest.mark.parametrize("make", [lambda **kw: game.Table("plain", ["Ada", "Bo", "Cy"], seed=5, **kw),
                                  lambda **kw: quattro.QuattroGame(["Ada", "Bo", "Cy"], seed=5, **kw)])
def test_S7_first_dealer_drawn_by_lot_with_the_game_rng(make):
    drawn = make()
    first = getattr(drawn, "banker", getattr(drawn, "dealer", None))
    assert first == random.Random(5).randrange(3)  # the first draw of the game's generator
    assert "(drawn by lot, S7)" in drawn.events[0].text
    chosen = make(**({"banker": "Cy"} if hasattr(drawn, "banker") else {"dealer": "Cy"}))
    assert "Cy" in chosen.events[0].text and "(chosen, S7)" in chosen.events[0].text


def test_top_cards_checks_a_scripted_deck():
    c = Card(1, 0)
    assert _table.top_cards(None) is None and _table.top_cards(()) is None
    assert _table.top_cards((c, Card(2, 0))) == [c, Card(2, 0)]
    for bad in ([c, c], ["Asso di coppe"]):
        with pytest.raises(SetteKitError, match="deck= must be distinct Cards, top card first"):
            _table.top_cards(bad)
        with pytest.raises(SetteKitError, match="deck= must be distinct Cards"):
            quattro.QuattroGame(3, seed=1, deck=bad)
        with pytest.raises(SetteKitError, match="deck= must be distinct Cards"):
            game.Table("plain", 3, seed=1, deck=bad)
