"""Card pictures as small, self-contained inline SVG (RULES D1: three faces of one deck).

Every picture is one ``<svg>`` string with ``role="img"``, an ``aria-label`` and a
``<title>`` (its text equivalent), no external files, no ``id`` attributes (so any number
of cards can share one page), and a few KB in size.  It is meant to be put into an
``ipywidgets.HTML`` (works in JupyterLab, Voilà and static exports).

Conventions other widgets rely on:

- :func:`card_svg` draws one card; :func:`back_svg` a face-down card; :func:`hand_html`
  a row of cards (a ``<div class="sk-hand" role="group">`` with the hand read out in
  its ``aria-label``), the matta marked when the rules make it wild.
- Suits have distinct *shapes* as well as colours (Okabe-Ito palette), so colour-blind
  viewers can tell them apart: Italian cups (a goblet), coins (a ringed coin), batons (a
  knotted club), swords (a blade with a hilt); the Spanish pack has its own drawing of the
  same four and the *pinta* (gaps in the frame: none for oros, one for copas, two for
  espadas, three for bastos); the French face uses the standard ♥ ♦ ♣ ♠ shapes in
  four colours.
- Figures are framed drawn figures that tell apart at a glance, even without colour
  (one look for the kit): the Fante a page standing in a feathered cap, the Cavallo a rider on a
  horse (the French Queen a lady in a gown and tiara), the Re a crowned, bearded king
  before his throne with a sceptre; the rank letter (F/C/R, J/Q/K, S/C/R) is in the
  corners, the rank name written large at the foot.
- Size: ``size`` is the width the widget asks for, written as the ``width`` attribute
  and as ``--sk-card-w`` in the ``style``; the kit's theme scales it
  (``--sk-card-zoom``, at least ``--sk-card-min``: bigger cards generally, 112 px or
  more in projector mode).
- The matta, when wild, gets a thick purple dashed border, a star and its name as the
  page says it ("MATTA"; "COMODÍN" in Spanish).
- A page draws the deck of its language (:func:`sette_kit.cards.shown_face`):
  :func:`hand_html` draws the Italian and the Spanish faces as the Italian deck on an
  Italian page and as the Spanish deck on a Spanish one; :func:`card_svg` draws the face
  it is given.  French figures carry J, Q, K (as printed French cards), in any language.

>>> from sette_kit import Card
>>> svg = card_svg(Card(7, "coppe"))
>>> svg.startswith("<svg") and 'role="img"' in svg and 'aria-label="7 of cups"' in svg
True
>>> "<title>7 of cups</title>" in svg and len(svg) < 6000
True
>>> 'aria-label="King of coins, the matta (wild card)"' in card_svg(Card("Re", "denari"), matta=True)
True
>>> 'aria-label="a face-down card"' in card_svg(Card(7, "coppe"), hidden=True)
True
"""

from __future__ import annotations

import html
from typing import Iterable

from sette_kit.cards import FACES, Card, FaceName, Rank, Suit, shown_face
from sette_kit.errors import SetteKitError
from sette_kit.i18n import _, pgettext

__all__ = ["card_svg", "back_svg", "hand_html", "SUIT_COLOURS", "card_label", "CARD_CSS", "read_card_size",
           "read_face", "MIN_CARD_SIZE", "MAX_CARD_SIZE"]

MIN_CARD_SIZE, MAX_CARD_SIZE = 16, 400
"""The card widths (pixels) the widgets draw: ``card_size=`` is checked against them."""


def read_card_size(value, what: str = "card_size") -> int:
    """A card width in pixels, from :data:`MIN_CARD_SIZE` to :data:`MAX_CARD_SIZE` (bad input:
    ``card_size='big'`` or ``-5`` is a clear error where the widget is made).

    >>> read_card_size(56), read_card_size(72.0)
    (56, 72)
    """
    from sette_kit.numbers import read_whole

    return read_whole(value, what, MIN_CARD_SIZE, MAX_CARD_SIZE, text=False,
                      accepted=_("a card width in pixels from {lo} to {hi}").format(lo=MIN_CARD_SIZE,
                                                                                     hi=MAX_CARD_SIZE))


def read_face(face, what: str = "face") -> FaceName:
    """One of the deck's faces ('italian', 'french', 'spanish'), else a SetteKitError."""
    from sette_kit.cards import _check_face

    return _check_face(face).key

# Okabe-Ito colours: distinguishable with the common colour-vision deficiencies.
VERMILLION, ORANGE, GREEN, BLUE, BLACK, PURPLE = "#D55E00", "#E69F00", "#009E73", "#0072B2", "#222222", "#CC79A7"
INK = "#333333"

SUIT_COLOURS = {
    "italian": {Suit.COPPE: VERMILLION, Suit.DENARI: ORANGE, Suit.BASTONI: GREEN, Suit.SPADE: BLUE},
    "spanish": {Suit.COPPE: VERMILLION, Suit.DENARI: ORANGE, Suit.BASTONI: GREEN, Suit.SPADE: BLUE},
    # the four-colour French deck: hearts red, diamonds blue, clubs green, spades black
    "french": {Suit.COPPE: VERMILLION, Suit.DENARI: BLUE, Suit.BASTONI: GREEN, Suit.SPADE: BLACK},
}
"""Fill colour of each suit, per face."""

W, H = 100, 150  # the viewBox of every card

# ---------------------------------------------------------------------------------
# Suit shapes: each is SVG drawn around (0, 0), about 24 units across.
# ---------------------------------------------------------------------------------

def _italian_cup(c: str) -> str:
    return (f'<path d="M-10-11H10Q10 1 2 3V7Q7 8 7 11H-7Q-7 8-2 7V3Q-10 1-10-11Z" fill="{c}" '
            f'stroke="{INK}" stroke-width="1.2" stroke-linejoin="round"/>'
            f'<path d="M-10-11H10" stroke="{INK}" stroke-width="2"/>'
            f'<path d="M-6-6H6" stroke="#fff" stroke-width="1.3" opacity=".7"/>')


def _italian_coin(c: str) -> str:
    return (f'<circle r="11" fill="{c}" stroke="{INK}" stroke-width="1.2"/>'
            f'<circle r="7.5" fill="none" stroke="{INK}" stroke-width="1"/>'
            f'<circle r="3" fill="{INK}"/>'
            f'<circle r="1.2" fill="{c}"/>')


def _italian_baton(c: str) -> str:  # a long cudgel: knob at the top, wood grain, knots
    return (f'<g transform="rotate(28)"><path d="M-2.2 13L-3.2-7Q-6.5-9-5.5-12.5Q-3-15.5 0-14.5Q3-15.5 5.5-12.5'
            f'Q6.5-9 3.2-7L2.2 13Q0 14.5-2.2 13Z" fill="{c}" stroke="{INK}" stroke-width="1.2" '
            f'stroke-linejoin="round"/>'
            f'<path d="M0-11V11" stroke="{INK}" stroke-width=".6" opacity=".6"/>'
            f'<ellipse cx="-1.2" cy="-1" rx="1.2" ry="2" fill="none" stroke="{INK}" stroke-width=".9"/>'
            f'<ellipse cx="1.1" cy="6" rx="1" ry="1.8" fill="none" stroke="{INK}" stroke-width=".9"/>'
            f'<path d="M-3.8 13.5H3.8" stroke="{INK}" stroke-width="1.6" stroke-linecap="round"/></g>')


def _italian_sword(c: str) -> str:
    return (f'<g transform="rotate(-28)"><path d="M0-14L2.5-9V4H-2.5V-9Z" fill="{c}" stroke="{INK}" '
            f'stroke-width="1.1" stroke-linejoin="round"/>'
            f'<path d="M0-9V3" stroke="#fff" stroke-width=".8" opacity=".8"/>'
            f'<rect x="-7" y="4" width="14" height="2.6" rx="1.2" fill="{INK}"/>'
            f'<rect x="-1.4" y="6.6" width="2.8" height="5" fill="{INK}"/>'
            f'<circle cy="12.6" r="2" fill="{INK}"/></g>')


def _spanish_cup(c: str) -> str:  # a lidded chalice with a knob on the stem
    return (f'<path d="M-9-7H9Q9 2 2 4V6H4V8H2V9Q7 9 7 12H-7Q-7 9-2 9V8H-4V6H-2V4Q-9 2-9-7Z" '
            f'fill="{c}" stroke="{INK}" stroke-width="1.1" stroke-linejoin="round"/>'
            f'<path d="M-10-7Q0-16 10-7Z" fill="{c}" stroke="{INK}" stroke-width="1.1"/>'
            f'<circle cy="-13" r="2" fill="{INK}"/>')


def _spanish_coin(c: str) -> str:  # a sun-faced coin with rays
    rays = "".join(f'<path d="M0-12.5V-9" transform="rotate({a})" stroke="{INK}" stroke-width="1.3"/>'
                   for a in range(0, 360, 45))
    return (f'<circle r="12" fill="{c}" stroke="{INK}" stroke-width="1.2"/>{rays}'
            f'<circle r="6.5" fill="#fff3c4" stroke="{INK}" stroke-width="1"/>'
            f'<circle cx="-2.2" cy="-1.3" r=".9" fill="{INK}"/><circle cx="2.2" cy="-1.3" r=".9" fill="{INK}"/>'
            f'<path d="M-2.5 2Q0 4 2.5 2" fill="none" stroke="{INK}" stroke-width=".9"/>')


def _spanish_club(c: str) -> str:  # a lumpy, knotted cudgel, nearly upright
    return (f'<g transform="rotate(12)"><path d="M-2 13L-3 5Q-5.5 4-4 1L-5-4Q-8-5-6-8Q-7-14 0-14Q7-14 6-8'
            f'Q8-6 5-3L4 3Q6 5 3 6L2 13Q0 15-2 13Z" fill="{c}" stroke="{INK}" stroke-width="1.2" '
            f'stroke-linejoin="round"/>'
            f'<path d="M-2-9L2-6M-1 0L2 1" stroke="{INK}" stroke-width="1" stroke-linecap="round"/></g>')


def _spanish_sword(c: str) -> str:  # a straight sword with a curved guard, upright
    return (f'<path d="M0-15L2.3-10V4H-2.3V-10Z" fill="{c}" stroke="{INK}" stroke-width="1.1" '
            f'stroke-linejoin="round"/>'
            f'<path d="M-8 2Q0 8 8 2" fill="none" stroke="{INK}" stroke-width="2.4" stroke-linecap="round"/>'
            f'<rect x="-1.5" y="5" width="3" height="6" fill="{INK}"/><circle cy="12.5" r="2.2" fill="{INK}"/>')


def _heart(c: str) -> str:
    return (f'<path d="M0 11C-4-2-12-2-12-7C-12-12-4-13 0-7C4-13 12-12 12-7C12-2 4-2 0 11Z" '
            f'fill="{c}" stroke="{INK}" stroke-width=".8"/>')


def _diamond(c: str) -> str:
    return f'<path d="M0-13L9 0L0 13L-9 0Z" fill="{c}" stroke="{INK}" stroke-width=".8"/>'


def _club(c: str) -> str:
    return (f'<g fill="{c}" stroke="{INK}" stroke-width=".8"><circle cy="-6" r="5.2"/>'
            f'<circle cx="-6" cy="2" r="5.2"/><circle cx="6" cy="2" r="5.2"/>'
            f'<path d="M-1 2H1L3 12H-3Z"/></g>')


def _spade(c: str) -> str:
    return (f'<path d="M0-12C4-6 12-3 12 3C12 8 5 9 1.5 5L3 12H-3L-1.5 5C-5 9-12 8-12 3C-12-3-4-6 0-12Z" '
            f'fill="{c}" stroke="{INK}" stroke-width=".8"/>')


_SHAPES = {
    "italian": {Suit.COPPE: _italian_cup, Suit.DENARI: _italian_coin, Suit.BASTONI: _italian_baton,
                Suit.SPADE: _italian_sword},
    "spanish": {Suit.COPPE: _spanish_cup, Suit.DENARI: _spanish_coin, Suit.BASTONI: _spanish_club,
                Suit.SPADE: _spanish_sword},
    "french": {Suit.COPPE: _heart, Suit.DENARI: _diamond, Suit.BASTONI: _club, Suit.SPADE: _spade},
}

# Where the pips go on cards 1-7 (centres in the 100x150 viewBox), like real cards.
_PIPS = {
    1: [(50, 75)],
    2: [(50, 42), (50, 108)],
    3: [(50, 38), (50, 75), (50, 112)],
    4: [(32, 44), (68, 44), (32, 106), (68, 106)],
    5: [(32, 42), (68, 42), (50, 75), (32, 108), (68, 108)],
    6: [(32, 40), (68, 40), (32, 75), (68, 75), (32, 110), (68, 110)],
    7: [(32, 38), (68, 38), (50, 56), (32, 75), (68, 75), (32, 112), (68, 112)],
}
_PIP_SCALE = {1: 2.1, 2: 1.25, 3: 1.15, 4: 1.15, 5: 1.05, 6: 1.05, 7: 1.0}


def suit_shape(suit: Suit, face: FaceName, x: float, y: float, scale: float = 1.0) -> str:
    """The suit's shape as an SVG group centred at (x, y); for reuse in other drawings."""
    colour = SUIT_COLOURS[face][suit]
    return f'<g transform="translate({x:g} {y:g}) scale({scale:g})">{_SHAPES[face][suit](colour)}</g>'


def card_label(card: Card, face: FaceName = "italian", matta: bool = False) -> str:
    """The text equivalent of a card picture: '7 of cups', 'King of coins, the matta (wild card)'."""
    label = card.label(face)
    return _("{card}, the matta (wild card)").format(card=label) if matta else label


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _open(label: str, size: int, extra_class: str = "") -> str:
    cls = "sk-card" + (f" {extra_class}" if extra_class else "")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" viewBox="0 0 {W} {H}" '
            f'width="{size}" height="{round(size * 1.5)}" style="--sk-card-w:{size}px" role="img" '
            f'aria-label="{_esc(label)}">'
            f'<title>{_esc(label)}</title>')


def _frame(face: FaceName, suit: Suit) -> str:
    """The white card; the Spanish face adds the frame with the pinta (D1)."""
    out = '<rect x="1" y="1" width="98" height="148" rx="8" fill="#fff" stroke="#555" stroke-width="1.5"/>'
    if face == "spanish":
        # la pinta: the frame's sides are broken by 0 (oros), 1 (copas), 2 (espadas) or 3 (bastos) gaps
        gaps = {Suit.DENARI: 0, Suit.COPPE: 1, Suit.SPADE: 2, Suit.BASTONI: 3}[suit]
        colour = SUIT_COLOURS[face][suit]
        dash = f' stroke-dasharray="{_dashes(gaps)}"' if gaps else ""
        out += (f'<path d="M20 7H80M20 143H80" stroke="{colour}" stroke-width="1.6"/>'
                f'<path d="M20 7V143M80 7V143" fill="none" stroke="{colour}" stroke-width="1.6"{dash}/>')
    return out


def _dashes(gaps: int) -> str:
    # a side line is 136 long; split it by `gaps` gaps of 7
    seg = (136 - gaps * 7) / (gaps + 1)
    return " ".join([f"{seg:.1f} 7"] * gaps + [f"{seg:.1f} 0"])


def _index(card: Card, face: FaceName) -> str:
    """Corner indices: rank code and a small suit, top-left and (rotated) bottom-right."""
    f = FACES[face]
    rank = f.rank_codes[card.rank]
    colour = SUIT_COLOURS[face][card.suit]
    x = 11 if face != "spanish" else 10.5
    one = (f'<text x="{x}" y="19" font-family="Georgia,serif" font-size="17" font-weight="bold" '
           f'text-anchor="middle" fill="{colour}" stroke="{INK}" stroke-width=".35">{rank}</text>'
           + suit_shape(card.suit, face, x, 30, 0.42))
    return one + f'<g transform="rotate(180 50 75)">{one}</g>'


def _pips(card: Card, face: FaceName) -> str:
    n = int(card.rank)
    s = _PIP_SCALE[n]
    if face == "spanish":  # leave room for the frame on the left
        return "".join(suit_shape(card.suit, face, 50 + (x - 50) * 0.8, y, s * 0.92) for x, y in _PIPS[n])
    return "".join(suit_shape(card.suit, face, x, y, s) for x, y in _PIPS[n])


SKIN, HAIR, HORSE = "#f6dcc0", "#6b4423", "#f3e9d8"
LABEL_W = 58  # the name label at a figure's foot, units wide (over the Spanish frame's lines)


def _head(x: float, y: float, r: float = 6.5) -> str:
    return (f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{SKIN}" stroke="{INK}" stroke-width="1.1"/>'
            f'<circle cx="{x - 2.4:g}" cy="{y - 0.6:g}" r=".9" fill="{INK}"/>'
            f'<circle cx="{x + 2.4:g}" cy="{y - 0.6:g}" r=".9" fill="{INK}"/>')


def _crown(x: float, y: float, w: float = 16, colour: str = ORANGE) -> str:
    """A pointed crown whose base sits at (x, y), ``w`` wide."""
    h, a = w / 2, w / 16
    return (f'<path d="M{x - h:g} {y:g}L{x - h - a:g} {y - 11 * a:g}L{x - h / 2:g} {y - 5 * a:g}L{x:g} {y - 13 * a:g}'
            f'L{x + h / 2:g} {y - 5 * a:g}L{x + h + a:g} {y - 11 * a:g}L{x + h:g} {y:g}Z" fill="{colour}" '
            f'stroke="{INK}" stroke-width="1" stroke-linejoin="round"/>'
            f'<circle cx="{x:g}" cy="{y - 3 * a:g}" r="{1.5 * a:g}" fill="{VERMILLION}"/>')


def _tiara(x: float, y: float) -> str:
    return (f'<path d="M{x - 7:g} {y:g}L{x - 5:g} {y - 6:g}L{x - 2:g} {y - 3:g}L{x:g} {y - 8:g}L{x + 2:g} {y - 3:g}'
            f'L{x + 5:g} {y - 6:g}L{x + 7:g} {y:g}Z" fill="#fff3c4" stroke="{INK}" stroke-width=".9"/>'
            f'<circle cx="{x:g}" cy="{y - 8:g}" r="1.4" fill="{INK}"/>')


def _fante(c: str, suit: Suit, face: FaceName) -> str:
    """The Fante (Jack, Sota): a young page standing, cap and feather, holding up the suit."""
    return (f'<path d="M45 86L44 104M55 86L56 104" stroke="{INK}" stroke-width="4.2" stroke-linecap="round"/>'
            f'<path d="M38 58Q50 51 62 58L64 88Q50 92 36 88Z" fill="{c}" stroke="{INK}" stroke-width="1.2" '
            f'stroke-linejoin="round"/>'
            f'<path d="M37.5 76H62.5" stroke="{INK}" stroke-width="1.6"/>'
            f'<path d="M50 56V88" stroke="#fff" stroke-width="1.2" opacity=".7"/>'
            f'<path d="M39 61L33 79M61 61L66 70" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>'
            + _head(50, 45)
            + f'<path d="M42 42Q49 31 59 38L60 41Z" fill="{c}" stroke="{INK}" stroke-width="1"/>'
              f'<path d="M57 37Q63 27 71 28" fill="none" stroke="{INK}" stroke-width="1.5"/>'
            + suit_shape(suit, face, 68, 66, 0.5))


def _cavallo(c: str, suit: Suit, face: FaceName) -> str:
    """The Cavallo (Caballo): a rider on a horse, as on the Italian and Spanish packs."""
    legs = "".join(f'<path d="M{x0} {y0}L{x1} 106" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>'
                   for x0, y0, x1 in ((38, 88, 35), (44, 90, 45), (58, 90, 57), (64, 87, 67)))
    return (legs
            + f'<path d="M66 82Q76 86 71 100" fill="none" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>'
              f'<ellipse cx="51" cy="83" rx="17" ry="8.5" fill="{HORSE}" stroke="{INK}" stroke-width="1.2"/>'
              f'<path d="M39 82L31 66L25 74Q23 78 27 78L33 75L38 88Z" fill="{HORSE}" stroke="{INK}" '
              f'stroke-width="1.2" stroke-linejoin="round"/>'
              f'<path d="M31 66L33 61L35 67" fill="{HORSE}" stroke="{INK}" stroke-width="1"/>'
              f'<path d="M33 65Q38 70 40 78" fill="none" stroke="{INK}" stroke-width="2"/>'
              f'<circle cx="29.5" cy="70" r=".9" fill="{INK}"/>'
              f'<path d="M45 76H60L59 90H46Z" fill="{c}" stroke="{INK}" stroke-width="1"/>'
              f'<path d="M49 60Q54 57 59 60L60 78H47Z" fill="{c}" stroke="{INK}" stroke-width="1.1" '
              f'stroke-linejoin="round"/>'
              f'<path d="M51 80L49 93" stroke="{INK}" stroke-width="3.4" stroke-linecap="round"/>'
              f'<path d="M58 63L64 58" stroke="{INK}" stroke-width="2.6" stroke-linecap="round"/>'
            + _head(54, 51, 5.8)
            + f'<path d="M48 48Q54 40 60 48Z" fill="{c}" stroke="{INK}" stroke-width=".9"/>'
            + suit_shape(suit, face, 67, 52, 0.45))


def _queen(c: str, suit: Suit, face: FaceName) -> str:
    """The Queen of the French face: a long gown and a tiara."""
    return (f'<path d="M42 45Q41 60 37 64H63Q59 60 58 45Z" fill="{HAIR}"/>'
            f'<path d="M44 58Q50 53 56 58L67 104H33Z" fill="{c}" stroke="{INK}" stroke-width="1.2" '
            f'stroke-linejoin="round"/>'
            f'<path d="M36 92Q50 97 64 92" fill="none" stroke="#fff" stroke-width="1.6" opacity=".8"/>'
            f'<path d="M45 62L40 78M55 62L61 72" stroke="{INK}" stroke-width="2.6" stroke-linecap="round"/>'
            + _head(50, 47) + _tiara(50, 41)
            + suit_shape(suit, face, 64, 76, 0.5))


def _re(c: str, suit: Suit, face: FaceName) -> str:
    """The Re (King, Rey): crowned, bearded, in a wide robe before his throne, with a sceptre."""
    return (f'<rect x="33" y="38" width="34" height="58" rx="5" fill="{c}" fill-opacity=".3" stroke="{INK}" '
            f'stroke-width="1"/>'
            f'<path d="M40 58Q50 53 60 58L69 104H31Z" fill="{c}" stroke="{INK}" stroke-width="1.2" '
            f'stroke-linejoin="round"/>'
            f'<rect x="31" y="98" width="38" height="6" fill="#fff" stroke="{INK}" stroke-width=".8"/>'
            f'<path d="M36 101h1M43 101h1M50 101h1M57 101h1M64 101h1" stroke="{INK}" stroke-width="1.6"/>'
            f'<path d="M41 59Q50 66 59 59" fill="none" stroke="#fff" stroke-width="3"/>'
            f'<path d="M36 56V97" stroke="{INK}" stroke-width="2.2"/><circle cx="36" cy="54" r="3" fill="{ORANGE}" '
            f'stroke="{INK}" stroke-width=".8"/>'
            f'<path d="M41 62L36 70M59 62L63 70" stroke="{INK}" stroke-width="2.6" stroke-linecap="round"/>'
            + _head(50, 47, 7)
            + f'<path d="M43.5 49Q50 62 56.5 49Q50 53 43.5 49Z" fill="{HAIR}" stroke="{INK}" stroke-width=".6"/>'
            + _crown(50, 41, 15)
            + suit_shape(suit, face, 64, 75, 0.5))


def _figure(card: Card, face: FaceName) -> str:
    """A framed figure, drawn so the three tell apart at a glance even without colour: the
    Fante a page standing with a feathered cap, the Cavallo a rider on a horse (the Queen
    of the French face a lady in a gown), the Re a crowned, bearded king before his throne
    with a sceptre; each holds its suit, and its name is written large at the foot."""
    f = FACES[face]
    colour = SUIT_COLOURS[face][card.suit]
    # French cards print J, Q, K, not words of one language (IT-14); the Italian and the
    # Spanish decks print their figures' names ("Fante", "Sota")
    name = f.rank_codes[card.rank] if face == "french" else f.rank_names[card.rank]
    left, right = (24, 76) if face == "spanish" else (19, 81)
    width = right - left
    if card.rank == Rank.FANTE:
        body = _fante(colour, card.suit, face)
    elif card.rank == Rank.CAVALLO:
        body = _queen(colour, card.suit, face) if face == "french" else _cavallo(colour, card.suit, face)
    else:
        body = _re(colour, card.suit, face)
    # the name, 13.5 units high (readable at every size the kit draws), squeezed a little
    # to fit the label when it is long ("Cavallo", "Caballo")
    fit = f' textLength="{LABEL_W - 8}" lengthAdjust="spacingAndGlyphs"' if len(name) * 8.2 > LABEL_W - 8 else ""
    return "".join([
        f'<rect x="{left}" y="22" width="{width}" height="106" rx="5" fill="{colour}" fill-opacity=".1" '
        f'stroke="{colour}" stroke-width="1.4"/>',
        body,
        f'<rect x="{50 - LABEL_W / 2:g}" y="109" width="{LABEL_W}" height="17" rx="3" fill="#fff" stroke="{colour}" '
        f'stroke-width="1.2"/>',
        f'<text x="50" y="122" font-family="Helvetica,Arial,sans-serif" font-size="13.5" font-weight="bold" '
        f'text-anchor="middle" fill="{INK}"{fit}>{_esc(name)}</text>',
    ])


def _matta_mark() -> str:
    # the wild card's name as the page calls it (ES-1: "COMODÍN" in Spanish)
    word = pgettext("badge on the wild card", "MATTA")
    fit = ' textLength="36" lengthAdjust="spacingAndGlyphs"' if len(word) > 6 else ""
    return (f'<rect x="3.5" y="3.5" width="93" height="143" rx="7" fill="none" stroke="{PURPLE}" '
            f'stroke-width="4" stroke-dasharray="7 3"/>'
            f'<path d="M86 6L88.6 13.4L96.4 13.6L90.2 18.4L92.4 25.9L86 21.5L79.6 25.9L81.8 18.4L75.6 13.6L83.4 13.4Z" '
            f'fill="{PURPLE}" stroke="{INK}" stroke-width=".8"/>'
            f'<rect x="30" y="5" width="40" height="12" rx="3" fill="{PURPLE}"/>'
            f'<text x="50" y="14" font-family="Helvetica,Arial,sans-serif" font-size="8.5" font-weight="bold" '
            f'text-anchor="middle" fill="#fff"{fit}>{_esc(word)}</text>')


def back_svg(size: int = 80) -> str:
    """A face-down card: a blue back with a lattice, labelled 'a face-down card'.

    >>> back_svg().count('role="img"')
    1
    """
    lines = "".join(f'<path d="M{x} 12L{x + 70} 138M{x + 70} 12L{x} 138"/>' for x in range(-50, 84, 14))
    return (_open(_("a face-down card"), size, "sk-card-back")
            + '<rect x="1" y="1" width="98" height="148" rx="8" fill="#1d3f72" stroke="#555" stroke-width="1.5"/>'
            + '<rect x="9" y="9" width="82" height="132" rx="4" fill="#24508f" stroke="#fff" stroke-width="1.5"/>'
            + '<svg x="9" y="9" width="82" height="132" viewBox="9 9 82 132">'
            + f'<g stroke="#8fb4e3" stroke-width="1.2" opacity=".7">{lines}</g></svg>'
            + '<circle cx="50" cy="75" r="14" fill="#1d3f72" stroke="#fff" stroke-width="1.5"/>'
            + '<text x="50" y="81" font-family="Georgia,serif" font-size="16" font-weight="bold" '
              'text-anchor="middle" fill="#fff">7½</text></svg>')


def card_svg(card: Card, face: FaceName = "italian", matta: bool = False, hidden: bool = False,
             size: int = 80) -> str:
    """One card as inline SVG, ``size`` pixels wide (the height is 1.5 times that).

    ``matta=True`` marks the card as the wild matta; ``hidden=True`` draws the back
    (the text equivalent then says only "a face-down card").

    >>> from sette_kit import Card
    >>> "Cavallo" in card_svg(Card(9, "spade")) and "Queen" in card_svg(Card(9, "spade"), "french")
    True
    """
    size = read_card_size(size, "size")
    if hidden:
        return back_svg(size)
    read_face(face)
    if not isinstance(card, Card):
        raise SetteKitError(_("card_svg needs a Card, not {value}").format(value=type(card).__name__))
    label = card_label(card, face, matta)
    body = _figure(card, face) if card.is_figure else _pips(card, face)
    return (_open(label, size, "sk-matta" if matta else "") + _frame(face, card.suit) + body
            + _index(card, face) + (_matta_mark() if matta else "") + "</svg>")


CARD_CSS = ("display:inline-flex;flex-wrap:wrap;gap:6px;align-items:flex-end;")


def hand_html(cards: Iterable[Card | None], face: FaceName | None = None, rules=None, hidden_first: bool = False,
              size: int = 80, label: str | None = None, exact_face: bool = False) -> str:
    """A row of cards as HTML: ``<div class="sk-hand" role="group" aria-label="Hand: ...">``.

    ``face`` defaults to ``rules.face`` (or 'italian'), drawn in the page's own deck
    (:func:`sette_kit.cards.shown_face`; ``exact_face=True`` draws it as given); the matta is marked when
    ``rules`` make it wild; ``hidden_first`` draws the first card face down (S9).  A
    ``None`` among ``cards`` is a card the viewer cannot see: it is drawn as a back and
    read out as "a face-down card", wherever it stands (a table view of another seat).

    >>> from sette_kit import parse_card, parse_cards, Rules
    >>> h = hand_html(parse_cards("7c Rd"), rules=Rules.preset("italian"))
    >>> 'aria-label="Hand: 7 of cups, King of coins, the matta (wild card)"' in h
    True
    >>> 'aria-label="Hand: a face-down card, King of coins' in hand_html(parse_cards("7c Rd"), hidden_first=True)
    True
    >>> h = hand_html([parse_card("7c"), None], label="Bruno")
    >>> 'aria-label="Bruno: 7 of cups, a face-down card"' in h, h.count('aria-label="a face-down card"')
    (True, 1)
    >>> 'aria-label="Hand: no cards"' in hand_html([])
    True
    """
    face = read_face(face or (rules.face if rules is not None else "italian"))
    face = face if exact_face else shown_face(face)
    size = read_card_size(size, "size")
    label = _("Hand") if label is None else label
    cards = tuple(cards)
    pics, words = [], []
    for i, c in enumerate(cards):
        if c is None or (hidden_first and i == 0):
            pics.append(back_svg(size))
            words.append(_("a face-down card"))
            continue
        wild = rules is not None and rules.is_matta(c)
        pics.append(card_svg(c, face, matta=wild, size=size))
        words.append(card_label(c, face, wild))
    spoken = ", ".join(words) if words else _("no cards")
    return (f'<div class="sk-hand" role="group" aria-label="{_esc(label)}: {_esc(spoken)}" '
            f'style="{CARD_CSS}">{"".join(pics)}</div>')
