"""What a learner reads on a page, and the English left in it."""

from __future__ import annotations

import re

ENGLISH = {"the", "and", "you", "your", "card", "cards", "bank", "player", "stand", "bust", "round",
           "wins", "with", "hand", "points", "lesson", "next", "previous", "about", "minutes",
           "deal", "check", "hint", "answer", "show", "chart", "stake", "new"}
"""Words of English learner text that neither Italian nor Spanish text contains."""

PAGE_TEXT_JS = """() => {
  const parts = [document.body.innerText];
  for (const el of document.querySelectorAll('[title],[aria-label],[placeholder],[alt]')) {
    if (el.closest('[hidden]')) continue;
    for (const a of ['title', 'aria-label', 'placeholder', 'alt']) {
      if (el.getAttribute(a)) parts.push(el.getAttribute(a));
    }
  }
  for (const t of document.querySelectorAll('svg title, svg desc')) parts.push(t.textContent);
  return parts.join('\\n');
}"""


def english_left(page) -> list[str]:
    text = page.evaluate(PAGE_TEXT_JS)
    text = re.sub(r"sette-kit|JupyterLite|Pyodide|Python|JavaScript", " ", text)  # names
    found = {}
    for line in text.splitlines():
        for w in re.findall(r"[A-Za-z]+", line):
            if w.lower() in ENGLISH:
                found.setdefault(w.lower(), line.strip()[:100])
    return [f"{w!r} in {line!r}" for w, line in sorted(found.items())]
