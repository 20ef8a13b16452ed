"""The helpers the widgets share (widgets/render.py hand_html with hidden cards,
widgets/_table.py, widgets/_background.py): one place, tested once."""

from __future__ import annotations

from sette_kit import Rules, parse_card, parse_cards
from widgets.render import CARD_CSS, back_svg, card_svg, hand_html


def test_S9_hand_html_draws_none_as_a_back_anywhere_in_the_hand():
    rules = Rules.preset("italian")
    seven, king = parse_cards("7c Rd")
    h = hand_html([seven, None, king], rules=rules, size=40, label="Bruno <bot>")
    assert 'aria-label="Bruno &lt;bot&gt;: 7 of cups, a face-down card, King of coins, the matta (wild card)"' in h
    assert h == ('<div class="sk-hand" role="group" aria-label="Bruno &lt;bot&gt;: 7 of cups, a face-down card, '
                 'King of coins, the matta (wild card)" '
                 f'style="{CARD_CSS}">{card_svg(seven, "italian", size=40)}{back_svg(40)}'
                 f'{card_svg(king, "italian", matta=True, size=40)}</div>')


def test_hand_html_none_and_hidden_first_agree():
    seven, king = parse_cards("7c Rd")
    assert hand_html([None, king]) == hand_html([seven, king], hidden_first=True)
    assert hand_html([None, None], label="x").count('aria-label="a face-down card"') == 2
    assert 'aria-label="x: a face-down card, a face-down card"' in hand_html([None, None], label="x")


def test_hand_html_face_from_rules_for_shown_cards():
    h = hand_html([None, parse_card("Fc")], rules=Rules.preset("spanish"))
    assert 'aria-label="Hand: a face-down card, Jack of cups"' in h
    assert card_svg(parse_card("Fc"), "spanish") in h and card_svg(parse_card("Fc"), "italian") not in h
