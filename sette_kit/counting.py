"""Counting hands and cards, and the counting shoe.

Moved to :mod:`sette_kit.teach.counting` (the teaching layer); this path keeps every name
importable.
"""

from .teach.counting import (arrangements, choose, compare_hand, Count, Draws, draws, Duel, HandNow,
                             MAX_CARDS, quattro_cycle, quattro_duels, QuattroCycle, reale_hands, Shoe,
                             shoe_counts, ShoeRound, ShoeRow, trentuno_scores, TrentunoCount,
                             two_card_sette_e_mezzo, ValueCount, _suit_name, __all__)  # noqa: F401
