"""The kit's languages: English, Italian and Spanish.

Every learner-facing string of ``sette_kit`` and ``widgets`` is written in English in
the source and marked for translation::

    from sette_kit.i18n import _, N_, ngettext

    _("You bust")                                   # translated now, in the current language
    _("{n} cards left").format(n=n)                 # placeholders: str.format, never f-strings
    ngettext("{n} card", "{n} cards", n).format(n=n)
    RULE = N_("Stand")                              # marked only; translate where shown: _(RULE)

The translations are gettext catalogues, ``sette_kit/locale/<lang>/LC_MESSAGES/sette_kit.po``,
kept with Babel (``python -m sette_kit.i18n_catalogue`` re-extracts, checks and
compiles them).  Building the distribution compiles each ``.po`` into the ``.mo`` that
Python's :mod:`gettext` reads (``setup.py``); a source checkout without ``.mo`` files
compiles them in memory with Babel on first use.  Reading a catalogue is pure Python,
so it works on Pyodide too.

The language: :func:`set_language` (``"en"``, ``"it"``, ``"es"``), or the environment
variable :data:`LANG_ENV` (``SETTE_KIT_LANG=it``) read at import; English is the default
and the fallback for any string a catalogue lacks.  The language is the kernel's:
every widget built after :func:`set_language` speaks it.

>>> with language("it"):
...     _("Projector mode")
'Modalità proiettore'
>>> _("Projector mode")
'Projector mode'
"""

from __future__ import annotations

import gettext as _gettext
import re
from numbers import Real as _Real
import os
from contextlib import contextmanager
from pathlib import Path

__all__ = ["LANGUAGES", "LANG_ENV", "DOMAIN", "set_language", "get_language", "language",
           "gettext", "ngettext", "N_", "translations", "locale_dir"]

LANGUAGES = {"en": "English", "it": "Italiano", "es": "Español"}
"""The languages of the kit, each by its code and its own name."""
LANG_ENV = "SETTE_KIT_LANG"
"""The environment variable that chooses the language at import (``it``, ``es``, ``en``)."""
DOMAIN = "sette_kit"


def locale_dir() -> Path:
    """The folder of the catalogues: ``<lang>/LC_MESSAGES/sette_kit.po`` (and ``.mo``)."""
    return Path(__file__).resolve().parent / "locale"


_RE_LANG = re.compile(r"([a-zA-Z]{2})(?:[-_](?:[a-zA-Z]{2}|[0-9]{3}))?")  # "it", "it_IT", "es-ES", "es-419"


def _check(lang) -> str:
    code = None
    if isinstance(lang, str) and len(lang) <= 20:
        m = _RE_LANG.fullmatch(lang.strip())
        code = m.group(1).lower() if m else None  # "it_IT", "es-ES" -> "it", "es"
    if code not in LANGUAGES:
        from .errors import SetteKitError

        accepted = ", ".join(f"{k!r} ({v})" for k, v in LANGUAGES.items())
        raise SetteKitError(f"unknown language {_brief(lang)}: accepted languages are {accepted}")
    return code


_cache: dict[str, _gettext.NullTranslations] = {}


def _load(lang: str) -> _gettext.NullTranslations:
    """The compiled catalogue (``.mo``); a source checkout's ``.po`` compiled in memory
    when there is no ``.mo`` or it is older than the ``.po`` (and Babel is there: in a
    browser on Pyodide it is not, and file times are not to be trusted, so the ``.mo``
    the wheel ships is used)."""
    folder = locale_dir() / lang / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    stale = mo.is_file() and po.is_file() and po.stat().st_mtime > mo.stat().st_mtime
    if po.is_file() and (stale or not mo.is_file()):
        try:
            return _compile_po(po, lang)
        except ImportError:  # no Babel (Pyodide): the shipped .mo, if any
            pass
    if mo.is_file():
        with mo.open("rb") as f:
            return _gettext.GNUTranslations(f)
    return _gettext.NullTranslations()


def _compile_po(po: Path, lang: str) -> _gettext.GNUTranslations:
    """A ``.po`` catalogue compiled in memory with Babel (a checkout without ``.mo``)."""
    from io import BytesIO

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalogue = read_po(f, locale=lang)
    buf = BytesIO()
    write_mo(buf, catalogue)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


def translations(lang: str | None = None) -> _gettext.NullTranslations:
    """The gettext translations of a language (default: the current one); English has
    none (the source strings are English)."""
    lang = _current if lang is None else _check(lang)
    if lang == "en":
        return _gettext.NullTranslations()
    if lang not in _cache:
        _cache[lang] = _load(lang)
    return _cache[lang]


def _initial() -> str:
    value = os.environ.get(LANG_ENV, "").strip()
    if not value:
        return "en"
    try:
        return _check(value)
    except Exception:  # a bad environment variable must not stop the kit from importing
        import warnings

        warnings.warn(f"{LANG_ENV}={value!r} is not a language of the kit "
                      f"({', '.join(LANGUAGES)}): English is used", stacklevel=2)
        return "en"


_current = _initial()


def get_language() -> str:
    """The current language's code: ``"en"``, ``"it"`` or ``"es"``."""
    return _current


def set_language(lang: str) -> str:
    """Choose the language of everything the kit says from now on; returns the
    previous language's code.  Accepted: ``"en"``, ``"it"``, ``"es"`` (also ``"it_IT"``,
    ``"es-ES"``); anything else is an error naming them, and the language is unchanged.

    >>> set_language("fr")
    Traceback (most recent call last):
    ...
    sette_kit.errors.SetteKitError: unknown language 'fr': accepted languages are 'en' (English), 'it' (Italiano), 'es' (Español)
    """
    global _current
    code = _check(lang)
    previous, _current = _current, code
    return previous


@contextmanager
def language(lang: str):
    """``with language("es"): ...`` speaks ``lang`` inside the block only."""
    previous = set_language(lang)
    try:
        yield
    finally:
        set_language(previous)


def gettext(message: str) -> str:
    """``message`` in the current language (itself in English, or when untranslated)."""
    if _current == "en" or not message:
        return message
    return translations().gettext(message)


def _brief(value) -> str:
    """A bad argument as its ``repr``, cut to about 30 characters, in English like this
    module's errors (the language layer sits below :func:`sette_kit.numbers.shown`, which
    words the cut in the learner's language).

    >>> _brief("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
    >>> _brief(10 ** 5000)
    '<a whole number of about 5001 digits>'

    """
    if isinstance(value, str) and len(value) > 30:
        return f"{repr(value[:29])[:-1]}...{repr(value)[-1]} ({len(value)} characters)"
    if isinstance(value, int) and value.bit_length() > 100:  # repr() of a huge int raises
        return f"<a whole number of about {int(value.bit_length() * 0.30103) + 1} digits>"
    text = repr(value)
    return text if len(text) <= 40 else text[:30] + "..."


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language (``n`` a number:
    bad input, None or NaN is an error, not the plural)."""
    if not isinstance(n, _Real) or isinstance(n, bool) or n != n:
        from .errors import SetteKitError

        raise SetteKitError(f"ngettext: n={_brief(n)} must be a number (a count)")
    if _current == "en":
        return singular if n == 1 else plural
    return translations().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context`` from the same
    English word meaning something else (``pgettext("button", "Stand")``)."""
    if _current == "en":
        return message
    return translations().pgettext(context, message)


def N_(message: str) -> str:
    """Mark a string for the catalogue without translating it now (module-level
    constants); translate it where it is shown, with ``_(...)``."""
    return message


_ = gettext
