"""Where the search's playouts stop in KINGs (Whist and two players), and what the position is worth.

Whist (games/kings/variants/whist.py) is won by the first team to 200 points, 100 for each round won
(more tricks), at most three rounds. A playout of a decision made in one round plays that round out with
the heuristic (the expensive part: heuristic playouts are what make the search play Whist at all, and a
whole game is up to three rounds of them) and then values the scored round by the race that is left: each
further round is a coin flip between two teams of heuristic players, so a team one round up wins with
3/4. That is exact for equal teams and puts every playout's effort into the round the decision is in;
more deals then fit the same time. A decision in the last round plays to the end (scored by the outcome).

Two players (the standard engine's two-player rules, three rounds, points) stop the same way, when a round
before the last is scored, and value the score difference by the chance that it holds over the rounds
left, each round moving the difference by a normal amount of standard deviation ROUND_SD_TWO_PLAYER.
The standard game and the other variants play to the end.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from games.core.search_hooks import SearchHooks
from games.kings.engine import ROUNDS, TWO_PLAYER
from games.kings.inference import sample_constraints
from games.kings.variants import data
from games.kings.variants.whist import TEAMS

# The spread of one round's score difference between two heuristic players: 82.6 over 597 rounds of 200
# two-player games (seeds 0-199; whole games 137 = about 82.6 * sqrt(3)).
ROUND_SD_TWO_PLAYER = 83.0


def search_value(root: Any, state: Any, seats: Sequence[int]) -> float | None:
    """None to play on; else the chance (a draw counting half) that `seats` (a Whist team, or one of two
    players) win."""
    variant = getattr(state, "variant", None)
    if variant == TWO_PLAYER:
        if state.phase != "round_end":
            return None
        seat = seats[0]
        diff = state.scores[seat] - state.scores[1 - seat]
        left = ROUNDS - state.round
        return 0.5 * (1.0 + math.erf(diff / (ROUND_SD_TWO_PLAYER * math.sqrt(2.0 * left))))
    if variant != "whist" or state.phase != "scored":
        return None
    totals = state.get("team_scores")
    team = 0 if seats[0] in TEAMS[0] else 1
    return _race(int(totals[team]), int(totals[1 - team]), int(state.round))


@lru_cache(maxsize=64)
def _race(mine: int, theirs: int, played: int) -> float:
    """The chance to win from these totals after `played` rounds, every round after it a coin flip (a
    round tied without a red queen gives nobody points and is too rare to model)."""
    over = (played >= 2 and max(mine, theirs) >= data.WHIST_WIN_TARGET) or played >= data.ROUNDS["whist"]
    if over:
        return 1.0 if mine > theirs else 0.0 if theirs > mine else 0.5
    step = data.WHIST_ROUND_POINTS
    return 0.5 * _race(mine + step, theirs, played + 1) + 0.5 * _race(mine, theirs + step, played + 1)


SEARCH: SearchHooks = SearchHooks(
    # by variant: random playouts where many deals pay more than good play, the heuristic's where random
    # playouts lost (two-player, Whist)
    playout={"": "random", "two-player": "heuristic", "whist": "heuristic"},
    playouts={"": 100, "two-player": 40, "whist": 40},
    horizon=search_value,  # Whist and two-player playouts stop when their round is scored
    sample_constraints=sample_constraints,  # voids shown by failing to follow (inference.py)
)
"""KINGs' strong AI (games/search; the measurements behind each value are in docs/ai.md)."""
