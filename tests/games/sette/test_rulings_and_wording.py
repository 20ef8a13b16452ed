"""Sette e mezzo's rulings and their wording: a declaration that reaches 7½ (S10), the
matta's privacy, the two readings of S15/S16, the tie texts (S13), the explanations
(the review's "Rules and engine" items 7-10, 12 and 13).  The widgets' side of the wording is
tests/widgets/test_wording.py, Quattro's tests/games/quattro/test_quattro.py.

(Items 5 and 6, the D2 reading of cards, are in tests/games/sette/test_cards.py and test_cli_score.py;
item 11, Trentuno T6/T7/T9, in tests/games/trentuno/test_engine.py.)
"""

from __future__ import annotations

import re


from sette_kit import Rules, explain, outcome, parse_cards, score, settle
from sette_kit.game import Table
from sette_kit.odds import explain_bust
from sette_kit import quattro

ITALIAN = Rules.preset("italian")
SPANISH = Rules.preset("spanish")
PLAIN = Rules.preset("plain")


def scripted(cards, rules="italian", players=("A", "B")):
    """A table with ``cards`` on top of the deck; A holds the bank, B plays first."""
    t = Table(rules, players=list(players), banker=0, seed=1, deck=parse_cards(cards))
    t.new_round()
    return t


# -- item 7 (S10): reaching 7½ by declaring the matta ends the turn --------------------------

def test_S10_reaching_7_and_a_half_by_a_declaration_ends_the_turn():
    t = scripted("Rd 5s 3c Fc")          # B: Rd (hidden), the bank 5s; B draws 3c, then Fc
    t.stake(1)
    t.hit()                              # Rd 3c: 7 with the matta worth 4
    t.declare(1)                         # 4
    t.hit()                              # Rd 3c Fc: 4½ with the matta declared 1
    assert t.phase == "players"
    t.declare(4)                         # 7½: shown at once, the turn is over (S10)
    hand = t.hands("B")[0]
    assert hand.score.total == 7.5 and hand.status == "sette_e_mezzo"
    assert t.phase == "bank" and t.to_act == 0
    assert t.view("A").hands[1][0].cards[0] is not None      # shown, hidden card included
    assert any(e.kind == "sette_e_mezzo" and e.seat == 1 for e in t.round_events())


def test_S10_the_bank_reaching_7_and_a_half_by_a_declaration_stops():
    t = scripted("5s Rd 3c Fc")           # B: 5s; the bank: Rd, then 3c and Fc
    t.stake(1)
    t.stand()
    t.hit()                               # the bank: Rd 3c = 7
    t.declare(1)
    t.hit()                               # Rd 3c Fc = 4½
    assert t.phase == "bank"
    t.declare(4)                          # 7½: the bank's turn is over, the round settles
    assert t.phase == "settled" and t.bankrolls == (101, 99)


# -- item 8: declaring a hidden matta tells the other seats nothing ---------------------------

def test_declaring_a_hidden_matta_is_not_public():
    t = scripted("Rd 5s 3c Fc")
    t.stake(1)
    t.hit()
    t.declare(1)
    for e in t.view("A").events + t.round_events():       # the bank's view and the public texts
        assert "matta" not in e.text and "declare" not in e.text, e.text
    assert t.view("A").hands[1][0].declare is None          # the others' view keeps it secret
    assert t.view("B").hands[1][0].declare == 1             # the owner sees it
    t.hit()
    t.declare(4)                                            # 7½: the hand is shown ...
    texts = [e.text for e in t.round_events()]
    assert any("declared the matta worth 4" in x for x in texts)   # ... and the value with it
    assert not any("worth 1" in x for x in texts)


def test_declaring_a_face_up_matta_is_public():
    t = scripted("3c 5s Rd")              # B's hidden card is 3c; the matta comes face up
    t.stake(1)
    t.hit()
    t.declare(1)
    assert any(e.kind == "declared" and "declares the matta worth 1" in e.text for e in t.view("A").events)
    assert t.view("A").hands[1][0].declare == 1


# -- item 9 (S15, S16): reale against reale, one reading, said everywhere ---------------------

def test_S15_S16_literal_reading_is_the_italian_default():
    assert ITALIAN.true_reale_beats_matta_reale is False
    # the bank's reale, of either kind, collects a single stake from a player's reale
    assert settle("7s Fs", "Rd Fd", 5, ITALIAN) == -5
    assert settle("Rd Fd", "7s Fs", 5, ITALIAN) == -5
    assert settle("7s Fs", "7d Fd", 5, ITALIAN) == -5
    o = outcome(score("7s Fs", ITALIAN), score("Rd Fd", ITALIAN), ITALIAN)
    assert "single stake" in o.reason and "S15" in o.reason
    # and double from players without one
    assert settle("3s 4s Fc", "Rd Fd", 5, ITALIAN) == -10


def test_S16_the_other_reading_is_an_option():
    r = ITALIAN.replace(true_reale_beats_matta_reale=True)
    assert settle("7s Fs", "Rd Fd", 5, r) == 10                 # a true reale beats a matta reale
    assert settle("Rd Fd", "7s Fs", 5, r) == -5
    o = outcome(score("Rd Fd", r), score("7s Fs", r), r)
    assert "true reale beats" in o.reason


def test_S15_S16_rules_text_says_the_reading():
    lines = dict(ITALIAN._lines())
    assert "single stake" in lines["dealer_reale"]
    assert "either kind" in lines["reale_rank"]
    r = dict(ITALIAN.replace(true_reale_beats_matta_reale=True)._lines())
    assert "beats the bank's reale made with the matta" in r["reale_rank"]


def test_S15_the_bank_keeps_the_bank_after_its_reale_unless_a_higher_reale():
    # the bank (A) makes a reale of denari; B a reale of spade, the higher suit (S17): B pays a
    # single stake but takes the bank
    t = scripted("7s 7d Fs Fd")
    t.stake(2)
    t.hit()                               # B: 7s Fs, a reale: shown, turn over
    t.hit()                               # the bank: 7d Fd, a reale
    assert t.phase == "settled" and t.bankrolls == (102, 98) and t.banker == 1
    passed = next(e for e in t.round_events() if e.kind == "bank_passed")
    assert "higher" in passed.text and "S15" in passed.text
    # a reale of a lower suit (bastoni): the bank is kept
    t = scripted("7b 7d Fb Fd")
    t.stake(2)
    t.hit(); t.hit()
    assert t.bankrolls == (102, 98) and t.banker == 0
    assert any(e.kind == "bank_kept" for e in t.round_events())


# -- item 10 (S13): ties and the reale's exception --------------------------------------------

def test_S13_ties_text_names_the_reale_exception():
    assert "except" in dict(ITALIAN._lines())["ties"] and "reale" in dict(ITALIAN._lines())["ties"]
    assert "reale" not in dict(PLAIN._lines())["ties"]          # no reale, no exception
    o = outcome(score("3c 4d Fs", ITALIAN), score("3s 4s Fc", ITALIAN), ITALIAN)
    assert o.multiplier == -1 and "S13" in o.reason and "reale" in o.reason
    assert "reale" not in outcome(score("3c 4d", PLAIN), score("3s 4s", PLAIN), PLAIN).reason
    # and the exception itself: a player's reale beats the bank's 7½ of more cards
    assert settle("7c Fc", "3s 4s Fd", 1, ITALIAN) == 2


# -- item 12: explanations agree with the numbers -----------------------------------------

def test_explain_says_the_matta_payout_settle_uses():
    r = ITALIAN.replace(matta_sette_payout=3)
    assert settle("Rd Fd", "3s 2s", 1, r) == 3
    text = explain("Rd Fd", r)
    assert "paid triple" in text and "double" not in text
    assert settle("Rd Fc", "3s 2s", 1, r) == 3
    assert "paid triple" in explain("Rd Fc", r)
    assert "paid" not in explain("Rd Fc", ITALIAN).splitlines()[-1]        # even money: no bonus
    assert "paid double" in explain("7d Fd", ITALIAN)


def test_explain_bust_knows_the_matta_can_lower_its_value():
    text = explain_bust("Re di denari, 3 di coppe", rules=ITALIAN)
    assert "more than ½" not in text
    assert "more than 4" in text and "every 5–7" in text
    text = explain_bust("6 di coppe, Re di denari", rules=ITALIAN)
    assert "more than 1" in text and "every 2–7" in text


def test_bank_bust_reason_reads_as_one_sentence():
    o = outcome(score("7d Fd", ITALIAN), score("6s 2s 1b", ITALIAN), ITALIAN)
    assert o.multiplier == 2
    assert ") (" not in o.reason and "and is paid double" not in o.reason
    assert "your sette e mezzo reale is paid double" in o.reason.lower()


def test_explain_half_point_ace_and_a_seven_of_one_suit():
    r = ITALIAN.replace(half_point_ace=True)
    last = explain("1c 7c", r, half_ace=True).splitlines()[-1]
    assert "same suit" not in last or "not of the same suit" not in last
    assert "must be of the same suit" not in last and "a 7 and a figure" in last
    assert "must be of the same suit" in explain("7c Fd", ITALIAN).splitlines()[-1]
    assert "must be of the same suit" not in explain("1c 7d", r, half_ace=True).splitlines()[-1]


# -- item 13: learner text ----------------------------------------------------------------

SEED = re.compile(r"seed 00\d", re.I)


def test_no_seed_numbers_in_explanations():
    for hand in ("Rd 3c", "Rd 3c 2s", "Rd", "7d Fd", "Rd Fd"):
        assert not SEED.search(explain(hand, ITALIAN))
    r = quattro.showdown(["4c Fc", "3s Fs Ad"], dealer=0, rules=quattro.QuattroRules(dealer_wins_all_ties=True))
    assert "dealer wins every tie" in r.reason and not SEED.search(r.reason)


def test_spanish_preset_speaks_of_siete_y_media():
    assert SPANISH.describe().startswith("Siete y media")
    assert "siete y media" in explain("7o Ro", SPANISH).lower()
    assert "sette e mezzo" not in explain("7o Ro", SPANISH).lower()
    assert ITALIAN.describe().startswith("Sette e mezzo")


def test_french_face_names_the_matta_once():
    text = ITALIAN.replace(face="french").describe()
    assert text.count("King of diamonds") == 1


def test_rules_text_writes_one_half_the_kit_way():
    for r in (ITALIAN, SPANISH, PLAIN, ITALIAN.replace(triple=True)):
        assert "1/2" not in r.describe()


def test_one_spelling_of_triple():
    r = ITALIAN.replace(triple=True)
    texts = [explain("7c 7d", r), r.describe(),
             outcome(score("3c", r), score("7c 7d", r), r).reason,
             outcome(score("7s 7b", r), score("3c", r), r).reason]
    for x in texts:
        assert "triple " not in x.replace("paid triple", "").replace("triple (", ""), x
        assert "triplé" in x


def test_event_log_keeps_the_third_person_and_grammar():
    t = Table("italian", players=["Ada", "Bot 1", "Bot 2", "Bot 3"], seed=5, bots="all")
    for _ in range(12):
        t.play_round()
    texts = [e.text for e in t.events]
    assert not any(re.search(r"\b(You|Your|you|your)\b", x) for x in texts), \
        [x for x in texts if re.search(r"\b(You|Your|you|your)\b", x)][:3]
    t = scripted("5c 3d", players=("A", "B"))
    start = next(e for e in t.round_events() if e.kind == "round_started")
    assert start.text.endswith("B plays.")

