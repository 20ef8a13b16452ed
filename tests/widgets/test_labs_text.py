"""What the labs of betting, risk and counting show a learner without opening anything: no long exact
fraction (those wait behind an "exact value" disclosure), no code (calls, module or
snake_case names, raw dicts or lists).  C(40, 3) is the counting notation the lessons
teach, so the raw-tuple rule of tests/widgets/test_ux.py is left out here."""

from __future__ import annotations

import re

import pytest

from widgets import BankrollLab, BettingLab, CountingLab, ShoeLab
from widgets.base import plain_text

pytestmark = pytest.mark.pure  # also runs on the pure path (SETTE_KIT_PURE=1, conftest.py)

LONG_FRACTION = re.compile(r"\d{5,}\s*/\s*\d{5,}")
CODE = re.compile(r"\b[a-z]\w*\.\w+\(|\b\w+\(\)|odds\.|risk\.|counting\.|\b[a-z]+_[a-z_]+\b|\{'|\[-?\d+(?:, -?\d+)*\]")


def shown(widget) -> str:
    """The text of every HTML output of the widget, outside disclosures and pictures."""
    def walk(w):
        out = []
        for c in getattr(w, "children", ()):
            if c is not widget.style and isinstance(getattr(c, "value", None), str) and "<" in c.value:
                out.append(c.value)
            out += walk(c)
        return out

    html = "".join(walk(widget.view))
    html = re.sub(r"<details.*?</details>", "", html, flags=re.S)
    html = re.sub(r"<svg.*?</svg>", "", html, flags=re.S)
    html = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    return plain_text(html)


def _shoe():
    lab = ShoeLab("italian", seed=2, hand="5s", background=False)
    lab.deal(6)
    return lab


def _simulated():
    lab = BankrollLab("italian", stake=5, paths=10, rounds=50, background=False)
    lab.simulate(paths=200, wait=True)
    return lab


LABS = {
    "betting, italian": lambda: BettingLab("italian", background=False),
    "betting, flat": lambda: BettingLab("plain", min_stake=2, max_stake=2, background=False),
    "bankroll, italian, simulated": _simulated,
    "bankroll, plan": lambda: BankrollLab("plain", plan=(1, 10), background=False),
    "shoe, italian, six rounds": _shoe,
    "counting": lambda: CountingLab(40, 3),
}


@pytest.mark.parametrize("name", list(LABS))
def test_no_code_and_no_long_fraction_reaches_a_learner(name):
    text = shown(LABS[name]())
    assert len(text) > 200, name
    assert LONG_FRACTION.findall(text) == [], name
    assert CODE.findall(text) == [], name


@pytest.mark.parametrize("text", ["9" * 5000, "1" * 41, 10 ** 5000], ids=["5000 nines", "41 ones", "a 5001-digit int"])
def test_number_boxes_refuse_huge_numbers_with_a_short_message(text):
    betting = BettingLab("plain", background=False)
    bankroll = BankrollLab("plain", paths=5, rounds=20, background=False)
    shoe = ShoeLab("plain", seed=1, background=False)
    counting = CountingLab()
    actions = [(betting, lambda: betting.set_stakes(1, text)), (betting, lambda: betting.read_stake(text)),
               (shoe, lambda: shoe.deal(text)), (shoe, lambda: shoe.set_seed(text)),
               (counting, lambda: counting.set_k(text))]
    actions += [(bankroll, lambda a=a: getattr(bankroll, a)(text))
                for a in ("set_bankroll", "set_target", "set_stake", "set_paths", "set_rounds", "set_seed",
                          "set_sim_paths")]
    for lab, act in actions:
        assert act() is None
        message = lab.message_text
        assert len(message) < 300 and ("too long for a number" in message or "digits" in message), message
    assert (betting.max_stake, bankroll.target, bankroll.seed, shoe.seed, counting.k) == (10, 200, 1, 1, 2)
