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

Budget: a number of playouts per decision (deterministic: tests and benchmarks repeat exactly), an
optional deadline in seconds (the host passes one; the best action so far is returned when it passes), and
an optional thinking time (the bot passes one): the search goes on drawing deals past its playouts until
that time has passed, so a faster build searches more in the same time (not repeatable, like a deadline).

Per game (docs/ai.md has the measurements behind each choice), a game says what only it knows in one typed
record, `Game.search` (games/core/search_hooks.py, `SearchHooks`, with the defaults): the policy that plays
the playouts (random ones are 4-10x cheaper than the heuristic, so more deals fit the same time) and the
playouts per decision, each either one value or a mapping by variant id (read from the state's "variant").
Nothing game-specific lives here. An `anchor` (a policy name, usually the heuristic) makes the search depart
from that policy's move only when the playouts show another clearly better, and `race_deals` gives that one
comparison up to so many more deals of its own when the shared ones leave it undecided (`SearchPolicy._race`).

A horizon (`SearchHooks.horizon(root, state, seats)`, optional): after every playout action the search asks
the game whether to stop here and with what value in [0, 1] for `seats` (None: play on). A long game then
plays out to the end of the deal or the day only and the game values the position (Capture of Dreams: the
running totals after the deal; TIMETRAP: the hand sizes as day 7 begins), so playouts are several times
shorter and many more fit a turn. `root` is the sampled state the decision is made on.

A playout view (optional): a playout policy that reads only a few fields of the view is declared as a
`Playout(policy, view)`, whose `view(state, seat)` the search then calls instead of the game's full view,
once per playout action (TIMETRAP's rules of thumb). A `Playout(policy, view, own)` plays the searching
side's own moves by `own` (on `own_view`, when the model reads more than `own`) and only the other seats
by `policy` (TIMETRAP's opponent model).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from games.core.contract import Game, Outcome, Policy, mypyc_attr, plain_class
from games.core.errors import GameError
from games.core.policy import random_policy
from games.core.search_hooks import DEFAULT_PLAYOUTS, Horizon, Playout, PlayoutChoice
from games.search.sampler import Determinizer

__all__ = ["DEFAULT_PLAYOUTS", "Budget", "Horizon", "SearchPolicy", "reward", "search_policy"]

PLAYOUT_LIMIT = 5_000  # actions in one playout; a game that does not end is scored as a loss


@plain_class  # pickled to the AI workers: a plain class in the compiled build too
@dataclass(frozen=True, slots=True)
class Budget:
    playouts: int | None = None  # per decision, shared among the legal actions; None: the game's default
    seconds: float | None = None  # wall-clock deadline; None: playouts only (repeatable)
    min_rounds: int = 4  # deals every action is tried on at least, deadline or not
    race_deals: int | None = None  # the anchor's race (SearchPolicy._race); None: the game's race_deals
    think: float | None = None  # seconds from the decision's start during which the search goes on drawing
    # deals past its playouts (still stopped by `seconds`): a faster build searches more in the same time;
    # None: it stops at its playouts (repeatable)


def _best(totals: Sequence[float], counts: Sequence[int]) -> int:
    """The action with the best mean (-1 for one never valued), the first of equals. A loop, not
    max(key=lambda): the compiled build compiles no lambda in a method of a plain class (SearchPolicy)."""
    best, best_mean = 0, -2.0
    for i, total in enumerate(totals):
        mean = total / counts[i] if counts[i] else -1.0
        if mean > best_mean:
            best, best_mean = i, mean
    return best


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


@mypyc_attr(allow_interpreted_subclasses=True)  # subclassable in the compiled build too (tests script it)
class SearchPolicy:
    """A game's strong AI. Called by the host and `simulate` with a Determinizer, never a true state.

    `playout` fixes the playout policy; None takes the game's playout (`game.search`) for the table's
    variant. A budget without playouts takes the game's playouts per decision for the variant."""

    wants_sampler = True

    def __init__(
        self, game: Game[Any], playout: Policy | Playout | None = None, budget: Budget = Budget()
    ) -> None:
        self.game = game
        self.budget = budget
        hooks = game.search
        self._hooks = hooks
        self._policies = game.policies()
        self._fallback = Playout(self._policies.get("heuristic", random_policy))
        self._fixed: Playout | None = None
        if playout is not None:
            self._fixed = playout if isinstance(playout, Playout) else Playout(playout)
        self._anchor: Policy | None = self._policies.get(hooks.anchor) if hooks.anchor else None
        self._horizon: Horizon | None = hooks.horizon
        race = budget.race_deals if budget.race_deals is not None else hooks.race_deals
        self._race_deals = max(0, int(race or 0))

    @property
    def playout_policy(self) -> Policy:
        """The playout policy of a table whose variant is not known (or the only one)."""
        return self._playout(None).policy

    def _playout(self, variant: object) -> Playout:
        """The playout (policy and the view it reads) for a table of `variant`."""
        if self._fixed is not None:
            return self._fixed
        return _resolve(self._policies, self._hooks.playout_for(variant), self._fallback)

    def _playouts(self, variant: object) -> int:
        """Playouts per decision for a table of `variant`: the budget's, else the game's."""
        if self.budget.playouts is not None:
            return self.budget.playouts
        return self._hooks.playouts_for(variant)

    def settings_for(self, variant: object) -> tuple[Policy, int]:
        """(playout policy, playouts per decision) for a table of `variant`."""
        return self._playout(variant).policy, self._playouts(variant)

    def __call__(self, view: Any, legal: Sequence[str], rng: random.Random) -> str:
        """Without a sampler (a caller that knows no better) it plays its playout policy."""
        return self.playout_policy(view, legal, rng)

    def decide(self, sampler: Determinizer, legal: Sequence[str], rng: random.Random) -> str:
        if len(legal) == 1:
            return legal[0]
        seat = sampler.seat
        seats = self._side(sampler, rng)
        playout, playouts = self._playout(sampler.variant), self._playouts(sampler.variant)
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        rows: list[list[float | None]] = []  # per deal, every action's value (None: the sample was refused)
        rounds = max(self.budget.min_rounds, playouts // len(legal))
        anchor = self._anchored(sampler, legal, rng)
        deadline = None if self.budget.seconds is None else time.perf_counter() + self.budget.seconds
        think = None if self.budget.think is None else time.perf_counter() + self.budget.think
        done = 0
        while done < rounds or (think is not None and time.perf_counter() < think):
            deal = sampler.draw(rng)
            row: list[float | None] = [None] * len(legal)
            rows.append(row)
            seed = rng.getrandbits(64)  # every action's playout draws the same random numbers
            for i, action in enumerate(legal):
                value = self._value(deal, seat, action, playout, seed, seats)
                if value is None:
                    continue
                totals[i] += value
                counts[i] += 1
                row[i] = value
            done += 1
            if deadline is not None and done >= self.budget.min_rounds and time.perf_counter() > deadline:
                break
        best = _best(totals, counts)
        if anchor is None or best == anchor or _clearly_better(best, anchor, rows):
            return legal[best]
        if self._race_deals:  # past the deadline the race plays no deal, and the anchor stands
            raced = self._race(sampler, legal, (anchor, best), playout, seats, rng, deadline)
            if _clearly_better(best, anchor, raced):
                return legal[best]
        return legal[anchor]

    def _value(
        self, deal: Any, seat: int, action: str, playout: Playout, seed: int, seats: Sequence[int]
    ) -> float | None:
        """`action`'s playout value on `deal` (the playout's random numbers from `seed`); None when the
        engine refuses the sample: a sample must never crash the seat's turn."""
        try:
            after, _ = self.game.apply(deal, seat, action)
            return self._play_out(deal, after, playout, random.Random(seed), seats)
        except (GameError, ValueError, KeyError, IndexError):
            return None

    def _race(
        self,
        sampler: Determinizer,
        legal: Sequence[str],
        pair: tuple[int, int],
        playout: Playout,
        seats: Sequence[int],
        rng: random.Random,
        deadline: float | None,
    ) -> list[list[float | None]]:
        """More deals for two moves only, the anchor's and the search's best, when the best looked better
        but not clearly (a game's `race_deals`). The budget spread over every legal move leaves few
        deals per move (a 15-card hand: 4 at 60 playouts, fewer than ANCHOR_MIN_DEALS), so the one
        comparison that decides the move gets its own deals, at two playouts each. The best move stays the
        one the shared deals chose, and it is tested on the new deals alone (returned, one row per deal):
        the luck that made it the best of many on the shared deals does not count twice."""
        seat = sampler.seat
        rows: list[list[float | None]] = []
        for _ in range(self._race_deals):
            if deadline is not None and time.perf_counter() > deadline:
                break
            deal = sampler.draw(rng)
            row: list[float | None] = [None] * len(legal)
            seed = rng.getrandbits(64)
            for i in pair:
                row[i] = self._value(deal, seat, legal[i], playout, seed, seats)
            rows.append(row)
        return rows

    def _anchored(self, sampler: Determinizer, legal: Sequence[str], rng: random.Random) -> int | None:
        """The index of the move the game's anchor policy (its heuristic) would play here: where a
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

    def _play_out(
        self, root: Any, state: Any, playout: Playout, rng: random.Random, seats: Sequence[int]
    ) -> float:
        """Play on from `state` to the end, or to the game's horizon; the reward for `seats`."""
        game = self.game
        policy = playout.policy
        own = playout.own  # the searching side's own moves, when the game models its opponents apart
        fast = policy is random_policy and own is None
        horizon = self._horizon
        view = playout.view or game.view
        own_view = playout.own_view or view
        for _ in range(PLAYOUT_LIMIT):
            if horizon is not None:
                value = horizon(root, state, seats)
                if value is not None:
                    return value
            acting = game.to_act(state)
            if not acting:
                break
            seat = next(iter(acting)) if len(acting) == 1 else rng.choice(sorted(acting))
            legal = game.legal_actions(state, seat)
            if not legal:
                break
            if fast:
                action = legal[int(rng.random() * len(legal))]
            elif own is not None and seat in seats:
                action = own(partial(own_view, state, seat), legal, rng)
            else:
                action = policy(partial(view, state, seat), legal, rng)
            state, _ = game.apply(state, seat, action)
        return reward(game.outcome(state), seats)


ANCHOR_Z = 2.0  # standard errors by which a move must beat the anchor's to be played instead
ANCHOR_MIN_DEALS = 8  # fewer paired deals than this never overrule the anchor


def _clearly_better(best: int, anchor: int, rows: Sequence[Sequence[float | None]]) -> bool:
    """Whether `best` beats `anchor` by ANCHOR_Z standard errors of their paired difference: both were
    played on the same deals with the same playout random numbers, so the difference deal
    by deal carries far less noise than either value, and a game-supplied horizon value (a win chance
    near 0.5 early in a long game) still shows a real edge. A handful of deals never overrules the anchor,
    and the best of many moves is the luckiest, so the bar is two standard errors, not one."""
    diffs = [b - a for row in rows if (b := row[best]) is not None and (a := row[anchor]) is not None]
    n = len(diffs)
    if n < ANCHOR_MIN_DEALS:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > 0 and mean * mean * n > ANCHOR_Z * ANCHOR_Z * var


def _resolve(policies: Mapping[str, Policy], choice: PlayoutChoice | None, fallback: Playout) -> Playout:
    """A game's playout choice as a Playout: one of its policies by name, or a Playout it declares (a policy
    it does not offer as a level, e.g. its rules of thumb without look-ahead); else `fallback`."""
    if isinstance(choice, Playout):
        return choice
    found = policies.get(choice) if choice is not None else None
    return Playout(found) if found is not None else fallback


def search_policy(game: Game[Any], budget: Budget = Budget(), playout: str | None = None) -> SearchPolicy:
    """The strong AI of `game`. Its playouts are played by `playout` (a policy name of the game), by
    default the game's declared playout for the table's variant (`game.search`), else its heuristic, else
    random; a budget without playouts takes the game's playouts per decision (else DEFAULT_PLAYOUTS)."""
    if playout is None:
        return SearchPolicy(game, None, budget)
    return SearchPolicy(game, game.policies().get(playout, random_policy), budget)
