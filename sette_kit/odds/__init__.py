"""Exact odds for Sette e mezzo: every number is a Fraction that can be explained by
counting.  Each function also has a float path,
``exact=False``, equal to the exact value within 1e-12.

>>> from sette_kit import odds, parse_cards, Rules
>>> plain = Rules.preset("plain")
>>> odds.bust_probability(parse_cards("6 di coppe"), seen=parse_cards("7 di spade, Re di bastoni"), rules=plain)
Fraction(22, 37)
>>> odds.final_distribution(odds.stand_at(5))["bust"]
Fraction(405912956, 1517119695)
>>> sol = odds.solve(plain, dealer=odds.stand_at(5.5))
>>> sol.ev
Fraction(-23253805500217, 251659815006600)
>>> sol.decision(parse_cards("2c Fd")), sol.decision(parse_cards("3c"))
('hit', 'stand')

Conventions: ``cards`` are your cards (Cards or text), ``seen`` every other card you
have seen (others' face-up cards, burnt cards); the next card is drawn without
replacement from the rest.  ``rules`` defaults to the ``plain`` preset.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from .._checks import read_bool
from ..cards import FULL_DECK, Card, _items, cards_in_text, parse_cards
from .. import fmt
from ..errors import SetteKitError
from ..i18n import _, ngettext
from ..numbers import read_halves, shown
from ..rules import Rules, as_rules
from ..scoring import SETTE_E_MEZZO, card_value, fmt_points, score
from ..strategy import BankSeesPlayer, StandAt, card_class, sees_player, stand_at
from ._engine import BUST, FF, HP, MATTA, NCLS, S75, TRIPLE, model
from ._solve import FirstCard, Solution, StrategyRow, _cards, solve
from ._staking import (StakeReading, StakingPlan, ThresholdRow, ThresholdTable, bank_thresholds,
                       best_staking_plan, ev_by_first_card, staking_plan, threshold_table)
from ._stake_game import Bluff, Information, StakeGame, stake_game
from ._bluff import BluffLab, BluffPlay, bluff_lab

__all__ = ["next_card", "bust_probability", "sette_e_mezzo_probability", "reale_probability",
           "final_distribution", "solve", "policy_ev", "explain_bust", "stand_at", "sees_player",
           "StandAt", "BankSeesPlayer", "Solution", "StrategyRow",
           "FirstCard", "ev_by_first_card", "StakingPlan", "staking_plan", "best_staking_plan",
           "ThresholdRow", "ThresholdTable", "bank_thresholds", "threshold_table", "EdgeRow",
           "tie_and_bust_edges", "StakeReading", "stake_game", "StakeGame", "Bluff", "Information",
           "bluff_lab", "BluffLab", "BluffPlay"]

MATTA_OUTCOME = "matta"  # next_card's key for the matta, whose value depends on the hand (S4)


def _setup(cards, seen, rules, exact=True) -> tuple[Rules, tuple[Card, ...], tuple[Card, ...]]:
    """(rules, your cards, the unseen cards) with the checks every function needs."""
    read_bool(exact, "exact")
    rules = as_rules(rules)
    mine, other = _cards(cards, rules), _cards(seen, rules, "seen")
    if len(set(mine)) != len(mine):
        raise SetteKitError(_("your hand holds each card at most once"))
    both = set(mine) & set(other)
    if both:
        raise SetteKitError(_("{cards} cannot be both in your hand and among the cards seen").format(
            cards=", ".join(c.name(rules.face) for c in sorted(both))))
    gone = set(mine) | set(other)
    unseen = tuple(c for c in FULL_DECK if c not in gone)
    return rules, mine, unseen


def _counts(cards, rules):
    m = [0] * NCLS
    for c in cards:
        m[card_class(c, rules)] += 1
    return m


def _ratio(k: int, n: int, exact: bool):
    return Fraction(k, n) if exact else k / n


def _need_card(unseen):
    if not unseen:
        raise SetteKitError(_("there is no card left to draw: every card is in your hand or seen"))


def next_card(cards=(), seen=(), rules: Rules | str = "plain", *, exact: bool = True) -> dict:
    """The distribution of the next card's value: value added (Fraction) -> probability.

    Figures add 1/2 (S1).  Where the matta is in play its value depends on the hand
    (S4), so it is its own outcome, under the key ``"matta"``.

    >>> from sette_kit import parse_cards
    >>> d = next_card(parse_cards("6 di coppe"), seen=parse_cards("7 di spade"))
    >>> d[Fraction(1, 2)], d[Fraction(6)], d[Fraction(7)], sum(d.values())
    (Fraction(6, 19), Fraction(3, 38), Fraction(3, 38), Fraction(1, 1))
    >>> next_card(rules=Rules.preset("italian"))["matta"]
    Fraction(1, 40)
    """
    rules, mine, unseen = _setup(cards, seen, rules, exact)
    _need_card(unseen)
    counts = _counts(unseen, rules)
    out = {}
    for k in range(NCLS):
        if counts[k]:
            key = MATTA_OUTCOME if k == MATTA else Fraction(HP[k], 2)
            out[key] = _ratio(counts[k], len(unseen), exact)
    return out


def _one_more(cards, seen, rules, exact, test):
    rules, mine, unseen = _setup(cards, seen, rules, exact)
    _need_card(unseen)
    mdl = model(rules)
    base = _counts(mine, rules)
    counts = _counts(unseen, rules)
    good = 0
    for k in range(NCLS):
        if counts[k]:
            base[k] += 1
            if test(mdl.score(tuple(base))):
                good += counts[k]
            base[k] -= 1
    return _ratio(good, len(unseen), exact)


def bust_probability(cards=(), seen=(), rules: Rules | str = "plain", *, exact: bool = True):
    """The probability that one more card busts the hand (S2), counting the unseen cards.

    >>> bust_probability("6c")              # 2-5 (16 cards), the three other 6s, the four 7s
    Fraction(23, 39)
    >>> bust_probability("6c", exact=False)
    0.5897435897435898
    """
    return _one_more(cards, seen, rules, exact, lambda s: s[1] == BUST)


def sette_e_mezzo_probability(cards=(), seen=(), rules: Rules | str = "plain", *, exact: bool = True):
    """The probability that one more card makes exactly 7½ (a reale included).

    >>> sette_e_mezzo_probability("7c")
    Fraction(4, 13)
    """
    return _one_more(cards, seen, rules, exact, lambda s: s[0] == S75 and s[1] != TRIPLE)


def reale_probability(cards=(), seen=(), rules: Rules | str = "plain", *, exact: bool = True):
    """The probability that one more card makes a sette e mezzo reale (S5): only a
    one-card hand can, and, under the same-suit rule, only with a card of its suit.

    >>> italian = Rules.preset("italian")
    >>> reale_probability("7 di coppe", rules=italian)      # Fante, Cavallo, Re di coppe
    Fraction(1, 13)
    >>> reale_probability("Fante di denari", rules=italian)  # 7 di denari or the matta
    Fraction(2, 39)
    """
    rules, mine, unseen = _setup(cards, seen, rules, exact)
    _need_card(unseen)
    if not rules.reale or len(mine) != 1:
        return _ratio(0, len(unseen), exact)
    good = sum(1 for c in unseen if score(mine + (c,), rules).kind == "reale")
    return _ratio(good, len(unseen), exact)


def _policy_hp(policy, player_total):
    if isinstance(policy, BankSeesPlayer):
        if player_total is None:
            raise SetteKitError(_("sees_player() draws against the player's total: pass player_total="))
        # a total a player can stand on, read with its size checked first
        total = read_halves(player_total, "player_total", "1/2", "15/2",
                            accepted=_("a player's total from ½ to 7½ in steps of ½"))
        return int(total * 2)
    if not hasattr(policy, "wants_card"):
        raise SetteKitError(_("policy={policy}: use odds.stand_at(x) or odds.sees_player()").format(
            policy=shown(policy)))
    return None


def final_distribution(policy, cards=(), seen=(), rules: Rules | str = "plain", *, player_total=None,
                       exact: bool = True) -> dict:
    """Where a hand ends if its holder follows ``policy``: total (Fraction) or "bust"
    -> probability.  The hand stops at 7½ whatever the policy (S10); under the triple
    rule (S6) two 7s end the hand under the key "triple".  For the all-seeing bank
    (``sees_player()``) give the ``player_total`` it plays against.

    >>> d = final_distribution(stand_at(5))
    >>> d["bust"], sum(d.values())
    (Fraction(405912956, 1517119695), Fraction(1, 1))
    >>> final_distribution(stand_at(7), cards="6c", seen="Rc Rd Rs Rb Fc Fd Fs Fb Cc Cd Cs Cb")
    {Fraction(7, 1): Fraction(4, 27), 'bust': Fraction(23, 27)}
    """
    rules, mine, unseen = _setup(cards, seen, rules, exact)
    opp = _policy_hp(policy, player_total)
    mdl = model(rules)
    start = tuple(_counts(mine, rules))
    deck = _counts(unseen, rules)
    N = len(unseen)
    # forward over the cards drawn: weight(D) = sum over valid class orders of
    # prod ff(n_c, d_c), so that P(D) = weight / ff(N, |D|)  (see _engine)
    frontier = {(0,) * NCLS: 1}
    finals: dict = {}
    depth = 0
    while frontier:
        nxt: dict = {}
        for drawn, w in frontier.items():
            hand = tuple(a + b for a, b in zip(start, drawn))
            hp, kind, __ = mdl.score(hand) if any(hand) else (0, "points", False)
            if (any(hand) and not mdl.wants(policy, hp, kind, opp)) or depth == N:
                key = "bust" if kind == BUST else "triple" if kind == TRIPLE else Fraction(hp, 2)
                finals.setdefault(depth, {}).setdefault(key, 0)
                finals[depth][key] += w
                continue
            for k in range(NCLS):
                left = deck[k] - drawn[k]
                if left:
                    t = drawn[:k] + (drawn[k] + 1,) + drawn[k + 1:]
                    nxt[t] = nxt.get(t, 0) + w * left
        frontier = nxt
        depth += 1
    K = max(finals)
    acc: dict = {}
    for k, d in finals.items():
        scale = FF[N - k][K - k]
        for key, w in d.items():
            acc[key] = acc.get(key, 0) + w * scale
    den = FF[N][K]
    out = {key: _ratio(w, den, exact) for key, w in acc.items() if w}
    return dict(sorted(out.items(), key=lambda kv: (kv[0] == "bust", kv[0] == "triple",
                                                   kv[0] if isinstance(kv[0], Fraction) else 0)))


class EdgeRow(NamedTuple):
    """One line of :func:`tie_and_bust_edges`: whether the bank wins ties (S13), whether
    a bust player loses even when the bank busts too (S10), and the house edge then."""

    bank_wins_ties: bool
    bust_loses_at_once: bool
    house_edge: Fraction


def tie_and_bust_edges(rules: Rules | str = "plain", dealer=None, *, exact: bool = True) -> tuple:
    """What the two rules that favour the bank are worth: the house edge against the
    best player (``solve``) with each of them on or off, at a flat stake.  The rows:
    both rules (the real game), ties to the bank only, a bust player losing at once
    only, neither.

    Against a bank that stands at 5, under the plain rules, the two rules are the whole
    edge: without both the game is exactly fair (the bank and the player then play the
    same game, the bank only plays second).

    >>> rows = tie_and_bust_edges("plain", stand_at(5))
    >>> [(r.bank_wins_ties, r.bust_loses_at_once, f"{float(r.house_edge):.2%}") for r in rows]
    [(True, True, '16.37%'), (True, False, '7.79%'), (False, True, '7.00%'), (False, False, '0.00%')]
    >>> rows[-1].house_edge
    Fraction(0, 1)
    """
    rules = as_rules(rules)
    dealer = stand_at(5) if dealer is None else dealer
    out = []
    for ties, bust in ((True, True), (True, False), (False, True), (False, False)):
        sol = solve(rules.replace(dealer_wins_ties=ties), dealer, exact=exact, bust_refund=not bust)
        out.append(EdgeRow(ties, bust, sol.house_edge))
    return tuple(out)


def policy_ev(rules: Rules | str = "plain", player=None, dealer=None, *, exact: bool = True):
    """The exact expected result per unit stake of the heads-up model when the player
    follows a fixed policy (default ``stand_at(5)``) instead of the optimal one: the
    value a simulation of those two policies converges to.

    It runs the same recursion over compositions as :func:`solve`, with the player's
    decisions taken from ``player.wants_card(total)``; it agrees exactly with the
    brute-force enumeration :func:`sette_kit.simulate.exact_ev`, and is much faster
    under the rules with the matta.

    >>> policy_ev(Rules.preset("plain"), stand_at(5), stand_at(5))
    Fraction(-218179120494761, 1258299075033000)
    >>> policy_ev(Rules.preset("plain"), stand_at(5), stand_at(5)) < solve(dealer=stand_at(5)).ev
    True
    """
    rules = as_rules(rules)
    read_bool(exact, "exact")
    player = stand_at(5) if player is None else player
    dealer = stand_at(5) if dealer is None else dealer
    if not isinstance(player, StandAt):
        raise SetteKitError(_("player={player}: use odds.stand_at(x) (for the optimal player use "
                              "odds.solve)").format(player=shown(player)))
    if not isinstance(dealer, (StandAt, BankSeesPlayer)):
        raise SetteKitError(_("dealer={dealer}: use odds.stand_at(x) or odds.sees_player()").format(
            dealer=shown(dealer)))
    return Solution(rules, dealer, exact, player=player).ev


def explain_bust(cards, seen=(), rules: Rules | str = "plain") -> str:
    """The chance that one more card busts you, as a counting argument.

    >>> print(explain_bust("6 di coppe", seen="7 di spade, Re di bastoni"))
    You hold 6 di coppe: 6. You have seen 3 cards (yours and 2 more), so 37 are unseen.
    A card busts you if it takes you over 7½, that is if it is worth more than 1½.
    Cards that bust you: every 2–7, 22 of the 37 you have not seen → 22/37 ≈ 59.5%.
    """
    rules, mine, unseen = _setup(cards, seen, rules)
    _need_card(unseen)
    mdl = model(rules)
    base = _counts(mine, rules)
    counts = _counts(unseen, rules)
    busting: list = []
    safe: list = []
    bust_n = 0
    for k in range(NCLS):
        if not counts[k]:
            continue
        base[k] += 1
        is_bust = mdl.score(tuple(base))[1] == BUST
        base[k] -= 1
        (busting if is_bust else safe).append(k)
        bust_n += counts[k] if is_bust else 0
    n_seen = 40 - len(unseen)
    others = n_seen - len(mine)
    if mine:
        s = score(mine, rules)
        held = _("You hold {cards}: {points}.").format(cards=cards_in_text(mine, rules.face),
                                                        points=fmt_points(s.total))
    else:
        s = None
        held = _("You hold no cards yet.")
    if mine and others:
        seen_text = _("You have seen {n} cards (yours and {others} more), so {unseen} are unseen.").format(
            n=n_seen, others=others, unseen=len(unseen))
    else:
        seen_text = ngettext("You have seen {n} card, so {unseen} are unseen.",
                             "You have seen {n} cards, so {unseen} are unseen.", n_seen).format(
            n=n_seen, unseen=len(unseen))
    lines = [f"{held} {seen_text}"]
    held_matta = next((c for c in mine if rules.is_matta(c)), None)
    if s is not None and s.bust:
        lines.append(_("Your hand is already bust (S2)."))
    elif held_matta is not None:
        # S4: the matta in the hand can lower its value, down to its least allowed value
        others = sum((card_value(c) for c in mine if c != held_matta), Fraction(0))
        least = min(rules.matta_values)
        room = SETTE_E_MEZZO - others - least
        lines.append(_("Your matta can lower its value (S4): the other cards make {others} and the "
                       "matta counts at least {least}, so a card busts you only if it is worth more "
                       "than {room}.").format(others=fmt_points(others), least=fmt_points(least),
                                              room=fmt_points(room)))
    elif s is not None and mine:
        room = Fraction(S75 - s.half_points, 2)
        line = _("A card busts you if it takes you over 7½, that is if it is worth more than {room}.").format(
            room=fmt_points(room))
        if counts[MATTA]:
            line += " " + _("The matta, if you draw it, takes its best value (S4), so it busts you only if even "
                            "its least value, {least}, does.").format(least=fmt_points(min(rules.matta_values)))
        lines.append(line)
    else:
        lines.append(_("A card busts you if it takes you over 7½ (S2); the matta takes its best value (S4)."))
    groups = _describe_classes(busting)
    p = Fraction(bust_n, len(unseen))
    shown = f"{bust_n}/{len(unseen)}" + (f" = {p.numerator}/{p.denominator}" if p.denominator != len(unseen) else "")
    if bust_n:
        lines.append(_("Cards that bust you: {groups}, {n} of the {unseen} you have not seen "
                       "→ {fraction} ≈ {percent}.").format(groups=groups, n=bust_n, unseen=len(unseen),
                                                           fraction=shown, percent=fmt.percent(p, 1)))
    else:
        lines.append(_("No card can bust you: 0 of the {unseen} you have not seen → 0/{unseen} = 0%.").format(
            unseen=len(unseen)))
    return "\n".join(lines)


def _describe_classes(classes) -> str:
    if not classes:
        return _("none")
    names = {7: _("every figure"), 8: _("the matta")}
    nums = sorted(k + 1 for k in classes if k < 7)
    parts = []
    if nums:
        runs, start = [], nums[0]
        prev = start
        for v in nums[1:] + [None]:
            if v != prev + 1 if v is not None else True:
                runs.append((start, prev))
                start = v
            prev = v if v is not None else prev
        txt = ", ".join(_n(a) if a == b else f"{_n(a)}–{_n(b)}" for a, b in runs)
        parts.append(_("every {cards}").format(cards=txt))
    parts += [names[k] for k in classes if k >= 7]
    text = parts[0]
    for part in parts[1:]:
        text = _("{first} and {second}").format(first=text, second=part)
    return text


def _n(v: int) -> str:
    return _("Ace") if v == 1 else str(v)

