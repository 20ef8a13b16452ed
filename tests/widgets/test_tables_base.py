"""The game-table base shared by TablePlayer, QuattroTable and TrentunoTable (widgets/_table.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from widgets._table import CardTable, GameTable, hint_head, result_block, seat_box, show_legal, status_html  # noqa: E402
from widgets.base import button, html_panel, read_parts, read_preset, text_of  # noqa: E402
from widgets.quattro_table import QuattroTable  # noqa: E402
from widgets.table_player import TablePlayer  # noqa: E402
from widgets.trentuno_table import TrentunoTable  # noqa: E402
from sette_kit.errors import SetteKitError  # noqa: E402

pytestmark = pytest.mark.pure


def test_the_three_tables_share_one_base():
    assert issubclass(QuattroTable, GameTable) and issubclass(TrentunoTable, GameTable)
    assert issubclass(TablePlayer, CardTable)
    for cls in (QuattroTable, TrentunoTable, TablePlayer):
        assert "_render" not in vars(cls) and "_render_buttons" not in vars(cls)  # the base's render steps
    for cls in (QuattroTable, TrentunoTable):
        for name in ("_start", "next_hand", "status_text", "hint_text", "result_text", "log_text"):
            assert name not in vars(cls), (cls.__name__, name)


@pytest.mark.parametrize("cls, kw, css, first_phase", [
    (QuattroTable, {"players": 4, "seed": 7}, "sk-quattro-table", "play"),
    (TrentunoTable, {"bots": 3, "seed": 9}, "sk-trentuno-table", "draw"),
])
def test_a_table_has_its_classes_and_a_seed_deals_the_same_game(cls, kw, css, first_phase):
    a, b = cls(**kw), cls(**kw)
    assert {"sk-widget", css} <= set(a.view._dom_classes)
    assert a.game.to_json() == b.game.to_json()
    assert a.game.names == ("Player", "Bot 1", "Bot 2", "Bot 3")  # the learner, then the bots
    assert a.game.to_act == 0 and a.game.phase == first_phase


def test_show_legal_shows_only_the_legal_buttons():
    bs = {n: button(n, lambda: None) for n in ("hit", "stand", "split")}
    show_legal(bs, {"hit": None, "stand": None}, disable=True)
    assert [(b.layout.display, b.disabled) for b in bs.values()] == [(None, False), (None, False), ("none", True)]
    show_legal(bs, ("split",))
    assert [b.layout.display for b in bs.values()] == ["none", "none", None]


def test_html_pieces():
    assert status_html("a <b>") == '<p role="status" aria-live="polite"><b>a &lt;b&gt;</b></p>'
    assert "Hints appear on your turn." in hint_head("") and hint_head("").endswith("</div>")
    assert not hint_head().endswith("</div>")
    assert result_block("Hand 1", ["x", "y"]).startswith('<div role="status" aria-live="polite"><b>Hand 1</b>')
    assert seat_box("<b>A</b>", "cards").startswith('<div class="sk-seat" style="')


def test_panels_and_read_outs():
    class W:
        status = html_panel("sk-status", "<b>Hi</b> there")
        status_text = text_of("status")
    assert W().status_text == "Hi there" and W.status._dom_classes == ("sk-status",)


def test_lab_arguments():
    assert read_preset("italian") == "italian"
    assert read_parts(("b", "a"), ("a", "b", "c")) == ("a", "b")
    for bad in ("a", [], ["a", "z"], 5):
        with pytest.raises(SetteKitError, match="choose among"):
            read_parts(bad, ("a", "b"))
    with pytest.raises(SetteKitError, match="accepted presets"):
        read_preset("nope")


def test_trentuno_after_the_game_says_why_nothing_can_be_done():
    t = TrentunoTable(bots=1, seed=0)
    for _k in range(400):
        if t.game.phase == "game_over":
            break
        t.knock(), t.draw_stock(), t.discard_buttons[0].click(), t.next_hand()
    assert t.game.phase == "game_over"
    t.draw_stock()
    assert t.message_text == "the game is over"  # was an unexpected IndexError (no legal moves left)
