"""widgets.QuattroTable driven headless through whole games (RULES Q1-Q6)."""

from __future__ import annotations

import re

import pytest
from table_moves import button_move, game_turns

from sette_kit import SetteKitError, fmt
from sette_kit.cards import Rank
from sette_kit.quattro import (QuattroRules, ThresholdBot, next_card, odds_double_six, odds_four_and_half,
                               points_for, score)
from widgets import QuattroTable
from widgets.base import plain_text
from widgets.quattro_table import points_table, points_table_html

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

LABEL = re.compile(r'<svg[^>]*role="img" aria-label="([^"]*)"')


def frac(p):
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


def check_seat0_only(t: QuattroTable) -> None:
    """A bot's face-down first card is never shown before the rules turn it up (S9, S10)."""
    g, v = t.game, t.game.view(0)
    html = t.visible_html()
    face = t.face
    for s in range(1, g.n_seats):
        hv = v.hands[s]
        if hv.cards and hv.cards[0] is None:
            c = g.hand_of(s)[0]
            assert c.name(face) not in html and c.label(face) not in html, (s, c)
            assert hv.score is None
    # pictures: exactly the cards seat 0 sees
    visible = {c.label(face) for c in v.visible_cards()}
    shown = {x.split(", the matta")[0] for x in LABEL.findall(t.table_html.value + t.hand_view.value)
             if x != "a face-down card"}
    assert shown == {x for x in visible}
    assert html.count("<svg xmlns") == html.count('role="img"')
    # points against the target (Q6)
    for s, name in enumerate(g.names):
        assert f"{g.points[s]} of {g.rules.target}" in t.board_text


def _press(t: QuattroTable, v, a: str) -> str:
    b = {"draw": t.draw_button, "stand": t.stand_button, "double_six": t.double_six_button}[a]
    assert b.layout.display is None and not b.disabled
    b.click()
    return a


human_move = button_move(_press)


def test_classes_buttons_and_seeded():
    a = QuattroTable(players=4, seed=7)  # its classes, seats and seeded deal: test_tables_base.py
    assert a.draw_button.description == "Draw" and "sk-draw" in a.draw_button._dom_classes
    assert a.stand_button.description == "Stand" and "sk-stand" in a.stand_button._dom_classes
    assert a.next_button.layout.display == "none"
    assert "reconstruction" in a.board_text
    assert f"{a.game.names[a.game.dealer]} deals" in a.status_text
    check_seat0_only(a)


@pytest.mark.parametrize("kw, words", [({"players": 2}, "3 to 6"), ({"players": 7}, "3 to 6"),
                                       ({"target": 0}, "target=0"), ({"rules": "x"}, "QuattroRules"),
                                       ({"players": 3, "bots": [ThresholdBot()]}, "give 2 bot policies")])
def test_table_size_and_options_checked(kw, words):
    with pytest.raises(SetteKitError, match=words):
        QuattroTable(**kw)


@pytest.mark.parametrize("players, seed, target", [(3, 1, 12), (4, 2, 10), (6, 3, 8), (5, 4, 10)])
def test_Q2_Q5_Q6_whole_games_through_the_buttons(players, seed, target):
    t = QuattroTable(players=players, seed=seed, target=target)
    assert t.game.rules.target == target
    policy = ThresholdBot(6)
    hands = 0
    for g in game_turns(t, 3000):
        check_seat0_only(t)
        before = g.points
        human_move(t, policy)
        assert t.message.value == "", t.message_text
        g = t.game
        if g.phase == "play":
            assert g.to_act == 0  # the bots played on up to our turn
            assert t.result_html.value == ""
        else:
            hands += 1
            r = g.last_result
            if r.mega is None:
                assert tuple(a + b for a, b in zip(before, r.points)) == g.points  # Q6: winners score
            text = t.result_text
            assert r.reason in text
            for s in r.winners:
                if r.mega is None:
                    assert f"{g.names[s]}: {r.scores[s].name}" in text
                    assert f"wins {r.points[s]} point" in text
            # every hand is shown at the end: the bots' first cards appear now
            for s in range(1, g.n_seats):
                if g.hand_of(s):
                    assert g.hand_of(s)[0].label(t.face) in t.table_html.value
    assert t.game.phase == "game_over" and hands >= 2
    check_seat0_only(t)
    ws = t.game.winners
    assert "Game over" in t.status_text
    if len(ws) == 1:
        assert ("You win" if ws[0] == 0 else f"{t.game.names[ws[0]]} wins") in t.status_text
    assert all(b.layout.display == "none" for b in (t.draw_button, t.stand_button, t.double_six_button,
                                                    t.next_button))


def snapshot(t):
    return t.game.to_json(), t.table_html.value, t.hand_view.value


def table_below(limit=4, seeds=range(80)):
    """A table where seat 0 is to act with a hand below 4½."""
    for seed in seeds:
        t = QuattroTable(players=4, seed=seed)
        v = t.game.view(0)
        if v.phase == "play" and v.to_act == 0 and not v.score.can_stand and v.score.total <= limit:
            return t
    raise AssertionError("no such table")


def test_Q2_stand_disabled_below_four_and_half_and_refused():
    t = table_below()
    assert t.stand_button.disabled and "below 4½" in t.stand_button.tooltip
    assert "must draw (Q2)" in t.status_text
    before = snapshot(t)
    t.stand_button.click()  # a disabled button clicked headless still reaches the engine's check
    assert "below 4½" in t.message_text and 'role="alert"' in t.message.value
    assert snapshot(t) == before
    assert t.stand() is None and snapshot(t) == before


@pytest.mark.parametrize("action, words", [
    (lambda t: t.next_hand(), "the hand is not over"),
    (lambda t: t.act("fly"), "unknown action 'fly'"),
    (lambda t: t.act("<b>hop</b>"), "unknown action"),
])
def test_illegal_actions_message_and_no_change(action, words):
    t = table_below(limit=7)
    before = snapshot(t)
    assert action(t) is None
    assert words in t.message_text and snapshot(t) == before
    assert "<b>hop" not in t.message.value


def test_Q3_double_six_only_on_a_first_six():
    t = next(t for t in (QuattroTable(players=4, seed=k) for k in range(40))
             if t.game.to_act == 0 and t.game.view(0).hand.cards[0].rank != Rank.SEI)
    before = snapshot(t)
    assert t.double_six_button.layout.display == "none"
    assert t.double_six() is None
    assert "first card is a 6" in t.message_text and snapshot(t) == before


def table_with_first_six():
    for seed in range(400):
        t = QuattroTable(players=3, seed=seed)
        v = t.game.view(0)
        if v.phase == "play" and v.to_act == 0 and len(v.hand.cards) == 1 and v.hand.cards[0].rank == Rank.SEI:
            return t
    raise AssertionError("no first 6 found")


def test_Q3_declare_double_six_with_exact_odds():
    t = table_with_first_six()
    v = t.game.view(0)
    assert t.double_six_button.layout.display is None
    seen = tuple(c for c in v.visible_cards() if c not in v.hand.cards)
    d = odds_double_six(v.hand.cards[0], seen, t.rules)
    assert f"completes it with probability {frac(d.probability)}" in t.hint_text
    assert d.text in t.hint_text
    t.double_six_button.click()
    assert t.message.value == ""
    g = t.game
    assert any(e.kind == "double_six_declared" and e.seat == 0 for e in g.events)
    assert "declares a double six" in t.log_text


@pytest.mark.parametrize("seed", [0, 3, 8, 21])
def test_hints_equal_the_engine_exact_odds(seed):
    t = QuattroTable(players=5, seed=seed)
    policy = ThresholdBot(6)
    for _ in range(3):  # look at the hints on a few consecutive turns
        g = t.game
        if g.phase != "play":
            break
        v = g.view(0)
        mine = v.hand.cards
        seen = tuple(c for c in v.visible_cards() if c not in mine)
        o = odds_four_and_half(mine, seen, t.rules)
        text = t.hint_text
        assert f"Next card makes exactly 4½: {frac(o.probability)} ({float(o.probability) * 100:.1f}%" in text
        assert f"{o.favourable} of {o.unseen} unseen cards" in text
        # a percentage first; a long exact fraction behind "exact value"
        assert f"at some point when drawing for it: {fmt.approx(o.eventually)}" in text
        assert fmt.hidden_exact(o.eventually) is None or f"exact value{frac(o.eventually)}" in text
        for line in o.text.splitlines():
            assert line in text
        dist = next_card(mine, seen, t.rules, double_six=False)
        assert "After one more card: " + "; ".join(f"{k}: {frac(p)}" for k, p in dist.items()) in text
        human_move(t, policy)
    t.hint_toggle.value = False
    assert t.hints_on is False and t.hint_html.value == "" and t.hint_html.layout.display == "none"
    assert t.toggle_hints(True) is True and t.hint_toggle.value is True and "Hint" in t.hint_text


def test_Q6_points_table_is_read_from_the_engine():
    rows = points_table()
    assert [(r.label, r.points) for r in rows] == [
        ("4½", 5), ("4½ with the matta", 3), ("7½", 3), ("7½ with the matta", 1), ("double six", 4),
        ("double six with the matta", 2), ("5 with 1 card", 2), ("5 with 5 cards", 5), ("5 with 2 cards", 1),
        ("6½", 1), ("mega 4½", 5)]
    for r in rows:
        assert r.points == points_for(score(r.cards))
    assert rows[-1].wins_game and not any(r.wins_game for r in rows[:-1])
    html = points_table_html()
    assert html.count("<tr>") == len(rows) + 1 and "wins the game" in html and "Q6" in html
    no_matta = points_table(QuattroRules(matta=None))
    assert all("matta" not in r.label for r in no_matta) and len(no_matta) == 8
    t = QuattroTable(players=3, seed=1)
    assert "Points table (Q6)" in t.points_html.value and "4½ with the matta" in t.points_html.value


def test_new_game_is_seeded_and_resets():
    t = QuattroTable(players=3, seed=4, target=5)
    while t.game.phase != "game_over":
        human_move(t, ThresholdBot(6))
    seed = t.new_game()
    assert t.game.hand_number == 1 and t.game.points == (0, 0, 0) and t.seed == seed
    assert t.result_html.value == "" and t.game.to_act == 0
    u = QuattroTable(players=3, seed=99, target=5)
    u.new_game(seed=seed)
    assert u.game.to_json() == t.game.to_json()
    assert t.new_game(seed=1.5) is None and "whole number" in t.message_text


def test_log_is_seat0_event_text():
    t = QuattroTable(players=4, seed=2)
    v = t.game.view(0)
    items = [plain_text(x) for x in re.findall(r"<li>(.*?)</li>", t.log_html.value)]
    assert items == [e.text for e in v.events]
    assert "is dealt a card face down" in t.log_text


@pytest.mark.parametrize("rules", [QuattroRules(matta=None, target=8),
                                   QuattroRules(face="french", target=8, dealer_wins_all_ties=True),
                                   QuattroRules(face="spanish", target=8)])
def test_Q1_Q4_options_play_to_the_end(rules):
    t = QuattroTable(players=3, seed=6, rules=rules, names=["<i>me</i>", "B", "C"])
    for _ in game_turns(t, 3000):
        check_seat0_only(t)
        human_move(t, ThresholdBot(6))
        assert t.message.value == "", t.message_text
    assert t.game.phase == "game_over" and "Game over" in t.result_text
    assert "<i>me" not in t.visible_html() and "&lt;i&gt;me" in t.board.value
    assert ("matta" in t.points_html.value) == (rules.matta is not None)
