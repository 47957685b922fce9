"""Where the search's playouts stop in Capture of Dreams, and what the position is worth there.

A playout that runs to the end of all six deals is about 650 actions, so only a few dozen fit a turn and
the later deals (dealt at random) drown the effect of this one move. The search (games/search/flat.py)
therefore stops a playout when the deal in progress has been scored and values the running totals: the
chance that the team ahead stays ahead over the deals still to play, with each deal moving the team
difference by a normal amount of standard deviation DEAL_SD. That is the deal's score plus the totals, in
win-probability units (a playout in the last deal runs to the end and is scored by the outcome).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from games.core.contract import ViewThunk
from games.core.search_hooks import Playout, SearchHooks
from games.dream_capture.ai import heuristic_policy
from games.dream_capture.inference import sample_constraints
from games.dream_capture.sampling import sample_deal
from games.dream_capture.state import PHASE_SCORED, State

# The spread of one deal's team difference (team 0 total minus team 1 total): 37.7 over 180 deals of
# heuristic seats (30 games, seeds 0-29); random play spreads about as much.
DEAL_SD = 38.0


def search_value(root: State, state: State, seats: Sequence[int]) -> float | None:
    """None while the deal is in play; once it is scored (and another deal follows), the chance that
    `seats`' team wins: Phi(difference / (DEAL_SD * sqrt(deals left)))."""
    if state.phase != PHASE_SCORED:
        return None
    team = seats[0] % 2
    left = state.deals - state.deal
    diff = state.totals[team] - state.totals[1 - team]
    return 0.5 * (1.0 + math.erf(diff / (DEAL_SD * math.sqrt(2.0 * max(1, left)))))


class HeuristicPlayout:
    """A playout policy: the heuristic (ai.heuristic_policy) on a short view. The seats the search plays
    against are heuristic seats, so playing them out by the heuristic models them; the short view (what
    the heuristic reads, without the bonuses, the history, the counts) is built once per playout action.
    tests/search/test_horizon.py checks that the heuristic plays the same on it as on the full view."""

    def __call__(self, view: ViewThunk, legal: Sequence[str], rng: random.Random) -> str:
        return heuristic_policy(view, legal, rng)

    @staticmethod
    def playout_view(state: State, seat: int) -> dict[str, Any]:
        hands = state.hands
        return {
            "seat": seat,
            "hand": hands[seat],  # a tuple: the heuristic only reads it
            "hand_sizes": [len(h) for h in hands],
            "honours": [
                [c for c in shown if c in hand] if shown else []
                for shown, hand in zip(state.revealed, hands, strict=True)
            ],
            "trick": state.trick,  # (seat, card) pairs, read only
            "tricks_done": state.tricks_done,
        }


HEURISTIC_PLAYOUT = HeuristicPlayout()

SEARCH: SearchHooks = SearchHooks(
    # 60 playouts by the heuristic on its short view (the seats searched against are heuristic seats), each
    # to the end of the deal
    playout=Playout(HEURISTIC_PLAYOUT, HEURISTIC_PLAYOUT.playout_view),
    playouts=60,
    # the search keeps the heuristic's move unless the playouts show another clearly better (the paired
    # anchor); where the shared deals leave the search's best move ahead of the heuristic's but not
    # clearly, the two race on 16 deals of their own (games/search/flat.py, SearchPolicy._race): a 15-card
    # hand gives each move only 4 shared deals, too few to ever overrule the anchor (docs/ai.md, the
    # 2026-11-26 runs)
    anchor="heuristic",
    race_deals=16,
    horizon=search_value,  # a playout stops once the deal is scored and the totals are valued
    sample_constraints=sample_constraints,  # voids shown by failing to follow (inference.py)
    sample_deal=sample_deal,  # the hidden discards hold what seats discard, not a uniform share (sampling.py)
)
"""Capture of Dreams' strong AI (games/search; the measurements behind each value are in docs/ai.md)."""
