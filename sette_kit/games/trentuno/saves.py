"""Saving and loading a Trentuno game (docs/rules.md T1-T9).

A save holds the players, the rules, the seed, the arranged position (if any) and the
actions played; loading replays them, each checked as a move, and the state reached (the
random generator's included, as a digest) must be the state saved.  The text is untrusted:
:func:`_save_schema` gives every field's type and range.
"""

from __future__ import annotations

import hashlib
import json
import random

from ..._saves import (IDENT, MAX_SAVE_CHARS, CardIndex, Choice, Dict, EventData, Int, List, Name, Obj, Opt, Str,
                       Tuple, build_options, load_json, validate)
from ...cards import FULL_DECK
from ...errors import SetteKitError
from ...i18n import _
from .rules import ACTIONS, MAX_PLAYERS, MIN_PLAYERS, TrentunoRules

__all__ = ["FORMAT", "save_game", "load_game"]

FORMAT = "sette-kit/trentuno"


def save_game(game) -> str:
    """``game.to_json()``: the save's JSON text, refused (SetteKitError) above
    :data:`~sette_kit._saves.MAX_SAVE_CHARS` (the kit never writes a save it
    cannot read back)."""
    snap = game._snapshot()
    snap["rng"] = _rng_digest(game._rng)
    text = json.dumps({"format": FORMAT, "version": 1, "players": list(game.players),
                       "rules": game.rules.to_dict(), "seed": game.seed,
                       "actions": [[a, c] for a, c in game.history], "state": snap,
                       "arranged": game._arranged}, sort_keys=True)
    if len(text) > MAX_SAVE_CHARS:  # the kit never writes a save it cannot read back
        raise SetteKitError(_("cannot save this Trentuno game: its {n} actions make {chars} characters, above the "
                              "{most} a save may hold (a game of 12 players with 99 lives takes about 1,000,000: "
                              "only a hand stalled for tens of thousands of turns gets here)").format(
            n=format(len(game.history), ","), chars=format(len(text), ","), most=format(MAX_SAVE_CHARS, ",")))
    return text


def load_game(cls, text: str, bots, max_chars: int):
    """``cls.from_json(text, bots, max_chars=...)``: the game a save holds, replayed and checked."""
    what = _("the saved Trentuno game")
    d = load_json(text, what, max_chars)
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise SetteKitError(_("not a saved Trentuno game (format should be 'sette-kit/trentuno')"))
    validate(_save_schema(), d, what)
    rules = build_options(TrentunoRules, d["rules"], what)
    try:
        arr = d.get("arranged")
        if arr:
            game = cls.arranged(d["players"], [[FULL_DECK[i] for i in h] for h in arr["hands"]],
                                [FULL_DECK[i] for i in arr["discard"]],
                                [FULL_DECK[i] for i in reversed(arr["stock"])], dealer=arr["dealer"],
                                lives=arr["lives"], turns_played=arr["turns_played"], rules=rules,
                                seed=d["seed"])
        else:
            game = cls(d["players"], rules=rules, seed=d["seed"])
    except SetteKitError as exc:
        raise SetteKitError(_("cannot load {what}: {field}: {error}").format(
            what=what, field="arranged" if d["arranged"] else "players", error=exc)) from None
    for k, (name, c) in enumerate(d["actions"]):
        try:
            game.act(name, card=FULL_DECK[c] if c is not None else None)
        except SetteKitError as exc:
            raise SetteKitError(_("cannot load {what}: actions[{k}] ({name}) is not a legal move: {error}").format(
                what=what, k=k, name=name, error=exc)) from None
    snap = game._snapshot()
    snap["rng"] = _rng_digest(game._rng)
    if snap != d["state"]:
        raise SetteKitError(_("the saved Trentuno game does not replay to its saved state (edited or corrupt)"))
    game.set_bots(bots or {})
    return game


def _save_schema() -> Obj:
    """The fields of a saved Trentuno game, their types and ranges."""
    seat = Int(0, MAX_PLAYERS - 1)
    hand = List(CardIndex, 0, 3, unique=True)
    arranged = Obj({"hands": List(hand, MIN_PLAYERS, MAX_PLAYERS), "discard": List(CardIndex, 1, 40, unique=True),
                    "stock": List(CardIndex, 0, 40, unique=True), "dealer": seat,
                    "lives": List(Int(0, 99), MIN_PLAYERS, MAX_PLAYERS), "turns_played": Int(0, 10 ** 9)})
    return Obj({
        "format": Str(40), "version": Int(1, 1), "players": List(Name(), MIN_PLAYERS, MAX_PLAYERS, unique=True),
        "rules": Dict(IDENT, EventData(0), 20), "seed": Int(0, 2 ** 256 - 1),
        "actions": List(Tuple(Choice(ACTIONS), Opt(CardIndex)), 0, 10 ** 6),
        "state": Dict(IDENT, EventData(2), 30), "arranged": Opt(arranged),
    })


def _rng_digest(rng: random.Random) -> str:
    """A short digest of the random generator's state: a save checks it, not keeps it."""
    return hashlib.sha256(repr(rng.getstate()).encode()).hexdigest()[:16]
