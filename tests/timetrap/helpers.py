"""Constructed TIMETRAP states for rule tests (the way pokerkit starts from a known deck)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.core.contract import Event
from games.timetrap import cards
from games.timetrap.game import TIMETRAP
from games.timetrap.state import LIMITS, State
from games.timetrap.table import public_mask

RULEBOOK = "003_3dd097fef3f40e34.txt"
NO_DATES = ("", "", "", "", "", "")
G = TIMETRAP


def _entry(card: str | tuple[str, int]) -> tuple[str, int]:
    if isinstance(card, tuple):
        return card
    return (card, cards.TRAP_HIGH if cards.is_trap(card) else cards.number(card))


def make(
    hands: Sequence[Sequence[str]],
    *,
    day: int = 1,
    dates: Sequence[str] = NO_DATES,
    tile_up: bool = True,
    today: Sequence[str | tuple[str, int]] = (),
    earlier: Sequence[Sequence[str | tuple[str, int]]] = (),
    start: int = 0,
    turn: int | None = None,
    discard: Sequence[str] = (),
    played_today: int | None = None,
    traps_today: int | None = None,
    after_time: bool | None = None,
    last_player: int | None = None,
    passed: Sequence[int] = (),
    out: Sequence[int] | None = None,
    limit: int | None = None,
) -> State:
    """A table mid-game. `today` is the current day's row; `earlier` the rows of the days before it."""
    players = len(hands)
    rows = [tuple(_entry(c) for c in row) for row in earlier]
    rows += [()] * (day - 1 - len(rows))
    row = tuple(_entry(c) for c in today)
    rows.append(row)
    out_t = tuple(out) if out is not None else (0,) * players
    know = {c: public_mask(players) for h in hands for c in h if cards.is_trap(c)}
    return State(
        players=players,
        rng=12345,
        date_set="house",
        dates=tuple(dates),
        day=day,
        tile_up=tile_up,
        hands=tuple(cards.sorted_hand(list(h)) for h in hands),
        discard=tuple(discard),
        board=tuple(rows),
        know=know,
        start=start,
        turn=start if turn is None else turn,
        limit=limit if limit is not None else LIMITS[sum(1 for o in out_t if not o)],
        played_today=len(row) if played_today is None else played_today,
        traps_today=sum(1 for c, _ in row if cards.is_trap(c)) if traps_today is None else traps_today,
        after_time=(bool(row) and not cards.is_trap(row[-1][0])) if after_time is None else after_time,
        last_player=last_player,
        passed=frozenset(passed),
        out=out_t,
        pending=None,
        over=False,
        winner=None,
        end_reason=None,
    )


def act(state: State, seat: int, action: str) -> tuple[State, list[Event]]:
    return G.apply(state, seat, action)


def run(state: State, *moves: tuple[int, str]) -> tuple[State, list[Event]]:
    """Apply moves in order; all events together."""
    events: list[Event] = []
    for seat, action in moves:
        state, new = G.apply(state, seat, action)
        events.extend(new)
    return state, events


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def plays(state: State, seat: int) -> list[int]:
    """Numbers of the time cards the seat may play now."""
    return sorted(
        cards.number(a.split(":")[1]) for a in G.legal_actions(state, seat) if a.startswith("play:")
    )


def can_trap(state: State, seat: int) -> bool:
    return any(a.startswith("trap:") for a in G.legal_actions(state, seat))


def random_positions(players: int, seeds: Sequence[int]) -> list[tuple[State, int]]:
    """(state, seat to act) at every decision of seeded random games: the positions the playout models'
    tests ask about."""
    found = []
    for seed in seeds:
        state = G.setup(players, {}, seed)
        rng = random.Random(seed)
        while not G.is_over(state):
            seat = min(G.to_act(state))
            found.append((state, seat))
            state, _ = G.apply(state, seat, rng.choice(G.legal_actions(state, seat)))
    return found
