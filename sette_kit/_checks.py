"""Checks of the arguments that are not numbers: flags, seeds, generators, callables,
player names and bot maps (bad input).  Numbers are read by
:mod:`sette_kit.numbers`.  Every check raises a :class:`~sette_kit.errors.SetteKitError`
that names the argument and what is accepted.

>>> read_bool(True, "exact"), read_seed(None), read_seed(7)
(True, None, 7)
>>> read_seed(-1)
Traceback (most recent call last):
...
sette_kit.errors.SetteKitError: seed=-1: the seed must be a whole number >= 0, or None for a fresh one
>>> read_names(["Ada", "Bo"])
('Ada', 'Bo')
>>> read_names("AB")
Traceback (most recent call last):
...
sette_kit.errors.SetteKitError: players='AB': give a list of names such as ['Ada', 'Bo'] or a number of players
"""

from __future__ import annotations

import unicodedata
from typing import Mapping

from .errors import SetteKitError
from .i18n import N_, _
from .numbers import shown

__all__ = ["read_bool", "read_seed", "read_rng", "read_callable", "read_name", "read_names", "read_text",
           "read_bots",
           "MAX_NAME", "MAX_SEED_BITS"]

MAX_NAME = 40
"""The longest player name accepted, in characters."""

MAX_SEED_BITS = 256
"""Seeds are whole numbers from 0 to 2**256 - 1."""

_BIDI = set(range(0x202A, 0x202F)) | set(range(0x2066, 0x206A))


def read_bool(value, what: str):
    """``value`` if it is True or False, else a SetteKitError."""
    if value is True or value is False:
        return value
    if type(value).__module__ == "numpy" and type(value).__name__ in ("bool_", "bool"):  # numpy's bool
        return bool(value)
    raise SetteKitError(_("{what}={value} must be True or False").format(what=what, value=shown(value)))


_SEED = N_("{what}={value}: the seed must be a whole number >= 0, or None for a fresh one")


def read_seed(seed, what: str = "seed"):
    """None, or a whole number from 0 to 2**256 - 1 (the seeds every part of the kit takes)."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not hasattr(seed, "__index__") or isinstance(seed, float):
        raise SetteKitError(_(_SEED).format(what=what, value=shown(seed)))
    n = seed.__index__()
    if n < 0 or n.bit_length() > MAX_SEED_BITS:
        raise SetteKitError(_(_SEED).format(what=what, value=shown(seed)) if n < 0 else
                            _("{what}={value}: the seed may have at most {bits} bits").format(
                                what=what, value=shown(seed), bits=MAX_SEED_BITS))
    return n


def read_rng(rng, what: str = "rng"):
    """A ``random.Random`` (or anything with ``shuffle``) or a numpy ``Generator``."""
    if hasattr(rng, "shuffle") or hasattr(rng, "permutation"):
        return rng
    raise SetteKitError(_("{what}={value}: give a random.Random or a numpy Generator "
                          "(numpy.random.default_rng()), or pass seed= instead").format(what=what, value=shown(rng)))


def read_callable(value, what: str, accepted: str = N_("a callable policy(view) -> action")):
    if not callable(value):
        raise SetteKitError(_("{what}={value} is not callable: accepted {accepted}").format(
            what=what, value=shown(value), accepted=_(accepted)))
    return value


def _bad_char(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") or ord(ch) in _BIDI


def read_text(text, what: str, max_len: int) -> str:
    """A short text shown to people (a title, a label): not blank, at most ``max_len``
    characters, without control characters."""
    if not isinstance(text, str) or not text.strip():
        raise SetteKitError(_("{what}: give some text, not {value}").format(what=what, value=shown(text)))
    return _short_plain(text, what, max_len)


def _short_plain(text: str, what: str | None, most: int) -> str:
    """``text`` if it has at most ``most`` characters and no control characters."""
    if len(text) > most:
        raise SetteKitError(_(_TOO_LONG).format(what=what, value=shown(text), most=most))
    bad = [ch for ch in text if _bad_char(ch)]
    if bad:
        raise SetteKitError(_(_CONTROL).format(what=what, value=shown(text), chars=", ".join(map(repr, bad[:3]))))
    return text


_TOO_LONG = N_("{what} {value} is too long: at most {most} characters")
_CONTROL = N_("{what} {value} holds control characters ({chars}): accepted letters, digits, spaces and punctuation")


def read_name(name, what: str | None = None) -> str:
    """One player name: text of 1 to :data:`MAX_NAME` characters, not blank, without
    control characters (a name is printed in terminals and web pages).  A whole number
    is written out ("7")."""
    if isinstance(name, int) and not isinstance(name, bool) and abs(name) < 10 ** 12:
        name = str(name)
    player = what is None or what == "a player name"
    if player:
        what = _("a player name")
    if not isinstance(name, str):
        raise SetteKitError(_("{what} must be text, not {value}").format(what=what, value=shown(name)))
    if not name.strip():
        raise SetteKitError(_("player names must be different and not empty") if player
                            else _("{what} must not be empty").format(what=what))
    return _short_plain(name, what, MAX_NAME)


_COUNT = N_("accepted {lo} to {hi} players, got {n}")


def read_names(players, lo: int = 1, hi: int = 100, count_error: str | None = None) -> tuple:
    """Names in seat order from a list of names, or ``"Player 1"``... for a number of
    players.  The count must be from ``lo`` to ``hi`` (``count_error`` is the message,
    with ``{n}`` for the count); names are unique and pass :func:`read_name`."""
    if isinstance(players, int) and not isinstance(players, bool):
        n = players
        if not lo <= n <= hi:
            raise SetteKitError(_(count_error or _COUNT).format(n=shown(n), lo=lo, hi=hi))
        return tuple(_("Player {n}").format(n=i + 1) for i in range(n))
    if players is None or isinstance(players, (str, bytes, float, Mapping)) or not hasattr(players, "__iter__"):
        raise SetteKitError(_("players={value}: give a list of names such as ['Ada', 'Bo'] or a number of "
                              "players").format(value=shown(players)))
    names = []
    for p in players:
        names.append(read_name(p))
        if len(names) > hi:
            break
    if not lo <= len(names) <= hi:
        raise SetteKitError(_(count_error or _COUNT).format(
            n=len(names) if len(names) <= hi else _("more than {hi}").format(hi=hi), lo=lo, hi=hi))
    if len(set(names)) != len(names):
        raise SetteKitError(_("player names must be different and not empty"))
    return tuple(names)


def read_bots(bots) -> dict:
    """``bots=`` of the games: None (no bots), or a mapping seat-or-name -> policy.
    (``"all"`` is handled by each game.)"""
    if bots is None:
        return {}
    if not isinstance(bots, Mapping):
        form = "{" + _("seat or name") + ": policy}"
        raise SetteKitError(_("bots={value}: accepted a dict {form}, 'all' (a bot at every seat) or None").format(
            value=shown(bots), form=form))
    return dict(bots)
