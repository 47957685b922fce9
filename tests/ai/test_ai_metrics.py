"""What an operator sees of the strong AI (bot/metrics.py): a strong seat that the normal AI played because
the pool did not answer in time is counted by reason, and every strong decision's time is in a histogram."""

from __future__ import annotations

import random
from typing import Any

from prometheus_client import generate_latest

from bot.metrics import Metrics
from bot.tables.ai import AiRunner
from games.core.registry import get_game
from games.search import Budget


def _midgame() -> tuple[Any, int]:
    game = get_game("trickster")
    state = game.setup(4, {}, 21)
    rng = random.Random(2)
    for _ in range(9):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return state, min(game.to_act(state))


def _sample(text: str, line_start: str) -> float:
    for line in text.splitlines():
        if line.startswith(line_start):
            return float(line.rpartition(" ")[2])
    raise AssertionError(f"no {line_start} in the scrape")


async def test_a_scrape_counts_the_strong_seats_moves_the_normal_ai_made() -> None:
    game = get_game("trickster")
    state, seat = _midgame()
    metrics = Metrics()
    runner = AiRunner(workers=1, budget=Budget(playouts=10**9, seconds=3, min_rounds=1))
    runner.pool_timeout = 0.01  # the worker cannot even start in time: the normal AI decides
    runner.listeners.append(metrics.on_ai)
    try:
        await runner.move(game, state, seat, "search", "1")
    finally:
        runner.close()
    inline = AiRunner(workers=0, budget=Budget(playouts=40, seconds=None))
    inline.listeners.append(metrics.on_ai)
    await inline.move(game, state, seat, "search", "2")
    text = generate_latest(metrics.registry).decode()
    assert _sample(text, 'tricktable_ai_fallbacks_total{reason="late"}') == 1
    assert _sample(text, "tricktable_ai_decision_seconds_count") == 2  # the fallback and the search
    assert _sample(text, "tricktable_ai_queue_wait_seconds_count") == 1
    assert _sample(text, "tricktable_ai_playouts_total") >= 40
