"""``sette-kit quattro``: Quattro e mezzo - score a hand, exact odds, play against bots (RULES Q1-Q6).

    sette-kit quattro score "4 di coppe, Re di denari"
    sette-kit quattro odds "6 di coppe"
    sette-kit quattro play --bots 3 --seed 7
    sette-kit quattro play --bots 3 --seed 7 --watch      # bots only, the whole game

The game is a reconstruction from a rough source (the Italian encyclopedia article): see
``sette_kit.quattro``.
"""

from __future__ import annotations


from ._args import game_command, table_options, whole


def add_parser(sub) -> None:
    qsub = game_command(sub, "quattro", run, help="Quattro e mezzo (4½): score hands, exact odds, play against bots",
                        description="Quattro e mezzo (four and a half, RULES Q1-Q6), a points game played "
                                    "against everyone. The rules are a reconstruction from a rough source.")

    s = qsub.add_parser("score", help="score a hand and explain it step by step (Q1-Q6)")
    s.add_argument("cards", help='the hand, e.g. "4 di coppe, Re di denari" or "4c Rd"')
    s.add_argument("--matta", default=None, help="declare the matta's value by hand: 1/2 or 1-7 (Q1)")
    s.add_argument("--no-double-six", action="store_true",
                   help="the first 6 was not declared, so 6 + 6 is a bust (Q3)")
    _common(s)

    o = qsub.add_parser("odds", help="exact odds of making 4½, and of a double six from a first 6")
    o.add_argument("cards", help='your cards, e.g. "6 di coppe" or "3c Fs"')
    o.add_argument("--seen", default="", help="other cards you have seen (not in the deck)")
    _common(o)

    g = qsub.add_parser("play", help="play a game in the terminal against bots")
    table_options(g, "number of bot opponents, 2-7 (default 3)")
    g.add_argument("--target", type=whole, default=50,
                   help="points to win, 1-1000; 50 or 100 recommended (default 50, Q6)")
    g.add_argument("--bot", default="odds", choices=("odds", "threshold"), help="the bots' strategy (default odds)")
    g.add_argument("--watch", action="store_true", help="do not play: watch bots play a whole game")
    _common(g)


def _common(p) -> None:
    p.add_argument("--face", default="italian", help="card face: italian, french or spanish (default italian)")
    p.add_argument("--no-matta", action="store_true", help="play without the matta (Q1)")


def _rules(args, **more):
    from ...quattro import QuattroRules

    if getattr(args, "no_matta", False):
        more["matta"] = None
    return QuattroRules(face=args.face, **more)


def run(args) -> int:
    from ._terminal import dispatch

    return dispatch(args, "quattro_command", "_quattro_parser", {"score": _score, "odds": _odds, "play": _play})


def _score(args) -> int:
    from ...cards import parse_cards
    from ...quattro import explain, score

    rules = _rules(args)
    cards = parse_cards(args.cards, face=rules.face)
    ds = False if args.no_double_six else None
    s = score(cards, rules, matta=args.matta, double_six=ds)
    pts = f", {s.points} point{'s' if s.points != 1 else ''} if it wins (Q6)" if s.can_stand else ""
    print(f"Quattro e mezzo: {s.name}{pts}")
    print(explain(cards, rules, matta=args.matta, double_six=ds))
    return 0


def _odds(args) -> int:
    from ...cards import Rank, parse_cards
    from ...quattro import next_card, odds_double_six, odds_four_and_half, score

    rules = _rules(args)
    cards = parse_cards(args.cards, face=rules.face)
    seen = parse_cards(args.seen, face=rules.face) if args.seen.strip() else ()
    now = score(cards, rules, double_six=False)
    print(f"Your hand: {now.name}" + ("" if now.can_stand else " (below 4½: you must draw, Q2)"))
    print("Making exactly 4½ (Q2):")
    print("  " + odds_four_and_half(cards, seen, rules).text.replace("\n", "\n  "))
    first_six = len(cards) == 1 and cards[0].rank == Rank.SEI and not rules.is_matta(cards[0])
    if first_six:
        print("Double six from this first 6 (Q3), if you declare it:")
        print("  " + odds_double_six(cards[0], seen, rules).text)
    dist = next_card(cards, seen, rules, double_six=first_six)
    print("The next card" + (" (declaring the double six)" if first_six else "") + ":")
    for name, p in dist.items():
        print(f"  {name:>10}: {p.numerator}/{p.denominator} ≈ {float(p) * 100:.1f}%")
    return 0


def _play(args) -> int:
    from ...errors import SetteKitError
    from ...quattro import BOTS, QuattroGame
    from ._terminal import table_names

    if not 2 <= args.bots <= 7:
        raise SetteKitError(f"--bots {args.bots} is not accepted: 2-7 bot opponents (3-8 players, Q1)")
    rules = _rules(args, target=args.target)
    names = table_names(args.name, args.bots)
    first = 0 if args.watch else 1
    bots = {i: BOTS[args.bot]() for i in range(first, args.bots + 1)}
    game = QuattroGame(names, rules=rules, seed=args.seed, bots=bots)
    print(f"Quattro e mezzo (a reconstruction, RULES Q1-Q6), first to {rules.target} points.")
    if args.watch:
        game.play_game()
        for e in game.events:
            print(e.text)
        return 0
    print(f"You are {names[0]}, at seat 0. Play goes to the next seat; the dealer plays last.")
    return play_terminal(game, seat=0)


def play_terminal(game, seat: int = 0, input_fn=input, print_fn=print) -> int:
    """Play ``game`` in the terminal for ``seat``; bots play the others.  Shows only what
    the seat may see.  Returns 0 at the end of the game, 130 if the input ends or on 'q'."""
    from ...errors import SetteKitError
    from ._terminal import EventPrinter, ask

    face = game.rules.face
    words = {"d": "draw", "draw": "draw", "h": "draw", "hit": "draw", "s": "stand", "stand": "stand",
             "6": "double_six", "double": "double_six", "double six": "double_six", "double_six": "double_six",
             "n": "next_hand", "next": "next_hand", "": None}

    def line(e) -> str:  # the seat's own face-down card is named for it
        if e.private and e.seat == seat and "card" in e.data:
            return f"{e.text[:-1]}: {e.data['card'].name(face)}."
        return e.text

    events = EventPrinter(game, print_fn, line)
    while True:
        game.play_bots()
        events.flush()
        if game.over:
            return 0
        if game.phase == "hand_over":
            pts = ", ".join(f"{n} {p}" for n, p in zip(game.names, game.points))
            answer = ask(input_fn, f"Points: {pts}. Press Enter for the next hand (q to quit): ")
            if answer is None or answer.strip().lower() == "q":
                return 130
            game.act("next_hand")
            continue
        v = game.view(seat)
        cards = ", ".join(c.name(face) for c in v.hand.cards)
        legal = "/".join({"draw": "d=draw", "stand": "s=stand", "double_six": "6=declare double six"}[a]
                         for a in v.legal)
        answer = ask(input_fn, f"Your hand: {cards} -> {v.score.name}. {legal}, q=quit: ")
        if answer is None or answer.strip().lower() == "q":
            return 130
        action = words.get(answer.strip().lower(), answer.strip().lower())
        if action is None:
            continue
        try:
            game.act(action, seat=seat)
        except SetteKitError as exc:
            print_fn(f"Not now: {exc}")
