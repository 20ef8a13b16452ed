"""What a lesson page in a class says to its learner: the join dialog, the
line saying the page is in a class, the pause.  One list for both pages: the static
site's (``site/_pages.py`` puts it in the page's config) and a lesson served by
``sette-kit serve --class`` (its header's marker, ``widgets/lesson.py``); the page's
script (``site/js/src/class.js``) has the English as its fallback."""

from __future__ import annotations

from sette_kit.i18n import _

__all__ = ["words"]


def words() -> dict[str, str]:
    """What a page in a class says (the join dialog, the class line, the pause), in the
    current language; the page's script has English as its fallback."""
    return {
        "join_title": _("Join the class"),
        "join_nickname": _("Your nickname"),
        "join_hint": _("No account and no e-mail: a nickname of 1 to 24 characters, shown to your teacher."),
        "join_button": _("Join"),
        "join_other": _("Another nickname"),
        "join_failed": _("Could not join: {error}"),
        "join_unknown": _("There is no class with the code {code}: check the address with your teacher."),
        "in_class": _("In class {code} as {nickname}"),
        "class_waiting": _("Answers waiting to be sent: {n}"),
        "class_offline": _("The class cannot be reached: your answers are kept and sent when it can."),
        "class_paused": _("Eyes on the board"),
        "class_paused_hint": _("Your teacher paused the class. The lesson comes back when the teacher resumes."),
        "class_ended": _("The class has ended. Your answers stay in this browser."),
    }
