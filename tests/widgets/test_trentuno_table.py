"""widgets.TrentunoTable driven headless through whole games (RULES T1-T9)."""

from __future__ import annotations

import re
from collections.abc import Mapping

import pytest
from table_moves import button_move, game_turns

from sette_kit import SetteKitError
from sette_kit.cards import Card
from sette_kit.trentuno import Greedy, ThresholdKnocker, TrentunoRules, best_discard, draw_odds
from widgets import TrentunoTable
from widgets.base import plain_text

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

LABEL = re.compile(r'<svg[^>]*role="img" aria-label="([^"]*)"')


def card_labels(html: str) -> set[str]:
    return {x for x in LABEL.findall(html) if x != "a face-down card"}


def public_cards(game) -> set[Card]:
    """Every card named in an event's data (public facts: discards, turn-up, cuts, showdowns)."""
    out: set[Card] = set()

    def walk(x):
        if isinstance(x, Card):
            out.add(x)
        elif isinstance(x, Mapping):
            for y in x.values():
                walk(y)
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y)

    for e in game.events:
        walk(dict(e.data))
    return out


def check_seat0_only(t: TrentunoTable) -> None:
    """Only what seat 0 may see is shown (T4: hands are face down; T6/T7: shown at the end)."""
    g, v = t.game, t.game.view(0)
    face = t.face
    html = t.visible_html()
    # pictures: own hand, the discard top, and hands shown by the rules
    allowed = {c.label(face) for c in v.hand}
    if v.discard_top is not None:
        allowed.add(v.discard_top.label(face))
    for cards in v.revealed.values():
        allowed |= {c.label(face) for c in cards}
    shown = card_labels(t.table_html.value + t.hand_view.value + t.hint_html.value)
    assert shown <= allowed, shown - allowed
    # no bot card that was never made public is named anywhere
    public = public_cards(g) | set(v.hand)
    for s in range(1, len(g.players)):
        for c in g.hand_of(s):
            if c in public:
                continue
            assert c.name(face) not in html and c.label(face) not in html, (s, c)
    # every picture has a text equivalent
    assert html.count("<svg xmlns") == html.count('role="img"')
    # lives and the pot on the table (T3)
    text = t.table_text
    assert f"Pot: {v.pot} " in text
    for s in range(1, len(g.players)):
        assert f"{v.lives[s]} {'life' if v.lives[s] == 1 else 'lives'}" in text


def _press(t: TrentunoTable, v, choice) -> str:
    name, params = choice
    if name == "draw_stock":
        t.draw_button.click()
    elif name == "take_discard":
        t.take_button.click()
    elif name == "knock":
        assert t.knock_button.layout.display is None
        t.knock_button.click()
    else:
        cards = [a.card for a in v.legal if a.name == "discard"]
        k = cards.index(params["card"])
        b = t.discard_buttons[k]
        assert b.layout.display is None and b.description == f"Discard {params['card'].name(t.face)}"
        b.click()
    return name


human_move = button_move(_press)  # seat 0's move through the buttons, as a person would


def test_classes_buttons_and_seeded():
    a = TrentunoTable(bots=3, seed=9)  # its classes, seats and seeded deal: test_tables_base.py
    assert a.game.players == a.game.names
    assert a.draw_button.description == "Draw from stock" and "sk-draw-stock" in a.draw_button._dom_classes
    assert a.next_button.layout.display == "none"
    assert all(x.tooltip for x in (a.draw_button, a.take_button, a.knock_button, a.new_button))
    assert "your turn" in a.status_text and "draw" in a.status_text
    assert "Stock: " in a.table_text and "Discard pile: " in a.table_text


@pytest.mark.parametrize("kw, words", [({"bots": 0}, "1 to 6 bots"), ({"bots": 7}, "1 to 6 bots"),
                                       ({"players": 8}, "2 to 7"), ({"bots": 2, "names": ["a", "b"]}, "give 3 names"),
                                       ({"rules": "italian"}, "TrentunoRules")])
def test_T1_table_size_and_options_checked(kw, words):
    with pytest.raises(SetteKitError, match=words):
        TrentunoTable(**kw)


def test_T3_lives_option_and_players():
    t = TrentunoTable(players=2, lives=1, seed=3)
    assert len(t.game.players) == 2 and t.game.lives == [1, 1]
    assert "1 life" in t.table_text


@pytest.mark.parametrize("bots, seed", [(1, 1), (3, 2), (6, 3), (2, 4)])
def test_T3_T6_T7_whole_games_through_the_buttons(bots, seed):
    t = TrentunoTable(bots=bots, seed=seed, lives=2)
    policy = ThresholdKnocker(26)
    used = set()
    hands_seen = 0
    for g in game_turns(t, 2000):
        check_seat0_only(t)
        before_lives, before_hand = list(g.lives), g.hand_number
        used.add(human_move(t, policy))
        assert t.message.value == "", t.message_text
        g = t.game
        if g.phase in ("hand_over", "game_over"):
            hands_seen += 1
            # the showdown or 31 is shown: revealed hands appear as pictures, the losses in words
            v = g.view(0)
            for s, cards in v.revealed.items():
                if s:
                    assert {c.label(t.face) for c in cards} <= card_labels(t.table_html.value)
            lost = [s for s in range(len(g.players)) if g.lives[s] < before_lives[s]]
            if g.hand_number == before_hand:
                for s in lost:
                    assert f"{g.players[s]} loses" in t.result_text
            assert sum(g.lives) + g.pot == len(g.players) * 2
        elif g.phase in ("draw", "discard"):
            assert g.to_act == 0  # the bots played on up to our turn
    assert t.game.phase == "game_over"
    check_seat0_only(t)
    w = t.game.players[t.game.winner]
    assert ("You win" if t.game.winner == 0 else f"{w} wins") in t.status_text
    assert ("You win the game" if t.game.winner == 0 else f"{w} wins the game") in t.result_text
    assert {"draw_stock", "discard"} <= used and hands_seen >= 1
    # nothing is offered once the game is over
    assert all(b.layout.display == "none" for b in (t.draw_button, t.take_button, t.knock_button, t.next_button,
                                                    *t.discard_buttons))


def test_every_action_used_over_a_few_games():
    used = set()
    for seed in range(6):
        t = TrentunoTable(bots=2, seed=seed, lives=1)
        for _ in game_turns(t, 400):
            used.add(human_move(t, ThresholdKnocker(26)))
            assert t.message.value == ""
    assert used >= {"draw_stock", "take_discard", "discard", "knock", "next_hand"}


def test_out_player_watches_the_bots_finish():
    # play carelessly (always draw, throw the first card) until seat 0 is out with bots left
    for seed in range(40):
        t = TrentunoTable(bots=3, seed=seed, lives=1)
        while t.game.phase in ("draw", "discard"):
            v = t.game.view(0)
            t.draw_stock() if v.phase == "draw" else t.discard(v.legal[0].card)
        if t.game.phase == "hand_over" and t.game.lives[0] == 0:
            break
    else:
        pytest.skip("no seed put seat 0 out early")
    assert "You are out" in t.status_text and "out of the game" in plain_text(t.hand_view.value)
    assert t.draw_stock() is None and "hand is over" in t.message_text
    for _ in game_turns(t, 100):
        t.next_hand()
        assert t.message.value == "" and t.game.phase in ("hand_over", "game_over")
        check_seat0_only(t)
    assert t.game.phase == "game_over" and t.game.winner != 0


def to_knock_turn(seed_range=range(60)):
    """A table where seat 0 may knock now."""
    for seed in seed_range:
        t = TrentunoTable(bots=2, seed=seed)
        for _ in range(200):
            v = t.game.view(0)
            if v.phase == "draw" and any(a.name == "knock" for a in v.legal):
                return t
            if t.game.phase == "game_over":
                break
            human_move(t, Greedy(patience=None))  # never knocks
    raise AssertionError("no knock position found")


def test_T6_knock_button_and_last_turns():
    t = to_knock_turn()
    assert t.knock_button.layout.display is None
    t.knock_button.click()
    g = t.game
    assert t.message.value == ""
    assert any(e.kind == "knock" and e.seat == 0 for e in g.events)
    # everyone else had one last turn: the hand is over (or a 31 ended it)
    assert g.phase in ("hand_over", "game_over")
    assert "knocks with" in t.log_text


def snapshot(t):
    return t.game.to_json(), t.table_html.value, t.hand_view.value


@pytest.mark.parametrize("action, words", [
    (lambda t: t.knock(), "first round (T6)"),
    (lambda t: t.discard(t.game.view(0).hand[0]), "draw first (T5)"),
    (lambda t: t.next_hand(), "the hand is not over"),
    (lambda t: t.act("fly"), "unknown action 'fly'"),
    (lambda t: t.act("draw_stock", speed=2), "unknown parameter"),
    (lambda t: t.discard("   "), "say which card"),
])
def test_T5_T6_illegal_actions_message_and_no_change(action, words):
    t = TrentunoTable(bots=3, seed=9)
    before = snapshot(t)
    assert action(t) is None
    assert words in t.message_text and 'role="alert"' in t.message.value
    assert snapshot(t) == before


def test_T5_discard_checks_and_escaping():
    t = TrentunoTable(bots=3, seed=9)
    t.draw_stock()
    v = t.game.view(0)
    assert v.phase == "discard" and len(v.hand) == 4
    before = snapshot(t)
    t.take_discard()
    assert "now discard one card (T5)" in t.message_text and snapshot(t) == before
    not_held = next(c for c in (Card(r, s) for s in range(4) for r in range(1, 11)) if c not in v.hand)
    t.discard(not_held)
    assert "does not hold" in t.message_text and snapshot(t) == before
    t.discard("<script>alert(1)</script>")
    assert "<script>" not in t.message.value and "&lt;script&gt;" in t.message.value
    assert snapshot(t) == before
    # a typed card name works like the button
    card = v.hand[1]
    t.discard(card.name(t.face))
    assert t.message.value == "" and card not in t.game.view(0).hand
    assert f"Player discards {card.name(t.face)}" in "\n".join(e.text for e in t.game.events)


def test_T5_taken_discard_may_not_be_thrown_back():
    for seed in range(30):
        t = TrentunoTable(bots=1, seed=seed)
        if t.game.phase == "draw" and t.game.to_act == 0:
            break
    top = t.game.view(0).discard_top
    assert t.take_button.description == f"Take {top.name(t.face)}"
    t.take_discard()
    v = t.game.view(0)
    assert v.taken_from_discard == top
    assert all(b.description != f"Discard {top.name(t.face)}" for b in t.discard_buttons)
    before = snapshot(t)
    t.discard(top)
    assert "may not be thrown back" in t.message_text and snapshot(t) == before
    card, kept = best_discard(v.hand, t.rules, keep=top)
    assert f"Best discard: {card.name(t.face)}, keeping {kept.total}" in t.hint_text


def frac(p):
    return f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)


@pytest.mark.parametrize("seed", [1, 5, 12])
def test_hints_equal_the_engine_exact_odds(seed):
    t = TrentunoTable(bots=3, seed=seed)
    v = t.game.view(0)
    assert v.phase == "draw" and v.my_turn
    o = draw_odds(v.hand, v.discard_top, rules=t.rules)
    text = t.hint_text
    assert f"P(improve) = {frac(o.p_improve)} ({float(o.p_improve) * 100:.1f}%" in text
    assert f"{o.improving} of {o.unseen} unseen cards" in text
    assert f"expected score {frac(o.expected_stock)}" in text
    assert f"score exactly {o.discard_score}" in text
    assert ("Better choice: draw from the stock" if o.best == "stock" else "Better choice: take the discard") in text
    for line in o.explain().splitlines():
        assert line in text
    # the toggle hides and shows the panel
    t.hint_toggle.value = False
    assert t.hints_on is False and t.hint_html.value == "" and t.hint_html.layout.display == "none"
    assert t.toggle_hints() is True and t.hint_toggle.value is True and "P(improve)" in t.hint_text


def test_hints_off_from_the_start():
    t = TrentunoTable(bots=2, seed=1, hints=False)
    assert t.hint_html.value == "" and t.hint_toggle.value is False


def test_new_game_is_seeded_and_resets():
    t = TrentunoTable(bots=2, seed=4, lives=1)
    while t.game.phase != "game_over":
        human_move(t, ThresholdKnocker(26))
    seed = t.new_game()
    assert t.game.hand_number == 1 and t.game.lives == [1, 1, 1] and t.game.seed == seed
    assert t.result_html.value == "" and t.game.to_act == 0
    u = TrentunoTable(bots=2, seed=99, lives=1)
    u.new_game(seed=seed)
    assert u.game.to_json() == t.game.to_json()
    assert t.new_game(seed="x") is None and "whole number" in t.message_text


def test_log_is_the_public_event_text():
    t = TrentunoTable(bots=3, seed=2)
    t.draw_stock()
    v = t.game.view(0)
    events = [e.text for e in t.game.events if e.round == v.hand_number]
    items = re.findall(r"<li>(.*?)</li>", t.log_html.value)
    assert [plain_text(x) for x in items] == events[-len(items):]
    assert "draws from the stock" in t.log_text


@pytest.mark.parametrize("rules", [TrentunoRules(discard_first=True),
                                   TrentunoRules(first_round_31="redeal", three_of_a_kind_30=True),
                                   TrentunoRules(first_round_31="wins_game", knock_last_round="to_dealer",
                                                 face="french")])
def test_T2_T5_T7_options_play_to_the_end(rules):
    t = TrentunoTable(bots=3, seed=5, rules=rules, lives=1, names=["<b>me</b>", "A", "B", "C"])
    for _ in game_turns(t, 3000):
        check_seat0_only(t)
        human_move(t, ThresholdKnocker(27))
        assert t.message.value == "", t.message_text
    assert t.game.phase == "game_over"
    assert ("You win the game" if t.game.winner == 0 else "wins the game") in t.result_text
    assert "<b>me" not in t.visible_html() and "&lt;b&gt;me" in t.hand_view.value
