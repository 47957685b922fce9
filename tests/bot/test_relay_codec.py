"""An Update relayed to the process that owns its table (bot/tables/relay_codec.py) is the same Update:
every field a front end reads comes back, each event with its audience (a private event stays private)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hosttools import ALICE

from bot.settings import Settings
from bot.tables import TableService, Update
from bot.tables.relay_codec import decode, encode
from games.core.registry import all_games


@pytest.mark.parametrize("game_id", sorted(g for g in all_games() if g != "tiny"))
async def test_every_update_of_a_whole_game_comes_back_equal(game_id: str, tmp_path: Path) -> None:
    """Lobby, start (private hands), every action, the end with its outcome, in each installed game."""
    svc = await TableService.open(str(tmp_path / "t.db"), Settings())
    got: list[Update] = []

    async def keep(update: Update) -> None:
        got.append(update)

    svc.subscribe(keep)
    try:
        game = all_games()[game_id]
        players = game.info.variant(None).min_players
        info = await svc.create(1 << 22, 20, ALICE, game_id, seed=3, creator_sits=False)
        for _ in range(players):
            await svc.add_ai(info.id, ALICE.user_id, "random")
        await svc.start(info.id, ALICE.user_id)
        await svc.drain_updates()
    finally:
        await svc.close()
    assert got[-1].outcome is not None
    assert any(a is not None for u in got for _, a in u.events)  # private events travel too
    for update in got:
        assert decode(encode(update)) == update


def test_a_damaged_or_foreign_row_is_refused_plainly() -> None:
    for text in ("{", '{"f": 99}', '{"f": 1}', "[]"):
        with pytest.raises(ValueError):
            decode(text)
