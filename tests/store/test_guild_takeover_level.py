"""The server's take-over AI level (a setting of each server; a resigning
player's seat plays on at the server's default), on both stores: a clock that runs out, a
resignation and an admin's replace without a choice use the level the table's server chose, else the
operator's TRICKTABLE_AI_LEVEL; the strong level still decides through the AI runner's search."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.settings import Settings
from bot.store.factory import open_store
from bot.tables import GuildSettings, PlayerRef, TableError, TableService
from bot.tables.ai import AiRunner
from games.search import Budget

ALICE, BOB, CARL = PlayerRef(1, "Alice"), PlayerRef(2, "Bob"), PlayerRef(3, "Carl")
STRONG_SERVER, PLAIN_SERVER = 2**62 + 11, 12  # one sets its level; the other never did


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def _service(target: str, clock: Clock | None = None) -> TableService:
    # the operator's level is easy: what the servers choose must be visibly different
    service = TableService(await open_store(target), Settings(ai_workers=0, ai_takeover_level="easy"))
    service.host.ai.budget = Budget(playouts=8, seconds=None, min_rounds=1)  # quick and repeatable
    if clock is not None:
        service.clock = clock
    return service


@pytest.fixture
async def asked(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[list[tuple[str | None, bool]]]:
    """Every AI decision: (policy asked for, whether the search ran for it)."""
    seen: list[tuple[str | None, bool]] = []
    move, search = AiRunner.move, AiRunner._search

    async def spy_move(self: AiRunner, game: Any, state: Any, seat: int, policy: str | None, seed: str) -> str:
        seen.append((policy, False))
        return await move(self, game, state, seat, policy, seed)

    async def spy_search(self: AiRunner, *args: Any) -> str:
        seen[-1] = (seen[-1][0], True)
        return await search(self, *args)

    monkeypatch.setattr(AiRunner, "move", spy_move)
    monkeypatch.setattr(AiRunner, "_search", spy_search)
    yield seen


async def _table(service: TableService, guild: int, people: int = 2, **kw: Any) -> int:
    info = await service.create(guild, 20, ALICE, "trickster", seed=5, **kw)
    for person in (BOB, CARL)[: people - 1]:
        await service.join(info.id, person)
    await service.start(info.id, ALICE.user_id)
    return info.id


async def test_a_clock_that_runs_out_plays_at_the_servers_level(
    db_target: str, asked: list[tuple[str | None, bool]]
) -> None:
    clock = Clock()
    service = await _service(db_target, clock)
    try:
        saved = await service.set_guild_settings(STRONG_SERVER, ai_level="strong")
        assert saved == GuildSettings(STRONG_SERVER, ai_level="strong")
        strong = await _table(service, STRONG_SERVER, clock_seconds=60)
        plain = await _table(service, PLAIN_SERVER, clock_seconds=60)
        clock.now += 61
        updates = await service.process_due_clocks()
        assert {u.table.id for u in updates} == {strong, plain}
        # the strong server's expiry searched (the AI runner's path); the other used the operator's easy
        # (each table's seats that owed a decision: one AI decision per expired clock)
        assert set(asked) == {("search", True), ("random", False)}, asked
        for table in (strong, plain):
            assert [a.via for a in await service.store.actions(table)][:1] == ["clock"]
            assert not any(s.is_ai for s in (await service.get_table(table)).seats)  # the seat stays theirs
    finally:
        await service.close()


async def test_resign_and_replace_hand_the_seat_to_the_level_the_server_chose_in_another_process(
    db_target: str, asked: list[tuple[str | None, bool]]
) -> None:
    admin = await _service(db_target)  # the process that took the /settings command
    player = await _service(db_target)  # the process that serves the tables
    try:
        first = await _table(player, STRONG_SERVER, people=3)
        await admin.set_guild_settings(STRONG_SERVER, ai_level="normal")
        await player.resign(first, BOB.user_id)
        assert (await player.get_table(first)).seats[1].ai_policy == "heuristic"
        await admin.set_guild_settings(STRONG_SERVER, ai_level="strong")
        await player.replace_with_ai(first, 2)  # no AI named: the server's level
        assert (await player.get_table(first)).seats[2].ai_policy == "search"
        await player.replace_with_ai(first, 0, "random")  # an admin who names one gets it
        assert (await player.get_table(first)).seats[0].ai_policy == "random"
        other = await _table(player, PLAIN_SERVER)
        await player.resign(other, BOB.user_id)
        assert (await player.get_table(other)).seats[1].ai_policy == "random"  # the operator's easy
        assert ("search", True) in asked  # the strong seat's moves went through the search
    finally:
        await admin.close()
        await player.close()


async def test_the_level_is_kept_apart_from_the_other_settings_and_refuses_unknown_levels(db_target: str) -> None:
    service = await _service(db_target)
    try:
        assert (await service.get_guild_settings(STRONG_SERVER)).ai_level is None
        await service.set_guild_settings(STRONG_SERVER, default_clock="async", text_only=True)
        assert (await service.set_guild_settings(STRONG_SERVER, ai_level="strong")).text_only is True
        again = await service.set_guild_settings(STRONG_SERVER, table_channels=[5])
        assert (again.ai_level, again.default_clock, again.text_only) == ("strong", "async", True)
        with pytest.raises(TableError) as refused:
            await service.set_guild_settings(STRONG_SERVER, ai_level="genius")
        assert "easy, normal, strong" in refused.value.message("en")
        assert (await service.get_guild_settings(STRONG_SERVER)).ai_level == "strong"
        assert (await service.get_guild_settings(PLAIN_SERVER)).ai_level is None
    finally:
        await service.close()
