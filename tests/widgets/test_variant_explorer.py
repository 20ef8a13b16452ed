"""widgets.VariantExplorer driven headless: rules text from Rules.differences, house edges from odds.solve."""

from fractions import Fraction

import pytest

from sette_kit import Card, Rules, odds
from sette_kit.strategy_text import fraction_text
from widgets import VariantExplorer

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

PLAIN = Rules.preset("plain")
ITALIAN = Rules.preset("italian")


def _edge(rules, dealer=None):
    return odds.solve(rules, dealer or odds.stand_at(5)).house_edge


def test_S13_ties_push_lowers_the_edge_exactly():
    v = VariantExplorer("plain", background=False)
    assert {"sk-widget", "sk-variant-explorer"} <= set(v.view._dom_classes)
    assert "Same rules as plain: nothing changed." in v.changes_text
    assert v.base_edge == v.edge == _edge(PLAIN) and "The house edge is the same." in v.result_text
    v.controls["dealer_wins_ties"].value = False
    chosen = PLAIN.replace(dealer_wins_ties=False)
    assert v.rules == chosen and v.preset_menu.value == "custom"
    assert v.changes == PLAIN.differences(chosen)
    assert v.changes_text == "The bank wins all ties (S13). → Ties are a push: nobody pays (a teaching variant of S13)."
    assert v.edge == _edge(chosen) and v.base_edge == _edge(PLAIN)
    assert fraction_text(v.edge) in v.result_text and fraction_text(v.base_edge) in v.result_text
    d = v.base_edge - v.edge
    assert d > 0 and f"goes down by {float(d) * 100:.2f} percentage points" in v.result_text
    assert f"change: {-d}" in v.result_text                      # exact, on request


def test_S5_S14_invalid_combination_reverts_the_control():
    v = VariantExplorer("plain", background=False)
    before = (v.rules, v.result_html.value, v.changes_html.value)
    v.controls["reale_payout"].value = 2  # a reale payout without the reale
    assert "reale_payout above 1 needs reale=True" in v.message_text
    assert v.controls["reale_payout"].value == 1
    assert (v.rules, v.result_html.value, v.changes_html.value) == before
    v.controls["reale"].value = True  # now valid: plain + reale, then the payout
    assert v.rules.reale and v.message.value == ""
    v.controls["reale_payout"].value = 2
    assert v.rules.reale_payout == 2 and v.edge == _edge(PLAIN.replace(reale=True, reale_payout=2))


def test_S17_reale_cannot_go_off_while_bank_passes_on_reale():
    v = VariantExplorer("plain", background=False)
    v.set_option("reale", True)
    v.set_option("bank_passing", "reale")
    assert v.set_option("reale", False) is None
    assert "bank_passing='reale' needs reale=True" in v.message_text
    assert v.controls["reale"].value is True and v.rules.reale


def test_presets_reset_and_menus():
    v = VariantExplorer("plain", background=False)
    v.preset_menu.value = "spanish"
    assert v.rules is Rules.preset("spanish")
    assert "Stakes are placed before the deal (S9)." in v.changes_text
    assert v.edge == _edge(Rules.preset("spanish"))
    v.set_option("dealer_wins_ties", False)
    assert v.preset_menu.value == "custom"
    v.reset_button.click()
    assert v.rules is PLAIN and v.preset_menu.value == "plain" and v.controls["dealer_wins_ties"].value is True
    v.dealer_menu.value = "sees"
    assert v.dealer == odds.sees_player() and v.edge == _edge(PLAIN, odds.sees_player())
    assert "all-seeing bank" in v.result_text
    v.set_dealer("6")
    assert v.dealer_menu.value == "6" and v.edge == _edge(PLAIN, odds.stand_at(6))


def test_S3_S4_matta_switch_and_whole_only():
    v = VariantExplorer("plain", background=False)
    assert v.controls["matta_whole_only"].disabled
    v.controls["matta"].value = True
    assert v.rules.matta == Card("Re", "denari") and not v.controls["matta_whole_only"].disabled
    assert "Wild card (matta): the King of coins" in v.changes_text
    assert v.edge == _edge(PLAIN.replace(matta=Card("Re", "denari")))
    v.controls["matta_whole_only"].value = True
    assert v.rules.matta_whole_only and "any whole number 1-7, whichever" in v.changes_text
    assert v.set_option("matta", False) is None and "needs a matta" in v.message_text
    assert v.controls["matta"].value is True and v.rules.matta is not None


def test_italian_base_S16_and_payouts():
    v = VariantExplorer("italian", background=False)
    assert v.base_edge == v.edge == _edge(ITALIAN)
    v.set_option("reale_payout", 3)
    assert v.edge == _edge(ITALIAN.replace(reale_payout=3)) and v.edge < v.base_edge
    assert "is paid triple (S5, S14)" in v.changes_text


def test_bad_input_is_a_short_escaped_message():
    v = VariantExplorer("plain", background=False)
    before = (v.rules, v.base, v.dealer, v.result_html.value, v.changes_html.value)
    assert v.set_option("<script>alert(1)</script>", 1) is None
    assert "&lt;script&gt;" in v.message.value and "<script>" not in v.message.value
    assert "unknown option" in v.message_text
    assert v.set_option("triple_payout", 11) is None and "from 1 to 10" in v.message_text
    assert v.set_base("french") is None and "accepted presets" in v.message_text
    assert v.set_dealer("0") is None and "accepted thresholds" in v.message_text
    assert v.set_preset("<b>x</b>") is None and "<b>" not in v.message.value
    assert (v.rules, v.base, v.dealer, v.result_html.value, v.changes_html.value) == before


def test_base_menu_compares_presets():
    v = VariantExplorer("plain", background=False)
    v.base_menu.value = "spanish"
    assert v.base is Rules.preset("spanish") and v.rules is PLAIN
    assert "What changed from the spanish rules" in v.changes_html.value


def test_background_recompute_shows_when_done():
    custom = PLAIN.replace(dealer_wins_ties=False)
    v = VariantExplorer(custom, dealer=odds.stand_at(3.5), background=True)
    assert v.wait(60) and not v.busy and v.status.value == ""
    assert v.edge == _edge(custom, odds.stand_at(3.5))
    v.set_option("dealer_wins_ties", True)
    v.set_option("dealer_wins_ties", False)
    v.set_option("dealer_wins_ties", True)
    assert v.wait(60)
    assert v.rules is PLAIN and v.preset_menu.value == "plain"
    assert v.changes_text == "Ties are a push: nobody pays (a teaching variant of S13). → The bank wins all ties (S13)."
    assert v.edge == _edge(PLAIN, odds.stand_at(3.5))
    assert isinstance(v.edge, Fraction)


# -- the play mode speaks the page's language (IT-1, IT-2, ES-4, ES-5) --------

import json
from html import escape
from pathlib import Path

import pytest

from sette_kit import variants
from sette_kit.i18n import language


@pytest.mark.parametrize("lang", ["it", "es"])
def test_play_mode_shows_hands_and_starts_in_the_language(lang):
    """The rows and the "With ... you may" lines are the hands' ``text`` in the page's
    language, the same as the model translates them, never the English ``words``."""
    with language(lang):
        p = VariantExplorer("italian", edge=False)
        p.set_preset("spanish")
        html = p.result_html.value
        for s, _old, _new in p.plays:
            assert s.text != s.words                      # the catalogue has it
            assert escape(s.text) in html and escape(s.words) not in html
        for s, _old, _new in p.moves:
            assert s.text != s.words and escape(s.words) not in html


def test_lesson_04_shows_the_hands_text_not_the_english_words():
    """Exercise 4.4's solution lists the changed hands in the lesson's language: the
    source reads the translated ``text`` of each hand, so the generated notebooks do."""
    nb = json.loads((Path(__file__).resolve().parents[2] / "lessons" / "04-variants.ipynb").read_text())
    code = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert "s.words" not in code and "s.text for s" in code
