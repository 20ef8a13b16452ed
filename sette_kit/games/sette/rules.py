"""The rules object: one field per option of docs/rules.md §2, and the three presets.

Where the sources disagree, the disagreement is a field here and each preset picks a
value.  ``Rules`` is a frozen dataclass: vary it with :func:`dataclasses.replace`
(or :meth:`Rules.replace`, which also validates).

>>> r = Rules.preset("italian")
>>> r.matta, r.reale_payout, r.dealer_reale_collects_double
(Card('Re', 'denari'), 2, True)
>>> Rules.preset("plain").matta is None
True
>>> r.replace(matta=None).matta_whole_only
False
>>> Rules.preset("plain").replace(matta_whole_only=True)
Traceback (most recent call last):
...
sette_kit.errors.SetteKitError: matta_whole_only=True needs a matta: set matta to a figure such as Card('Re', 'denari') (S4)
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Literal

from ...cards import Card, FACES, FaceName, Rank, Suit
from ...errors import SetteKitError
from ...i18n import N_, _, get_language, pgettext
from ...numbers import shown

__all__ = ["Rules", "PRESETS", "STAKE_TIMINGS", "BANK_PASSING", "SUIT_PRIORITY", "as_rules", "DEFAULT_PRESET"]

StakeTiming = Literal["after_first_card", "before_deal"]
"""When the stakes are placed (S9)."""
STAKE_TIMINGS: tuple[StakeTiming, ...] = ("after_first_card", "before_deal")  # S9: 000 / 001
BANK_PASSING = ("reale", "sette_e_mezzo", "never")  # S17: 000 / 001 / the bank never passes by a win

# S17 (000 as written): the order in which a reale takes the bank when several players
# make one.  The seed pairs the French and Italian suits differently from the D1 table,
# so the order is given per face, exactly as written: 1. hearts / swords,
# 2. diamonds / cups, 3. clubs / coins, 4. spades / batons.
SUIT_PRIORITY = {
    "italian": (Suit.SPADE, Suit.COPPE, Suit.DENARI, Suit.BASTONI),
    "spanish": (Suit.SPADE, Suit.COPPE, Suit.DENARI, Suit.BASTONI),
    "french": (Suit.COPPE, Suit.DENARI, Suit.BASTONI, Suit.SPADE),
}

_HALF = Fraction(1, 2)
_WHOLE_VALUES = tuple(Fraction(v) for v in range(1, 8))  # S4: the matta's values beside other cards
_ALL_VALUES = (_HALF,) + _WHOLE_VALUES


_PRESET_LABELS = {"italian": lambda: pgettext("rules", "italian"), "spanish": lambda: pgettext("rules", "spanish"),
                  "plain": lambda: pgettext("rules", "plain"), "custom": lambda: pgettext("rules", "custom")}


def preset_label(name: str) -> str:
    """A preset's name (``"italian"``, ``"spanish"``, ``"plain"``, ``"custom"``) as the
    learner reads it in the current language, as in "the {name} rules"; any other name
    as it is.

    >>> preset_label("italian"), preset_label("my rules")
    ('italian', 'my rules')
    """
    return _PRESET_LABELS[name]() if name in _PRESET_LABELS else name


@dataclass(frozen=True)
class Rules:
    """All options of Sette e mezzo (docs/rules.md S3-S23).  Immutable; validated on creation.

    Where the sources can be read in more than one way, the reading is an option, and
    each preset takes one (docs/rules.md's terms; 000 is the Italian encyclopedia article,
    001 the Spanish rules page):

    * **S15, the bank's reale** - ``dealer_reale_collects_double``: the bank's reale
      collects double from every player without a reale and a single stake from those
      who also made one (000; ``italian``), or it collects single stakes only (001; the
      ``spanish`` and ``plain`` presets have no reale at all).  The bank "need not give
      up the bank unless other players have a 7½ of higher value" (000): with
      ``bank_passing="reale"`` a player whose reale is of a higher suit than the bank's
      reale (the order of S17) takes the bank even though he pays his single stake.
    * **S16, reale against reale** - ``true_reale_beats_matta_reale``.  ``False``, the
      literal reading of 000 and the ``italian`` default: the bank's reale, of either
      kind, collects a single stake from a player's reale of either kind (000: "collects
      a single stake from those who also made a reale"; its next sentence, on the matta,
      is garbled in translation).  ``True``: a true reale (a 7 and a figure) beats a
      reale made with the matta, so a player's true reale is paid double against the
      bank's matta reale, and a player's matta reale loses a single stake to the bank's
      true reale; two reali of one kind still tie, and the bank wins ties.
    * **S13, ties** - ``dealer_wins_ties``: the bank wins all ties (000, 001, every
      preset), except that a reale beats a 7½ of more cards (S5); ``False`` is a
      teaching variant where ties push.
    * **S14, the matta's 7½** - ``matta_sette_payout``: 1 in every preset; pagat's ×3
      is an option.  A reale made with the matta is paid the larger of
      ``reale_payout`` and ``matta_sette_payout``.

    The game is called Siete y media with the Spanish face (:attr:`game_name`) and
    Sette e mezzo otherwise.
    """

    name: str = "custom"
    face: FaceName = "italian"  # D1: how cards are named and drawn
    # S3-S4: the wild card
    matta: Card | None = Card(Rank.RE, Suit.DENARI)
    matta_whole_only: bool = False  # S4 variant: the matta takes 1-7 only, never 1/2
    # S5, S14: the two-card 7 1/2
    reale: bool = True  # a two-card 7 1/2 is a reale, which beats a many-card 7 1/2
    reale_same_suit: bool = True  # S5 (000): the two cards must share a suit
    reale_payout: int = 2  # S14: a player's reale is paid this many stakes
    matta_sette_payout: int = 1  # S14 option (pagat): a 7 1/2 made with the wild matta
    # S6: two sevens
    triple: bool = False
    triple_payout: int = 3
    # S13, S15, S16: the bank's side
    dealer_wins_ties: bool = True  # S13 (all sources); False = ties push (a teaching variant)
    dealer_reale_collects_double: bool = True  # S15: 000 yes, 001 no
    true_reale_beats_matta_reale: bool = False  # S16: False = 000 read literally (see above)
    # S7, S9, S17, S18: the table
    stake_timing: StakeTiming = "after_first_card"  # S9
    bank_passing: str = "reale"  # S17
    triple_takes_bank: bool = True  # S17 (001)
    # S19-S23: optional rules, all off in the base presets
    burn_three_four: bool = False  # S19
    exchange_four: bool = False  # S20
    half_point_ace: bool = False  # S21
    face_down_requests: bool = False  # S22
    split_figures: bool = False  # S23

    def __post_init__(self) -> None:
        self._validate()

    # -- presets ------------------------------------------------------------------------
    @classmethod
    def preset(cls, name: str) -> "Rules":
        """One of the presets of docs/rules.md: 'italian', 'spanish' or 'plain'."""
        try:
            return PRESETS[name]
        except (KeyError, TypeError):
            raise SetteKitError(
                _("unknown preset {name}: accepted presets are {accepted}").format(
                    name=shown(name), accepted=", ".join(map(repr, PRESETS)))
            ) from None

    def replace(self, **changes) -> "Rules":
        """A copy with some fields changed (validated).  The name becomes 'custom'
        unless given, so an altered preset never passes for the original."""
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise SetteKitError(
                _("unknown rule option(s) {options}; accepted: {accepted}").format(
                    options=", ".join(sorted(unknown)), accepted=", ".join(f.name for f in fields(self)))
            )
        changes.setdefault("name", "custom" if any(k != "name" for k in changes) else self.name)
        return dataclasses.replace(self, **changes)

    # -- derived facts --------------------------------------------------------------------
    @property
    def game_name(self) -> str:
        """'Siete y media' with the Spanish face (001), else 'Sette e mezzo'; in Italian
        always 'Sette e mezzo', in Spanish always 'Siete y media'.

        >>> Rules.preset("spanish").game_name, Rules.preset("italian").game_name
        ('Siete y media', 'Sette e mezzo')
        """
        lang = get_language()
        if lang != "en":
            return "Siete y media" if lang == "es" else "Sette e mezzo"
        return "Siete y media" if self.face == "spanish" else "Sette e mezzo"

    @property
    def matta_values(self) -> tuple[Fraction, ...]:
        """The values the matta may take beside other cards (S4); empty without a matta."""
        if self.matta is None:
            return ()
        return _WHOLE_VALUES if self.matta_whole_only else _ALL_VALUES

    def is_matta(self, card: Card) -> bool:
        return self.matta is not None and card == self.matta

    # -- validation ------------------------------------------------------------------------
    def _validate(self) -> None:
        def bad(msg, **values):
            raise SetteKitError(_(msg).format(**values))

        self._check_types()
        if self.face not in FACES:
            bad(N_("face={value} is not a face: accepted {accepted}"), value=shown(self.face),
                accepted=", ".join(map(repr, FACES)))
        if self.matta is not None:
            if not isinstance(self.matta, Card):
                bad(N_("matta={value} must be a Card (a figure) or None (S3)"), value=shown(self.matta))
            if not self.matta.is_figure:
                bad(N_("matta={value} must be a figure (Fante, Cavallo or Re) (S3)"), value=shown(self.matta))
        else:
            if self.matta_whole_only:
                bad(N_("matta_whole_only=True needs a matta: set matta to a figure such as Card('Re', 'denari') (S4)"))
            if self.matta_sette_payout != 1:
                bad(N_("matta_sette_payout needs a matta: without one it must be 1 (S14)"))
        for name in ("reale_payout", "matta_sette_payout", "triple_payout"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 10:
                bad(N_("{name}={value} must be a whole number of stakes from 1 to 10 (S14)"), name=name, value=shown(v))
        if not self.reale:
            if self.reale_payout != 1:
                bad(N_("reale_payout above 1 needs reale=True: without the reale there is no two-card bonus (S5, S14)"))
            if self.dealer_reale_collects_double:
                bad(N_("dealer_reale_collects_double=True needs reale=True (S15)"))
            if self.bank_passing == "reale":
                bad(N_("bank_passing='reale' needs reale=True; use 'sette_e_mezzo' or 'never' (S17)"))
        if self.stake_timing not in STAKE_TIMINGS:
            bad(N_("stake_timing={value}: accepted {accepted} (S9)"), value=shown(self.stake_timing),
                accepted=", ".join(map(repr, STAKE_TIMINGS)))
        if self.bank_passing not in BANK_PASSING:
            bad(N_("bank_passing={value}: accepted {accepted} (S17)"), value=shown(self.bank_passing),
                accepted=", ".join(map(repr, BANK_PASSING)))
        for f in fields(self):
            if f.type in ("bool",) and not isinstance(getattr(self, f.name), bool):
                bad(N_("{name}={value} must be True or False"), name=f.name, value=shown(getattr(self, f.name)))

    def _check_types(self) -> None:
        # every option has the type its annotation gives, before any other check
        from ..._checks import read_name
        from ...numbers import shown

        if not isinstance(self.name, str):
            raise SetteKitError(_("name={value} must be text, such as 'my rules'").format(value=shown(self.name)))
        read_name(self.name, _("the name of the rules"))
        if not isinstance(self.face, str):
            raise SetteKitError(_("face={value} is not a face: accepted {accepted}").format(
                value=shown(self.face), accepted=", ".join(map(repr, FACES))))
        for f in fields(self):
            v = getattr(self, f.name)
            if f.type == "bool" and not isinstance(v, bool):
                raise SetteKitError(_("{name}={value} must be True or False").format(name=f.name, value=shown(v)))
            if f.type == "int" and (not isinstance(v, int) or isinstance(v, bool)):
                message = (_("{name}={value} must be a whole number of stakes from 1 to 10 (S14)") if "payout" in f.name
                           else _("{name}={value} must be a whole number"))
                raise SetteKitError(message.format(name=f.name, value=shown(v)))

    # -- words ---------------------------------------------------------------------------
    def describe(self) -> str:
        """The rules in plain English, one line per rule, for learners.

        >>> print(Rules.preset("plain").describe().splitlines()[1])
        - Cards: Ace to 7 count their number, each figure counts ½ (S1). Over 7½ is bust (S2).
        """
        lines = [self.title() + ":"]
        lines += [f"- {line}" for unused, line in self._lines()]
        return "\n".join(lines)

    def title(self) -> str:
        """The game and the name of the rules: 'Sette e mezzo, italian rules'; a preset's
        name is translated, a name you chose is kept.

        >>> Rules.preset("plain").title()
        'Sette e mezzo, plain rules'
        """
        if self.name in _PRESET_LABELS:
            return _("{game}, {name} rules").format(game=self.game_name, name=preset_label(self.name))
        return _("{game}, rules: {name}").format(game=self.game_name, name=self.name) if get_language() != "en" \
            else f"{self.game_name}, {self.name} rules"

    def differences(self, other: "Rules") -> list[tuple[str, str, str]]:
        """What changes from ``self`` to ``other``: (topic, old sentence, new sentence).
        A rule that only one side has is paired with "(not in these rules)".

        >>> [k for k, _, _ in Rules.preset("italian").differences(Rules.preset("spanish"))][:3]
        ['deck', 'matta', 'reale']
        >>> Rules.preset("italian").differences("spanish")[3][2]
        '(not in these rules)'
        """
        other = as_rules(other)
        mine, theirs = dict(self._lines()), dict(other._lines())
        keys = list(mine) + [k for k in theirs if k not in mine]
        absent = _("(not in these rules)")
        return [(k, mine.get(k, absent), theirs.get(k, absent)) for k in keys if mine.get(k) != theirs.get(k)]

    def _lines(self) -> list[tuple[str, str]]:
        deck = {"italian": _("Deck: 40 cards, Italian face (D1)."),
                "french": _("Deck: 40 cards, French face (D1)."),
                "spanish": _("Deck: 40 cards, Spanish face (D1).")}[self.face]
        out = [
            ("cards", _("Cards: Ace to 7 count their number, each figure counts ½ (S1). Over 7½ is bust (S2).")),
            ("deck", deck),
        ]
        if self.matta is None:
            out.append(("matta", _("No wild card (S3).")))
        else:
            vals = _("any whole number 1-7") if self.matta_whole_only else _("½ or any whole number 1-7")
            label, name = self.matta.label(self.face), self.matta.name(self.face)
            card = label + (f" ({name})" if name != label else "")
            out.append(("matta", _("Wild card (matta): the {card}. Alone it counts ½; with other cards it takes "
                                   "{values}, whichever scores best (S3, S4).").format(card=card, values=vals)))
        if self.reale:
            text = (_("Sette e mezzo reale: 7½ with exactly two cards of the same suit - a 7 and a figure, or the "
                      "matta and a figure - beats a 7½ of more cards and is paid {times} (S5, S14).")
                    if self.reale_same_suit else
                    _("Sette e mezzo reale: 7½ with exactly two cards of any suits - a 7 and a figure, or the "
                      "matta and a figure - beats a 7½ of more cards and is paid {times} (S5, S14)."))
            out.append(("reale", text.format(times=_times(self.reale_payout))))
            if self.matta is not None:
                out.append(("reale_rank",
                            _("A true reale (a 7 and a figure) beats a reale made with the matta: a player's true "
                              "reale beats the bank's reale made with the matta, and a player's reale made with "
                              "the matta loses to the bank's true reale (S16).")
                            if self.true_reale_beats_matta_reale else
                            _("Reale against reale: the bank's reale, of either kind, collects a single stake "
                              "from a player who also made a reale (S15, S16).")))
        else:
            out.append(("reale", _("No bonus for a two-card 7½: every 7½ is the same hand, paid even money.")))
        if self.matta_sette_payout > 1:
            out.append(("matta_pay", _("A 7½ made with the wild matta is paid {times} (S14).").format(
                times=_times(self.matta_sette_payout))))
        if self.triple:
            out.append(("triple", _("Sette e mezzo triplé: exactly two 7s beats every other hand, must be shown "
                                    "at once and is paid {times} (S6, S14).").format(times=_times(self.triple_payout))))
        if self.dealer_wins_ties:
            ties = (_("The bank wins all ties (S13), except that a reale beats a 7½ of more cards (S5).")
                    if self.reale else _("The bank wins all ties (S13)."))
        else:
            ties = _("Ties are a push: nobody pays (a teaching variant of S13).")
        out.append(("ties", ties))
        if self.reale:
            out.append(("dealer_reale", _("The bank's reale collects double from every player without one, and a "
                                          "single stake from a player who also made a reale (S15).")
                        if self.dealer_reale_collects_double
                        else _("The bank's two-card 7½ collects single stakes only (S15).")))
        out.append(("stakes", _("Stakes are placed after looking at the first card (S9).")
                    if self.stake_timing == "after_first_card" else _("Stakes are placed before the deal (S9).")))
        passing = {
            "reale": N_("A player who wins with a reale takes the bank; if several do, the highest suit takes it. "
                        "The bank's own reale keeps the bank, unless a player's reale is of a higher suit (S15). "
                        "Otherwise the bank passes to the right when the deck is used up (S17)."),
            "sette_e_mezzo": N_("A player who makes 7½ with any number of cards takes the bank; if several do, "
                                "the one nearest the bank's right (S17)."),
            "never": N_("The bank passes to the right only when the deck is used up (S17)."),
        }[self.bank_passing]
        passing = _(passing)
        if self.triple and self.triple_takes_bank:
            passing += " " + _("A triplé also takes the bank.")
        out.append(("bank", passing))
        options = [
            (self.burn_three_four, "burn", N_("A first card 3 or 4 may be burnt for another (S19).")),
            (self.exchange_four, "exchange", N_("A first card 4 may be exchanged for a new card (S20).")),
            (self.half_point_ace, "half_ace",
             N_("A first-card ace may be declared worth ½; later cards then come face down (S21).")),
            (self.face_down_requests, "face_down",
             N_("A card may be asked face down, one hidden card at a time (S22).")),
            (self.split_figures, "split",
             N_("Two figures may be split into two hands, the second stake at least the first (S23).")),
        ]
        out += [(key, _(text)) for on, key, text in options if on]
        return [(key, _halves(text)) for key, text in out]


def _halves(text: str) -> str:
    """Halves written as the kit writes them everywhere else: '7 1/2' -> '7½', '1/2' -> '½'.

    >>> _halves("Over 7 1/2 is bust; a figure counts 1/2.")
    'Over 7½ is bust; a figure counts ½.'
    """
    return re.sub(r"\b(\d+) 1/2\b", r"\1½", text).replace("1/2", "½")


DEFAULT_PRESET = "italian"
"""The kit's default preset (Sette e mezzo as the Italian source plays it).  The one
policy for defaults: a function that has a default preset names it in its own signature
(``rules: Rules | str = "plain"``), where a reader sees it; ``rules=None`` passed on its
own is refused with a message that names what is accepted, never read as a silent
default."""


def as_rules(rules, default: str | None = None) -> Rules:
    """``rules`` as a :class:`Rules`: a Rules object or a preset name ('italian', 'spanish',
    'plain').  The one door for every function of the kit that takes ``rules``; every one
    takes a preset name too.  ``default`` (a preset name) is what None means where a
    function's signature has ``rules=None`` for historical reasons; elsewhere None is an
    error (see :data:`DEFAULT_PRESET`).

    >>> as_rules("plain") is PRESETS["plain"], as_rules(None, "plain").name
    (True, 'plain')
    >>> as_rules(None)
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: rules=None: give a Rules object or a preset name: 'italian', 'spanish' or 'plain'
    """
    if isinstance(rules, Rules):
        return rules
    if rules is None and default is not None:
        return PRESETS[default]
    if isinstance(rules, str):
        return Rules.preset(rules)
    from ...numbers import shown

    raise SetteKitError(_("rules={value}: give a Rules object or a preset name: 'italian', 'spanish' or "
                          "'plain'").format(value=shown(rules)))


def _times(n: int) -> str:
    return {1: _("even money"), 2: _("double"), 3: _("triple")}.get(n) or _("{n} times the stake").format(n=n)


PRESETS: dict[str, Rules] = {
    # 000 as written; S16 read literally (true_reale_beats_matta_reale=False)
    "italian": Rules(name="italian"),
    # Siete y media, the main rules of 001
    "spanish": Rules(
        name="spanish",
        face="spanish",
        matta=None,
        reale=False,
        reale_payout=1,
        dealer_reale_collects_double=False,
        stake_timing="before_deal",
        bank_passing="sette_e_mezzo",
        face_down_requests=True,
        split_figures=True,
    ),
    # the probability model: no matta, no bonuses, even money, ties to the bank
    "plain": Rules(
        name="plain",
        matta=None,
        reale=False,
        reale_payout=1,
        dealer_reale_collects_double=False,
        bank_passing="never",
    ),
}
