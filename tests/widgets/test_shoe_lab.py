"""widgets.ShoeLab driven headless (lesson 13): one deck dealt round after round
(S18); the cards seen, what is left, the odds and best play now against a fresh deck are
the library's; the reshuffle is logged; bad input changes nothing; no threads."""

from __future__ import annotations

import asyncio

import pytest

from sette_kit import Rules, counting, odds, parse_cards
from widgets import ShoeLab
from threadless import no_threads  # noqa: F401 - a fixture

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

PLAIN = Rules.preset("plain")


def same_shoe(rules="plain", seed=1, rounds=0, **kw):
    shoe = counting.Shoe(rules, seed=seed, **kw)
    shoe.play(rounds) if rounds else None
    return shoe


@pytest.fixture
def lab():
    return ShoeLab("plain", seed=1, hand="5d", background=False)


def test_build_classes_controls_and_a_fresh_shoe(lab):
    assert {"sk-widget", "sk-shoe-lab", "sk-lab"} <= set(lab.view._dom_classes)
    assert lab.rules_menu.value == "plain" and lab.bank_menu.value == "5" and lab.seed_box.value == "1"
    assert lab.shoe.left == 40 and lab.shoe.dealer == odds.stand_at(5) and lab.hand_box.value == "5d"
    assert lab.log == ["A new shoe: the 40 cards shuffled (plain rules, the bank stands at 5, seed 1)."]
    assert "None yet: the deck is full." in lab.seen_html.value and lab.changed == []
    assert "The cards seen change no first card's best play yet." in lab.table_text
    for part in (lab.log_html, lab.table_html, lab.hand_html):
        assert 'aria-live="polite"' in part.value
    assert lab.counts_html.value.count('<svg role="img"') == 2
    assert lab.counts_text.startswith("The deck by value: 40 cards left: Ace: in the full deck: 4, left now: 4;")


def test_S18_dealing_is_the_shoe_and_the_odds_are_the_librarys(lab):
    assert lab.deal(4) == 4
    ref = same_shoe(rounds=4)
    assert [(r.player, r.bank, r.result) for r in lab.shoe.rounds] == [(r.player, r.bank, r.result) for r in ref.rounds]
    assert lab.shoe.seen == ref.seen and lab.rows == ref.table() and lab.counts == counting.shoe_counts(ref)
    assert lab.changed == ["4", "5"]
    text = lab.table_text
    assert "437/24 ≈ 29.2% ↓5/13 ≈ 38.5%hit ★ changedstand" in text  # the 4: 3 left, less likely to bust
    assert "★ changed: the cards seen change the best play holding that first card (2 rows)." in text
    assert lab.table_html.value.count('class="sk-changed"') == 2
    assert f"Seen since the last shuffle: {len(ref.seen)} cards; {ref.left} left in the deck" in lab.seen_html.value
    r1 = ref.rounds[0]
    assert lab.log[1].startswith(f"Round 1: you {', '.join(c.name() for c in r1.player)}")
    assert lab.log_text.index("Round 4") < lab.log_text.index("Round 1")  # newest first


def test_S18_the_hand_now_and_from_a_fresh_deck(lab):
    lab.deal(4)
    h = counting.compare_hand(same_shoe(rounds=4), "5d")
    assert lab.hand_now == h and h.changed
    assert ("Holding 5 di denari (5), one more card busts you with 5/12 ≈ 41.7% now (from a fresh deck 19/39 ≈ "
            "48.7%).") in lab.hand_text
    assert "Cards that bust you: every 3–7, 10 of the 24 you have not seen → 10/24 = 5/12 ≈ 41.7%." in lab.hand_text
    assert "Best play now: hit; from a fresh deck: stand. ★ The cards seen change the decision." in lab.hand_text
    assert "unseen" in lab.hand_text  # the counting, behind a disclosure
    lab.hand_box.value = "3c 2b"
    assert lab.hand == tuple(parse_cards("3c 2b")) and lab.hand_now == counting.compare_hand(lab.shoe, "3c 2b")
    lab.deal(2)  # the 5 di denari is dealt in round 6
    lab.set_hand("5d")
    assert lab.hand_now is None and "5 di denari has been seen since the last shuffle" in lab.hand_text


def test_S18_the_reshuffle_is_logged_and_the_last_card_has_no_odds(lab):
    lab.deal(9)
    assert lab.shoe.left == 1
    assert "Fewer than 2 cards left: the next round starts with a reshuffle (S18), so its odds are a fresh deck's." \
        in lab.table_text
    assert all(r.bust_now is None and r.decision_now is None for r in lab.rows) and lab.changed == []
    assert "Ace0—4/39 ≈ 10.3%—hit" in lab.table_text
    assert "1 card left." in lab.log[-1]
    lab.deal(1)
    assert lab.shoe.rounds[-1].reshuffled and lab.shoe.left == 38
    assert "The deck ran out during this round: the cards not on the table were shuffled back in (S18)." in lab.log[-1]
    assert "Seen since the last shuffle: 2 cards; 38 left in the deck" in lab.seen_html.value


def test_new_shoe_seed_rules_and_bank(lab):
    lab.deal(3)
    lab.set_seed("7")
    assert lab.shoe.seed == 7 and lab.shoe.left == 40 and len(lab.log) == 1 and lab.seed_box.value == "7"
    lab.deal(2)
    assert [r.result for r in lab.shoe.rounds] == [r.result for r in same_shoe(seed=7, rounds=2).rounds]
    lab.new_shoe()
    assert lab.shoe.rounds == [] and lab.shoe.seed == 7
    lab.bank_menu.value = "6"
    assert lab.shoe.dealer == odds.stand_at(6) and "the bank stands at 6" in lab.log[0]
    lab.rules_menu.value = "italian"
    assert lab.shoe.rules == Rules.preset("italian") and [c.card for c in lab.counts][-1] == "matta"
    lab.deal(3)
    assert lab.rows == same_shoe("italian", seed=7, rounds=3, dealer=odds.stand_at(6)).table()


@pytest.mark.parametrize("action, args, words", [
    ("deal", (11,), "The number of rounds to deal must be from 1 to 10 (you typed 11)."),
    ("deal", (0,), "The number of rounds to deal must be from 1 to 10 (you typed 0)."),
    ("set_seed", ("x",), "The seed must be a whole number from 0 to 999,999,999 (you typed 'x')."),
    ("set_hand", ("Zz",), "cannot read 'Zz' as a card. Write it like 7 di coppe or 7c."),
    ("set_hand", ("5d 5d",), "5 di denari appears twice"),
    ("set_bank", ("8",), "The bank '8' is not one of: stands at 4, 4½, 5, 5½, 6, 6½."),
    ("set_rules", ("poker",), "Unknown rules 'poker'"),
])
def test_bad_input_gets_a_message_and_changes_nothing(lab, action, args, words):
    lab.deal(2)
    before = (lab.shoe, len(lab.shoe.rounds), lab.hand, lab.rows, list(lab.log))
    assert getattr(lab, action)(*args) is None
    assert lab.message_text.startswith(words)
    assert (lab.shoe, len(lab.shoe.rounds), lab.hand, lab.rows, list(lab.log)) == before


def test_background_deals_one_request_at_a_time():
    lab = ShoeLab("plain", seed=2)
    assert lab.wait(60) and lab.shoe is not None
    lab.deal(5)
    assert lab.deal(1) is None or lab.shoe.rounds  # a second click while dealing is refused (or came too late)
    assert lab.wait(60) and len(lab.shoe.rounds) in (5, 6) and not lab.deal_button.disabled
    ref = same_shoe(seed=2, rounds=len(lab.shoe.rounds))
    assert lab.rows == ref.table() and lab.status.value == ""


def test_a_deal_while_dealing_is_refused():
    lab = ShoeLab("plain", seed=2, background=False)
    lab._dealing = True  # as while a deal runs in the background
    assert lab.deal(1) is None and lab.message_text == "Still dealing the rounds you asked for: wait a moment."
    assert lab.shoe.rounds == []


def test_without_threads_dealing_steps_on_the_event_loop(no_threads):
    async def scenario():
        lab = ShoeLab("plain", seed=3)
        assert lab.shoe is None and "Shuffling" in lab.status.value  # the constructor returned first
        assert await lab.wait_async(60)
        lab.deal5_button.click()
        assert lab.deal5_button.disabled and lab._job.mode == "async"
        assert await lab.wait_async(60)
        return lab

    lab = asyncio.run(scenario())
    assert len(lab.shoe.rounds) == 5 and lab.rows == same_shoe(seed=3, rounds=5).table()
    assert not lab.deal5_button.disabled and lab.status.value == ""


def test_without_threads_or_loop_it_still_works(no_threads):
    lab = ShoeLab("plain", seed=4)
    lab.deal_button.click()
    assert len(lab.shoe.rounds) == 1 and lab.rows == same_shoe(seed=4, rounds=1).table()
