"""AI seats: three levels, and the strong one thinking outside the event loop.

Levels (what the lobby's Add AI, clock take-overs and the console offer):
- easy: the game's random policy;
- normal: the game's heuristic (random where a game has none);
- strong: the search of games/search (determinized playouts), run in a process pool so that a table's
  thinking never holds the event loop that serves every other table. It gets a deadline and returns its
  best move so far when the deadline passes; if the pool cannot answer in time (overloaded, or a worker
  died), the normal AI decides instead, in this process, so a table never waits for a lost worker.

A seat stores its policy name (`random`, `heuristic`, `search`); levels are the names people see.
The search sees only what the seat may know: the worker receives the table's state, but the only use it
makes of it is games.search.Determinizer, which deals the hidden cards again before the search runs
(tests/search checks that decisions do not depend on where hidden cards really are).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import functools
import logging
import multiprocessing
import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from games.core.contract import Game, Policy
from games.core.registry import get_game
from games.search import Budget, Determinizer, search_policy

log = logging.getLogger("tricktable.ai")

LEVELS = ("easy", "normal", "strong")
SEARCH = "search"
DEFAULT_BUDGET = Budget(seconds=1.5)  # playouts: each game's `search.playouts` (docs/ai.md)
POOL_GRACE_SECONDS = 2.0  # beyond the search's own deadline, before the normal AI decides instead


def policy_for_level(game: Game[Any], level: str) -> str:
    """The policy name a level means for `game` (unknown names are returned as given, for the caller to
    validate: an operator may still name a policy such as `heuristic` directly)."""
    if level == "easy":
        return "random"
    if level == "normal":
        return "heuristic" if "heuristic" in game.policies() else "random"
    if level == "strong":
        return SEARCH
    return level


def level_of(policy: str | None) -> str:
    """The level people see for a stored policy name."""
    if policy == SEARCH:
        return "strong"
    if policy == "random":
        return "easy"
    return "normal"


def available_policies(game: Game[Any]) -> list[str]:
    """Every policy name a seat may store: the game's own and the search."""
    return [*game.policies(), SEARCH]


def _search_move(
    game_id: str,
    state_json: Mapping[str, Any],
    seat: int,
    legal: Sequence[str],
    seed: str,
    budget: Budget,
    submitted: float | None = None,
) -> str:
    """In a worker process: rebuild the state, deal the hidden cards again, search. The deadline counts
    from `submitted` (time.time() when the table asked): a request that waited in a busy pool searches
    only for what is left of it, instead of running its full time and missing the host's timeout."""
    if budget.seconds is not None and submitted is not None:
        budget = dataclasses.replace(budget, seconds=max(0.0, budget.seconds - (time.time() - submitted)))
    game = get_game(game_id)
    state = game.from_json(state_json)
    policy = search_policy(game, budget)
    return policy.decide(Determinizer(game, state, seat), list(legal), random.Random(seed))


class AiRunner:
    """Decides AI moves. One per TableService; `workers` processes for the strong level (0: inline)."""

    def __init__(self, workers: int, budget: Budget = DEFAULT_BUDGET) -> None:
        self.workers = workers
        self.budget = budget
        self.pool_timeout = (budget.seconds or 5.0) + POOL_GRACE_SECONDS
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self.in_flight = 0  # strong moves waiting for or running in the pool (the operators' AI queue depth)

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fresh interpreter per worker (forking a process with the database thread and
            # the event loop running is unsafe)
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
            )
        return self._pool

    async def move(self, game: Game[Any], state: Any, seat: int, policy_name: str | None, seed: str) -> str:
        """The AI's choice for `seat`. Easy and normal decide here (microseconds); strong searches."""
        legal = game.legal_actions(state, seat)
        rng = random.Random(seed)
        if policy_name == SEARCH and len(legal) > 1:
            return await self._search(game, state, seat, legal, seed)
        policies = game.policies()
        policy: Policy = policies.get(policy_name or "", policies["random"])
        return policy(functools.partial(game.view, state, seat), legal, rng)

    async def _search(self, game: Game[Any], state: Any, seat: int, legal: list[str], seed: str) -> str:
        if self.workers <= 0:
            return _search_move(game.info.id, game.to_json(state), seat, legal, seed, self.budget)
        loop = asyncio.get_running_loop()
        call = functools.partial(
            _search_move, game.info.id, game.to_json(state), seat, legal, seed, self.budget, time.time()
        )
        self.in_flight += 1
        try:
            return await asyncio.wait_for(loop.run_in_executor(self._executor(), call), self.pool_timeout)
        except (TimeoutError, concurrent.futures.process.BrokenProcessPool, OSError) as err:
            log.warning("strong AI for seat %s did not answer (%s); the normal AI decides", seat, type(err).__name__)
            if isinstance(err, concurrent.futures.process.BrokenProcessPool):
                self._pool = None
            fallback = policy_for_level(game, "normal")
            return await self.move(game, state, seat, fallback, seed)
        finally:
            self.in_flight -= 1

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
