"""A page with every card in every face, the back and the matta marks, to look at.

Run ``python -m widgets.gallery out.html`` (default ``gallery.html``) and open the file
in a browser.  Needs no kernel and no ipywidgets.

>>> page = gallery_html()
>>> page.count('class="sk-card') == 3 * 40 + 3 + 3
True
"""

from __future__ import annotations

import html
import sys

from sette_kit.cards import FACE_NAMES, FACES, FULL_DECK, Card, Suit
from sette_kit.i18n import N_, _, get_language

from .render import back_svg, card_svg

__all__ = ["gallery_html", "main"]

_TITLES = {"italian": N_("Italian face"), "french": N_("French face"), "spanish": N_("Spanish face")}


def gallery_html(size: int = 72) -> str:
    """The whole gallery as one HTML page (a string)."""
    rows = []
    for face in FACES:
        rows.append("<h2>" + (html.escape(_(_TITLES[face]))) + "</h2>")
        for suit in Suit:
            cards = [c for c in FULL_DECK if c.suit == suit]
            name = FACES[face].suit_names[suit]
            rows.append(f'<div class="row"><span class="lab">{html.escape(name)}</span>'
                        + "".join(card_svg(c, face, size=size) for c in cards) + "</div>")
    rows.append("<h2>" + (html.escape(_('The back, and the matta marked as wild (King of coins / diamonds / oros)'))) + "</h2>")
    matta = Card("Re", "denari")
    rows.append('<div class="row"><span class="lab">' + (html.escape(_("back"))) + '</span>' + back_svg(size)
                + "".join(card_svg(matta, face, matta=True, size=size) for face in FACES)
                + "".join(card_svg(Card(7, s), face, hidden=True, size=size)
                          for s, face in zip((Suit.COPPE, Suit.SPADE), FACE_NAMES[:2]))  # italian, french
                + "</div>")
    style = ("body{font-family:Helvetica,Arial,sans-serif;margin:16px;background:#f4f1ea}"
             ".row{display:flex;gap:5px;align-items:center;margin:4px 0}"
             ".lab{width:70px;font-size:13px;color:#333}h2{font-size:17px;margin:12px 0 4px}")
    return (f"<!DOCTYPE html><html lang='{get_language()}'><head><meta charset='utf-8'>"
            f"<title>" + (html.escape(_('sette-kit card gallery'))) + f"</title><style>{style}</style></head><body>"
            f"<h1 style='font-size:20px'>" + (html.escape(_('sette-kit: every card in every face'))) + "</h1>" + "".join(rows)
            + "</body></html>")


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = argv[0] if argv else "gallery.html"
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(gallery_html())
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
