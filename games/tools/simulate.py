"""Play whole games with AI policies, optionally checking every invariant after every action.

Shared by `python -m games simulate`, the per-game fuzz tests and the AI benchmarks.
"""

from __future__ import annotations

import _random
import functools
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from games.core.contract import Game, Outcome, Policy
from games.core.invariants import Checker
from games.core.native64 import WRAPS
from games.core.policy import random_policy

MAX_ACTIONS_PER_GAME = 20_000


@dataclass
class GameRun:
    outcome: Outcome | None
    actions: int
    violations: list[str] = field(default_factory=list)
    log: list[tuple[int, str]] = field(default_factory=list)


def play_one(
    game: Game[Any],
    players: int,
    policies: Sequence[Policy],
    seed: int,
    options: Mapping[str, str] | None = None,
    variant: str | None = None,
    check: bool = True,
) -> GameRun:
    """One game from setup to the end. The policy RNG is seeded from `seed` too, so runs repeat."""
    rng = _policy_rng(seed)
    state = game.setup(players, options or {}, seed, variant)
    checker = Checker(game, state, players) if check else None
    run = GameRun(outcome=None, actions=0)
    if checker is None:
        state = (_play_unchecked_compiled if WRAPS else _play_unchecked)(game, state, policies, seed, rng, run)
    else:
        run.violations.extend(checker.check_state(state, game.setup_events(state)))
        state = _play_checked(game, state, policies, seed, rng, run, checker)
    run.outcome = game.outcome(state)
    if not _SPARE:
        _SPARE.append(rng)
    return run


# The policy RNG of the last game, lent to the next: see `_policy_rng`.
_SPARE: Final[list[random.Random]] = []
_SEED_MT: Final = _random.Random.seed


def _policy_rng(seed: int) -> random.Random:
    """A `random.Random(seed)`: the same generator state and the same draws, reusing the last game's object.

    Why: `random.Random(seed)` allocates a 2.5 KB generator and seeds it through `Random.seed`'s Python
    frame, about 8k instructions besides the seeding itself (27.6k, which stays): ~1.7% of a compiled
    two-player TIMETRAP game, whose simulated games are short. Reseeding a spare object with the C-level
    `seed` that `Random.seed` calls for an int, and clearing `gauss_next` as it does, leaves exactly the
    state a new object has. The object is lent for one game: `play_one` takes it and gives it back only
    when its game is over, so a nested or failed game never shares it, and no policy keeps the `rng` it is
    handed past its decision (tests/tools/test_simulate_loops.py plays seeds in different orders and
    requires the same logs)."""
    if _SPARE:
        rng = _SPARE.pop()
        _SEED_MT(rng, seed)
        rng.gauss_next = None  # type: ignore[attr-defined]  # set by Random.seed, not in its stubs
        return rng
    return random.Random(seed)


def _play_checked(
    game: Game[Any],
    state: Any,
    policies: Sequence[Policy],
    seed: int,
    rng: random.Random,
    run: GameRun,
    checker: Checker,
) -> Any:
    """play_one's loop with every invariant checked after every action; stops at the first violation."""
    while not run.violations and not game.is_over(state):
        acting = sorted(game.to_act(state))
        if not acting:
            run.violations.append("nobody to act and the game is not over")
            break
        seat = acting[0] if len(acting) == 1 else rng.choice(acting)
        legal = game.legal_actions(state, seat)
        if not legal:
            run.violations.append(f"seat {seat} to act with no legal action")
            break
        action = decide(game, policies[seat], state, seat, legal, rng)
        new_state, events = game.apply(state, seat, action)
        run.actions += 1
        run.log.append((seat, action))
        run.violations.extend(checker.check_unchanged(state))
        run.violations.extend(checker.check_state(new_state, events))
        if run.violations:
            run.violations = [f"seed {seed} action {run.actions} ({seat}:{action}): {v}" for v in run.violations]
            break
        state = new_state
        if run.actions > MAX_ACTIONS_PER_GAME:
            run.violations.append(f"seed {seed}: no end after {MAX_ACTIONS_PER_GAME} actions")
            break
    return state


def _play_unchecked(
    game: Game[Any], state: Any, policies: Sequence[Policy], seed: int, rng: random.Random, run: GameRun
) -> Any:
    """play_one's loop without a checker: the same steps, draws, log and violations, with the game's
    methods held in locals (the simulation hot path). Returns the last state.

    Shortcuts that keep the loop lean without changing any draw: `is_over` is asked only when nobody is
    to act (the checker separately verifies that an over game has nobody to act); a seat playing
    `random_policy` draws inline exactly as that policy does, without building its view thunk; the
    action count is the log's length; the log is appended to by `log.append`, which 3.11 specializes
    (a bound `append` held in a local is the slower call there, and a generic call compiled). This is
    the source's spelling: `_play_unchecked_compiled` is the same loop for the compiled build."""
    to_act = game.to_act
    legal_actions = game.legal_actions
    apply = game.apply
    view = game.view
    partial = functools.partial
    log = run.log
    draw = rng.random
    inline, sampled = _seat_kinds(policies)
    lone_seat = _LONE_SEAT.get
    for _ in range(MAX_ACTIONS_PER_GAME + 1):
        acting = to_act(state)
        seat = lone_seat(acting)
        if seat is None:  # not one seat, or one this process has not seen alone yet
            seat = _seat_not_looked_up(game, state, acting, rng, run)
            if seat is None:
                break
        legal = legal_actions(state, seat)
        if not legal:
            run.violations.append(f"seat {seat} to act with no legal action")
            break
        if inline[seat]:
            action = legal[int(draw() * len(legal))]  # random_policy, inlined (its very expression)
        elif sampled[seat]:
            action = decide(game, policies[seat], state, seat, legal, rng)
        else:
            action = policies[seat](partial(view, state, seat), legal, rng)
        state, _ = apply(state, seat, action)
        log.append((seat, action))
    else:
        run.violations.append(f"seed {seed}: no end after {MAX_ACTIONS_PER_GAME} actions")
    run.actions = len(log)
    return state


def _play_unchecked_compiled(
    game: Game[Any], state: Any, policies: Sequence[Policy], seed: int, rng: random.Random, run: GameRun
) -> Any:
    """`_play_unchecked` spelled for the compiled build (chosen in `play_one` by games.core.native64's
    WRAPS): the same steps, draws and log, with the game's methods called on `game` itself.

    Why two spellings of one loop? Compiled, `game.apply(...)` on a `Game` is a call through the class's
    method table, straight to the engine's C function; a method held in a local is a Python object, so
    each call goes through the generic call protocol and the method's argument parsing (~0.2k instructions
    a call, three or four calls an action). On the source it is the other way round: the local is the
    cheaper call (`game.to_act(state)` costs ~0.5k instructions an action more on KINGs 4p). Counted in
    docs/engine-speed.md, "The simulation loop on the compiled build", with the forms both loops share
    for that build: several seats to act are told from one by a length test, not by a failed unpack (a
    raised and caught ValueError costs ~3k instructions compiled, and 3-15% of the actions of Trickster,
    KINGs and Capture of Dreams have several seats to act); the draw is multiplied by
    `float(len(legal))`, which mypyc compiles to a C multiplication (a float times an int object is a
    generic call on boxed numbers there) and which is the same product, since Python converts the int
    to a float for `float * int` too; the turn limit is a `range` written in the `for` (a native counter).
    tests/tools/test_simulate_loops.py holds the two loops to the same games on either build."""
    log = run.log
    draw = rng.random
    inline, sampled = _seat_kinds(policies)
    for _ in range(MAX_ACTIONS_PER_GAME + 1):
        acting = game.to_act(state)
        seat = _LONE_SEAT.get(acting)
        if seat is None:  # not one seat, or one this process has not seen alone yet
            seat = _seat_not_looked_up(game, state, acting, rng, run)
            if seat is None:
                break
        legal = game.legal_actions(state, seat)
        if not legal:
            run.violations.append(f"seat {seat} to act with no legal action")
            break
        if inline[seat]:
            action = legal[int(draw() * float(len(legal)))]  # random_policy, inlined
        elif sampled[seat]:
            action = decide(game, policies[seat], state, seat, legal, rng)
        else:
            action = policies[seat](functools.partial(game.view, state, seat), legal, rng)
        state, _ = game.apply(state, seat, action)
        log.append((seat, action))
    else:
        run.violations.append(f"seed {seed}: no end after {MAX_ACTIONS_PER_GAME} actions")
    run.actions = len(log)
    return state


# The seat of each one-seat set `to_act` has returned: `(seat,) = acting` on a frozenset makes an iterator
# and steps it twice (~250 instructions an action compiled, ~300 with the `len` test on the source), where a
# dict finds an engine's shared one-seat set (timetrap.table.ONLY and its kind) by identity, its hash kept
# in the set: ~80. A key per seat number ever seen alone, so a handful; an equal set from another engine is
# found by equality, the same seat.
_LONE_SEAT: Final[dict[frozenset[int], int]] = {}


def _seat_kinds(policies: Sequence[Policy]) -> tuple[list[bool], list[bool]]:
    """Per seat: does it play `random_policy` (whose draw the unchecked loops make inline), and does it
    search (`wants_sampler`: `decide` hands it a Determinizer)? A random seat is not asked for
    `wants_sampler`: on a function the missing attribute is a caught AttributeError, ~3k instructions
    compiled, each seat of each game."""
    inline = [policy is random_policy for policy in policies]
    sampled = [policy is not random_policy and getattr(policy, "wants_sampler", False) for policy in policies]
    return inline, sampled


def _one_of(rng: random.Random, seats: list[int]) -> int:
    """`rng.choice(seats)`, the same draws, without its two Python frames (random.py's `choice` and
    `_randbelow`: ~3k instructions a call, interpreted even on the compiled build) on the turns where
    several seats are to act (3-15% of the actions of Trickster, KINGs and Capture of Dreams). This is
    CPython's own algorithm for a `random.Random` (the fewest bits that cover the choices, drawn again
    while out of range); tests/tools/test_simulate_loops.py holds it to `rng.choice` over many seeds and
    sizes, so a Python that changed `choice` would fail there before any benchmark moved."""
    count = len(seats)
    bits = count.bit_length()
    pick = rng.getrandbits(bits)
    while pick >= count:
        pick = rng.getrandbits(bits)
    return seats[pick]


def _seat_not_looked_up(
    game: Game[Any], state: Any, acting: frozenset[int], rng: random.Random, run: GameRun
) -> int | None:
    """The unchecked loops' seat to act when `_LONE_SEAT` does not hold `acting`: a lone seat seen for the
    first time (kept for the next lookups), the seeded choice among several, or None when nobody is to act
    (then the game must be over: the unchecked loops ask `is_over` only then)."""
    if len(acting) == 1:
        (seat,) = acting
        _LONE_SEAT[acting] = seat
        return seat
    if acting:
        return _one_of(rng, sorted(acting))
    if not game.is_over(state):
        run.violations.append("nobody to act and the game is not over")
    return None


def decide(game: Game[Any], policy: Policy, state: Any, seat: int, legal: list[str], rng: random.Random) -> str:
    """One decision. A searching policy (`wants_sampler`) gets a Determinizer, which deals the cards the
    seat cannot see at random before the search sees a state; every other policy gets the seat's view."""
    if getattr(policy, "wants_sampler", False):
        from games.search.sampler import Determinizer

        return policy.decide(Determinizer(game, state, seat), legal, rng)  # type: ignore[attr-defined,no-any-return]
    return policy(functools.partial(game.view, state, seat), legal, rng)


def replay(
    game: Game[Any],
    players: int,
    seed: int,
    log: Sequence[tuple[int, str]],
    options: Mapping[str, str] | None = None,
    variant: str | None = None,
) -> Any:
    """Seed + action log -> the same state (the host's recovery path relies on this)."""
    state = game.setup(players, options or {}, seed, variant)
    for seat, action in log:
        state, _ = game.apply(state, seat, action)
    return state


def win_share(outcome: Outcome, seats: Sequence[int]) -> float:
    """1 when `seats` alone took first place, 1/k for a k-way shared first, else 0."""
    firsts = [s for s, place in enumerate(outcome.placements) if place == 1]
    if outcome.teams:
        first_teams = [t for t in outcome.teams if any(s in firsts for s in t)]
        mine = [t for t in first_teams if any(s in seats for s in t)]
        return len(mine) / len(first_teams) if first_teams else 0.0
    if not firsts or not any(s in firsts for s in seats):
        return 0.0
    return 1.0 / len(firsts)


def challenger_seats(game: Game[Any], state: Any, seat: int, players: int) -> list[int]:
    """The challenger plays one seat, or its whole team in a team game."""
    teams = game.view(state, None).get("teams")
    if teams:
        for team in teams:
            if seat in team:
                return [int(s) for s in team]
    return [seat]


def summary_line(**fields: Any) -> str:
    return json.dumps(fields, separators=(", ", ": "))
