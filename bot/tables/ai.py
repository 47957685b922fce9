"""AI seats: three levels, and the strong one thinking outside the event loop.

Levels (what the lobby's Add AI, clock take-overs and the console offer):
- easy: the game's random policy;
- normal: the game's heuristic (random where a game has none);
- strong: the search of games/search (determinized playouts), run in a process pool so that a table's
  thinking never holds the event loop that serves every other table.

The strong AI's time (docs/ai.md, "The host"): it thinks at most 200 ms of wall time per decision, queue
included (DECISION_SECONDS, counted from the table's request, so time spent waiting for a worker is spent
from it), and past 250 ms (POOL_GRACE_SECONDS more) the normal AI answers instead, so a table has its move
within 300 ms even with the event loop 50 ms late. Within that:
- it plays at least its game's playouts (the strength docs/ai.md measures) unless the 200 ms run out first;
- while the pool is quiet (a worker free, and no request queued or refused for QUIET_SECONDS), it goes on
  searching until THINK_SECONDS (100 ms) from its start: a quiet bot, and a faster (compiled) build, search
  more in the same time; on a busy pool it stops at its playouts, so the pool serves more decisions;
- when the queue is already deeper than the workers can serve within the 200 ms (at the pool's recent time
  per decision), the normal AI decides instead, without queuing, and its move is given at the strong AI's
  pace: the thinking time (100 ms) from the request, what a search on a quiet pool takes. Players see a
  strong seat move at the same pace busy or quiet; and a busy pool cannot make the tables it refuses play
  faster than the ones it serves (answered at once, every refused seat asked again at once: at 100 tables
  of people who answer at once, that loop filled the event loop, whose lag p99 went from ~5 ms to over
  100 ms, and left the workers less CPU for the searches; bot/bench/ai.py measures it). A request a worker
  reaches after its 200 ms is not searched either.
Every decision the normal AI made for a strong seat is counted by reason (`fallbacks`: busy, late, failed),
logged (at most one line per reason every LOG_EVERY_SECONDS, with the counts) and reported to `listeners`
with the decision's queue wait, search time and playouts (the operators' metrics, bot/metrics.py; the
benchmark, bot/bench/ai.py). A pool that is starting (its spawned workers import the games, about a second)
gets more patience: the deadline counts from the worker's start and the normal AI answers 2 s later.

A seat stores its policy name (`random`, `heuristic`, `search`); levels are the names people see.
The search sees only what the seat may know: the worker receives the table's state, but the only use it
makes of it is games.search.Determinizer, which deals the hidden cards again before the search runs
(tests/search checks that decisions do not depend on where hidden cards really are).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import functools
import logging
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from games.core.contract import Game, Policy
from games.core.registry import all_games, get_game
from games.search import Budget, Determinizer, SearchPolicy

log = logging.getLogger("tricktable.ai")

LEVELS = ("easy", "normal", "strong")
SEARCH = "search"
DECISION_SECONDS = 0.2  # a strong decision's wall time, counted from the table's request (queue included)
THINK_SECONDS = 0.1  # on a quiet pool: searching past the game's playouts until this long from the start
QUIET_SECONDS = 1.0  # the pool is quiet this long after a request had to queue or was refused
DEFAULT_BUDGET = Budget(seconds=DECISION_SECONDS, think=THINK_SECONDS)  # playouts: the game's (docs/ai.md)
POOL_GRACE_SECONDS = 0.05  # beyond the deadline, for the answer's way back, before the normal AI decides
COLD_GRACE_SECONDS = 2.0  # the same while the pool starts (spawned workers import the games first)
LOG_EVERY_SECONDS = 10.0  # at most one warning line per reason this often (a busy pool falls back a lot)
SERVICE_ALPHA = 0.2  # weight of the last decision in the pool's running time per decision
WORKER_NICENESS = 10  # how much lower the workers' CPU priority is than the bot's (os.nice): see _lower_priority
FALLBACK_REASONS = ("busy", "late", "failed")


class Decision(NamedTuple):
    """One decision for a strong seat, as the table saw it (times in seconds)."""

    game: str
    by: str  # "search", or why the normal AI decided: "busy", "late", "failed"
    total: float  # from the table's request to its answer
    waited: float  # in the queue: from the request to a worker's start (0 when it never reached one)
    searched: float  # the worker's search
    playouts: int


class _Thought(NamedTuple):
    """A worker's answer: the move (None: it reached the request too late to search) and its times."""

    move: str | None
    started: float  # time.time() when the worker took the request
    searched: float
    playouts: int


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


class _CountingSearch(SearchPolicy):
    """The game's search (`search_policy(game, budget)` exactly), counting its playouts for the reports."""

    playouts = 0

    def _value(
        self, deal: Any, seat: int, action: str, playout: Any, seed: int, seats: Sequence[int]
    ) -> float | None:
        self.playouts += 1
        return super()._value(deal, seat, action, playout, seed, seats)


def _think(
    game_id: str,
    state_json: Mapping[str, Any],
    seat: int,
    legal: Sequence[str],
    seed: str,
    budget: Budget,
    submitted: float | None = None,
) -> _Thought:
    """In a worker process (or inline): rebuild the state, deal the hidden cards again, search. The deadline
    counts from `submitted` (time.time() when the table asked), so a request that waited in a busy pool
    searches only for what is left of it, and one reached after it is not searched at all (the host's
    normal AI answers); the thinking time never runs past what is left. None: both count from now."""
    started = time.time()
    if budget.seconds is not None and submitted is not None:
        left = budget.seconds - (started - submitted)
        if left <= 0:
            return _Thought(None, started, 0.0, 0)
        think = None if budget.think is None else min(budget.think, left)
        budget = dataclasses.replace(budget, seconds=left, think=think)
    game = get_game(game_id)
    state = game.from_json(state_json)
    policy = _CountingSearch(game, None, budget)
    move = policy.decide(Determinizer(game, state, seat), list(legal), random.Random(seed))
    return _Thought(move, started, time.time() - started, policy.playouts)


def _lower_priority() -> None:
    """Each worker's start: a lower CPU priority than the bot's, so that a core the searches fill is still
    the event loop's the moment it has work (every table's clicks, clocks and Discord traffic go through that
    one thread). The cost: on a host whose other work runs at normal priority, the searches get less CPU and
    more decisions fall back (docs/ai.md, "Under load"). Where the system refuses (a sandbox without
    setpriority), the worker runs at the bot's priority, as before."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)


def _ready() -> bool:
    """A worker's first task: import the games (what makes a spawned worker slow to start)."""
    all_games()
    return True


class AiRunner:
    """Decides AI moves. One per TableService; `workers` processes for the strong level (0: inline, in the
    caller's thread, with the same budget)."""

    def __init__(self, workers: int, budget: Budget = DEFAULT_BUDGET) -> None:
        self.workers = workers
        self.budget = budget
        self.pool_timeout = (budget.seconds or 5.0) + POOL_GRACE_SECONDS  # tests widen it
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._starting: list[concurrent.futures.Future[bool]] = []  # the workers' first tasks
        self.in_flight = 0  # strong moves waiting for or running in the pool (the operators' AI queue depth)
        # the pool's recent seconds per decision without a thinking time (what a queued request costs)
        self.per_decision = 0.05
        self.fallbacks = dict.fromkeys(FALLBACK_REASONS, 0)  # strong decisions the normal AI made, by reason
        self.listeners: list[Callable[[Decision], None]] = []  # every strong decision (metrics, benchmarks)
        self._logged: dict[str, tuple[float, int]] = {}  # reason: (last line's time, fallbacks since)
        self._busy_until = 0.0  # time.monotonic() until which the pool does not count as quiet

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fresh interpreter per worker (forking a process with the database thread and
            # the event loop running is unsafe)
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_lower_priority,
            )
            # one first task per worker (the pool spawns a worker per task while none is idle): until they
            # answer, requests wait for the workers to start instead of falling back
            self._starting = [self._pool.submit(_ready) for _ in range(self.workers)]
        return self._pool

    @property
    def starting(self) -> bool:
        """Whether the pool's workers are still starting (or the pool is not made yet)."""
        return self._pool is None or not all(f.done() for f in self._starting)

    async def move(self, game: Game[Any], state: Any, seat: int, policy_name: str | None, seed: str) -> str:
        """The AI's choice for `seat`. Easy and normal decide here (microseconds); strong searches."""
        legal = game.legal_actions(state, seat)
        rng = random.Random(seed)
        if policy_name == SEARCH and len(legal) > 1:
            return await self._search(game, state, seat, legal, seed)
        policies = game.policies()
        policy: Policy = policies.get(policy_name or "", policies["random"])
        return policy(functools.partial(game.view, state, seat), legal, rng)

    def _admits(self) -> bool:
        """Whether a new request can be answered within the deadline: the requests ahead of it, served
        `workers` at a time at the pool's recent time per decision, and its own search."""
        if self.budget.seconds is None or self.in_flight < self.workers:
            return True
        ahead = self.in_flight - self.workers + 1  # completions before a worker is free for it
        return ahead * self.per_decision / self.workers + self.per_decision <= self.budget.seconds

    async def _search(self, game: Game[Any], state: Any, seat: int, legal: list[str], seed: str) -> str:
        asked = time.perf_counter()
        if self.workers <= 0:
            thought = _think(game.info.id, game.to_json(state), seat, legal, seed, self.budget)
            return self._answered(game, thought, asked, thought.started, counts=False)
        pool = self._executor()
        cold = self.starting
        now = time.monotonic()
        if self.in_flight >= self.workers:
            self._busy_until = now + QUIET_SECONDS
        if not cold and not self._admits():
            await asyncio.sleep(max(0.0, (self.budget.think or 0.0) - (time.perf_counter() - asked)))
            return await self._fallback(game, state, seat, seed, "busy", asked, "the pool is busy")
        budget = self.budget
        if budget.think is not None and now < self._busy_until:
            budget = dataclasses.replace(budget, think=None)  # not quiet: stop at the game's playouts
        submitted = time.time()
        call = functools.partial(
            _think, game.info.id, game.to_json(state), seat, legal, seed, budget, None if cold else submitted
        )
        timeout = self.pool_timeout + (COLD_GRACE_SECONDS if cold else 0.0)
        loop = asyncio.get_running_loop()
        self.in_flight += 1
        try:
            thought = await asyncio.wait_for(loop.run_in_executor(pool, call), timeout)
        except (TimeoutError, concurrent.futures.process.BrokenProcessPool, OSError) as err:
            if isinstance(err, concurrent.futures.process.BrokenProcessPool):
                self._pool = None
            reason = "late" if isinstance(err, TimeoutError) else "failed"
            why = f"did not answer ({type(err).__name__})"
            return await self._fallback(game, state, seat, seed, reason, asked, why)
        finally:
            self.in_flight -= 1
        if thought.move is None:
            return await self._fallback(game, state, seat, seed, "late", asked, "was reached too late")
        return self._answered(game, thought, asked, submitted, counts=budget.think is None)

    def _answered(
        self, game: Game[Any], thought: _Thought, asked: float, submitted: float, counts: bool
    ) -> str:
        assert thought.move is not None
        if counts:  # a search with a thinking time says nothing of what a queued request costs
            self.per_decision += SERVICE_ALPHA * (thought.searched - self.per_decision)
        waited = max(0.0, thought.started - submitted)
        total = time.perf_counter() - asked
        self._tell(Decision(game.info.id, "search", total, waited, thought.searched, thought.playouts))
        return thought.move

    async def _fallback(
        self, game: Game[Any], state: Any, seat: int, seed: str, reason: str, asked: float, why: str
    ) -> str:
        """The normal AI decides for a strong seat: counted, logged (rate-limited) and reported."""
        self.fallbacks[reason] += 1
        now = time.monotonic()
        last, since = self._logged.get(reason, (-LOG_EVERY_SECONDS, 0))
        if now - last >= LOG_EVERY_SECONDS:
            log.warning(
                "strong AI for seat %s: %s; the normal AI decides (%s: %d since the last such line, %d in "
                "all; %d strong moves in the pool for %d workers)",
                seat, why, reason, since + 1, self.fallbacks[reason], self.in_flight, self.workers,
            )
            self._logged[reason] = (now, 0)
        else:
            self._logged[reason] = (last, since + 1)
        move = await self.move(game, state, seat, policy_for_level(game, "normal"), seed)
        self._tell(Decision(game.info.id, reason, time.perf_counter() - asked, 0.0, 0.0, 0))
        return move

    def _tell(self, decision: Decision) -> None:
        for listener in self.listeners:
            try:
                listener(decision)
            except Exception:  # an observer must never cost a table its move
                log.exception("AI decision listener failed")

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
