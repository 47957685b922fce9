"""Every PROVISIONAL value of KINGs TRICKTAKERs in one place (../shared/RULINGS.md).

These numbers were printed only on card images the text rulebook lost. A player who owns the cards can
correct them here, and nowhere else.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

# King numbers by colour letter: (face up, used / face down). Lower goes first and wins ties.
KING_NUMBERS: Final[MappingProxyType[str, tuple[int, int]]] = MappingProxyType(
    {"w": (1, 6), "r": (2, 7), "b": (3, 8), "g": (4, 9), "k": (5, 10)}
)

# Bids (character back sides) that the text does not give: character -> {wins: points}.
PROVISIONAL_BIDS: Final[MappingProxyType[str, MappingProxyType[int, int]]] = MappingProxyType(
    {
        "hermit": MappingProxyType({0: 50}),
        "resistance": MappingProxyType({1: 40, 4: 80}),
        "berserker": MappingProxyType({1: 50}),
        "samurai": MappingProxyType({3: 70}),
        "healer": MappingProxyType({1: 40}),
        "collector": MappingProxyType({4: 90}),
    }
)

# Initial parties (4-5 players): king colour -> its three characters.
INITIAL_PARTIES: Final[MappingProxyType[str, tuple[str, str, str]]] = MappingProxyType(
    {
        "w": ("collector", "resistance", "gambler"),
        "r": ("samurai", "berserker", "gambler"),
        "b": ("healer", "hermit", "ninja"),
        "g": ("healer", "hermit", "gambler"),
        "k": ("samurai", "hermit", "ninja"),
    }
)

# Ruling: the Devil contract costs this much per card of its colour in rounds 1-2 (round 3: -20, text).
DEVIL_CONTRACT_EARLY_PENALTY: Final = 10
