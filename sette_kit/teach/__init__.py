"""The teaching layer: computations over the games made for learners.

One module each: :mod:`~sette_kit.teach.course` (the course catalogue: lessons, parts,
the rules in learners' words), :mod:`~sette_kit.teach.questions` (generated questions whose
answers come from the engine), :mod:`~sette_kit.teach.answers` (reading and checking a
learner's answer), :mod:`~sette_kit.teach.strategy_text` (the solved strategy in words
and tables), :mod:`~sette_kit.teach.trees` (probability trees of a hand),
:mod:`~sette_kit.teach.counting` (counting hands and cards, the counting shoe),
:mod:`~sette_kit.teach.risk` (one round's law, a bankroll's ruin, the gambler's fallacy:
:mod:`~sette_kit.teach.rounds`, :mod:`~sette_kit.teach.ruin`,
:mod:`~sette_kit.teach.streaks`) and :mod:`~sette_kit.teach.variants` (the variants
compared on one deal).

The layer reads the rules packages (``sette_kit.rules``, ``scoring``, ``odds``, the games)
and writes numbers with :mod:`sette_kit.fmt`; it delivers nothing (no server, no pages, no
command line) and never imports :mod:`widgets`: the widgets and the delivery import it.
Each old path (``sette_kit.course``, ``sette_kit.risk`` ...) is a facade that keeps every
name importable.  Nothing is imported here, so ``import sette_kit.teach`` stays fast.
"""
