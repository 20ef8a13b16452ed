"""Quattro e mezzo (RULES Q1-Q6)."""
