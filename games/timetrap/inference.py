"""What every seat knows about the other hands in TIMETRAP (issue 18: the search's sampler).

Rulebook 003_3dd097fef3f40e34.txt, setup 1-2: each player takes the eleven time cards of their own colour,
discards two of them at random face down and keeps nine, and is dealt one Time Trap card. Time cards
never pass between hands afterwards (they go from a hand to the board), and a trap taken back into a hand
(days 3 and 5) is taken from the board in sight of everyone. So a card this seat cannot see in another
player's hand is one of that player's own colour, or that player's own trap: the generic sampler, which
deals every hidden card anywhere, would otherwise give an opponent cards of other colours, and the
search would reason about hands that cannot exist.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from games.core.contract import JSON
from games.timetrap.cards import time_cards, trap_card

Constraints = dict[tuple[str | int, ...], frozenset[str]]


@cache
def _not_theirs(players: int, seat: int) -> frozenset[str]:
    every = {c for s in range(players) for c in (*time_cards(s), trap_card(s))}
    return frozenset(every - {*time_cards(seat), trap_card(seat)})


def sample_constraints(view: Mapping[str, JSON], seat: int) -> Constraints:
    """{("hands", s): cards seat s cannot hold} for every other seat s."""
    players = view.get("players")
    if not isinstance(players, int):
        return {}
    return {("hands", s): _not_theirs(players, s) for s in range(players) if s != seat}
