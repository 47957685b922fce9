"""Reading: a seat's private board, the spectators' board, and table listings. Nothing here writes."""

from __future__ import annotations

from bot.tables.errors import TableError
from bot.tables.live import LiveTable
from bot.tables.models import SeatView, TableStatus


def seat_view(live: LiveTable, seat: int | None) -> SeatView:
    """What `seat` (None: a spectator) sees: view, legal actions and prompt when it acts, its clock."""
    if live.state is None:
        raise TableError("wrong_status", table=live.info.id, status=live.info.status.value)
    game, state = live.game, live.state
    acting = live.info.status is TableStatus.PLAYING and seat is not None and seat in game.to_act(state)
    deadline = live.deadlines.get(seat) if seat is not None else None
    return SeatView(
        seat=seat,
        view=game.view(state, seat),
        legal_actions=tuple(game.legal_actions(state, seat)) if acting and seat is not None else (),
        prompt=game.prompt(state, seat) if acting and seat is not None else None,
        version=live.info.version,
        deadline=deadline.due_at if deadline and deadline.held is None else None,  # (a stopped clock: none)
    )
