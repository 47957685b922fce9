"""Placements once the game is over (rulebook section 8; ties as ruled in ../shared/RULINGS.md)."""

from __future__ import annotations

from games.core.contract import Outcome
from games.timetrap.state import State


def outcome(state: State) -> Outcome | None:
    """The winner is first. Players still in come next by fewest cards (equal counts share a place);
    eliminated players follow, the later eliminated ranking higher. With no winner nobody is first."""
    if not state.over:
        return None
    n = state.players
    last_out = max(state.out) + 1

    def rank_key(seat: int) -> tuple[int, int, int]:
        if seat == state.winner:
            return (0, 0, 0)
        if not state.out[seat]:
            return (1, len(state.hands[seat]), 0)
        return (2, 0, last_out - state.out[seat])

    keys = [rank_key(s) for s in range(n)]
    offset = 1 if state.winner is None else 0
    placements = tuple(1 + offset + sum(1 for other in keys if other < mine) for mine in keys)
    scores = tuple(1.0 if s == state.winner else 0.0 for s in range(n))
    return Outcome(
        placements=placements,
        scores=scores,
        details={
            "winner": state.winner,
            "reason": state.end_reason,
            "day": state.day,
            "hands": [len(h) for h in state.hands],
            "eliminated": [bool(o) for o in state.out],
        },
    )
