"""Whole games played by seeded random seats, as a table's info and action log (for replay tests)."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from bot.store.records import ActionRow
from bot.tables.models import ClockMode, SeatInfo, TableInfo, TableStatus
from games.core.registry import all_games

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")


def variants() -> list[tuple[str, str, int]]:
    """(game, variant, players) for every game and variant, at its smallest and largest table."""
    out = []
    for game_id, game in all_games().items():
        if game_id == "tiny":
            continue
        for v in game.info.variants:
            for players in sorted({v.min_players, v.max_players}):
                out.append((game_id, v.id, players))
    return out


def played(
    game_id: str, variant: str, players: int, seed: int = 7, stop: int | None = None
) -> tuple[Any, TableInfo, list[ActionRow], Any]:
    """A game played to its end (or `stop` actions): (game, info, log, last state)."""
    game = all_games()[game_id]
    seats = tuple(SeatInfo(s, 100 + s, NAMES[s]) for s in range(players))
    info = TableInfo(
        id=41, guild_id=1, channel_id=2, thread_id=None, game=game_id, variant=variant, options={},
        status=TableStatus.PLAYING, version=0, seats=seats, creator_id=100, clock_mode=ClockMode.LIVE,
        clock_seconds=120, created_at=0.0, updated_at=0.0, seed=seed,
    )  # fmt: skip
    state = game.setup(players, {}, seed, variant)
    rng = random.Random(seed)
    rows: list[ActionRow] = []
    while not game.is_over(state) and (stop is None or len(rows) < stop):
        seat = rng.choice(sorted(game.to_act(state)))
        action = rng.choice(game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
        rows.append(ActionRow(len(rows) + 1, seat, action, 100 + seat, "user", 0.0))
    status = TableStatus.FINISHED if game.is_over(state) else TableStatus.PLAYING
    return game, replace(info, status=status, version=len(rows)), rows, state
