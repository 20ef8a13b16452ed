"""Reading saved games safely: a save is untrusted text.

A saved game (``Table.to_json``, ``QuattroGame.to_json``, ``TrentunoGame.to_json``) may
come from a file a learner edited, or from anywhere.  Loading it goes in three steps,
each of which raises a :class:`~sette_kit.errors.SetteKitError` that names the field:

1. the size: text longer than :data:`MAX_SAVE_CHARS` is refused before it is parsed;
2. the JSON: parsed without ``NaN``/``Infinity`` constants, a nesting too deep for the
   parser is an error (not a RecursionError);
3. the schema: every field is checked for its type and range, field by field, with the
   small schema language below (pure Python: the kit also runs in Pyodide).  The games
   then check what ties the fields together (one deck of 40 cards, unique names, the
   money the game started with, whose turn it is...).

>>> schema = Obj({"names": List(Name(), 2, 12, unique=True), "stake": Int(1, 10), "phase": Choice(("ready", "stake"))})
>>> validate(schema, {"names": ["Ada", "Bo"], "stake": 3, "phase": "ready"}, "the saved table")
{'names': ['Ada', 'Bo'], 'stake': 3, 'phase': 'ready'}
>>> validate(schema, {"names": ["Ada", "Bo"], "stake": "3", "phase": "ready"}, "the saved table")
Traceback (most recent call last):
...
sette_kit.errors.SetteKitError: cannot load the saved table: stake must be a whole number from 1 to 10, not '3'
>>> validate(schema, {"names": ["Ada", "Ada"], "stake": 3, "phase": "ready"}, "the saved table")
Traceback (most recent call last):
...
sette_kit.errors.SetteKitError: cannot load the saved table: names must not repeat a name ('Ada')
>>> load_json("[" * 100_000 + "]" * 100_000, "the saved table")
Traceback (most recent call last):
...
sette_kit.errors.SetteKitError: cannot load the saved table: the JSON is nested too deeply
"""

from __future__ import annotations

import json
import math
import re

from ._checks import read_name
from .errors import SetteKitError
from .i18n import _
from .numbers import shown

__all__ = ["MAX_SAVE_CHARS", "load_json", "validate", "build_options", "Bad", "Int", "Num", "Bool", "Str", "Choice", "Name",
           "Opt", "List", "Tuple", "Obj", "Dict", "CardIndex", "EventData", "RNG_STATE"]

MAX_SAVE_CHARS = 2_000_000
"""The longest save text read (characters): a save of this kit is far smaller (a Sette e
mezzo table keeps a bounded tail of its events, so its save stays under 200 KB however
long the game).  Longer text is refused before it is parsed; ``from_json(max_chars=)``
raises the limit."""


class Bad(Exception):
    """A field that does not fit its schema: ``path`` and the problem, in words."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(path, problem)
        self.path, self.problem = path, problem

    def error(self, what: str) -> SetteKitError:
        where = f"{self.path} " if self.path else ""
        return SetteKitError(_("cannot load {what}: {where}{problem}").format(what=what, where=where, problem=self.problem))


def _no_constant(name):
    raise ValueError(f"{name} is not a number a save can hold")


def load_json(text, what: str, max_chars: int = MAX_SAVE_CHARS):
    """Steps 1 and 2: the size, then the JSON.  ``what`` names the save in messages."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > max_chars * 4:
            raise SetteKitError(_("cannot load {what}: {text_count} bytes is above the limit of {max_chars} characters; "
                                  "refused unread").format(what=what, text_count=format(len(text), ','), max_chars=format(max_chars, ',')))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SetteKitError(_("cannot load {what}: the bytes are not UTF-8 text").format(what=what)) from None
    if not isinstance(text, str):
        raise SetteKitError(_("cannot load {what}: give the text that to_json() wrote, not {text}").format(what=what, text=shown(text)))
    if len(text) > max_chars:
        raise SetteKitError(_("cannot load {what}: {text_count} characters is above the limit of {max_chars}; refused "
                              "unread (pass max_chars= to raise the limit)").format(what=what, text_count=format(len(text), ','), max_chars=format(max_chars, ',')))
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise SetteKitError(_("cannot load {what}: the JSON is nested too deeply").format(what=what)) from None
    except ValueError as exc:
        raise SetteKitError(_("cannot load {what}: not JSON text ({value})").format(what=what, value=str(exc)[:120])) from None


def validate(schema, value, what: str):
    """Step 3: ``value`` checked against ``schema``; returns it (a SetteKitError names the field)."""
    try:
        schema.check(value, "")
    except Bad as bad:
        raise bad.error(what) from None
    return value


def _join(path: str, key) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


# -- the schema language ---------------------------------------------------------------------

class Int:
    """A whole number (not a bool) from ``lo`` to ``hi``."""

    def __init__(self, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi

    def words(self) -> str:
        return f"a whole number from {self.lo:,} to {self.hi:,}" if max(abs(self.lo), abs(self.hi)) >= 10_000 \
            else f"a whole number from {self.lo} to {self.hi}"

    def check(self, v, path):
        if type(v) is not int or not self.lo <= v <= self.hi:
            raise Bad(path, _("must be {value}, not {v}").format(value=self.words(), v=shown(v)))


class Num:
    """A finite number (int or float) from ``lo`` to ``hi``."""

    def __init__(self, lo: float, hi: float) -> None:
        self.lo, self.hi = lo, hi

    def check(self, v, path):
        if type(v) not in (int, float) or not math.isfinite(v) or not self.lo <= v <= self.hi:
            raise Bad(path, _("must be a number from {lo} to {hi}, not {v}").format(lo=self.lo, hi=self.hi, v=shown(v)))


class Bool:
    def check(self, v, path):
        if type(v) is not bool:
            raise Bad(path, _("must be true or false, not {v}").format(v=shown(v)))


class Str:
    """Text of at most ``max_len`` characters, matching ``pattern`` (a regex) if given."""

    def __init__(self, max_len: int = 200, pattern: str | None = None, words: str | None = None) -> None:
        self.max_len, self.pattern = max_len, re.compile(pattern) if pattern else None
        self.words = words

    def check(self, v, path):
        if type(v) is not str:
            raise Bad(path, _("must be text, not {v}").format(v=shown(v)))
        if len(v) > self.max_len:
            raise Bad(path, _("must be at most {max_len} characters long, not {v_count}").format(max_len=self.max_len, v_count=format(len(v), ',')))
        if self.pattern is not None and not self.pattern.fullmatch(v):
            raise Bad(path, _("must be {value}, not {v}").format(value=self.words or 'of the form ' + self.pattern.pattern, v=shown(v)))


class Choice:
    def __init__(self, choices) -> None:
        self.choices = tuple(choices)

    def check(self, v, path):
        if type(v) is not str or v not in self.choices:
            raise Bad(path, _("must be one of {value}, not {v}").format(value=', '.join(map(repr, self.choices)), v=shown(v)))


class Name:
    """A player name, as the games accept it (text, no control characters)."""

    def check(self, v, path):
        try:
            if not isinstance(v, str):
                raise SetteKitError(_("must be text, not {v}").format(v=shown(v)))
            read_name(v, "the name")
        except SetteKitError as exc:
            raise Bad(path, str(exc)) from None


class Opt:
    """``schema`` or null."""

    def __init__(self, schema) -> None:
        self.schema = schema

    def check(self, v, path):
        if v is not None:
            self.schema.check(v, path)


class List:
    """A list of ``lo`` to ``hi`` items, each fitting ``item``; ``unique`` forbids repeats."""

    def __init__(self, item, lo: int = 0, hi: int = 10_000, unique: bool = False) -> None:
        self.item, self.lo, self.hi, self.unique = item, lo, hi, unique

    def check(self, v, path):
        if type(v) is not list:
            raise Bad(path, _("must be a list, not {v}").format(v=shown(v)))
        if not self.lo <= len(v) <= self.hi:
            raise Bad(path, _("must hold {lo} to {hi} items, not {v_count}").format(lo=self.lo, hi=format(self.hi, ','), v_count=format(len(v), ',')))
        for i, x in enumerate(v):
            self.item.check(x, _join(path, i))
        if self.unique:
            seen = set()
            for x in v:
                if x in seen:
                    raise Bad(path, _("must not repeat {value} ({x})").format(value='a name' if isinstance(x, str) else 'an item', x=shown(x)))
                seen.add(x)


class Tuple:
    """A list of fixed length, item ``i`` fitting ``items[i]``."""

    def __init__(self, *items) -> None:
        self.items = items

    def check(self, v, path):
        if type(v) is not list or len(v) != len(self.items):
            raise Bad(path, _("must be a list of {items_count} items, not {v}").format(items_count=len(self.items), v=shown(v)))
        for i, (schema, x) in enumerate(zip(self.items, v)):
            schema.check(x, _join(path, i))


class Obj:
    """A JSON object with exactly the keys of ``fields`` (those in ``optional`` may be absent)."""

    def __init__(self, fields: dict, optional=()) -> None:
        self.fields, self.optional = fields, set(optional)

    def check(self, v, path):
        if type(v) is not dict:
            raise Bad(path, _("must be an object {{...}}, not {v}").format(v=shown(v)))
        unknown = sorted(k for k in v if k not in self.fields)
        if unknown:
            raise Bad(path, _("has unknown field(s) {value}").format(value=', '.join(map(repr, unknown[:5]))))
        for k, schema in self.fields.items():
            if k not in v:
                if k in self.optional:
                    continue
                raise Bad(_join(path, k), _("is missing"))
            schema.check(v[k], _join(path, k))


class Dict:
    """A JSON object of at most ``hi`` entries: keys fit ``key``, values fit ``value``."""

    def __init__(self, key, value, hi: int = 100) -> None:
        self.key, self.value, self.hi = key, value, hi

    def check(self, v, path):
        if type(v) is not dict:
            raise Bad(path, _("must be an object {{...}}, not {v}").format(v=shown(v)))
        if len(v) > self.hi:
            raise Bad(path, _("must hold at most {hi} entries, not {v_count}").format(hi=self.hi, v_count=format(len(v), ',')))
        for k, x in v.items():
            self.key.check(k, _join(path, k))
            self.value.check(x, _join(path, k))


CardIndex = Int(0, 39)
"""A card as saved: its index 0-39 (``Card.index``)."""

IDENT = Str(40, r"[a-z][a-z0-9_]*", "a name such as 'hand_started'")
_FRACTION = Str(40, r"-?\d{1,15}(/\d{1,15})?", "a fraction such as '15/2'")


class EventData:
    """The ``data`` of a saved event: scalars, cards ``{"card": i}``, fractions
    ``{"fraction": "a/b"}`` and lists of these, nested at most ``depth`` deep."""

    def __init__(self, depth: int = 3) -> None:
        self.depth = depth

    def check(self, v, path, depth=None):
        depth = self.depth if depth is None else depth
        if v is None or type(v) is bool:
            return
        if type(v) is int:
            if abs(v) > 10 ** 15:
                raise Bad(path, _("must be at most 10**15 in size, not {v}").format(v=shown(v)))
            return
        if type(v) is float:
            if not math.isfinite(v):
                raise Bad(path, _("must be a finite number"))
            return
        if type(v) is str:
            if len(v) > 2000:
                raise Bad(path, _("must be at most 2000 characters long, not {v_count}").format(v_count=format(len(v), ',')))
            return
        if type(v) is dict:
            if set(v) == {"card"}:
                return CardIndex.check(v["card"], _join(path, "card"))
            if set(v) == {"fraction"}:
                return _FRACTION.check(v["fraction"], _join(path, "fraction"))
            raise Bad(path, _("must be a card {card}, a fraction {fraction} or a plain value").format(
                card='{"card": i}', fraction='{"fraction": "a/b"}'))

        if type(v) is list:
            if depth <= 0 or len(v) > 64:
                raise Bad(path, _("is nested too deeply or too long (at most 64 items, 3 levels)"))
            for i, x in enumerate(v):
                self.check(x, _join(path, i), depth - 1)
            return
        raise Bad(path, _("is not a value a save can hold: {v}").format(v=shown(v)))


RNG_STATE = Tuple(Int(1, 3), List(Int(0, 2 ** 32 - 1), 625, 625), Opt(Num(-1e308, 1e308)))
"""The state of a ``random.Random`` as saved by ``rng_to_json``: version, the 625 words of
the Mersenne Twister (the last is the position, 0-624) and the cached gauss value."""


def build_options(cls, d: dict, what: str, convert=None):
    """``cls(**d)`` for a saved options dataclass (rules): unknown options and wrong values
    are a SetteKitError naming ``rules`` (``convert`` may turn ``d`` into arguments first)."""
    import dataclasses

    names = [f.name for f in dataclasses.fields(cls)]
    unknown = sorted(set(d) - set(names))
    if unknown:
        raise SetteKitError(_("cannot load {what}: rules: unknown option(s) {value}; accepted: {value2}").format(what=what, value=', '.join(unknown[:5]), value2=', '.join(names)))
    try:
        return cls(**(convert(d) if convert else d))
    except SetteKitError as exc:
        raise SetteKitError(_("cannot load {what}: rules: {exc}").format(what=what, exc=exc)) from None


def rng_state(value, path: str = "rng"):
    """A checked state for ``random.Random.setstate``."""
    RNG_STATE.check(value, path)
    if value[1][-1] > 624:
        raise Bad(_join(_join(path, 1), 624), _("must be a position from 0 to 624, not {value}").format(value=value[1][-1]))
    return (value[0], tuple(value[1]), value[2])


def first_difference(got: dict, saved: dict, keys) -> str | None:
    """The first of ``keys`` whose value differs between the state a replay reached (``got``)
    and the save (``saved``), the events compared without their texts; None if none does.
    (An event's text is in the language the kit spoke when it happened: see
    :func:`texts_check`.)"""
    for key in keys:
        a, b = got.get(key), saved.get(key)
        if key == "events" and isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            if any(x[:3] + x[4:] != y[:3] + y[4:] for x, y in zip(a, b)):
                return key
        elif a != b:
            return key
    return None


def texts_check(saved_events: list, replayed_events: list, replay_in) -> int | None:
    """The index of the first saved event whose text is not the text the engine writes for
    it in one of the kit's languages (``replay_in(lang)`` gives the events a replay writes in
    ``lang``), or None.  A game may change language between two events, so each event is
    checked on its own."""
    from .i18n import LANGUAGES, get_language

    alternatives = [replayed_events]
    differ = [i for i, (x, y) in enumerate(zip(saved_events, replayed_events)) if x[3] != y[3]]
    if not differ:
        return None
    for lang in LANGUAGES:
        if lang != get_language():
            alternatives.append(replay_in(lang))
    for i in differ:
        if all(i >= len(a) or a[i][3] != saved_events[i][3] for a in alternatives):
            return i
    return None


def event_schema(max_seat: int, max_text: int = 2000) -> Tuple:
    """A saved event ``[kind, seat, data, text, round, private]`` (see ``event_to_json``)."""
    return Tuple(IDENT, Opt(Int(0, max_seat)), Dict(IDENT, EventData(), 30), Str(max_text),
                 Int(0, 10 ** 12), Bool())
