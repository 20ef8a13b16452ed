"""``sette-kit play --preset italian --bots 3 --seed 7``: a terminal game against bots.

You sit at seat 0; the bots sit after you.  The screen shows only what your seat may see
(your own hidden card, the others' face-up cards).  Type an action at the prompt:
``stake 5`` (or just ``5``), ``hit`` (``h``), ``stand`` (``s``), ``down`` (a card face
down, S22), ``split 5`` (S23), ``burn`` (S19), ``exchange`` (S20), ``half`` (S21),
``declare 4`` / ``declare auto`` (the matta, S4), ``help`` or ``quit``.  Bad input asks
again.
"""

from __future__ import annotations

from ...numbers import shown
from ._args import at_least_1, whole
from ._terminal import ask, prompt_number, table_names

ALIASES = {
    "h": "hit", "hit": "hit", "card": "hit", "c": "hit",
    "s": "stand", "stand": "stand", "stay": "stand", "stop": "stand",
    "down": "hit_face_down", "d": "hit_face_down", "hit_face_down": "hit_face_down", "facedown": "hit_face_down",
    "split": "split", "sp": "split",
    "burn": "burn", "b": "burn",
    "exchange": "exchange", "x": "exchange", "ex": "exchange",
    "half": "half_ace", "half_ace": "half_ace",
    "declare": "declare", "matta": "declare",
    "stake": "stake", "bet": "stake",
}
WORDS = {"hit": "hit (h)", "stand": "stand (s)", "hit_face_down": "down (a card face down)",
         "split": "split N", "burn": "burn", "exchange": "exchange", "half_ace": "half (ace worth ½)",
         "declare": "declare V|auto", "stake": "stake N"}


def add_parser(sub) -> None:
    p = sub.add_parser("play", help="play Sette e mezzo against bots in the terminal",
                       description="Play Sette e mezzo against bots (RULES S7-S23). You see only what "
                                   "your seat may see.")
    p.add_argument("--preset", default="italian", help="rules preset: italian, spanish or plain (default italian)")
    p.add_argument("--bots", type=whole, default=3, help="number of bots, 1-11 (default 3)")
    p.add_argument("--seed", type=whole, default=None, help="random seed: the same seed deals the same game")
    p.add_argument("--name", default="Player", help="your name at the table (default Player)")
    p.add_argument("--bankroll", type=whole, default=100, help="everybody's starting money (default 100)")
    p.add_argument("--min-stake", type=whole, default=1, help="minimum stake (default 1)")
    p.add_argument("--max-stake", type=whole, default=10, help="maximum stake (default 10)")
    p.add_argument("--rounds", type=at_least_1, default=None, help="stop after this many rounds (default: ask)")
    p.set_defaults(run=run)


def run(args, input_fn=None, write=None) -> int:
    from ...errors import SetteKitError
    from ...game import Table
    from ...policies import bold_bank, cautious_bank, reads_table, seat, stand_at

    if not 1 <= args.bots <= 11:
        raise SetteKitError(f"--bots {args.bots}: accepted 1 to 11 bots (2-12 seats with you, S7)")
    names = table_names(args.name, args.bots)
    table = Table(args.preset, names, bankrolls=args.bankroll, min_stake=args.min_stake,
                  max_stake=args.max_stake, seed=args.seed)  # checks the options first
    styles = [seat(stand_at(5), reads_table()), seat(stand_at(4.5), cautious_bank()),
              seat(stand_at(5.5, stake=args.max_stake), bold_bank())]
    table.attach_bots({names[i + 1]: styles[i % len(styles)] for i in range(args.bots)})
    return play(table, 0, input_fn=input_fn, write=write, rounds=args.rounds)


def play(table, me: int, input_fn=None, write=None, rounds: int | None = None) -> int:
    """Run a terminal game for seat ``me`` (everyone else must be a bot)."""
    import builtins

    from ...errors import IllegalMove

    input_fn = input_fn or builtins.input  # looked up now, so tests can replace input()
    write = write or builtins.print

    write(table.rules.describe())
    write("")
    printed = _print_events(table, me, 0, write)
    played = 0
    while rounds is None or played < rounds:
        try:
            table.new_round()
        except IllegalMove as exc:
            write(f"Game over: {exc}.")
            break
        played += 1
        while table.in_progress:
            table.play_bots()
            printed = _print_events(table, me, printed, write)
            if table.in_progress:
                _show(table, me, write)
                if not _ask_action(table, me, input_fn, write):
                    write("Goodbye. Money: " + ", ".join(f"{n} {b}" for n, b in zip(table.names, table.bankrolls)))
                    return 0
                printed = _print_events(table, me, printed, write)
        printed = _print_events(table, me, printed, write)
        write("Money: " + ", ".join(f"{n} {b}" for n, b in zip(table.names, table.bankrolls)))
        if rounds is None:
            answer = ask(input_fn, "Another round? [Y/n] ")
            if answer is None or answer.strip().lower() in ("n", "no", "q", "quit"):
                break
    write("Final money: " + ", ".join(f"{n} {b}" for n, b in zip(table.names, table.bankrolls)))
    return 0


def _print_events(table, me, start, write) -> int:
    events = table.events
    face = table.rules.face
    for e in events[start:]:
        if e.kind in ("banker_drawn", "round_started"):
            write("")
        text = e.text
        if e.private and e.seat == me and "card" in e.data:
            text += f" It is the {e.data['card'].name(face)}."
        write(text)
    return len(events)


def _show(table, me, write) -> None:
    from ...scoring import fmt_points

    v = table.view(me)
    face = v.rules.face
    write("")
    write(f"--- Round {v.round}: {v.names[v.banker]} holds the bank; "
          f"stakes {v.min_stake}-{v.max_stake}; your money {v.bankrolls[me]} ---")
    for s, hands in enumerate(v.hands):
        for i, h in enumerate(hands):
            cards = ", ".join("[face down]" if c is None else c.name(face) for c in h.cards)
            if s == me:
                cards = ", ".join(c.name(face) + (" (hidden)" if hid else "")
                                  for c, hid in zip(h.cards, _hidden_flags(table, s, i)))
            tag = " (bank)" if s == v.banker else ""
            extra = f", stake {h.stake}" if h.stake else ""
            total = f" = {fmt_points(h.score.total)}" if h.score is not None and h.cards else ""
            write(f"  {v.names[s]}{tag}: {cards or '-'}{total}{extra} [{h.status}]")
    write(f"Your move: {_menu(v.legal)}")


def _hidden_flags(table, seat, i):
    others = table.view((seat + 1) % table.n_seats).hands[seat][i]
    return [c is None for c in others.cards]


def _menu(legal) -> str:
    parts = []
    for name, opt in legal.items():
        w = WORDS[name]
        if opt.min is not None:
            w = w.replace("N", f"{opt.min}-{opt.max}" if opt.min != opt.max else str(opt.min))
        if opt.values is not None:
            from ...scoring import fmt_points

            w = w.replace("V", "/".join(fmt_points(x) for x in opt.values if x is not None))
        parts.append(w)
    return ", ".join(parts)


def _ask_action(table, me, input_fn, write) -> bool:
    from ...errors import IllegalMove

    while True:
        raw = ask(input_fn, "> ")
        if raw is None:
            return False
        words = raw.strip().lower().split()
        if not words:
            write(f"Please type one of: {_menu(table.legal_actions())}")
            continue
        if words[0] in ("q", "quit", "exit"):
            return False
        if words[0] in ("?", "help"):
            write(f"You may: {_menu(table.legal_actions())}")
            continue
        legal = table.legal_actions()
        if len(words) == 1 and prompt_number(words[0]) is not None:
            words = ["stake" if "stake" in legal else "split", words[0]]
        action = ALIASES.get(words[0])
        if action is None:
            write(f"I do not know {shown(words[0])}. You may: {_menu(legal)}")
            continue
        params: dict[str, object] = {}
        if action in ("stake", "split"):
            if len(words) == 1 and action in legal:
                words.append(str(legal[action].min))
            amount = prompt_number(words[1]) if len(words) == 2 else None
            if amount is None:
                write(f"Give a whole amount, e.g. '{action} {legal[action].min if action in legal else 1}'.")
                continue
            params["amount"] = amount
        elif action == "declare":
            if len(words) != 2:
                write("Give the matta's value, e.g. 'declare 4', 'declare 1/2' or 'declare auto'.")
                continue
            params["value"] = None if words[1] in ("auto", "best") else words[1]
        elif len(words) > 1:
            write(f"'{words[0]}' takes nothing after it. You may: {_menu(legal)}")
            continue
        try:
            table.act(action, seat=me, **params)
        except IllegalMove as exc:
            write(f"Not allowed: {exc}")
            continue
        return True
