"""Facade: the labs' shared pieces moved to :mod:`widgets._labs_common`.

Kept so ``from widgets._labkit import whole, Stepped, ...`` goes on working."""

from ._labs_common import MAX_SEED, Stepped, busy_html, lab_look, live, table_html, whole  # noqa: F401

__all__ = ["Stepped", "whole", "table_html", "live", "busy_html", "lab_look", "MAX_SEED"]
