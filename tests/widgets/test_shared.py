"""The helpers the widgets share (widgets/render.py hand_html with hidden cards,
widgets/_table.py, widgets/_background.py): one place, tested once."""

from __future__ import annotations

import pytest

from sette_kit import Rules, parse_card, parse_cards
from widgets.render import CARD_CSS, back_svg, card_svg, hand_html

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)


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


# -- widgets/_background.py: one worker, the latest request wins ---------------------------
import threading  # noqa: E402

import ipywidgets  # noqa: E402

from sette_kit.errors import SetteKitError  # noqa: E402
from widgets._background import Background  # noqa: E402
from widgets.base import KitWidget  # noqa: E402


class _Slow(Background, KitWidget):
    def __init__(self):
        super().__init__()
        self.status = ipywidgets.HTML()
        self.shown = []


def test_background_runs_only_the_latest_request_and_shows_only_its_result():
    w = _Slow()
    started, gate, ran = threading.Event(), threading.Event(), []

    def job(x, block=False):
        def work():
            ran.append(x)
            if block:
                started.set()
                gate.wait(10)
            return x
        return work

    assert w._start(job(1, block=True), w.shown.append, "Working <1>...") is None
    assert started.wait(10)  # the worker is inside job 1
    assert w.busy and "Working &lt;1&gt;..." in w.status.value and 'class="sk-busy"' in w.status.value
    w._start(job(2), w.shown.append, "Working...")  # waits, then is replaced by 3
    w._start(job(3), w.shown.append, "Working...")
    gate.set()
    assert w.wait(10)
    assert ran == [1, 3] and w.shown == [3] and w.status.value == "" and not w.busy


def test_background_errors_become_messages_and_sync_mode_runs_at_once():
    w = _Slow()

    def bad():
        raise SetteKitError("no <way>")

    w._start(bad, w.shown.append, "Working...")
    assert w.wait(10) and w.shown == [] and w.message_text == "no <way>" and w.status.value == ""
    w.background = False
    assert w._start(lambda: 5, w.shown.append, "Working...") == 5 and w.shown == [5]
    w.background = True
    assert w._start(lambda: 6, w.shown.append, "Working...", wait=True) == 6 and w.shown == [5, 6]


def test_strategy_chart_still_exports_the_background_mixin_and_no_chart_lock():
    from widgets import _background, strategy_chart

    assert strategy_chart.Background is _background.Background
    assert not hasattr(_background, "CHART_LOCK")  # charts draw in milliseconds, no lock


# -- widgets/base.py: setting controls from code --------------------------------------------
def test_set_quiet_does_not_call_the_action_back():
    w = KitWidget()
    box, calls = ipywidgets.Text(), []
    box.observe(lambda ch: w._quietly(calls.append, ch["new"]), names="value")
    box.value = "typed"
    w._set_quiet(box, "from code")
    assert calls == ["typed"] and box.value == "from code" and not w._syncing


# -- widgets/strategy_chart.py, widgets/charts.py -------------------------------------------
def test_dealer_dropdown_adds_an_unlisted_threshold():
    from sette_kit import odds
    from widgets.strategy_chart import POLICY_OPTIONS, dealer_dropdown

    m = dealer_dropdown(odds.stand_at(5))
    assert m.value == "5" and list(m.options) == list(POLICY_OPTIONS) and "sk-dealer" in m._dom_classes
    m = dealer_dropdown(odds.stand_at(3))
    assert m.value == "3" and m.options[-1] == ("bank stands at 3", "3") and m.description == "Bank:"


def test_caption_text_reads_the_chart_description_only():
    from widgets.charts import Chart, caption_text

    assert caption_text(Chart('<svg><text>axis</text></svg>', "a < b").html) == "a < b"
    assert caption_text('<figure><svg/><figcaption>old &amp; style</figcaption></figure>') == "old & style"
    assert caption_text("<p>no chart &amp; no caption</p>") == "no chart & no caption"


# -- widgets/_table.py: the table widgets' hint switch, log panel and new game ----------------
from widgets._table import frac_text, log_panel, pct_text  # noqa: E402


def test_log_panel_escapes_and_places_the_note():
    assert log_panel([], "Round log", css="sk-round-log", live=False) == (
        '<details open class="sk-round-log"><summary>Round log</summary><ol class="sk-log-lines"></ol></details>')
    h = log_panel(["a <b>"], "Table log (hand 1)", note="<p><i>2 earlier</i></p>")
    assert h == ('<details open><summary>Table log (hand 1)</summary><p><i>2 earlier</i></p>'
                 '<ol class="sk-log-lines" aria-live="polite"><li>a &lt;b&gt;</li></ol></details>')


def test_frac_and_pct_text():
    from fractions import Fraction

    assert (frac_text(Fraction(4, 36)), frac_text(Fraction(0)), pct_text(Fraction(2, 3))) == ("1/9", "0", "66.7%")


def test_the_three_tables_share_one_hint_switch():
    from widgets import QuattroTable, TablePlayer, TrentunoTable

    for w, switch, panel in ((TablePlayer("plain", bots=1, seed=2), "hints_toggle", "hints_html"),
                             (TrentunoTable(bots=2, seed=4), "hint_toggle", "hint_html"),
                             (QuattroTable(players=3, seed=2), "hint_toggle", "hint_html")):
        sw, pn = getattr(w, switch), getattr(w, panel)
        assert w.toggle_hints() is False and sw.value is False and pn.value == "" and pn.layout.display == "none"
        sw.value = True  # the switch drives the same action
        assert w.hints_on and pn.layout.display is None and "Hint" in pn.value


def test_new_game_checks_the_seed_and_is_repeatable():
    from widgets import QuattroTable, TrentunoTable

    for w in (TrentunoTable(bots=2, seed=4), QuattroTable(players=3, seed=2)):
        assert w.new_game("x") is None and w.message_text == "seed must be a whole number, got 'x'"
        assert w.new_game(7) == 7
        first = w.visible_html()
        w.new_game(8)
        w.new_game(7)
        assert w.visible_html() == first
