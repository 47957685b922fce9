"""Placements once the game is over (rulebook section 8; ties as ruled in ../shared/RULINGS.md)."""

from __future__ import annotations

from typing import Final

from games.core.contract import Outcome, new_outcome
from games.timetrap.state import State

# (winner, out, hand sizes) -> (placements, scores): both tuples, never changed, so shared by every game
# that ends the same way (the outcome is built once per game, about 20 actions at 2 players, and working
# the places out was about half of it: docs/engine-speed.md). A malformed state's are worked out, not kept.
_PLACES: Final[
    dict[tuple[int | None, tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], tuple[float, ...]]]
] = {}
_KEPT: Final = 4096


def _places(
    winner: int | None, out: tuple[int, ...], sizes: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """The winner is first. Players still in come next by fewest cards (equal counts share a place);
    eliminated players follow, the later eliminated ranking higher. With no winner nobody is first."""
    n = len(out)
    last_out = max(out) + 1
    keys: list[tuple[int, int, int]] = []
    for seat in range(n):
        if seat == winner:
            keys.append((0, 0, 0))
        elif not out[seat]:
            keys.append((1, sizes[seat], 0))
        else:
            keys.append((2, 0, last_out - out[seat]))
    offset = 1 if winner is None else 0
    placements = []
    for mine in keys:
        ahead = 0
        for other in keys:
            if other < mine:
                ahead += 1
        placements.append(1 + offset + ahead)
    scores = [0.0] * n
    if winner is not None and 0 <= winner < n:
        scores[winner] = 1.0
    return tuple(placements), tuple(scores)


def outcome(state: State) -> Outcome | None:
    """The game's placements and scores (see _places), with its details."""
    if not state.over:
        return None
    out = state.out
    hands = state.hands
    winner = state.winner
    sizes = tuple(map(len, hands))
    key = (winner, out, sizes)
    found = _PLACES.get(key)
    if found is None:
        found = _places(winner, out, sizes)
        if len(_PLACES) < _KEPT:
            _PLACES[key] = found
    details = {
        "winner": winner,
        "reason": state.end_reason,
        "day": state.day,
        "hands": list(sizes),
        "eliminated": list(map(bool, out)),  # a C-level map, not a comprehension (a frame of its own on 3.11)
    }
    return new_outcome(found[0], found[1], details)
