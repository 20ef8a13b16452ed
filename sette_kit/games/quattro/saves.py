"""Saving and loading a Quattro e mezzo game (Q5, Q6, S8, S18 of ``docs/rules.md``).

The save's format, its schema (``_save_schema``: every field's type and range) and the
checks that tie the fields together (``_check_saved``: one deck of 40 cards, the order
of play from the dealer's right, S8; the points tied to the hands won, Q6), and the save
and load themselves: :func:`save_text` writes the state the current hand started from
and its actions; :func:`load` checks an untrusted text, plays the hand again from that
state (``replayed``) and compares.  Given the engine's class, never importing it.
"""

from __future__ import annotations

import json
import random

from ..._saves import (IDENT, MAX_SAVE_CHARS, RNG_STATE, Bad, Bool, CardIndex, Choice, Dict, EventData, Int, List,
                       Name, Obj, Opt, Str, Tuple, build_options, event_schema, rng_state, validate)
from ...cards import FULL_DECK, Deck
from ...errors import SetteKitError
from ...i18n import _
from ...numbers import shown
from .._engine import (event_to_json, loaded, replay_difference, rng_to_json, saved_dict, saved_events,
                       saved_events_start)
from .rules import MAX_PLAYERS, MAX_TARGET, MIN_PLAYERS, QuattroRules, _rules_args

__all__ = ["MAX_SAVED_EVENTS", "STATUSES", "save_text", "load"]

_FORMAT = "sette-kit/quattro/2"
_OLD_FORMATS = ("sette-kit/quattro/1",)  # every event of the game, no record of the hand's actions
MAX_SAVED_EVENTS = 500
"""A save keeps the current hand's events and those of the latest whole hands, up to this
many events in all (a game to 1,000 points wrote a save of 2.3 MB, above what
from_json reads); the points are tied to ``awards``, the points of every hand won."""
_SAVE_ORDER = ("names", "rules", "hand_number", "dealer", "hand_dealer", "points", "awards", "phase", "order",
               "pos", "hands", "status", "ds", "shown", "deck", "dealt", "ran_out", "fresh_deck", "winners", "rng",
               "events", "hand_start", "dropped", "start", "actions")


STATUSES = ("waiting", "playing", "stood", "bust", "double_six", "mega", "out")


def _save_schema() -> Obj:
    """The fields of a saved Quattro e mezzo game, their types and ranges."""
    seat = Int(0, MAX_PLAYERS - 1)
    per_seat = lambda item: List(item, MIN_PLAYERS, MAX_PLAYERS)  # noqa: E731
    return Obj({
        "format": Str(40), "rules": Dict(IDENT, EventData(0), 20),
        "names": List(Name(), MIN_PLAYERS, MAX_PLAYERS, unique=True),
        "points": per_seat(Int(0, MAX_TARGET + 5)), "hand_number": Int(1, 10 ** 9),
        "phase": Choice(("play", "hand_over", "game_over")), "dealer": seat, "hand_dealer": seat,
        "deck": List(CardIndex, 0, 40, unique=True), "dealt": List(CardIndex, 0, 40, unique=True),
        "hands": per_seat(List(CardIndex, 0, 40, unique=True)), "status": per_seat(Choice(STATUSES)),
        "ds": per_seat(Bool()), "shown": per_seat(Bool()), "order": List(seat, 0, MAX_PLAYERS, unique=True),
        "pos": Int(0, MAX_PLAYERS), "ran_out": Bool(), "fresh_deck": Bool(),
        "winners": List(seat, 0, MAX_PLAYERS, unique=True), "hand_start": Int(0, 10 ** 7),
        "rng": RNG_STATE, "events": List(event_schema(MAX_PLAYERS - 1), 0, 10 ** 6),
        # the points of every hand won, the state the hand started from, its actions
        "dropped": Int(0, 10 ** 12),
        "awards": List(Tuple(Int(1, 10 ** 9), seat, Int(1, 5)), 0, MAX_PLAYERS * (MAX_TARGET + 5)),
        "start": Obj({"points": per_seat(Int(0, MAX_TARGET + 5)), "dealer": seat, "hand_number": Int(0, 10 ** 9),
                      "deck": Opt(List(CardIndex, 0, 40, unique=True)), "dealt": Opt(List(CardIndex, 0, 40, unique=True)),
                      "fresh_deck": Bool(), "ran_out": Bool(), "top": Opt(List(CardIndex, 1, 40, unique=True)),
                      "rng": RNG_STATE}),
        "actions": List(Choice(("draw", "stand", "double_six")), 0, 2000),
    })


def _check_saved(d: dict, rules: QuattroRules, what: str) -> None:
    """What ties the fields of a save together (the schema checked each one alone)."""
    def bad(msg):
        raise SetteKitError(_("cannot load {what}: {problem}").format(what=what, problem=msg))

    n = len(d["names"])
    for key in ("points", "hands", "status", "ds", "shown"):
        if len(d[key]) != n:
            bad(_("{key} must hold one entry for each of the {n} players, not {count}").format(
                key=key, n=n, count=len(d[key])))
    for key in ("dealer", "hand_dealer"):
        if d[key] >= n:
            bad(_("{key} must be a seat from 0 to {last}, not {value}").format(key=key, last=n - 1, value=d[key]))
    hd = d["hand_dealer"]
    if d["order"] != [(hd + k) % n for k in range(1, n)] + [hd]:
        bad(_("order must be every seat from the dealer's right, the dealer ({dealer}) last (S8), not "
              "{order}").format(dealer=hd, order=d['order']))
    if d["pos"] > n or (d["phase"] == "play" and d["pos"] >= n):
        bad(_("pos={pos} does not point at a seat of the order in phase {phase}").format(
            pos=d['pos'], phase=shown(d['phase'])))
    if any(w >= n for w in d["winners"]) or bool(d["winners"]) != (d["phase"] == "game_over"):
        bad(_("winners {winners} do not fit the phase {phase}").format(winners=d['winners'], phase=shown(d['phase'])))
    scored = [0] * n
    mega = False
    for i, e in enumerate(d["events"]):
        if e[1] is not None and e[1] >= n:
            bad(_("events[{i}] names seat {seat}, beyond the {n} seats").format(i=i, seat=e[1], n=n))
        if e[0] == "scored":
            pts = e[2].get("points")
            if e[1] is None or type(pts) is not int or not 1 <= pts <= 5:
                bad(_("events[{i}] must record the points a seat scored (1-5, Q6)").format(i=i))
        mega = mega or e[0] == "mega"
    st = d["start"]
    hands_won = [a[0] for a in d["awards"]]
    if any(a[1] >= n for a in d["awards"]) or hands_won != sorted(hands_won) or \
            any(h > d["hand_number"] for h in hands_won):
        bad(_("awards must list the hands won in order, each by a seat of the game and before hand {number}").format(
            number=d["hand_number"] + 1))
    for a in d["awards"]:
        scored[a[1]] += a[2]
    if scored != d["points"]:
        bad(_("points {points} are not the points of the hands won (awards), {scored} (Q6)").format(
            points=d['points'], scored=scored))
    kept = [e[4] for e in d["events"] if e[0] == "hand_started"]
    if kept:  # every hand whose events are kept: its awards are its "scored" events (Q6)
        first = kept[0]
        logged = sorted([e[4], e[1], e[2]["points"]] for e in d["events"] if e[0] == "scored" and e[4] >= first)
        if sorted(a for a in d["awards"] if a[0] >= first) != logged:
            bad(_("awards do not match the points the kept hands' events record (Q6)"))
    before = [0] * n
    for a in d["awards"]:
        if a[0] <= st["hand_number"]:
            before[a[1]] += a[2]
    if len(st["points"]) != n or st["points"] != before or st["hand_number"] != d["hand_number"] - 1 or \
            st["dealer"] >= n or max(st["points"]) >= rules.target:
        bad(_("start must be the state hand {number} started from: the points of the hands won before it, "
              "below the target, and a dealer of the game").format(number=d["hand_number"]))
    if (st["deck"] is None) != (st["dealt"] is None) or (st["deck"] is None and not st["fresh_deck"]) or \
            (st["deck"] is not None and sorted(st["deck"] + st["dealt"]) != list(range(40))) or \
            (st["top"] is not None and st["hand_number"] != 0):
        bad(_("start must hold one deck of 40 cards, or a fresh deck to come"))
    if d["phase"] != "game_over" and max(d["points"]) >= rules.target:
        bad(_("points reach the target of {target}, so the game is over (Q6), but the phase is {phase}").format(
            target=rules.target, phase=shown(d['phase'])))
    if d["phase"] == "game_over" and not mega and max(d["points"]) < rules.target:
        bad(_("the game is over, but nobody reached the target of {target} or made a mega 4½ (Q4, Q6)").format(
            target=rules.target))
    if d["hand_start"] > len(d["events"]):
        bad(_("hand_start={start} is past the {n} events saved").format(start=d['hand_start'], n=len(d['events'])))
    if sorted(d["deck"] + d["dealt"]) != list(range(40)):
        bad(_("deck and dealt are not one deck of 40 cards, each once"))
    on_table = [c for h in d["hands"] for c in h]
    if len(set(on_table)) != len(on_table) or not set(on_table) <= set(d["dealt"]):
        bad(_("a card on the table is in two hands or was not dealt from the deck"))


def save_text(g) -> str:
    """The whole state of the game ``g`` as JSON (see :meth:`~.engine.QuattroGame.to_json`)."""
    start = saved_events_start(g._events, g._hand_start, "hand_started", MAX_SAVED_EVENTS)
    state = {
        "format": _FORMAT, "rules": g.rules.to_dict(), "names": list(g.names),
        "points": list(g._points), "hand_number": g.hand_number, "phase": g.phase,
        "dealer": g.dealer, "hand_dealer": g._hand_dealer,
        "deck": [c.index for c in g._deck.remaining], "dealt": [c.index for c in g._deck.dealt],
        "hands": [[c.index for c in h] for h in g._hands], "status": list(g._status),
        "ds": list(g._ds), "shown": list(g._shown), "order": list(g._order), "pos": g._pos,
        "ran_out": g._ran_out, "fresh_deck": g._fresh_deck, "winners": list(g.winners),
        "hand_start": g._hand_start - start, "rng": rng_to_json(g._rng.getstate()),
        "events": [event_to_json(e) for e in g._events[start:]], "dropped": g._dropped + start,
        "awards": [list(a) for a in g._awards], "start": g._start, "actions": list(g._actions),
    }
    return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def load(cls, text: str, bots=None, max_chars: int = MAX_SAVE_CHARS):
    """The game of class ``cls`` a save describes, checked (see :meth:`~.engine.QuattroGame.from_json`)."""
    what = _("the saved Quattro e mezzo game")
    d = saved_dict(text, what, max_chars, _FORMAT, _OLD_FORMATS,
                   _("cannot load {what}: it was saved in the earlier format {format}, which keeps no "
                     "record of the hand's actions to check it by; it is no longer read"),
                   _("not a saved Quattro e mezzo game (format should be {format})").format(format=shown(_FORMAT)))
    validate(_save_schema(), d, what)
    rules = build_options(QuattroRules, d["rules"], what, _rules_args)
    _check_saved(d, rules, what)
    events = saved_events(d["events"], what)
    g = replayed(cls, d, rules, events, what)
    got = json.loads(g.to_json())
    key = replay_difference(d, got, _SAVE_ORDER, lambda: replayed(cls, d, rules, events, what), d["hand_start"])
    if key is not None:
        raise SetteKitError(_("cannot load {what}: {field} is not what the hand's actions give, played again "
                              "from the state the hand started from (the save was edited or is "
                              "corrupt)").format(what=what, field=key))
    return loaded(g, events, bots, what, _("cannot load {what}: the saved game is inconsistent: {error}"))


def replayed(cls, d: dict, rules: QuattroRules, events: list, what: str):
    """The game the save describes, built the way the engine builds it."""
    st = d["start"]
    g = cls.__new__(cls)
    g.rules, g.names = rules, tuple(d["names"])
    n = len(g.names)
    g._rng = random.Random()
    try:
        g._rng.setstate(rng_state(st["rng"], "start.rng"))
    except Bad as bad:
        raise bad.error(what) from None
    except (ValueError, TypeError, OverflowError) as exc:
        raise SetteKitError(_("cannot load {what}: start.rng is not the state of a random generator "
                              "({error})").format(what=what, error=exc)) from None
    g._bots = {}
    g._events = events[:d["hand_start"]]
    g._hand_start = 0
    g._dropped = d["dropped"]
    g.hand_number = st["hand_number"]
    g._points = list(st["points"])
    g._awards = [list(a) for a in d["awards"] if a[0] <= st["hand_number"]]
    g.phase = "hand_over"
    g._hands = [[] for __ in range(n)]
    g._status, g._ds, g._shown = ["out"] * n, [False] * n, [False] * n
    g._order, g._pos = [], 0
    g._ran_out, g._fresh_deck = st["ran_out"], st["fresh_deck"]
    g._top = None if st["top"] is None else [FULL_DECK[i] for i in st["top"]]
    if st["deck"] is not None:
        g._deck = Deck([FULL_DECK[i] for i in st["deck"]], rng=g._rng, shuffle=False)
        g._deck.dealt = [FULL_DECK[i] for i in st["dealt"]]
    g._hand_dealer = 0
    g._start, g._actions = None, []
    g.last_result, g.winners = None, ()
    g.dealer = st["dealer"]
    g._start_hand()
    for k, name in enumerate(d["actions"]):
        try:
            g.act(name)
        except SetteKitError as exc:
            raise SetteKitError(_("cannot load {what}: actions[{k}] ({name}) is not a legal move there: "
                                  "{error}").format(what=what, k=k, name=name, error=exc)) from None
    return g
