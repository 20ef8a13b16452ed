"""``sette-kit simulate --preset plain --player-stands 5 --dealer-stands 5 --rounds 1e7 --seed 1``

Simulates the heads-up game (DESIGN.md) with a progress bar and prints the estimate,
its confidence interval and the exact value beside it.
"""

from __future__ import annotations


from ._args import level, whole


def add_parser(sub) -> None:
    p = sub.add_parser("simulate", help="Monte Carlo simulation of the heads-up game, beside the exact value",
                       description="Play many heads-up rounds (one player against the bank, stake 1) and "
                                   "estimate the player's expected result, with a confidence interval and "
                                   "the exact value beside it.")
    p.add_argument("--preset", default="plain", help="rules preset: italian, spanish or plain (default plain)")
    p.add_argument("--player-stands", default="5", metavar="X",
                   help="the player draws while under X (1/2 to 8, e.g. 5 or 5.5), or 'optimal' "
                        "for the optimal strategy of odds.solve (default 5)")
    p.add_argument("--dealer-stands", default="5", metavar="X",
                   help="the bank draws while under X, or 'sees' for the bank that sees the player's "
                        "total (default 5)")
    p.add_argument("--rounds", default="1e6",
                   help="how many rounds, e.g. 1e7 or 250000 (default 1e6; at most 1e9, which takes minutes: "
                        "the progress bar shows the time left, Ctrl-C stops)")
    p.add_argument("--seed", type=whole, default=None, help="random seed (default: drawn and printed)")
    p.add_argument("--level", type=level, default=0.95,
                   help="confidence level of the interval, between 0 and 1 (default 0.95)")
    p.add_argument("--chunk", type=whole, default=None, help="rounds processed at once (bounds memory)")
    p.add_argument("--no-exact", action="store_true", help="do not compute the exact value")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.set_defaults(run=run)


def _rounds(text: str) -> int:
    from ...numbers import read_whole
    from ...simulate import MAX_ROUNDS

    # bad input: size and form checked first; at most MAX_ROUNDS (a billion)
    return read_whole(text, "--rounds", 1, MAX_ROUNDS,
                      accepted=f"a whole number such as 1000000 or 1e6, at least 1 and at most {MAX_ROUNDS:,}")


def run(args) -> int:
    from fractions import Fraction

    from ... import Rules, fmt_points, simulate
    from ...strategy import sees_player, stand_at

    rules = Rules.preset(args.preset)
    rounds = _rounds(args.rounds)
    dealer = sees_player() if args.dealer_stands.strip().lower() in ("sees", "sees_player", "sees-player") \
        else stand_at(args.dealer_stands)
    if args.player_stands.strip().lower() == "optimal":
        from ... import odds

        player = odds.solve(rules, dealer=dealer)
        player_name = "the optimal player"
    else:
        player = stand_at(args.player_stands)
        player_name = f"a player who draws while under {fmt_points(player.threshold)}"
    options = {}
    if args.chunk is not None:
        options["chunk"] = args.chunk
    bar = None
    if not args.no_progress:
        from tqdm import tqdm

        bar = tqdm(total=rounds, unit="round", unit_scale=True, desc="simulating", leave=False)

        def progress(done, total, _last=[0]):
            bar.update(done - _last[0])
            _last[0] = done

        options["progress"] = progress
    try:
        r = simulate.run(rules, player=player, dealer=dealer, rounds=rounds, seed=args.seed, **options)
    finally:
        if bar is not None:
            bar.close()
    lo, hi = r.ci(args.level)
    bank = (f"draws while under {fmt_points(dealer.threshold)}" if hasattr(dealer, "threshold")
            else "sees the player's total")
    print(f"Rules {rules.name}: {player_name} against a bank that {bank}")
    print(f"{r.rounds:,} rounds, seed {r.seed}")
    print(f"estimate  {r.mean:+.6f} per unit stake (standard error {r.stderr:.6f})")
    print(f"{args.level:.0%} CI    [{lo:+.6f}, {hi:+.6f}]")
    if not args.no_exact:
        if hasattr(player, "ev"):
            exact = player.ev
        else:
            from ... import odds

            exact = odds.policy_ev(rules, player, dealer)
        inside = "inside" if lo <= float(exact) <= hi else "outside"
        shown = f" = {exact.numerator}/{exact.denominator}" if isinstance(exact, Fraction) else " (to 1e-12)"
        print(f"exact     {float(exact):+.6f}{shown}")
        print(f"the exact value is {inside} the interval, {abs(r.z_score(exact)):.2f} standard errors from the estimate")
    w = r.counts
    print(f"outcomes  win {w['win']:,}, lose {w['lose']:,} (bust {w['bust']:,}), push {w['push']:,}; "
          f"bank bust {w['dealer_bust']:,}"
          + (f"; reale {w['reale']:,}, bank's reale {w['dealer_reale']:,}" if rules.reale else "")
          + (f"; triple {w['triple']:,}" if rules.triple else ""))
    return 0
