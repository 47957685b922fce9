"""Every hero's effect, by hero int: base, Grand Gambit and promos, plus the two copying heroes."""

from __future__ import annotations

from typing import Final

from games.trickster.cot.cards import ARCHIVIST, GENERAL, NUM_HEROES
from games.trickster.cot.common import Can, Effect, Run
from games.trickster.cot.heroes_base import BASE, archivist
from games.trickster.cot.heroes_gg import GRAND_GAMBIT, general
from games.trickster.cot.heroes_promo import PROMO

EFFECTS: Final[dict[int, Effect]] = {**BASE, **GRAND_GAMBIT, **PROMO}
EFFECTS[ARCHIVIST] = archivist(EFFECTS)
EFFECTS[GENERAL] = general(EFFECTS)

assert sorted(EFFECTS) == list(range(NUM_HEROES)), "every hero needs exactly one effect"

CAN: Final[tuple[Can, ...]] = tuple(EFFECTS[h].can for h in range(NUM_HEROES))
RUN: Final[tuple[Run, ...]] = tuple(EFFECTS[h].run for h in range(NUM_HEROES))
"""The two halves of every effect by hero int: the flow calls them on every play and answer, and a
tuple index is cheaper than a dict lookup plus a NamedTuple attribute."""
