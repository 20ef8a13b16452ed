"""Saved games are untrusted text and stay small.

A table of edits: each row takes a real save, changes it the way a person or a corrupt
file might, and names the error that loading must give (always a SetteKitError, with a
phrase naming the field).  A new field of a save gets a row here.
"""

from __future__ import annotations

import json

import pytest
from adversarial import set_at as _set, trentuno_mid_game  # _set: the rows' short name

from sette_kit import game
from sette_kit._saves import MAX_SAVE_CHARS
from sette_kit.errors import SetteKitError
from sette_kit.game import MAX_SAVED_EVENTS, Table
from sette_kit.policies import random_play, stand_at
from sette_kit.quattro import QuattroGame
from sette_kit.trentuno import TrentunoGame


def _table_mid_round() -> Table:
    """Four seats, three rounds played, the fourth in the players' phase."""
    bots = {s: random_play(10 + s) for s in range(4)}
    t = Table("italian", ["Ada", "Bo", "Cy", "Di"], seed=3, bots=bots)
    for _ in range(3):
        t.play_round()
    t.new_round()
    while t.phase != "players":
        seat = t.to_act
        choice = bots[seat](t.view(seat))
        if isinstance(choice, str):
            t.act(choice)
        else:
            t.act(choice[0], **choice[1])
    return t


TABLE = json.loads(_table_mid_round().to_json())
PLAYING = [s for s in TABLE["order"]]  # seats with a hand this round


def _edit(base, change):
    def make():
        d = json.loads(json.dumps(base))
        out = change(d)
        return out if isinstance(out, str) else json.dumps(d)
    return make


T = lambda rid, change, phrase: pytest.param(_edit(TABLE, change), phrase, id=rid)  # noqa: E731
P = PLAYING[0]

TABLE_ROWS = [
    T("money-as-text", _set(["bankrolls", 0], "100"), "bankrolls[0] must be a whole number"),
    T("money-float", _set(["bankrolls", 0], 100.5), "bankrolls[0] must be a whole number"),
    T("money-NaN", lambda d: json.dumps(d).replace('"bankrolls": [', '"bankrolls": [NaN, '), "NaN"),
    T("money-Infinity", lambda d: json.dumps(d).replace('"money": ', '"money": Infinity, "x": '), "Infinity"),
    T("money-minus-10**9", _set(["bankrolls", 0], -10 ** 9), "the game started with"),
    T("money-total-changed", _set(["bankrolls", 1], lambda b: b + 1), "the game started with"),
    T("money-huge", _set(["bankrolls", 1], 10 ** 30), "bankrolls[1] must be a whole number"),
    T("money-record-removed", lambda d: d.pop("money"), "money is missing"),
    T("banker-minus-1", _set(["banker"], -1), "banker must be a whole number from 0"),
    T("banker-99", _set(["banker"], 99), "banker must be a whole number from 0"),
    T("banker-beyond-seats", _set(["banker"], 9), "banker must be a seat from 0 to 3"),
    T("banker-bool", _set(["banker"], True), "banker must be a whole number"),
    T("pos-99", _set(["pos"], 99), "pos must be a whole number"),
    T("pos-past-order", _set(["pos"], 5), "pos=5 does not point"),
    T("hidx-wrong", _set(["hidx"], 7), "hidx=7"),
    T("stakes-crossed", _set(["min_stake"], 50), "min_stake=50 is above max_stake"),
    T("stake-limit-zero", _set(["max_stake"], 0), "max_stake must be a whole number from 1"),
    T("hand-status-unknown", _set(["hands", P, 0, "status"], "flying"), "status must be one of"),
    T("hand-stake-out-of-range", _set(["hands", P, 0, "stake"], 11), "stake=11 is outside the stakes 1-10"),
    T("hand-stake-text", _set(["hands", P, 0, "stake"], "5"), ".stake must be a whole number"),
    T("hand-hidden-flags", _set(["hands", P, 0, "hidden"], []), "hidden must give one flag per card"),
    T("hand-declare-bad", _set(["hands", P, 0, "declare"], "9"), "is not a value the matta may take"),
    T("hand-declare-huge", _set(["hands", P, 0, "declare"], "1e1000000"), "declare must be a value"),
    T("hand-of-a-player-removed", _set(["hands", P], []), f"hands[{P}] must hold a hand"),
    T("bank-with-two-hands", _set(["hands", TABLE["banker"]], lambda hs: hs * 2), "the bank plays exactly one hand"),
    T("card-duplicated", _set(["stock", 0], lambda c: TABLE["stock"][1]), "twice"),
    T("card-missing", _set(["stock"], lambda st: st[1:]), "missing"),
    T("card-index-negative", _set(["stock", 0], -1), "stock[0] must be a whole number from 0 to 39"),
    T("card-index-40", _set(["discards"], [40]), "discards[0] must be a whole number from 0 to 39"),
    T("phase-unknown", _set(["phase"], "dancing"), "phase must be one of"),
    T("phase-ready-mid-game", _set(["phase"], "ready"), "phase 'ready' does not fit round"),
    T("round-negative", _set(["round"], -1), "round must be a whole number"),
    T("round-start-past-events", _set(["round_start"], 10 ** 5), "round_start"),
    T("order-with-banker", _set(["order"], lambda o: o + [TABLE["banker"]]), "order"),
    T("names-duplicated", _set(["names", 1], TABLE["names"][0]), "names must not repeat a name"),
    T("names-control-chars", _set(["names", 1], "Bo\x1b[2J"), "control characters"),
    T("names-one-seat", _set(["names"], ["Ada"]), "names must hold 2 to 12 items"),
    T("names-not-text", _set(["names", 0], 7), "must be text"),
    T("rules-unknown-option", _set(["rules", "wild_jokers"], True), "rules: unknown option(s) wild_jokers"),
    T("rules-bad-value", _set(["rules", "reale_payout"], 99), "rules: reale_payout=99"),
    T("rules-matta-index", _set(["rules", "matta"], 99), "matta=99 must be a card index"),
    T("rules-not-object", _set(["rules"], []), "rules must be an object"),
    T("rng-short", _set(["rng", 1], lambda w: w[:10]), "rng[1] must hold 625"),
    T("rng-position", _set(["rng", 1, 624], 9999), "position"),
    T("rng-word-negative", _set(["rng", 1, 0], -5), "rng[1][0] must be a whole number"),
    T("event-malformed", _set(["events", 0], ["x"]), "events[0] must be a list of 6 items"),
    T("event-huge-fraction", _set(["events", 0, 2], {"total": {"fraction": "1e1000000"}}), "fraction"),
    T("event-seat-99", _set(["events", 0, 1], 99), "events[0][1] must be a whole number"),
    T("event-text-huge", _set(["events", 0, 3], "x" * 5000), "events[0][3] must be at most 2000"),
    T("event-data-nested", _set(["events", 0, 2], {"a": [[[[[1]]]]]}), "nested too deeply"),
    T("unknown-field", _set(["extra"], 1), "unknown field(s) 'extra'"),
    T("missing-field", lambda d: d.pop("stock"), "stock is missing"),
    T("not-an-object", lambda d: "[]", "not a saved sette-kit table"),
    T("null", lambda d: "null", "not a saved sette-kit table"),
    T("a-string", lambda d: '"sette-kit/table/2"', "not a saved sette-kit table"),
    T("other-format", _set(["format"], "sette-kit/table/9"), "not a saved sette-kit table"),
    T("not-json", lambda d: "{not json", "not JSON"),
    T("deeply-nested", lambda d: "[" * 100_000 + "]" * 100_000, "nested too deeply"),
    T("too-large", lambda d: " " * (MAX_SAVE_CHARS + 1), "refused unread"),
]


@pytest.mark.parametrize("make, phrase", TABLE_ROWS)
def test_a_saved_table_is_checked_field_by_field(make, phrase):
    with pytest.raises(SetteKitError) as info:
        Table.from_json(make())
    assert phrase in str(info.value), str(info.value)
    assert str(info.value).startswith(("cannot load the saved table", "not a saved sette-kit table"))


def _without_bots(text: str) -> dict:
    d = json.loads(text)
    d.pop("bot_seats")  # a loaded table has no bots until they are attached again
    return d


def test_the_unedited_save_loads_and_continues():
    t = _table_mid_round()
    u = Table.from_json(t.to_json())
    assert _without_bots(u.to_json()) == _without_bots(t.to_json())
    assert Table.from_json(t.to_json().encode()).to_json() == u.to_json()  # bytes are read as UTF-8


def test_not_text_at_all():
    with pytest.raises(SetteKitError, match="give the text that to_json"):
        Table.from_json(None)


def test_a_save_of_an_earlier_format_is_refused():
    """A downgraded save (format 1, ``money`` and ``dropped`` deleted)
    skipped the money check; formats 1 and 2 keep no record to check a round by."""
    t = _table_mid_round()
    d = json.loads(t.to_json())
    d["format"] = "sette-kit/table/1"
    del d["money"], d["dropped"], d["start"], d["actions"]
    d["bankrolls"][1] += 10000
    with pytest.raises(SetteKitError, match="earlier format 'sette-kit/table/1'.*no longer read"):
        Table.from_json(json.dumps(d))
    d["format"] = "sette-kit/table/2"
    with pytest.raises(SetteKitError, match="earlier format 'sette-kit/table/2'"):
        Table.from_json(json.dumps(d))


# -- every state a save can hold is one the engine reaches ---------------------

def _table_in(phase: str, rules="italian", seed=7) -> Table:
    """A three-seat table with bots, played on until the given phase of a round."""
    t = Table(rules, ["Ada", "Bo", "Cy"], seed=seed, bots="all")
    for _ in range(15):
        t.play_round()
    t.new_round()
    while t.phase != phase:
        seat = t.to_act
        name, params = game._bot_choice(seat, t.bots[seat](t.view(seat)))
        t.act(name, **params)
        if not t.in_progress:
            t.new_round()
    return t


MID = json.loads(_table_in("players").to_json())
READY = json.loads(Table("plain", 2, seed=1).to_json())


def _declared() -> dict:
    t = Table("italian", ["A", "B"], seed=1, banker=0, deck="3c 5d Rd")  # B holds 3c and draws the matta
    t.new_round()
    t.stake(1)
    t.hit()
    t.declare(4)
    return json.loads(t.to_json())


DECLARED = _declared()
BANK = json.loads(_table_in("bank", "plain", seed=3).to_json())
def _settled() -> dict:
    t = Table("italian", ["Ada", "Bo", "Cy"], seed=7, bots="all")
    for _ in range(17):
        t.play_round()
    return json.loads(t.to_json())


SETTLED = _settled()
M = MID["order"][MID["pos"]]  # the player to act in MID
B = BANK["banker"]
Pb = BANK["order"][0]


def _swap_money(d, seat, value):
    """Set a bankroll and give the difference to another seat: the money still adds up."""
    other = (seat + 1) % len(d["bankrolls"])
    d["bankrolls"][other] += d["bankrolls"][seat] - value
    d["bankrolls"][seat] = value


def _with_matta_removed(d):
    d["rules"]["matta"] = None
    d["rules"]["matta_sette_payout"] = 1
    d["rules"]["matta_whole_only"] = False


def _extra_empty_hand(d):
    hands = d["hands"][M]
    hands.append(dict(hands[0], cards=[], hidden=[]))


def _bank_hand_emptied(d, base):
    bank = d["hands"][base["banker"]][0]
    d["stock"] += bank["cards"]
    bank["cards"], bank["hidden"] = [], []


def _next_card_into_hand(d):
    h = d["hands"][M][0]
    h["cards"].append(d["stock"].pop())
    h["hidden"].append(False)


REPLAYED = "is not what the round's actions give"
U = lambda rid, base, change, phrase: pytest.param(_edit(base, change), phrase, id=rid)  # noqa: E731
UNREACHABLE = [
    U("negative-bankroll", MID, lambda d: _swap_money(d, M, -50), REPLAYED),
    U("money-and-bankrolls-0", MID, lambda d: d.update(money=0, bankrolls=[0] * 3), "start: bankrolls add up to"),
    U("stake-0-in-play", MID, _set(["hands", M, 0, "stake"], 0), REPLAYED),
    U("stake-10-bankroll-1", MID, lambda d: (_swap_money(d, M, 1), d["hands"][M][0].update(stake=10)), REPLAYED),
    U("phase-bank-with-a-player-to-act", MID, _set(["phase"], "bank"), REPLAYED),
    U("status-bust-on-a-live-hand", MID, _set(["hands", M, 0, "status"], "bust"), REPLAYED),
    U("status-stood-on-a-live-hand", MID, _set(["hands", M, 0, "status"], "stood"), REPLAYED),
    U("status-sette_e_mezzo-on-a-live-hand", MID, _set(["hands", M, 0, "status"], "sette_e_mezzo"), REPLAYED),
    U("result-on-an-open-hand", MID, _set(["hands", M, 0, "result"], 10 ** 14), REPLAYED),
    U("result-on-a-settled-hand", SETTLED, _set(["hands", SETTLED["order"][0] if SETTLED["order"] else 1, 0, "result"],
                                                  999), REPLAYED),
    U("bank-stood-in-the-bank-phase", BANK, _set(["hands", B, 0, "status"], "stood"), REPLAYED),
    U("declare-without-the-matta", MID, _set(["hands", M, 0, "declare"], "4"), REPLAYED),
    U("half_ace-without-an-ace", MID, _set(["hands", M, 0, "half_ace"], True), REPLAYED),
    U("extra-empty-hand", MID, _extra_empty_hand, REPLAYED),
    U("bank-hand-emptied", MID, lambda d: _bank_hand_emptied(d, MID), REPLAYED),
    U("player-hand-emptied-in-the-bank-phase", BANK, lambda d: (
        d.__setitem__("stock", d["stock"] + d["hands"][Pb][0]["cards"]), d["hands"][Pb][0].update(cards=[], hidden=[])),
      REPLAYED),
    U("matta-removed-mid-round", DECLARED, _with_matta_removed, "not a value the matta may take"),
    U("matta-removed-mid-round-undeclared", DECLARED, lambda d: (_with_matta_removed(d),
      d["hands"][1][0].update(declare=None)), "actions[2] (declare) is not a legal move"),
    U("next-stock-card-into-a-hand", MID, _next_card_into_hand, REPLAYED),
    U("start-missing", MID, _set(["start"], None), "start: is missing"),
    U("start-money", MID, _set(["start", "bankrolls", 0], lambda b: b + 5), "start: bankrolls add up to"),
    U("start-cards", MID, _set(["start", "stock"], lambda st: st[1:]), "start: between two rounds"),
    U("start-rng", MID, _set(["start", "rng", 1, 624], 9999), "start.rng"),
    U("action-appended", MID, _set(["actions"], lambda a: a + [["stand", None, None]]), REPLAYED),
    U("action-removed", MID, _set(["actions"], lambda a: a[:-1]), REPLAYED),
    U("action-illegal", MID, _set(["actions"], lambda a: [["split", 3, None]] + a), "actions[0] (split) is not a legal"),
    U("action-amount-changed", MID, _set(["actions", 0, 1], 10), REPLAYED),
    U("round-event-text", MID, _set(["events", -1, 3], "Ada wins 1000."), REPLAYED),
    U("ready-with-negative-bankroll", READY, lambda d: d.update(bankrolls=[-50, 250]), "has not started a round"),
    U("ready-event-text", READY, _set(["events", 1, 3], "\x1b[2J\x1b[31mYOU WIN"), "events[1] is not what"),
    U("ready-event-appended", READY, _set(["events"], lambda ev: ev + [["paid", 1, {"amount": 1000}, "Bo is paid 1000.",
                                                                     0, False]]), "events is not what"),
]


@pytest.mark.parametrize("make, phrase", UNREACHABLE)
def test_a_save_holds_only_states_the_engine_reaches(make, phrase):
    with pytest.raises(SetteKitError) as info:
        Table.from_json(make())
    assert phrase in str(info.value), str(info.value)


@pytest.mark.parametrize("base", [MID, BANK, SETTLED], ids=["players", "bank", "settled"])
def test_the_saves_those_rows_edit_load_and_play_on(base):
    t = Table.from_json(json.dumps(base), bots="all")
    assert json.loads(t.to_json())["hands"] == base["hands"]
    for _ in range(5):
        t.play_round()
    t.check()
    assert sum(t.bankrolls) == base["money"]


@pytest.mark.parametrize("saved_in", ["it", "es"])
def test_a_save_written_in_another_language_loads(saved_in):
    """An event's text is in the language the kit spoke then: a save written in Italian
    loads in English (each text is checked against the engine's texts in every language)."""
    from sette_kit.i18n import language

    with language(saved_in):
        t = _table_in("players")
        g = _quattro()
        r = Table("plain", ["Ada", "Bo"], seed=2)
        texts = t.to_json(), g.to_json(), r.to_json()
    assert Table.from_json(texts[0]).to_json() == texts[0].replace('"bot_seats":[0,1,2]', '"bot_seats":[]')
    assert QuattroGame.from_json(texts[1]).to_json() == texts[1]
    assert Table.from_json(texts[2]).to_json() == texts[2]


def test_repeated_declarations_replace_each_other_and_the_save_stays_readable():
    """A save the kit writes it can read back: 25,000 declarations made a save of 2.18 M characters that
    from_json refused; a declaration now replaces the one just before it."""
    t = Table("italian", ["A", "B"], seed=1, banker=0, deck="3c 5d Rd")
    t.new_round()
    t.stake(1)
    t.hit()
    before = len(t.to_json())
    for k in range(25_000):
        t.declare(4 if k % 2 else 1)
    text = t.to_json()
    assert len(text) < before + 300, len(text)
    assert [e.kind for e in t.round_events()].count("declared") == 1
    u = Table.from_json(text)
    assert u.view(1).hands[1][0].declare == 4 and u.to_json() == text


def test_burning_is_bounded_within_a_round():
    """S19 with S18: a burnt card comes back in a reshuffle, so burning could go on for ever;
    past MAX_ROUND_ACTIONS actions it is no longer offered, and the save stays small."""
    rules = game.Rules.preset("italian").replace(burn_three_four=True)
    threes_fours = "3c 4d 3d 4c 3b 4b 3s 4s"
    t = Table(rules, ["A", "B"], seed=2, banker=0, deck=threes_fours)
    t.new_round()
    t.stake(1)
    burns = 0
    while "burn" in t.legal_actions():
        t.burn()
        burns += 1
        assert burns <= game.MAX_ROUND_ACTIONS
    text = t.to_json()
    assert len(text) < 500_000 and Table.from_json(text).to_json() == text


# -- Quattro e mezzo ---------------------------------------------------------------------------------

def _quattro() -> QuattroGame:
    g = QuattroGame(["Ada", "Bo", "Cy", "Di"], seed=4, bots="all")
    while not any(g.points):
        g.play_hand()
    g.act("next_hand")
    return g


QUATTRO = json.loads(_quattro().to_json())
WINNER = max(range(4), key=lambda s: QUATTRO["points"][s])
Q = lambda rid, change, phrase: pytest.param(_edit(QUATTRO, change), phrase, id=rid)  # noqa: E731

QUATTRO_ROWS = [
    Q("null", lambda d: "null", "not a saved Quattro e mezzo game"),
    Q("list", lambda d: "[]", "not a saved Quattro e mezzo game"),
    Q("points-edited", _set(["points", WINNER], lambda p: p + 10), "are not the points of the hands won"),
    Q("points-moved", _set(["points"], lambda p: p[1:] + p[:1]), "are not the points"),
    Q("points-text", _set(["points", 0], "5"), "points[0] must be a whole number"),
    Q("points-negative", _set(["points", 0], -3), "points[0] must be a whole number"),
    Q("points-huge", _set(["points", 0], 10 ** 6), "points[0] must be a whole number from 0 to 1005"),
    Q("scored-event-forged", _set(["events"], lambda ev: ev + [["scored", 0, {"points": 50}, "x", 1, False]]),
      "must record the points a seat scored (1-5, Q6)"),
    Q("phase-unknown", _set(["phase"], "dancing"), "phase must be one of"),
    Q("dealer-99", _set(["dealer"], 99), "dealer must be a whole number"),
    Q("dealer-beyond-seats", _set(["dealer"], 6), "dealer must be a seat from 0 to 3"),
    Q("status-unknown", _set(["status", 0], "flying"), "status[0] must be one of"),
    Q("deck-duplicated", _set(["deck", 0], lambda c: QUATTRO["deck"][1]), "deck must not repeat"),
    Q("deck-missing", _set(["deck"], lambda dk: dk[1:]), "not one deck of 40"),
    Q("order-wrong", _set(["order"], lambda o: o[::-1]), "order must be every seat"),
    Q("pos-99", _set(["pos"], 99), "pos must be a whole number"),
    Q("winners-without-end", _set(["winners"], [0]), "winners [0] do not fit"),
    Q("names-duplicated", _set(["names", 1], "Ada"), "names must not repeat"),
    Q("rules-target", _set(["rules", "target"], 0), "rules: target=0"),
    Q("rules-unknown", _set(["rules", "jokers"], 2), "rules: unknown option(s) jokers"),
    Q("rng-short", _set(["rng", 1], []), "rng[1] must hold 625"),
    Q("deeply-nested", lambda d: "[" * 100_000 + "]" * 100_000, "nested too deeply"),
    Q("too-large", lambda d: " " * (MAX_SAVE_CHARS + 1), "refused unread"),
    # the hand is played again from its start, and the points are tied to the hands won
    Q("earlier-format", _set(["format"], "sette-kit/quattro/1"), "earlier format 'sette-kit/quattro/1'"),
    Q("award-forged-with-points", lambda d: (d["awards"].insert(0, [1, 1, 5]), d["points"].__setitem__(
        1, d["points"][1] + 5)), "awards do not match the points the kept hands' events record"),
    Q("award-out-of-range", _set(["awards", 0, 2], 9), "awards[0][2] must be a whole number from 1 to 5"),
    Q("start-points", _set(["start", "points", 0], 3), "start must be the state hand"),
    Q("start-deck", _set(["start", "deck"], lambda dk: dk[1:]), "start must hold one deck"),
    Q("start-rng", _set(["start", "rng", 1, 624], 9999), "start.rng"),
    Q("action-appended", _set(["actions"], lambda a: a + ["draw"]), "is not what the hand's actions give"),
    Q("action-illegal", _set(["actions"], lambda a: ["stand"] + a), "actions[0] (stand) is not a legal move"),
    Q("status-edited", _set(["status", 0], "bust"), "is not what the hand's actions give"),
    Q("double-six-flag", _set(["ds", 0], True), "is not what the hand's actions give"),
    Q("card-shown", _set(["shown", 0], True), "is not what the hand's actions give"),
    Q("hand-card-swapped", lambda d: d["hands"][0].__setitem__(0, d["deck"][-1]), "was not dealt from the deck"),
    Q("events-tail-too-long", _set(["events"], lambda ev: ev * 3), "awards do not match"),
    Q("event-text-edited", _set(["events", -1, 3], "Ada wins the game."), "is not what the hand's actions give"),
]


@pytest.mark.parametrize("make, phrase", QUATTRO_ROWS)
def test_a_saved_quattro_game_is_checked_field_by_field(make, phrase):
    with pytest.raises(SetteKitError) as info:
        QuattroGame.from_json(make())
    assert phrase in str(info.value), str(info.value)


def test_the_unedited_quattro_save_loads():
    g = _quattro()
    assert QuattroGame.from_json(g.to_json()).to_json() == g.to_json()


def test_a_long_quattro_game_saves_small_and_loads():
    """A game to 1,000 points kept every event and wrote 2.3 MB, which from_json
    refused; a save keeps a bounded tail of events and ties the points to the hands won."""
    from sette_kit.quattro import QuattroRules

    g = QuattroGame(3, rules=QuattroRules(target=300), seed=1, bots="all")
    g.play_game()
    text = g.to_json()
    assert len(text) < 200_000, len(text)
    h = QuattroGame.from_json(text)
    assert h.to_json() == text and h.winners == g.winners and h.points == g.points


# -- Trentuno --------------------------------------------------------------------------------------------

TRENTUNO = json.loads(trentuno_mid_game().to_json())
R = lambda rid, change, phrase: pytest.param(_edit(TRENTUNO, change), phrase, id=rid)  # noqa: E731

TRENTUNO_ROWS = [
    R("null", lambda d: "null", "not a saved Trentuno game"),
    R("list", lambda d: "[]", "not a saved Trentuno game"),
    R("number", lambda d: "5", "not a saved Trentuno game"),
    R("deeply-nested", lambda d: "[" * 100_000 + "]" * 100_000, "nested too deeply"),
    R("too-large", lambda d: " " * (MAX_SAVE_CHARS + 1), "refused unread"),
    R("action-unknown", _set(["actions", 0, 0], "fly"), "actions[0][0] must be one of"),
    R("action-card-99", _set(["actions", 0, 1], 99), "actions[0][1] must be a whole number from 0 to 39"),
    R("action-malformed", _set(["actions", 0], "draw_stock"), "actions[0] must be a list of 2 items"),
    R("action-illegal", _set(["actions", 0], ["knock", None]), "actions[0] (knock) is not a legal move"),
    R("players-duplicated", _set(["players", 1], "Ada"), "players must not repeat"),
    R("players-control", _set(["players", 1], "B\x00"), "control characters"),
    R("seed-text", _set(["seed"], "5"), "seed must be a whole number"),
    R("seed-negative", _set(["seed"], -5), "seed must be a whole number from 0"),
    R("rules-unknown", _set(["rules", "jokers"], 2), "rules: unknown option(s) jokers"),
    R("rules-bad-value", _set(["rules", "lives"], 0), "rules: lives=0"),
    R("state-edited", _set(["state", "pot"], 7), "does not replay to its saved state"),
    R("state-not-object", _set(["state"], 3), "state must be an object"),
    R("version", _set(["version"], 2), "version must be a whole number from 1 to 1"),
    R("arranged-malformed", _set(["arranged"], {"hands": 1}), "arranged"),
]


@pytest.mark.parametrize("make, phrase", TRENTUNO_ROWS)
def test_a_saved_trentuno_game_is_checked_field_by_field(make, phrase):
    with pytest.raises(SetteKitError) as info:
        TrentunoGame.from_json(make())
    assert phrase in str(info.value), str(info.value)


def test_a_trentuno_game_too_long_to_read_back_is_not_written(monkeypatch):
    """The kit never writes a save it cannot read; a Trentuno save replays the whole
    game, so only a hand stalled for tens of thousands of turns could pass the limit."""
    from sette_kit.games.trentuno import saves as trentuno  # where the save is written

    g = trentuno_mid_game()
    monkeypatch.setattr(trentuno, "MAX_SAVE_CHARS", len(g.to_json()) - 1)
    with pytest.raises(SetteKitError, match="cannot save this Trentuno game"):
        g.to_json()


# -- saves stay small -----------------------------------------------------------------------

def _long_game(rounds: int) -> Table:
    t = Table("italian", 6, bankrolls=10 ** 6, seed=1,
              bots={s: stand_at(4 + s / 2, stake=1 + s) for s in range(6)})
    for _ in range(rounds):
        t.play_round()
    return t


def test_a_save_keeps_a_bounded_tail_of_events_however_long_the_game():
    short, long = _long_game(60), _long_game(240)
    a, b = short.to_json(), long.to_json()
    assert len(json.loads(b)["events"]) <= MAX_SAVED_EVENTS
    assert len(b) < 1.3 * len(a) and len(b) < 150_000, (len(a), len(b))
    assert len(long.events) > 4 * MAX_SAVED_EVENTS  # the table itself still holds them all
    d = json.loads(b)
    assert d["dropped"] + len(d["events"]) == len(long.events)
    assert d["events"][d["round_start"]][0] == "round_started"  # the current round is kept whole
    assert [e[0] for e in d["events"]].count("round_started") >= 5  # and several before it


def test_a_trimmed_save_restores_the_game_exactly():
    t = _long_game(120)
    t.new_round()
    text = t.to_json()
    u = Table.from_json(text)
    assert _without_bots(u.to_json()) == _without_bots(text)  # loading and saving again changes nothing
    assert u.round_events() == t.round_events() and u.bankrolls == t.bankrolls
    assert u.view(2) == t.view(2)
    bots = {s: stand_at(4 + s / 2, stake=1 + s) for s in range(6)}
    u.attach_bots(bots)
    t.play_bots(), u.play_bots()
    for _ in range(40):
        assert t.play_round() == u.play_round()
    assert u.to_json() == t.to_json()  # the same game, and the same save


def test_the_last_result_of_a_trimmed_save():
    t = _long_game(100)
    u = Table.from_json(t.to_json())
    assert u.last_result == t.last_result


def test_the_table_module_documents_what_a_save_keeps():
    assert "MAX_SAVED_EVENTS" in Table.to_json.__doc__ and game.MAX_SAVED_EVENTS == MAX_SAVED_EVENTS


# -- every state a real game reaches loads (the checks reject edits, never real games) -------------

@pytest.mark.parametrize("name", ["spanish+all", "italian+all", "french-before-deal"])
def test_every_state_of_real_games_saves_and_loads(name):
    from tests.games.sette.test_engine_properties import RULESETS

    n = 5
    bots = {s: random_play(40 + s) for s in range(n)}
    t = Table(RULESETS[name], n, bankrolls=60, seed=17, bots=bots)
    checked = passed_bank = 0
    for _ in range(30):
        try:
            t.new_round()
        except Exception:  # nobody can cover the minimum stake: the game is over
            break
        step = 0
        while t.in_progress:
            if step % 4 == 0:
                text = t.to_json()
                assert Table.from_json(text).to_json().replace('"bot_seats":[]', "") == \
                    text.replace('"bot_seats":[0,1,2,3,4]', "")
                checked += 1
            choice = bots[t.to_act](t.view(t.to_act))
            t.act(choice) if isinstance(choice, str) else t.act(choice[0], **choice[1])
            step += 1
        text = t.to_json()  # settled, perhaps just after the bank passed
        assert Table.from_json(text).last_result == t.last_result
        passed_bank += any(e.kind == "bank_passed" for e in t.round_events())
    assert checked > 40 and passed_bank > 0
