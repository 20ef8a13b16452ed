"""Where the kit's own lessons are: the folder ``sette-kit serve``, ``sette-kit
build-site`` and the class hub's items read (:func:`lessons_dir`).

Not :func:`sette_kit.course.lessons_folder`, which is the folder a lesson's kernel runs
in (the working directory, when it holds lessons; ``None`` in a browser): that one says
which lessons a page may link, this one where the distribution keeps its notebooks.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import SetteKitError

__all__ = ["ENV_LESSONS", "lessons_dir"]

ENV_LESSONS = "SETTE_KIT_LESSONS"
"""Environment variable: the folder of the lessons, instead of the kit's own."""


def lessons_dir() -> Path:
    """The folder of the lesson notebooks (and of ``voila.json``).

    Order: ``$SETTE_KIT_LESSONS``; ``<clone>/lessons`` when this package runs from a
    clone (``pyproject.toml`` beside it); the ``sette_kit/lessons`` package data of
    an installed wheel.

    >>> (lessons_dir() / "voila.json").is_file()
    True
    """
    env = os.environ.get(ENV_LESSONS)
    if env:
        path = Path(env).expanduser()
        if not path.is_dir():
            raise SetteKitError(f"{ENV_LESSONS}={env!r} is not a folder; set it to the folder "
                                f"that holds the lesson notebooks, or unset it")
        return path.resolve()
    package = Path(__file__).resolve().parent.parent  # sette_kit/
    clone = package.parent
    if (clone / "pyproject.toml").is_file() and (clone / "lessons").is_dir():
        return clone / "lessons"
    installed = package / "lessons"
    if installed.is_dir():
        return installed
    raise SetteKitError("cannot find the lessons: neither a clone's lessons/ folder nor the "
                        "installed sette_kit/lessons/ exists; reinstall with `pip install .` "
                        f"from a clone, or set {ENV_LESSONS}")
