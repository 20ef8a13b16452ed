"""The stake game's two deep checks, too long for the test suite (each takes
minutes of CPU on 2 cores; the suite's own checks of the shipped solution are exact best
responses to its strategies, tests/games/sette/test_stake_game.py):

1. rebuilding the shipped solution from scratch, with the iterations it records, gives
   the shipped file exactly (``sette_kit/odds/stake_game_plain.json``);
2. on a reduced deck of seven cards the solver's interval holds the game's exact value,
   found by a brute-force exact linear programme written apart from the solver
   (``tests/support/stake_game_lp.py``).

    python bench/check_stake_game.py          # both; exit status 1 if one fails
    python bench/check_stake_game.py rebuild  # or: seven
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

from sette_kit import odds  # noqa: E402
from sette_kit.odds import _stake_game as sg  # noqa: E402
from sette_kit.rules import as_rules  # noqa: E402

import stake_game_lp  # noqa: E402

SMALL7 = "1c 3c 5c 7c Fc Cc Rc"   # Ace, 3, 5, 7, three figures


def rebuild() -> bool:
    shipped = json.loads(sg.DATA_FILE.read_text())
    g = odds.stake_game(shipped=False, iterations=shipped["iterations"])
    same = g.to_data() == shipped
    print(f"rebuild with {shipped['iterations']} iterations equals the shipped file: {'yes' if same else 'NO'}")
    return same


def seven() -> bool:
    exact, sizes = stake_game_lp.game_value(sg._check_deck(SMALL7, as_rules("plain")), (1, 10))
    g = odds.stake_game(deck=SMALL7)
    held = g.lower <= exact <= g.upper  # CFR+'s rounding does not always close the interval here
    print(f"seven cards ({SMALL7}): exact value {exact} ({float(exact):+.9f}); the solver's interval "
          f"[{float(g.lower):+.9f}, {float(g.upper):+.9f}] {'holds it' if held else 'MISSES it'}")
    return held


def main(argv: list[str]) -> int:
    checks = {"rebuild": rebuild, "seven": seven}
    ok = True
    for name in argv or list(checks):
        t = time.process_time()
        ok = checks[name]() and ok
        print(f"  ({time.process_time() - t:.0f} s CPU)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
