"""Sette e mezzo: cards, scoring, rules, the engine, bots, odds, staking, simulation."""
