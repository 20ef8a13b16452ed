"""The engine protocol and the table machinery shared by the three card-game engines.

Every game (Sette e mezzo's :class:`~sette_kit.game.Table`, Quattro e mezzo's
:class:`~sette_kit.quattro.QuattroGame`, Trentuno's :class:`~sette_kit.trentuno.TrentunoGame`)
is an :class:`Engine`: ``legal_actions()`` gives a :class:`Legal` mapping of
:class:`Option` values, ``act()`` takes a typed :class:`Action` (or, as before, an action
name and its parameters), ``view(seat)`` is what one seat may see, ``play_bots()`` lets
the bot seats act within a bound, ``to_json()``/``from_json()`` save and restore a game
exactly, and ``events`` is what happened.  The same tests run against all three
(``tests/games/test_engine_protocol.py``).

One place for what the engines do the same way: the immutable :class:`Event` /
:class:`Option` / :class:`Legal` values (Sette e mezzo and Quattro e mezzo), their JSON
form and the random generator's JSON form, the ``face_up`` / ``hidden`` properties of a
hand view, the properties every per-seat view has, seat look-up and bot attachment, the
conversion of a number of players into names, and the validated ``replace`` of a frozen
options dataclass.  Each engine keeps its own deck handling (their random sequences
differ on purpose) and its own event texts.

Imports only ``cards``, ``errors`` and ``scoring`` (for ``fmt_points``), so Quattro e
mezzo and Trentuno do not need the Sette e mezzo engine (:mod:`sette_kit.game`), which
re-exports the public names defined here.

>>> lg = Legal([Option("hit"), Option("stake", 1, 10)])
>>> lg, lg.describe()
(Legal(hit, stake(min=1, max=10)), 'hit, stake 1-10')
>>> Action("stake", amount=5) in lg, Action("stake", amount=11) in lg, Action("stand") in lg
(True, False, False)
>>> lg.actions()[:2]
(Action('hit'), Action('stake', amount=1))
>>> seat_names(3)
('Player 1', 'Player 2', 'Player 3')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, NamedTuple, Protocol, runtime_checkable

from .._saves import load_json
from ..cards import FULL_DECK, Card
from ..errors import SetteKitError
from ..i18n import N_, _, pgettext
from ..scoring import fmt_points
from ..numbers import shown

if TYPE_CHECKING:  # pragma: no cover
    import random

__all__ = ["Engine", "Action", "Event", "Option", "Legal", "event_to_json", "event_from_json", "rng_to_json", "rng_from_json",
           "HandCards", "SeatView", "Seats", "seat_names", "top_cards", "replace_checked"]

# ---------------------------------------------------------------------------------------
# Small immutable values
# ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Event:
    """One thing that happened at the table.  ``text`` is safe to show to everybody."""

    kind: str
    seat: int | None
    data: Mapping[str, Any] = field(hash=False, compare=True)
    text: str
    round: int = 0
    private: bool = False  # data names a card only ``seat`` may see

    def redacted(self) -> "Event":
        """The event as the other seats know it (no hidden card in ``data``).

        >>> e = Event("hit", 1, MappingProxyType({"card": Card(5, 0)}), "Bo takes a card face down.", 1, True)
        >>> dict(e.redacted().data), e.redacted().private
        ({}, False)
        """
        if not self.private:
            return self
        data = MappingProxyType({k: v for k, v in self.data.items() if k != "card"})
        return Event(self.kind, self.seat, data, self.text, self.round, False)

    def __repr__(self) -> str:
        return f"<Event {self.kind} seat={self.seat}: {self.text}>"


class Action(NamedTuple):
    """One move, as a value (python-chess's ``Move`` is the model): the action's ``name``
    and the one parameter it takes, if any: the ``card`` to discard (Trentuno), the
    ``amount`` to stake or split (Sette e mezzo), the ``value`` declared for the matta.

    >>> Action("discard", Card(7, 0)).params(), Action("stake", amount=5).params()
    ({'card': Card(7, 'coppe')}, {'amount': 5})
    """

    name: str
    card: Card | None = None
    amount: int | None = None
    value: Any = None

    def params(self) -> dict:
        """The parameters as ``act()`` takes them by keyword (those that are set)."""
        return {k: v for k, v in (("card", self.card), ("amount", self.amount), ("value", self.value))
                if v is not None}

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" if k != "card" else f", {v!r}" for k, v in self.params().items())
        return f"Action({self.name!r}{extra})"


def read_action(action, params: Mapping) -> tuple[str, dict]:
    """``act()``'s arguments as a name and keyword parameters: a typed :class:`Action`
    (with no other parameters) or an action name with its keyword parameters."""
    if isinstance(action, Action):
        if params:
            raise SetteKitError(_("an Action carries its own parameters; got more: {names}").format(
                names=", ".join(sorted(params))))
        return action.name, action.params()
    return action, dict(params)


class Option(NamedTuple):
    """One legal action with its allowed parameters."""

    name: str
    min: int | None = None  # amount range for stake / split
    max: int | None = None
    values: tuple | None = None  # declare: the matta's allowed values (None = automatic)

    def __repr__(self) -> str:
        if self.min is not None:
            return f"{self.name}(min={self.min}, max={self.max})"
        if self.values is not None:
            return f"{self.name}(values={', '.join(map(_value_text, self.values))})"
        return self.name


def _value_text(v) -> str:
    """An option's allowed value as a prompt shows it: a card by its name, a matta value
    as points, None (the matta left to the score) as 'auto'."""
    if v is None:
        return "auto"
    return v.name() if isinstance(v, Card) else fmt_points(v)


class Legal(Mapping):
    """The legal actions of the seat to act: a read-only mapping name -> :class:`Option`.

    >>> lg = Legal([Option("hit"), Option("stand")])
    >>> "hit" in lg, list(lg), lg
    (True, ['hit', 'stand'], Legal(hit, stand))
    """

    __slots__ = ("_options",)

    def __init__(self, options=()) -> None:
        self._options = {o.name: o for o in options}

    def __getitem__(self, name: str) -> Option:
        return self._options[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._options)

    def __len__(self) -> int:
        return len(self._options)

    def __repr__(self) -> str:
        return f"Legal({', '.join(map(repr, self._options.values()))})"

    def __contains__(self, key) -> bool:
        """An action name, or an :class:`Action` whose parameter this mapping allows."""
        if isinstance(key, Action):
            o = self._options.get(key.name)
            if o is None:
                return False
            if o.min is not None:
                return key.amount is not None and o.min <= key.amount <= o.max
            if o.values is not None:
                got = key.card if key.card is not None else key.value
                return got in o.values
            return not key.params()
        return key in self._options

    def actions(self) -> tuple[Action, ...]:
        """Every legal move as an :class:`Action` (one per amount of a range, one per
        allowed card or value)."""
        out: list[Action] = []
        for o in self._options.values():
            if o.min is not None:
                out.extend(Action(o.name, amount=a) for a in range(o.min, o.max + 1))
            elif o.values is not None:
                out.extend(Action(o.name, card=v) if isinstance(v, Card) else Action(o.name, value=v)
                           for v in o.values)
            else:
                out.append(Action(o.name))
        return tuple(out)

    def describe(self) -> str:
        """A short line for prompts: 'stake 1-10, hit, stand'."""
        parts = []
        for o in self._options.values():
            if o.min is not None:
                parts.append(f"{o.name} {o.min}-{o.max}" if o.min != o.max else f"{o.name} {o.min}")
            elif o.values is not None:
                parts.append(f"{o.name} " + "/".join(_value_text(v) for v in o.values if v is not None))
            else:
                parts.append(o.name)
        return ", ".join(parts)


# ---------------------------------------------------------------------------------------
# JSON forms (the saved-game formats depend on them: do not change)
# ---------------------------------------------------------------------------------------

def rng_to_json(state):
    """A ``random.Random().getstate()`` as JSON-able lists."""
    version, internal, gauss = state
    return [version, list(internal), gauss]


def rng_from_json(s):
    """The inverse of :func:`rng_to_json`: a state for ``random.Random().setstate``."""
    return (s[0], tuple(s[1]), s[2])


def _enc(v):
    if isinstance(v, Card):
        return {"card": v.index}
    if isinstance(v, Fraction):
        return {"fraction": str(v)}
    if isinstance(v, (tuple, list)):
        return [_enc(x) for x in v]
    return v


def _dec(v):
    if isinstance(v, dict):
        if "card" in v:
            return FULL_DECK[v["card"]]
        return Fraction(v["fraction"])
    if isinstance(v, list):
        return tuple(_dec(x) for x in v)
    return v


def event_to_json(e: Event):
    """An :class:`Event` as a JSON-able list (cards and fractions tagged).

    >>> e = Event("hit", 0, MappingProxyType({"card": Card(7, 1), "total": Fraction(15, 2)}), "7½!", 2)
    >>> event_to_json(e)
    ['hit', 0, {'card': {'card': 16}, 'total': {'fraction': '15/2'}}, '7½!', 2, False]
    >>> event_from_json(event_to_json(e)) == e
    True
    """
    return [e.kind, e.seat, {k: _enc(v) for k, v in e.data.items()}, e.text, e.round, e.private]


def event_from_json(x) -> Event:
    """The inverse of :func:`event_to_json`."""
    kind, seat, data, text, rnd, private = x
    return Event(kind, seat, MappingProxyType({k: _dec(v) for k, v in data.items()}), text, rnd, private)


# ---------------------------------------------------------------------------------------
# Views
# ---------------------------------------------------------------------------------------

class HandCards:
    """Mixin for a frozen hand view whose ``cards`` hold ``None`` for a card the viewer
    cannot see."""

    __slots__ = ()

    if TYPE_CHECKING:  # pragma: no cover
        @property
        def cards(self) -> tuple[Card | None, ...]: ...  # the view's field

    @property
    def face_up(self) -> tuple:
        """The cards of the hand the viewer can see."""
        return tuple(c for c in self.cards if c is not None)

    @property
    def hidden(self) -> int:
        """How many of the hand's cards the viewer cannot see."""
        return sum(1 for c in self.cards if c is None)


class SeatView:
    """Mixin for a frozen per-seat view with ``seat``, ``names``, ``to_act`` and
    ``_events`` (the events of the current round or hand, unredacted)."""

    __slots__ = ()

    if TYPE_CHECKING:  # pragma: no cover
        # the view's fields
        @property
        def seat(self) -> int: ...
        @property
        def names(self) -> tuple[str, ...]: ...
        @property
        def to_act(self) -> int | None: ...
        @property
        def _events(self) -> tuple[Event, ...]: ...

    @property
    def name(self) -> str:
        return self.names[self.seat]

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat

    @property
    def events(self) -> tuple:
        """This round's (hand's) events, with other seats' hidden cards taken out of ``data``."""
        return tuple(e if not e.private or e.seat == self.seat else e.redacted() for e in self._events)


# ---------------------------------------------------------------------------------------
# Seats and bots
# ---------------------------------------------------------------------------------------

def seat_names(players, lo: int = 1, hi: int = 100, count_error: str | None = None) -> tuple[str, ...]:
    """Names in seat order: ``players`` as a list of names, or ``"Player 1"``... for a
    number.  Checked: ``lo`` to ``hi`` seats (``count_error`` is the message,
    ``{n}`` the count), names unique, text of at most 40 characters without control
    characters; a string such as ``"AB"`` is not a list of names."""
    from .._checks import read_names

    return read_names(players, lo, hi, count_error)


class Seats:
    """Mixin for a game with ``names`` (one per seat) and ``_bots`` (seat -> policy)."""

    if TYPE_CHECKING:  # pragma: no cover
        # set by the game's __init__
        names: tuple[str, ...]
        _bots: dict[int, Callable]
        _events: list[Event]
        _rng: random.Random

    @property
    def n_seats(self) -> int:
        return len(self.names)

    @property
    def bots(self) -> Mapping[int, Callable]:
        return MappingProxyType(self._bots)

    @property
    def events(self) -> tuple:
        """Every event since the game was created, or since the first event its save kept
        (``data`` may name hidden cards: show ``text`` to people)."""
        return tuple(self._events)

    def _first_dealer(self, key) -> tuple:
        """S7: the seat that deals (holds the bank) first and how it was found: drawn by lot
        with the game's ``_rng`` when ``key`` is None, else the seat or name given."""
        if key is None:
            return self._rng.randrange(self.n_seats), "drawn by lot"  # shown with how_picked()
        return self._seat_of(key), "chosen"

    def _seat_of(self, key) -> int:
        """A seat number from a seat number or a player's name (SetteKitError otherwise)."""
        if isinstance(key, str):
            if key in self.names:
                return self.names.index(key)
            raise SetteKitError(_("no player called {key}: the players are {names}").format(
                key=shown(key), names=", ".join(self.names)))
        if isinstance(key, int) and not isinstance(key, bool) and 0 <= key < self.n_seats:
            return int(key)
        raise SetteKitError(_("seat {key} does not exist: seats are 0-{last} or a player's name").format(
            key=shown(key), last=self.n_seats - 1))

    def _attach_bots(self, bots, default: Callable[[], Callable]) -> None:
        """``bots``: None, ``{seat or name: policy}``, or ``"all"`` (``default()`` at every seat)."""
        from .._checks import read_bots

        if bots is None:
            return
        if isinstance(bots, str) and bots == "all":
            bots = {s: default() for s in range(self.n_seats)}
        for key, policy in read_bots(bots).items():
            if not callable(policy):
                raise SetteKitError(_("the bot for {key} must be a callable policy(view) -> action").format(
                    key=shown(key)))
            self._bots[self._seat_of(key)] = policy


# ---------------------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------------------

def top_cards(deck) -> list | None:
    """The ``deck=`` argument of a scripted game (cards on top of the first deck, top card
    first) as a list, None when empty; SetteKitError unless they are distinct Cards."""
    if deck is None or (isinstance(deck, str) and not deck.strip()) or (isinstance(deck, (list, tuple)) and not deck):
        return None  # an empty dict is not "no cards": it is not cards at all
    from ..cards import as_cards

    try:
        top = list(as_cards(deck, what="deck="))
    except SetteKitError as exc:
        raise SetteKitError(_("deck= must be distinct Cards, top card first: {error}").format(error=exc)) from None
    return top


def rules_or_default(rules, cls: type, default, wrong: str):
    """``rules=`` of a game's functions: None is ``default``, an instance of ``cls`` itself;
    anything else the SetteKitError ``wrong`` (a message marked with ``N_``, naming the
    value as ``{rules}`` or ``{value}``)."""
    if rules is None:
        return default
    if not isinstance(rules, cls):
        raise SetteKitError(_(wrong).format(rules=shown(rules), value=shown(rules)))
    return rules


def replace_checked(options, changes: Mapping, what: str = N_("option(s)")):
    """``dataclasses.replace(options, **changes)`` after checking every name is a field
    (the new object validates the values in its ``__post_init__``); ``what`` is marked
    text (``N_("...")``), translated here."""
    names = [f.name for f in dataclasses.fields(options)]
    unknown = set(changes) - set(names)
    if unknown:
        raise SetteKitError(_("unknown {what} {names}; accepted: {accepted}").format(
            what=_(what), names=", ".join(sorted(unknown)), accepted=", ".join(names)))
    return dataclasses.replace(options, **changes)


def how_picked(how: str) -> str:
    """How the first bank was picked ("drawn by lot", "chosen"), in the learner's language."""
    return {"drawn by lot": pgettext("how the first bank was picked", "drawn by lot"),
            "chosen": pgettext("how the first bank was picked", "chosen")}.get(how, how)


# ---------------------------------------------------------------------------------------
# The protocol every engine follows
# ---------------------------------------------------------------------------------------

@runtime_checkable
class Engine(Protocol):
    """What every game engine offers (checked by ``tests/games/test_engine_protocol.py``).

    * ``names``: the players' names in seat order; ``to_act``: the seat to act, or None.
    * ``legal_actions()``: the :class:`Legal` moves of the seat to act (empty when nobody
      is to act); every ``Action`` of ``legal_actions().actions()`` is accepted by ``act()``.
    * ``act(action)``: play a typed :class:`Action` (or a name and keyword parameters); an
      illegal one raises :class:`~sette_kit.errors.IllegalMove` and changes nothing.
    * ``view(seat)``: what that seat may see, with ``seat`` and ``my_turn``.
    * ``play_bots(max_actions=...)``: let bot seats act until a human is to act or the
      hand is over; it never plays more than ``max_actions`` actions: when the bots would
      need more it raises :class:`~sette_kit.errors.SetteKitError` and leaves the game as
      those actions left it (still a game that saves and plays on).
    * ``to_json()`` / ``from_json(text, bots=None)``: a save that restores the same game
      (the same ``to_json()``, the same cards to come).
    * ``events``: every :class:`Event`-like value (``kind``, ``seat``, ``data``, ``text``)
      since the game began, in order.
    """

    names: tuple
    to_act: int | None

    @property
    def events(self) -> tuple: ...

    def legal_actions(self) -> Legal: ...

    def act(self, action, *args, **params) -> None: ...

    def view(self, seat): ...

    def play_bots(self, max_actions: int = ...) -> int: ...

    def to_json(self) -> str: ...

    @classmethod
    def from_json(cls, text: str, bots=None): ...


# ---------------------------------------------------------------------------------------
# Saves: what the engines' saves do the same way
# ---------------------------------------------------------------------------------------

def with_matta_card(d: Mapping, bad: str) -> dict:
    """A saved rules dict with its ``matta`` (a card index 0-39, or null) as the Card;
    the error ``bad`` (translated; it names the value as ``{value}`` or ``{matta}``) when
    it is no card index.

    >>> with_matta_card({"matta": 0}, "bad {value}")["matta"].index, with_matta_card({"matta": None}, "")
    (0, {'matta': None})
    """
    d = dict(d)
    matta = d.get("matta")
    if matta is not None:
        if type(matta) is not int or not 0 <= matta < 40:
            raise SetteKitError(bad.format(value=shown(matta), matta=shown(matta)))
        d["matta"] = FULL_DECK[matta]
    return d


def saved_dict(text, what: str, max_chars: int, expected: str, old_formats: tuple, too_old: str,
               not_ours: str) -> dict:
    """The JSON object of a save in the format ``expected`` (:func:`~sette_kit._saves.load_json`
    reads it).  One in an earlier format, one of ``old_formats``, is the error ``too_old``
    (translated; it names ``{what}`` and ``{format}``), any other text ``not_ours``.

    >>> saved_dict('{"format": "x/1"}', "the save", 100, "x/2", ("x/1",), "{what}: {format} is too old", "not x")
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: the save: 'x/1' is too old
    """
    d = load_json(text, what, max_chars)
    if isinstance(d, dict) and d.get("format") in old_formats:
        raise SetteKitError(too_old.format(what=what, format=shown(d["format"])))
    if not isinstance(d, dict) or d.get("format") != expected:
        raise SetteKitError(not_ours)
    return d


def saved_events_start(events, current: int, start_kind: str, keep: int) -> int:
    """The first event a save keeps: the start of the earliest hand (or round),
    an event of kind ``start_kind``, such that at most ``keep`` events are kept, and never
    after ``current``, the index where the current hand (round) starts.

    >>> evs = [Event(k, None, MappingProxyType({}), k) for k in ("dealer", "hand_started", "drew",
    ...                                                         "drew", "hand_started", "drew")]
    >>> [saved_events_start(evs, 4, "hand_started", keep) for keep in (10, 5, 2)]
    [0, 1, 4]
    """
    limit = len(events) - keep
    if limit <= 0:
        return 0
    first = current
    for i in range(current - 1, limit - 1, -1):
        if events[i].kind == start_kind:
            first = i
    return first


def saved_events(raw, what: str) -> list:
    """A save's events (each in the form of :func:`event_to_json`) as :class:`Event`
    values; one that cannot be read is a SetteKitError naming the save (``what``)."""
    try:
        return [event_from_json(e) for e in raw]
    except (ValueError, ZeroDivisionError) as exc:
        raise SetteKitError(_("cannot load {what}: events hold a value that cannot be read ({error})").format(
            what=what, error=exc)) from None


def replay_difference(saved: dict, got: dict, order, replay, start: int = 0) -> str | None:
    """What a save holds that its replay does not give, or None.

    ``saved`` is the save as read, ``got`` the replayed game's own save read back, ``order``
    the fields in the order to name them; then the texts of the events from ``start`` on:
    each must be one the engine writes in one of the kit's languages (``replay()`` builds
    the replayed game again, called in each other language).  The answer is the first
    field that differs, or ``events[i]``.

    >>> replay_difference({"a": 1, "events": []}, {"a": 2, "events": []}, ("a",), None)
    'a'
    """
    import json

    from .._saves import first_difference, texts_check
    from ..i18n import language

    key = first_difference(got, saved, order)
    if key is not None:
        return key

    def replay_in(lang):
        with language(lang):
            return json.loads(replay().to_json())["events"][start:]

    bad = texts_check(saved["events"][start:], got["events"][start:], replay_in)
    return None if bad is None else f"events[{bad + start}]"


def loaded(game, events: list, bots, what: str, inconsistent: str):
    """The replayed ``game`` of the save ``what``, finished: the events' texts as saved
    (each is one the engine writes, in one of its languages), its invariants checked once
    more (the error ``inconsistent``, translated, naming ``{what}`` and ``{error}``, when
    one fails), ``bots`` seated."""
    game._events = list(events)
    try:
        game.check()
    except AssertionError as exc:
        raise SetteKitError(inconsistent.format(what=what, error=exc)) from None
    game.attach_bots(bots)
    return game


def play_bots_within(bot_to_act: Callable[[], int | None], play_one: Callable[[int], None], max_actions: int,
                     too_many: str) -> int:
    """The loop of every engine's ``play_bots``: while ``bot_to_act()`` gives a seat (a bot
    is to act; None: a human is, or the hand or game is over), ``play_one(seat)`` plays one
    of its actions.  Returns the number played, never more than ``max_actions``: when the
    bots need one more, SetteKitError(``too_many``, already translated), the game as those
    actions left it.  So exactly ``max_actions`` needed returns ``max_actions``.

    >>> moves = iter([0, 1, None])
    >>> play_bots_within(lambda: next(moves), lambda seat: None, 2, "too many")
    2
    >>> moves = iter([0, 1, 0, None])
    >>> play_bots_within(lambda: next(moves), lambda seat: None, 2, "too many")
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: too many
    """
    count = 0
    while (seat := bot_to_act()) is not None:
        if count >= max_actions:
            raise SetteKitError(too_many)
        play_one(seat)
        count += 1
    return count
