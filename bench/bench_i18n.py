"""What a language costs (issue 17): loading a catalogue, switching, and building the
widgets of a lesson in Italian or Spanish rather than English.

Run: python bench/bench_i18n.py [--runs N]

1. In fresh interpreters (median of N, CPU time): ``set_language(lang)`` and the first
   translated string, which loads that language's compiled catalogue (``.mo``; a source
   checkout without ``.mo`` compiles the ``.po`` in memory with Babel: measured too).
2. In this interpreter: building a TablePlayer, an OddsLab and a Quiz, and dealing a
   round, in each language (median of N; the catalogue already loaded).  Targets: the
   first string of a language under 100 ms; a widget in Italian or Spanish within 20%
   of its English time plus 5 ms.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

PROBE = ("import time\n"
         "import sette_kit.i18n as i\n"
         "t = time.process_time()\n"
         "{stmt}\n"
         "print((time.process_time() - t) * 1000)\n")
SWITCH = "i.set_language({lang!r}); i._('Projector mode')"
FROM_PO = "i._compile_po(i.locale_dir() / {lang!r} / 'LC_MESSAGES' / 'sette_kit.po', {lang!r})"


def fresh(stmt: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", PROBE.format(stmt=stmt)],
                             capture_output=True, text=True, check=True).stdout
        times.append(float(out))
    return statistics.median(times)


def _round(table) -> None:
    """Stake, then stand: the bank plays and the round is settled (every event written)."""
    table.new_round()
    table.stake(table.legal["stake"].min)
    table.stand()


def widgets_in(lang: str, runs: int) -> dict[str, float]:
    from sette_kit.i18n import language
    from widgets import OddsLab, Quiz, TablePlayer
    from sette_kit.questions import bust_question
    import sette_kit as sk

    plain = sk.Rules.preset("plain")
    jobs = {
        "TablePlayer + a round": lambda: _round(TablePlayer("plain", seed=3)),
        "OddsLab": lambda: OddsLab("plain", cards="6 di coppe", seen="7 di spade"),
        "Quiz": lambda: Quiz(bust_question(sk.parse_cards("4 di bastoni, 2 di spade"), plain)),
    }
    out = {}
    with language(lang):
        for name, job in jobs.items():
            job()  # warm: imports, caches
            times = []
            for _ in range(runs):
                t = time.process_time()
                job()
                times.append((time.process_time() - t) * 1000)
            out[name] = statistics.median(times)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args(argv)
    from sette_kit.i18n_catalogue import compile_all

    compile_all()  # the .mo as a build writes it, up to date with the .po
    print("1. the first string of a language, in a fresh interpreter (median CPU time)")
    for lang in ("it", "es"):
        mo = fresh(SWITCH.format(lang=lang), args.runs)
        po = fresh(FROM_PO.format(lang=lang), max(3, args.runs // 3))
        print(f"   {lang}: from the compiled .mo {mo:7.1f} ms   target <= 100 ms  {'OK' if mo <= 100 else 'MISSED'}"
              f"   (from the .po with Babel: {po:.1f} ms)")
    print("2. building widgets (median CPU time, catalogue loaded)")
    widgets_in("en", 1)  # first use: imports and the kit's caches, for every language alike
    base = widgets_in("en", args.runs)
    for lang in ("it", "es"):
        other = widgets_in(lang, args.runs)
        for name, ms in other.items():
            ok = ms <= base[name] * 1.2 + 5
            print(f"   {lang} {name:24s} {ms:7.1f} ms  (English {base[name]:6.1f} ms)  {'OK' if ok else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
