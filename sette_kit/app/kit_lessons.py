"""Where the kit's own lessons are: the folder ``sette-kit serve``, ``sette-kit
build-site`` and the class hub's items read (:func:`lessons_dir`).

The finding itself is :func:`sette_kit.course.lessons_folder` with ``shipped=True`` (the
kit's one lessons-folder finder); this adds the errors a command line needs.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import SetteKitError
from ..teach.course import LESSONS_ENV as ENV_LESSONS, lessons_folder

__all__ = ["ENV_LESSONS", "lessons_dir"]


def lessons_dir() -> Path:
    """The folder of the lesson notebooks (and of ``voila.json``).

    Order: ``$SETTE_KIT_LESSONS``; ``<clone>/lessons`` when this package runs from a
    clone (``pyproject.toml`` beside it); the ``sette_kit/lessons`` package data of
    an installed wheel.

    >>> (lessons_dir() / "voila.json").is_file()
    True
    """
    env = os.environ.get(ENV_LESSONS)
    if env and not Path(env).expanduser().is_dir():
        raise SetteKitError(f"{ENV_LESSONS}={env!r} is not a folder; set it to the folder "
                            f"that holds the lesson notebooks, or unset it")
    found = lessons_folder(shipped=True)
    if found is None:
        raise SetteKitError("cannot find the lessons: neither a clone's lessons/ folder nor the "
                            "installed sette_kit/lessons/ exists; reinstall with `pip install .` "
                            f"from a clone, or set {ENV_LESSONS}")
    return found
