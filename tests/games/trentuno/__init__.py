"""Trentuno (RULES T1-T9)."""
