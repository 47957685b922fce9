"""The strong AI: determinized playouts ("perfect-information Monte Carlo") with flat aggregation.

Why this and not information-set MCTS: the five games are short (11-60 decisions), most decisions have a
handful of legal actions, and the engines already ship a fair heuristic. Flat Monte Carlo over
determinizations (draw a deal consistent with what the seat knows, try every legal action on that same
deal, play each to the end with the heuristic, score the result; average over many deals) is the
standard strong baseline for trick-taking games (Ginsberg's GIB; Long et al. 2010 show why it works well
in this family), it needs nothing from a game beyond the engine contract, and it parallelizes and stops
cleanly at any budget. Its known weakness, "strategy fusion" (it assumes it will know the hidden cards
later), matters little here because every seat plays on from the same sampled deal with the heuristic,
which itself sees only views. The aggregation is sound for the seat's information set: every action is
compared on the same sampled deals (common random numbers), so their difference is not noise of the deal.

Budget: a number of playouts per decision (deterministic: tests and benchmarks repeat exactly) and an
optional deadline in seconds (the host passes one; the best action so far is returned when it passes).

Per game (docs/ai.md has the measurements behind each choice), a game class may say what only it knows:
`PLAYOUT_POLICY` (the policy name that plays the playouts: random ones are 4-10x cheaper than the
heuristic, so more deals fit the same time) and `SEARCH_PLAYOUTS` (playouts per decision), each either
one value or a mapping by variant id (read from the view's "variant"). Nothing game-specific lives here.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from games.core.contract import Game, Outcome, Policy
from games.core.errors import GameError
from games.core.policy import random_policy
from games.search.sampler import Determinizer

PLAYOUT_LIMIT = 5_000  # actions in one playout; a game that does not end is scored as a loss
DEFAULT_PLAYOUTS = 240  # a game that says nothing


@dataclass(frozen=True, slots=True)
class Budget:
    playouts: int | None = None  # per decision, shared among the legal actions; None: the game's default
    seconds: float | None = None  # wall-clock deadline; None: playouts only (repeatable)
    min_rounds: int = 4  # deals every action is tried on at least, deadline or not


def reward(outcome: Outcome | None, seats: Sequence[int]) -> float:
    """How good an end is for `seats` (one player, or a team): 1 for sole first place, 0 for last,
    linear in between; a shared place shares the difference. Smoother than win/loss, so a small budget
    still tells a near win from a heavy loss."""
    if outcome is None:
        return 0.0
    placements = outcome.placements
    worst = max(placements)
    if worst == 1:
        return 0.5
    mine = min(placements[s] for s in seats)
    return (worst - mine) / (worst - 1)


class SearchPolicy:
    """A game's strong AI. Called by the host and `simulate` with a Determinizer, never a true state.

    `playout` fixes the playout policy; None takes the game's PLAYOUT_POLICY for the table's variant.
    A budget without playouts takes the game's SEARCH_PLAYOUTS for the variant."""

    wants_sampler = True

    def __init__(self, game: Game[Any], playout: Policy | None = None, budget: Budget = Budget()) -> None:
        self.game = game
        self.budget = budget
        policies = game.policies()
        fallback = policies.get("heuristic", random_policy)
        named = _by_variant(getattr(game, "PLAYOUT_POLICY", None))
        self._policies: dict[str, Policy] = {v: policies.get(str(n), fallback) for v, n in named.items()}
        self._policies.setdefault("", fallback)
        if playout is not None:
            self._policies = {"": playout}
        self._playouts: dict[str, int] = {
            v: int(str(n)) for v, n in _by_variant(getattr(game, "SEARCH_PLAYOUTS", None)).items()
        }
        anchor = getattr(game, "SEARCH_ANCHOR", None)
        self._anchor: Policy | None = policies.get(str(anchor)) if anchor else None

    @property
    def playout_policy(self) -> Policy:
        """The playout policy of a table whose variant is not known (or the only one)."""
        return self._policies[""]

    def settings_for(self, variant: object) -> tuple[Policy, int]:
        """(playout policy, playouts per decision) for a table of `variant`."""
        key = str(variant)
        policy = self._policies.get(key, self._policies[""])
        if self.budget.playouts is not None:
            return policy, self.budget.playouts
        return policy, self._playouts.get(key, self._playouts.get("", DEFAULT_PLAYOUTS))

    def __call__(self, view: Any, legal: Sequence[str], rng: random.Random) -> str:
        """Without a sampler (a caller that knows no better) it plays its playout policy."""
        return self.playout_policy(view, legal, rng)

    def decide(self, sampler: Determinizer, legal: Sequence[str], rng: random.Random) -> str:
        if len(legal) == 1:
            return legal[0]
        game = self.game
        seat = sampler.seat
        seats = self._side(sampler, rng)
        policy, playouts = self.settings_for(sampler.variant)
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        rounds = max(self.budget.min_rounds, playouts // len(legal))
        anchor = self._anchored(sampler, legal, rng)
        deadline = None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        for done in range(rounds):
            deal = sampler.draw(rng)
            for i, action in enumerate(legal):
                try:
                    after, _ = game.apply(deal, seat, action)
                    result = self._play_out(after, policy, rng)
                except (GameError, ValueError, KeyError, IndexError):
                    continue  # a sample the engine refuses is skipped: it must never crash the seat's turn
                value = reward(result, seats)
                totals[i] += value
                counts[i] += 1
            if deadline is not None and done + 1 >= self.budget.min_rounds and time.perf_counter() > deadline:
                break
        best = max(range(len(legal)), key=lambda i: (totals[i] / counts[i] if counts[i] else -1.0, -i))
        if anchor is not None and best != anchor and not _clearly_better(best, anchor, totals, counts):
            return legal[anchor]
        return legal[best]

    def _anchored(self, sampler: Determinizer, legal: Sequence[str], rng: random.Random) -> int | None:
        """The index of the move the game's SEARCH_ANCHOR policy (its heuristic) would play here: where a
        game's playouts say little (long games, strong heuristic), the search departs from that move only
        when the playouts show another clearly better. It reads the seat's view of a sample, which is the
        seat's own view (tests/search/test_sampler.py)."""
        if self._anchor is None:
            return None
        deal = sampler.draw(rng)
        choice = self._anchor(partial(self.game.view, deal, sampler.seat), legal, random.Random(rng.random()))
        return legal.index(choice) if choice in legal else None

    def _side(self, sampler: Determinizer, rng: random.Random) -> list[int]:
        """The seat and its partners when the game shows teams to that seat."""
        teams = self.game.view(sampler.draw(rng), sampler.seat).get("teams")
        if isinstance(teams, list):
            for team in teams:
                if isinstance(team, list) and sampler.seat in team:
                    return [int(s) for s in team]
        return [sampler.seat]

    def _play_out(self, state: Any, policy: Policy, rng: random.Random) -> Outcome | None:
        game = self.game
        fast = policy is random_policy
        for _ in range(PLAYOUT_LIMIT):
            acting = game.to_act(state)
            if not acting:
                break
            seat = next(iter(acting)) if len(acting) == 1 else rng.choice(sorted(acting))
            legal = game.legal_actions(state, seat)
            if not legal:
                break
            if fast:
                action = legal[int(rng.random() * len(legal))]
            else:
                action = policy(partial(game.view, state, seat), legal, rng)
            state, _ = game.apply(state, seat, action)
        return game.outcome(state)


ANCHOR_Z = 2.0  # standard errors by which a move must beat the anchor's to be played instead


def _clearly_better(best: int, anchor: int, totals: list[float], counts: list[int]) -> bool:
    """Whether `best`'s mean reward beats `anchor`'s by ANCHOR_Z standard errors of the difference, with
    the largest variance a reward in [0, 1] can have (1/4): a handful of playouts whose results happen to
    agree must not look certain, and the best of many moves is the luckiest, so the bar is high."""
    if not counts[best] or not counts[anchor]:
        return bool(counts[best])
    gap = totals[best] / counts[best] - totals[anchor] / counts[anchor]
    return gap > ANCHOR_Z * 0.5 * math.sqrt(1 / counts[best] + 1 / counts[anchor])


def _by_variant(value: object) -> dict[str, object]:
    """A per-game attribute as {variant: value}; "" stands for every variant not named."""
    if value is None:
        return {}
    if isinstance(value, Mapping):
        return {str(k): v for k, v in value.items()}
    return {"": value}


def search_policy(game: Game[Any], budget: Budget = Budget(), playout: str | None = None) -> SearchPolicy:
    """The strong AI of `game`. Its playouts are played by `playout` (a policy name of the game), by
    default the game's PLAYOUT_POLICY for the table's variant, else its heuristic, else random; a budget
    without playouts takes the game's SEARCH_PLAYOUTS (else DEFAULT_PLAYOUTS)."""
    if playout is None:
        return SearchPolicy(game, None, budget)
    return SearchPolicy(game, game.policies().get(playout, random_policy), budget)
