"""``sette-kit trentuno``: score a hand, compute draw odds, or play against bots (RULES T1-T9).

    sette-kit trentuno score "Asso di coppe, Re di coppe, 5 di spade"
    sette-kit trentuno odds "Asso di coppe, 5 di coppe, Re di spade" --discard "2 di denari"
    sette-kit trentuno play --bots 3 --seed 7
"""

from __future__ import annotations



from ...numbers import shown
from ._args import game_command, table_options, whole


def add_parser(sub) -> None:
    tsub = game_command(sub, "trentuno", run, help="Trentuno (31): score hands, draw odds, play against bots",
                        description="Trentuno (thirty-one, RULES T1-T9): score a hand, compute the exact "
                                    "odds of a draw, or play a game in the terminal against bots.")

    s = tsub.add_parser("score", help="score a hand of one to three cards and explain it (T2)")
    s.add_argument("cards", help='the hand, e.g. "Asso di coppe, Re di coppe, 5 di spade" or "Ac Rc 5s"')
    _rule_options(s)

    o = tsub.add_parser("odds", help="exact odds of drawing from the stock vs taking the discard")
    o.add_argument("cards", help="your three cards")
    o.add_argument("--discard", default=None, help="the card on top of the discard pile")
    o.add_argument("--seen", default="", help="other cards you know are not in the stock")
    _rule_options(o)

    g = tsub.add_parser("play", help="play a game in the terminal against bots")
    table_options(g, "number of bot opponents, 1-11 (default 3)")
    g.add_argument("--lives", type=whole, default=3, help="lives per player, 1-99 (default 3, T3)")
    g.add_argument("--discard-first", action="store_true", help="discard before drawing (T5 option)")
    g.add_argument("--first-round-31", default="ends_hand", choices=("ends_hand", "wins_game", "redeal"),
                   help="what 31 in the first round does (T7 option, default ends_hand)")
    _rule_options(g)


def _rule_options(p) -> None:
    p.add_argument("--thirty", action="store_true",
                   help="three Aces or three figures of one rank score 30 (T2 option)")
    p.add_argument("--face", default="italian", help="card face for reading and writing cards: italian, "
                                                     "french or spanish (default italian)")


def _rules(args, **more):
    from ...trentuno import TrentunoRules

    return TrentunoRules(three_of_a_kind_30=args.thirty, face=args.face, **more)


def run(args) -> int:
    from ._terminal import dispatch

    return dispatch(args, "trentuno_command", "_trentuno_parser", {"score": _score, "odds": _odds, "play": _play})


def _score(args) -> int:
    from ...cards import parse_cards
    from ...trentuno import explain, score

    rules = _rules(args)
    cards = parse_cards(args.cards, face=rules.face)
    s = score(cards, rules)
    print(f"Score: {s.total}" + (" (trentuno!)" if s.kind == "trentuno" else
                                 " (three of a kind)" if s.kind == "three_of_a_kind" else ""))
    print(explain(cards, rules))
    return 0


def _odds(args) -> int:
    from ...cards import parse_card, parse_cards
    from ...trentuno import draw_odds

    rules = _rules(args)
    cards = parse_cards(args.cards, face=rules.face)
    top = parse_card(args.discard, face=rules.face) if args.discard else None
    seen = parse_cards(args.seen, face=rules.face) if args.seen.strip() else ()
    print(draw_odds(cards, top, seen=seen, rules=rules).explain())
    return 0


def _play(args) -> int:
    from ...errors import SetteKitError
    from ...trentuno import ThresholdKnocker, TrentunoGame, greedy
    from ._terminal import table_names

    if not 1 <= args.bots <= 11:
        raise SetteKitError(f"--bots {args.bots} is not accepted: accepted 1-11 bot opponents")
    rules = _rules(args, lives=args.lives, discard_first=args.discard_first,
                   first_round_31=args.first_round_31)
    names = table_names(args.name, args.bots)
    bots = {i: (ThresholdKnocker(26 + i % 3) if i % 2 else greedy) for i in range(1, args.bots + 1)}
    game = TrentunoGame(names, rules=rules, seed=args.seed, bots=bots)
    print(f"Trentuno, seed {game.seed}. You are {names[0]}, at seat 0; play goes to the next seat.")
    print(rules.describe())
    return play_terminal(game, seat=0)


def _describe_view(v, face: str) -> str:
    lines = []
    for s, name in enumerate(v.players):
        mark = []
        if s == v.dealer:
            mark.append("dealer")
        if s == v.knocker:
            mark.append("knocked")
        if s == v.to_act:
            mark.append("to play")
        lives = "out" if v.lives[s] == 0 else f"{v.lives[s]} {'life' if v.lives[s] == 1 else 'lives'}"
        lines.append(f"  {name}: {lives}" + (f" ({', '.join(mark)})" if mark else ""))
    top = v.discard_top.name(face) if v.discard_top is not None else "empty"
    lines.append(f"  Pot: {v.pot}.  Stock: {v.stock_size} cards.  Discard pile: {top}"
                 + (f"  (your discard waiting: {v.pending_discard.name(face)})" if v.pending_discard else ""))
    hand = ", ".join(f"{i + 1}) {c.name(face)}" for i, c in enumerate(v.hand))
    lines.append(f"  Your hand: {hand}" + (f"  -> {v.score.total}" if v.score is not None else ""))
    return "\n".join(lines)


def play_terminal(game, seat: int = 0, input_fn=input, print_fn=print) -> int:
    """Play ``game`` in the terminal for ``seat``; bots play the other seats.

    Shows only what the seat may see; bad input is explained and asked again.
    Returns 0 at the end of the game, 130 if the input ends.
    """
    from ...errors import SetteKitError
    from ._terminal import EventPrinter, ask, prompt_number

    face = game.rules.face
    flush = EventPrinter(game, print_fn).flush
    while True:
        game.play_bots()
        flush()
        if game.phase == "game_over":
            print_fn("You win!" if game.winner == seat else f"{game.players[game.winner]} wins the game.")
            return 0
        if game.phase == "hand_over":
            if game.lives[seat] == 0 and all(s in game.bots for s in game.alive):
                print_fn("You are out; the bots play on.")
                game.play_game()
                flush()
                print_fn(f"{game.players[game.winner]} wins the game.")
                return 0
            if ask(input_fn, "Press Enter for the next hand (q quits): ") in (None, "q", "quit"):
                return 130 if game.phase != "game_over" else 0
            game.act("next_hand")
            continue
        v = game.view(seat)
        print_fn(_describe_view(v, face))
        names = [a.name for a in v.legal]
        if v.phase == "draw":
            opts = ["s = draw from the stock"]
            if "take_discard" in names:
                opts.append(f"d = take {v.discard_top.name(face)}")
            if "knock" in names:
                opts.append("k = knock")
            prompt = "Your move (" + ", ".join(opts) + "): "
        else:
            opts = ["a card number 1-%d or name to discard" % len(v.hand)]
            if "knock" in names:
                opts.append("k = knock")
            prompt = "Discard (" + ", ".join(opts) + "): "
        while True:
            text = ask(input_fn, prompt)
            if text is None or text.strip().lower() in ("q", "quit"):
                print_fn("Bye.")
                return 130
            t = text.strip().lower()
            try:
                if t in ("s", "stock", "draw"):
                    game.act("draw_stock")
                elif t in ("d", "discard pile", "take"):
                    game.act("take_discard")
                elif t in ("k", "knock"):
                    game.act("knock")
                elif v.phase == "discard":
                    number = prompt_number(t)
                    if number is not None and 1 <= number <= len(v.hand):
                        card = v.hand[number - 1]
                    elif number is not None:
                        raise SetteKitError(f"there is no card number {shown(t)}: accepted 1-{len(v.hand)}")
                    else:
                        card = text.strip()
                    game.act("discard", card=card)
                else:
                    raise SetteKitError(f"{shown(text.strip())} is not a move: accepted " + ", ".join(opts))
            except SetteKitError as exc:
                print_fn(f"Sorry: {exc}")
                continue
            break
        flush()
