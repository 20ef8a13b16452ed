"""Trentuno: property tests of the engine's invariants, exact odds, the CLI and the bench."""

from __future__ import annotations

import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from sette_kit.cards import FULL_DECK, parse_card, parse_cards
from sette_kit.cli import main
from sette_kit.cli.trentuno import play_terminal
from sette_kit.errors import SetteKitError
from sette_kit.trentuno import ThresholdKnocker, TrentunoGame, TrentunoRules, draw_odds, greedy, score

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

ROOT = Path(__file__).resolve().parents[3]


def mixed_policy(seed: int, p_random: float):
    """Random legal moves mixed with a threshold knocker: reaches every kind of position."""
    rng = random.Random(seed)
    base = ThresholdKnocker(26)

    def policy(view):
        if rng.random() < p_random:
            return rng.choice(view.legal)
        return base(view)

    return policy


def expected_losses(hand_events, alive_before, lives_before, rules):
    """An independent reading of T3, T6, T7, T9 from the public events of one hand."""
    knock = [e.seat for e in hand_events if e.kind == "knock"]
    knocker = knock[0] if knock else None
    t31 = [e for e in hand_events if e.kind == "thirty_one"]
    if t31:
        makers = set(t31[0].data["seats"])
        first = t31[0].data["first_round"]
        if first and rules.first_round_31 == "redeal":
            return {}
        if first and rules.first_round_31 == "wins_game" and len(makers) == 1:
            return {s: lives_before[s] for s in alive_before if s not in makers}
        shown = next(e for e in hand_events if e.kind == "showdown").data["scores"]
        return {s: 1 for s in alive_before if s not in makers and s != knocker
                and not (rules.spare_thirty and shown[s] == 30)}          # T7: except those who have 30
    scores = next(e for e in hand_events if e.kind == "showdown").data["scores"]
    low = min(scores.values())
    tied = [s for s in alive_before if scores[s] == low]
    assert knocker is not None
    if len(alive_before) == 2 and len(tied) == 2 and rules.last_two_both_lose \
            and any(lives_before[s] > 1 for s in alive_before):
        return {s: 1 for s in alive_before}                              # T9: both lose
    if knocker in tied:
        return {knocker: 1}
    return {s: 1 for s in tied}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32), n=st.integers(2, 12), lives=st.integers(1, 3),
       p_random=st.sampled_from([0.0, 0.2, 0.6, 1.0]), toak=st.booleans(), discard_first=st.booleans(),
       first31=st.sampled_from(["ends_hand", "wins_game", "redeal"]),
       last=st.sampled_from(["everyone", "to_dealer"]), spare30=st.booleans(), both=st.booleans())
@example(seed=108759, n=2, lives=1, p_random=0.0, toak=False, discard_first=True,   # bots once looped here
         first31="ends_hand", last="everyone", spare30=True, both=True)
@example(seed=649, n=7, lives=3, p_random=1.0, toak=False, discard_first=True,      # dealt 31 at a next_hand
         first31="ends_hand", last="everyone", spare30=True, both=True)
def test_properties_lives_pot_cards_and_one_winner(seed, n, lives, p_random, toak, discard_first, first31, last,
                                                  spare30, both):
    rules = TrentunoRules(lives=lives, three_of_a_kind_30=toak, discard_first=discard_first,
                          first_round_31=first31, knock_last_round=last, spare_thirty=spare30,
                          last_two_both_lose=both)
    g = TrentunoGame(n, rules=rules, seed=seed,
                     bots={s: mixed_policy(seed + s, p_random) for s in range(n)})
    total = n * lives
    hand_start_event = 0
    alive_before, lives_before = tuple(range(n)), [lives] * n   # a dealt 31 may end hand 1 at once
    steps = 0
    while True:
        # cards are conserved after every action
        assert g.card_count() == 40
        assert sorted(i for h in g.hands for i in h) + sorted(g.stock) + sorted(g.discard_pile) != []
        everything = [i for h in g.hands for i in h] + g.stock + g.discard_pile + ([g._pending] if g._pending >= 0 else [])
        assert sorted(everything) == list(range(40))
        # the pot gains exactly the lives lost
        assert g.pot + sum(g.lives) == total
        if g.phase in ("hand_over", "game_over"):
            lost = {s: lives_before[s] - g.lives[s] for s in range(n) if lives_before[s] != g.lives[s]}
            assert all(v > 0 for v in lost.values())                      # lives only go down
            hand_events = g.events[hand_start_event:]
            assert lost == expected_losses(hand_events, alive_before, lives_before, rules)
            if g.phase == "game_over":
                break
            alive_before, lives_before = g.alive, list(g.lives)   # before the deal: a dealt 31 ends it at once
            g.act("next_hand")
            hand_start_event = max(i for i, e in enumerate(g.events) if e.kind == "shuffle")
            continue
        before = list(g.lives)
        g.act(g._bot_action(g.to_act))
        assert g.lives == before or g.phase in ("hand_over", "game_over")  # lives change only at a hand's end
        steps += 1
        assert steps < 200_000
    # a game always ends with exactly one winner, who holds all that is not in the pot
    assert len(g.alive) == 1 and g.winner == g.alive[0]
    assert g.pot == total - g.lives[g.winner]
    assert [e.kind for e in g.events].count("game_over") == 1


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2 ** 32), cut=st.integers(1, 60))
def test_property_save_load_anywhere(seed, cut):
    bots = {s: mixed_policy(seed + s, 0.3) for s in range(3)}
    g = TrentunoGame(3, seed=seed, bots=bots)
    for _ in range(cut):
        if g.phase == "game_over":
            break
        g.act(g._bot_action(g.to_act) if g.phase != "hand_over" else "next_hand")
    text = g.to_json()
    h = TrentunoGame.from_json(text)
    assert h.to_json() == text and h.view(0) == g.view(0)
    assert h.legal_actions() == g.legal_actions()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 32))
def test_property_illegal_actions_never_change_state(seed):
    g = TrentunoGame(4, seed=seed, bots={s: mixed_policy(seed, 0.3) for s in range(4)})
    rng = random.Random(seed)
    for _ in range(30):
        if g.phase == "game_over":
            break
        legal = g.legal_actions().actions()
        before = g.to_json()
        card = rng.choice(FULL_DECK)
        for name in ("draw_stock", "take_discard", "discard", "knock", "next_hand"):
            if any(a.name == name and (name != "discard" or a.card == card) for a in legal):
                continue
            with pytest.raises(SetteKitError):
                g.act(name, card=card if name == "discard" else None)
            assert g.to_json() == before
        g.act(g._bot_action(g.to_act) if g.phase != "hand_over" else "next_hand")


# ------------------------------------------------------------------------------ odds
def brute_force(hand, top, seen=()):
    """Independent count with the public score(): every unseen card, every discard."""
    known = set(hand) | ({top} if top else set()) | set(seen)
    unseen = [c for c in FULL_DECK if c not in known]
    now = score(hand).total
    news = [max(score([x for x in list(hand) + [u] if x != d]).total for d in list(hand) + [u]) for u in unseen]
    take = max(score([x for x in list(hand) + [top] if x != d]).total for d in hand) if top else None
    return now, news, take


@settings(max_examples=60, deadline=None)
@given(st.permutations(range(40)), st.integers(0, 5))
def test_property_draw_odds_match_brute_force(perm, k_seen):
    hand = tuple(FULL_DECK[i] for i in perm[:3])
    top = FULL_DECK[perm[3]]
    seen = tuple(FULL_DECK[i] for i in perm[4:4 + k_seen])
    o = draw_odds(hand, top, seen=seen)
    now, news, take = brute_force(hand, top, seen)
    n = len(news)
    assert o.unseen == n == 36 - k_seen and o.current == now
    assert o.p_improve == Fraction(sum(x > now for x in news), n)
    assert o.distribution == {s: Fraction(news.count(s), n) for s in set(news)}
    assert sum(o.distribution.values()) == 1
    assert o.expected_stock == Fraction(sum(news), n)
    assert o.discard_score == take
    assert o.best == ("discard" if take >= Fraction(sum(news), n) else "stock")
    f = draw_odds(hand, top, seen=seen, exact=False)
    assert abs(f.p_improve - float(o.p_improve)) < 1e-12 and abs(f.expected_stock - float(o.expected_stock)) < 1e-12


def test_draw_odds_example_and_explanation():
    o = draw_odds(parse_cards("Asso di coppe, 5 di coppe, Re di spade"), parse_card("2 di denari"))
    assert (o.improving, o.unseen, o.p_improve) == (12, 36, Fraction(1, 3))
    assert "12 of the 36 unseen cards improve your hand: 12/36 = 1/3" in o.explain()
    assert o.best == "stock" and o.expected_discard == 16
    o = draw_odds("Ac 5c Rs", None)
    assert o.discard_score is None and o.best == "stock" and "no discard" in o.explain()


def test_draw_odds_errors():
    with pytest.raises(SetteKitError, match="three-card"):
        draw_odds("Ac 5c", "2d")
    with pytest.raises(SetteKitError, match="both in your hand"):
        draw_odds("Ac 5c Rs", "Ac")
    with pytest.raises(SetteKitError, match="seen"):
        draw_odds("Ac 5c Rs", "2d", seen="5c")


# ------------------------------------------------------------------------------ CLI
def test_cli_score_and_odds(capsys):
    assert main(["trentuno", "score", "Asso di coppe, Re di coppe, 5 di spade"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Score: 21") and "Asso di coppe 11 + Re di coppe 10 = 21 in coppe" in out
    assert main(["trentuno", "score", "Ac Ad As", "--thirty"]) == 0
    assert "Score: 30 (three of a kind)" in capsys.readouterr().out
    assert main(["trentuno", "odds", "Ac 5c Rs", "--discard", "2d"]) == 0
    assert "12/36 = 1/3" in capsys.readouterr().out
    assert main(["trentuno", "score", "Ac 8c"]) == 2
    assert "not in the 40-card deck" in capsys.readouterr().err
    assert main(["trentuno", "play", "--bots", "0"]) == 2
    assert main(["trentuno"]) == 2


def test_cli_play_reasks_on_bad_input_and_finishes():
    out: list[str] = []
    answers = iter(["hello", "9", "k"])

    def fake_input(prompt):
        out.append(prompt)
        try:
            return next(answers)
        except StopIteration:
            pass
        if "next hand" in prompt:
            return ""
        if prompt.startswith("Your move"):
            return "s"
        return "1"

    game = TrentunoGame(["Me", "Bot 1", "Bot 2"], seed=7,
                        bots={1: greedy, 2: ThresholdKnocker(26)}, rules=TrentunoRules(lives=1))
    rc = play_terminal(game, seat=0, input_fn=fake_input, print_fn=out.append)
    text = "\n".join(map(str, out))
    assert rc == 0 and game.phase == "game_over"
    assert text.count("Sorry:") >= 2               # bad input explained, then asked again
    assert "wins the game" in text or "You win!" in text


def test_cli_play_quits_on_end_of_input():
    def eof(prompt):
        raise EOFError

    game = TrentunoGame(3, seed=1, bots={1: greedy, 2: greedy})
    assert play_terminal(game, 0, input_fn=eof, print_fn=lambda *a: None) == 130


@pytest.mark.slow
def test_the_bench_tournament_plays_1000_games_to_a_winner():
    """bench/bench_trentuno.py plays its 1,000 games, each to one winner (its time target,
    under 10 s, is the bench's to report: no time threshold in the correctness suite)."""
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_trentuno.py")], capture_output=True,
                       text=True, timeout=600)
    wins = sum(int(line.split()[-3]) for line in r.stdout.splitlines() if "wins" in line)
    assert wins == 1000, r.stdout + r.stderr
