"""Constructed states for the Capture of Dreams rule tests (the pokerkit habit: start from a known deck)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from games.core.contract import Event
from games.dream_capture.game import GAME
from games.dream_capture.state import PHASE_PLAY, Bonus, State

EMPTY: tuple[tuple[str, ...], ...] = ((),) * 6


def play_state(
    hands: Sequence[Sequence[str]],
    leader: int = 0,
    trick: Sequence[tuple[int, str]] = (),
    tricks_done: int = 0,
    won: tuple[Sequence[str], Sequence[str]] = ((), ()),
    discards: Sequence[Sequence[str]] | None = None,
    bonuses: Sequence[Bonus] = (),
    deals: int = 6,
    deal: int = 1,
    totals: tuple[int, int] = (0, 0),
) -> State:
    """A deal in its play phase: `hands` per seat, the trick so far, piles and bonuses as given."""
    return State(
        deals=deals,
        deal=deal,
        first_dealer=(leader + 1) % 6,
        dealer=(leader + 1) % 6,  # the first lead is at the dealer's right
        rng=12345,
        phase=PHASE_PLAY,
        hands=tuple(tuple(h) for h in hands),
        discards=EMPTY if discards is None else tuple(tuple(d) for d in discards),
        revealed=EMPTY,
        trick=tuple(trick),
        leader=leader,
        tricks_done=tricks_done,
        won=(tuple(won[0]), tuple(won[1])),
        tricks_won=(0, 0),
        bonuses=tuple(bonuses),
        last_trick=(),
        last_winner=None,
        totals=totals,
        history=(),
    )


def snapshot(state: State) -> str:
    return json.dumps(GAME.to_json(state), sort_keys=True)


def play_trick(state: State, cards_in_order: Sequence[str]) -> tuple[State, list[Event]]:
    """Play one card per seat in turn order (counter-clockwise from the leader); returns every event."""
    events: list[Event] = []
    for card in cards_in_order:
        state, more = GAME.apply(state, state.to_play, f"play:{card}")
        events.extend(more)
    return state, events


def of_kind(events: Sequence[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]
