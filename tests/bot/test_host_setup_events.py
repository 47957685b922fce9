"""The host announces the game's setup draws when a table starts, and the history shows them.

../shared/RULINGS.md, 'All games': "The oldest player" / "decide by any method" becomes a draw by the
table's seeded RNG, announced publicly.
"""

from __future__ import annotations

from typing import Any

import pytest
from hosttools import ALICE, BOB, human_table
from tinygame import TinyGame, TinyState

from bot import render
from bot.tables import TableService, Update
from games.core import registry
from games.core.contract import Event


class DrawnTiny(TinyGame):
    """The tiny game, announcing a public draw and each seat's own hand at setup."""

    def setup_events(self, state: TinyState) -> list[Event]:
        own = [Event("dealt", {"hand": list(h)}, frozenset({s})) for s, h in enumerate(state.hands)]
        return [Event("first_drawn", {"seat": 0}), *own]


@pytest.fixture(autouse=True)
def drawn_tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    games: dict[str, Any] = dict(registry.all_games())
    games["tiny"] = DrawnTiny()
    monkeypatch.setattr(registry, "all_games", lambda: games)


async def test_start_publishes_setup_events_and_history_shows_them(service: TableService) -> None:
    seen: list[Update] = []

    async def listener(update: Update) -> None:
        seen.append(update)

    service.subscribe(listener)
    table = await human_table(service, players=2)
    await service.drain_updates()
    started = next(u for u in seen if any(e.kind == "host.started" for e, _ in u.events))
    assert [e.kind for e in render.visible_events(started, None)] == ["host.started", "first_drawn"]
    assert [e.kind for e in render.visible_events(started, 1)] == ["host.started", "first_drawn", "dealt"]
    private = [e for e in render.visible_events(started, 1) if e.kind == "dealt"]
    assert private[0].audience == frozenset({1})

    public = [(h.version, h.event.kind) for h in await service.history(table, None)]
    assert public == [(0, "first_drawn")]
    bob = [(h.version, h.event.kind) for h in await service.history(table, BOB.user_id)]
    assert bob == [(0, "first_drawn"), (0, "dealt")]
    alice = [h.event for h in await service.history(table, ALICE.user_id)]
    assert [e.audience for e in alice] == [None, frozenset({0})]
    # the log keeps growing after them, in order
    lead = await service.seat_view(table, ALICE.user_id)
    await service.submit(table, ALICE.user_id, lead.legal_actions[0], 0)
    assert [h.event.kind for h in await service.history(table, None)] == ["first_drawn", "led"]
