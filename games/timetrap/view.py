"""What one seat (or a spectator) may see: JSON-ready, with no card that seat may not know."""

from __future__ import annotations

from typing import Any

from games.timetrap import cards, rules
from games.timetrap.state import State
from games.timetrap.table import seat_mask


def hidden_from(state: State, seat: int | None) -> set[str]:
    """Cards in other hands and the discard pile, minus those this seat saw move (knowledge tracking)."""
    mask = seat_mask(seat, state.players)
    hidden = {
        c for s, hand in enumerate(state.hands) if s != seat for c in hand if not state.know.get(c, 0) & mask
    }
    hidden.update(c for c in state.discard if not state.know.get(c, 0) & mask)
    return hidden


def known_elsewhere(state: State, seat: int) -> tuple[dict[str, list[str]], list[str]]:
    """Cards this seat knows in other hands, and in the discard pile."""
    mask = 1 << seat
    others = {
        str(s): [c for c in hand if state.know.get(c, 0) & mask]
        for s, hand in enumerate(state.hands)
        if s != seat
    }
    return {s: cs for s, cs in others.items() if cs}, [
        c for c in state.discard if state.know.get(c, 0) & mask
    ]


def view(state: State, seat: int | None) -> dict[str, Any]:
    row = state.board[state.day - 1] if len(state.board) >= state.day else ()
    out: dict[str, Any] = {
        "game": "timetrap",
        "players": state.players,
        "seat": seat,
        "day": state.day,
        "dates": list(state.dates),
        "date_today": rules.date_card(state),
        "tile": "up" if state.tile_up else "down",
        "board": [[[c, v] for c, v in r] for r in state.board],
        "last": row[-1][1] if row else None,
        "last_is_trap": bool(row) and cards.is_trap(row[-1][0]),
        "played_today": state.played_today,
        "limit": state.limit,
        "traps_today": state.traps_today,
        "trap_allowed_now": state.after_time,
        "start": state.start,
        "turn": None if state.over else state.turn,
        "to_act": sorted(rules.to_act(state)),
        "pending": None
        if state.pending is None
        else {"kind": state.pending.kind, "seat": state.pending.seat, "actor": state.pending.actor},
        "hand_sizes": [len(h) for h in state.hands],
        "eliminated": [bool(o) for o in state.out],
        "passed": sorted(state.passed),
        "last_player": state.last_player,
        "discard_pile": len(state.discard),
        "over": state.over,
        "winner": state.winner,
        "end_reason": state.end_reason,
    }
    if seat is not None:
        known, discarded = known_elsewhere(state, seat)
        out["hand"] = list(state.hands[seat])
        out["known"] = known
        out["known_discards"] = discarded
    return out
