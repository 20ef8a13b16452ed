"""``sette-kit odds "6 di coppe" --seen "7 di spade, Re di bastoni" --preset plain``"""

from __future__ import annotations


def add_parser(sub) -> None:
    p = sub.add_parser("odds", help="exact odds of the next card for your hand",
                       description="The next card's distribution, the chance of busting, of making 7½ "
                                   "and of a reale with one more card, counted exactly over the cards "
                                   "you have not seen (RULES S1-S5).")
    p.add_argument("cards", help="your hand, e.g. \"6 di coppe\" or \"6c Fd\" (may be empty: \"\")")
    p.add_argument("--seen", default="", help="every other card you have seen (others' face-up cards, "
                                              "burnt cards), e.g. \"7 di spade, Re di bastoni\"")
    p.add_argument("--preset", default="plain", help="rules preset: italian, spanish or plain (default plain)")
    p.add_argument("--face", default=None, help="face used to read short codes: italian, french or spanish "
                                                "(default: the preset's face)")
    p.add_argument("--float", action="store_true", help="print decimals only (the fast float path)")
    p.set_defaults(run=run)


def run(args) -> int:
    from fractions import Fraction

    from ... import Rules, fmt_points, parse_cards
    from ... import odds

    rules = Rules.preset(args.preset)
    face = rules.face if args.face is None else args.face  # --face "" is an unknown face, not the default
    cards = parse_cards(args.cards, face=face) if args.cards.strip() else ()
    seen = parse_cards(args.seen, face=face) if args.seen.strip() else ()
    exact = not args.float

    def show(p):
        if isinstance(p, Fraction):
            return f"{str(p):>7} ≈ {float(p) * 100:5.1f}%"
        return f"{p * 100:5.1f}%"

    dist = odds.next_card(cards, seen, rules=rules, exact=exact)
    print(f"Rules: {rules.name}.  Next card (value added -> probability):")
    for value, p in dist.items():
        label = "the matta" if value == "matta" else f"+{fmt_points(value)}"
        print(f"  {label:>10}  {show(p)}")
    print(f"Bust with one more card:        {show(odds.bust_probability(cards, seen, rules=rules, exact=exact))}")
    print(f"Exactly 7½ with one more card:  {show(odds.sette_e_mezzo_probability(cards, seen, rules=rules, exact=exact))}")
    if rules.reale:
        print(f"A reale with one more card:     {show(odds.reale_probability(cards, seen, rules=rules, exact=exact))}")
    print()
    print(odds.explain_bust(cards, seen, rules=rules))
    return 0
