"""Placements once the game is over (rulebook section 8; ties as ruled in ../shared/RULINGS.md)."""

from __future__ import annotations

from games.core.contract import Outcome
from games.timetrap.state import State


def outcome(state: State) -> Outcome | None:
    """The winner is first. Players still in come next by fewest cards (equal counts share a place);
    eliminated players follow, the later eliminated ranking higher. With no winner nobody is first."""
    if not state.over:
        return None
    # Plain loops over the few seats instead of a nested key function and generator sums: the outcome
    # is built once per game, which at 2 players is about 20 actions (docs/engine-speed.md).
    n = state.players
    out = state.out
    hands = state.hands
    winner = state.winner
    last_out = max(out) + 1
    keys: list[tuple[int, int, int]] = []
    for seat in range(n):
        if seat == winner:
            keys.append((0, 0, 0))
        elif not out[seat]:
            keys.append((1, len(hands[seat]), 0))
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
    return Outcome(
        placements=tuple(placements),
        scores=tuple(scores),
        details={  # C-level maps, not comprehensions (each a frame of its own on 3.11)
            "winner": winner,
            "reason": state.end_reason,
            "day": state.day,
            "hands": list(map(len, hands)),
            "eliminated": list(map(bool, out)),
        },
    )
