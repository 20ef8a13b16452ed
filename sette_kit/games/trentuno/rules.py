"""Trentuno's options (docs/rules.md T1-T9): :class:`TrentunoRules`, the default preset and
the rules coercer every other room of the game uses.

The readings of the source each rule leaves open (T6 knocking, T7 a 31, T9 the last two
players) are options here, the literal readings the defaults; the numbers of players (T1)
and the names of the moves (T5, T6) are the constants the engine and the saves share.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from ...cards import FACES, FaceName
from ...errors import SetteKitError
from ...i18n import N_, _, ngettext
from ...numbers import shown
from .._engine import replace_checked, rules_or_default

__all__ = ["TrentunoRules", "DEFAULT_RULES", "FIRST_ROUND_31", "KNOCK_LAST_ROUND", "ACTIONS",
           "MIN_PLAYERS", "MAX_PLAYERS"]

FIRST_ROUND_31 = ("ends_hand", "wins_game", "redeal")
KNOCK_LAST_ROUND = ("to_dealer", "everyone")  # T6: the literal reading first (the default)
ActionName = Literal["draw_stock", "take_discard", "discard", "knock", "next_hand"]
"""The name of an action in a Trentuno game."""
ACTIONS: tuple[ActionName, ...] = ("draw_stock", "take_discard", "discard", "knock", "next_hand")
MIN_PLAYERS, MAX_PLAYERS = 2, 12  # T1: 2-7 with one deck is best, up to 12 "with care"


@dataclass(frozen=True)
class TrentunoRules:
    """The options of Trentuno (docs/rules.md T1-T9), validated.  Immutable.

    Readings of the source (the Italian encyclopedia article on Trentuno, docs/rules.md T6, T7,
    T9), each an option; the defaults are the literal readings:

    * ``knock_last_round`` (T6): ``"to_dealer"`` (default: "the current one is the last
      round; in fact the hand ends with the dealer", so a dealer's knock ends the hand at
      once) or ``"everyone"`` (every other player has one last turn).
    * ``spare_thirty`` (T7): True (default: "everyone pays, except those who have 30")
      or False (a 31 takes a life from every other player).
    * ``last_two_both_lose`` (T9): True (default: when the last two players tie and one
      of them has two or more lives, both lose one) or False (the knocker alone, T6).
    * ``first_round_31`` (T7): ``"ends_hand"`` (default), ``"wins_game"`` or ``"redeal"``.

    >>> r = TrentunoRules()
    >>> r.lives, r.knock_minimum, r.first_round_31, r.three_of_a_kind_30
    (3, 26, 'ends_hand', False)
    >>> r.knock_last_round, r.spare_thirty, r.last_two_both_lose
    ('to_dealer', True, True)
    >>> r.replace(lives=5).lives
    5
    >>> TrentunoRules(first_round_31="wins")
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: first_round_31='wins' is not accepted: accepted 'ends_hand', 'wins_game', 'redeal' (T7)
    """

    lives: int = 3                       # T3
    three_of_a_kind_30: bool = False     # T2 option
    discard_first: bool = False          # T5 option
    first_round_31: str = "ends_hand"    # T7 option
    knock_minimum: int = 26              # T6: "more than 25"
    knock_last_round: str = "to_dealer"  # T6 reading: the hand ends with the dealer
    spare_thirty: bool = True            # T7: a 31 takes no life from a hand of 30
    last_two_both_lose: bool = True      # T9: last two tie, one with 2+ lives: both lose
    face: FaceName = "italian"

    def __post_init__(self) -> None:
        if isinstance(self.lives, bool) or not isinstance(self.lives, int) or not 1 <= self.lives <= 99:
            raise SetteKitError(_("lives={value} is not accepted: accepted a whole number 1-99 (T3)").format(
                value=shown(self.lives)))
        for name in ("three_of_a_kind_30", "discard_first", "spare_thirty", "last_two_both_lose"):
            if not isinstance(getattr(self, name), bool):
                raise SetteKitError(_("{name}={value} is not accepted: accepted True or False").format(
                    name=name, value=shown(getattr(self, name))))
        if self.first_round_31 not in FIRST_ROUND_31:
            raise SetteKitError(_("first_round_31={value} is not accepted: accepted {accepted} (T7)").format(
                value=shown(self.first_round_31), accepted=", ".join(map(repr, FIRST_ROUND_31))))
        if self.knock_last_round not in KNOCK_LAST_ROUND:
            raise SetteKitError(_("knock_last_round={value} is not accepted: accepted {accepted} (T6)").format(
                value=shown(self.knock_last_round), accepted=", ".join(map(repr, KNOCK_LAST_ROUND))))
        k = self.knock_minimum
        if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 31:
            raise SetteKitError(_("knock_minimum={value} is not accepted: accepted a whole number 1-31, the "
                                  "lowest score that may knock (default 26, 'more than 25', T6)").format(value=shown(k)))
        if not isinstance(self.face, str) or self.face not in FACES:
            raise SetteKitError(_("face={value} is not accepted: accepted {accepted}").format(
                value=shown(self.face), accepted=", ".join(map(repr, FACES))))

    def replace(self, **changes) -> "TrentunoRules":
        """A validated copy with some options changed."""
        return replace_checked(self, changes, N_("Trentuno option(s)"))

    def to_dict(self) -> dict:
        """The options as a plain dict (for JSON)."""
        return dataclasses.asdict(self)

    def describe(self) -> str:
        """The options in plain English, one per line.

        >>> print(TrentunoRules().describe())   # doctest: +ELLIPSIS
        Each player starts with 3 lives (T3).
        ...
        """
        knock = (_("You may knock with {score} or more, not in the first round; then every other player has one "
                   "last turn (T6).") if self.knock_last_round == "everyone" else
                 _("You may knock with {score} or more, not in the first round; then it is the last round: the "
                   "players after the knocker play up to the dealer, and the hand ends with the dealer (a "
                   "dealer's knock ends it at once) (T6)."))
        first31 = {"ends_hand": _("31 in the first round ends the hand like any 31 (T7)."),
                   "wins_game": _("31 in the first round wins the whole game (T7)."),
                   "redeal": _("31 in the first round cancels the hand, which is dealt again (T7).")}[self.first_round_31]
        return "\n".join([
            ngettext("Each player starts with {n} life (T3).", "Each player starts with {n} lives (T3).",
                     self.lives).format(n=self.lives),
            _("Three of a kind of Aces or figures scores 30 (T2).") if self.three_of_a_kind_30
            else _("Only cards of one suit add up; three of a kind has no special value (T2)."),
            _("A turn is: discard, then draw (T5 option).") if self.discard_first
            else _("A turn is: draw from the stock or the discard pile, then discard (T5)."),
            knock.format(score=self.knock_minimum),
            _("A 31 ends the hand: every other player loses a life, except those who have 30 (T7).")
            if self.spare_thirty else _("A 31 ends the hand: every other player loses a life (T7)."),
            first31,
            _("When the last two players tie, the knocker loses a life; if one of them has two or more "
              "lives, both lose one (T9).") if self.last_two_both_lose else
            _("When the last two players tie, the knocker loses a life (T6, T9)."),
        ])


DEFAULT_RULES = TrentunoRules()


def _rules(rules) -> TrentunoRules:
    """``rules=`` of every Trentuno function: None (the default) or a :class:`TrentunoRules`."""
    return rules_or_default(rules, TrentunoRules, DEFAULT_RULES,
                            N_("rules must be a TrentunoRules (or None for the default), got {value}"))
