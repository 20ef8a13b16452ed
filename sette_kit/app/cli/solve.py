"""``sette-kit solve --preset italian --dealer-stands 5``"""

from __future__ import annotations


def add_parser(sub) -> None:
    p = sub.add_parser("solve", help="solve the heads-up game: house edge and the optimal strategy",
                       description="One player against the bank, stake 1, the player playing optimally "
                                   "(DESIGN.md, the heads-up model): the exact expected result, the house "
                                   "edge and the strategy table.")
    p.add_argument("--preset", default="italian", help="rules preset: italian, spanish or plain (default italian)")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--dealer-stands", default=None, metavar="X",
                     help="the bank draws while its total is under X (default 5; 5.5 for 5½)")
    who.add_argument("--dealer-sees-player", action="store_true",
                     help="the all-seeing bank: it draws until its total is at least the player's")
    p.add_argument("--float", action="store_true", help="use the fast float path")
    p.set_defaults(run=run)


def run(args) -> int:
    from ... import Rules
    from ... import odds

    rules = Rules.preset(args.preset)
    dealer = odds.sees_player() if args.dealer_sees_player else odds.stand_at("5" if args.dealer_stands is None else args.dealer_stands)
    sol = odds.solve(rules, dealer=dealer, exact=not args.float)
    print(f"Heads-up, {rules.name} rules, bank {dealer!r}, the player playing optimally.")
    if args.float:
        print(f"Player's expected result per unit stake: {sol.ev:+.10f}")
    else:
        print(f"Player's expected result per unit stake: {sol.ev} ≈ {float(sol.ev):+.10f}")
    print(f"House edge: {float(sol.house_edge) * 100:.4f}%")
    print()
    print("Optimal strategy, by first card (rows) and total (columns):")
    print(sol.format_table())
    if not sol.key_is_sufficient:
        print("(Under these rules some decisions depend on the suits of the cards, not only their values.)")
    return 0
