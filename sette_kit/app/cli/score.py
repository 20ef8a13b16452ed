"""``sette-kit score "7 di denari, Fante di denari" --preset italian``"""

from __future__ import annotations


def add_parser(sub) -> None:
    p = sub.add_parser("score", help="score a hand and explain it step by step",
                       description="Score a Sette e mezzo hand and explain it step by step (RULES S1-S6).")
    p.add_argument("cards", help="the hand, e.g. \"7 di denari, Fante di denari\" or \"7d Fd\" or \"K♦ 3♠\"")
    p.add_argument("--preset", default="italian", help="rules preset: italian, spanish or plain (default italian)")
    p.add_argument("--face", default=None, help="face used to read short codes: italian, french or spanish "
                                                "(default: the preset's face)")
    p.add_argument("--declare", default=None, help="declare the matta's value by hand, e.g. 4 or 1/2 (S4)")
    p.set_defaults(run=run)


def run(args) -> int:
    from ... import Rules, explain, fmt_points, parse_cards, score

    rules = Rules.preset(args.preset)
    cards = parse_cards(args.cards, face=rules.face if args.face is None else args.face)  # --face "" is refused
    s = score(cards, rules, declare=args.declare)
    kind = {"sette_e_mezzo": rules.game_name.lower(), "reale": "sette e mezzo reale",
            "triple": "sette e mezzo triplé"}.get(s.kind, s.kind)
    print(f"Score: {fmt_points(s.total)} ({kind})" + (f", matta = {fmt_points(s.matta_value)}"
                                                     if s.matta_value is not None else ""))
    print(explain(cards, rules, declare=args.declare))
    return 0
