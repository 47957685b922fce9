"""AI seats play through the game's policies and see only their own seat's view."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hosttools import ALICE
from tinygame import TINY

from bot.tables import TableError, TableService, TableStatus
from games.core.contract import ViewThunk
from games.core.invariants import leaked
from games.core.policy import random_policy


async def test_ai_sees_only_its_seat(service: TableService, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[Any, int, dict[str, Any], list[str]]] = []

    def spy(view: ViewThunk, legal: Sequence[str], rng: random.Random) -> str:
        state, seat = view.args  # type: ignore[attr-defined]  # functools.partial(game.view, state, seat)
        seen.append((state, seat, dict(view()), list(legal)))
        return legal[0]

    monkeypatch.setattr(TINY, "policies", lambda: {"random": random_policy, "spy": spy})
    info = await service.create(1, 1, ALICE, "tiny", options={"rounds": "2"}, seed=3)
    await service.add_ai(info.id, ALICE.user_id, "spy")
    await service.add_ai(info.id, ALICE.user_id, "spy")
    with pytest.raises(TableError) as err:
        await service.add_ai(info.id, ALICE.user_id, "genius")
    assert err.value.code == "unknown_policy"
    await service.start(info.id, ALICE.user_id)
    while (table := await service.get_table(info.id)).status is TableStatus.PLAYING:
        view = await service.seat_view(info.id, ALICE.user_id)
        await service.submit(info.id, ALICE.user_id, view.legal_actions[0], view.version)
    assert table.status is TableStatus.FINISHED and seen
    for state, seat, ai_view, legal in seen:
        assert seat in (1, 2) and ai_view == TINY.view(state, seat)
        assert not leaked(TINY.hidden_from(state, seat), ai_view)  # no card its seat may not know
        assert legal == TINY.legal_actions(state, seat)
    assert all(a.via == "ai" for a in await service.store.actions(info.id) if a.seat > 0)
