"""Where the search's playouts stop in TIMETRAP, and what the position is worth there.

What decides the game is who opens day 7 and with how many cards (games/timetrap/ai.py): the day-7 start
player plays first and wins ties on fewest cards. Random play on day 7 itself says little about that (a
random seat throws away the very advantage it had), so a playout of a decision made before day 7 stops as
day 7 begins and values the position by the table the heuristic measured for the same moment
(ai_search.START_VALUE / OTHER_VALUE: start player or not, and how many more cards than the shortest
other hand). A decision on day 7 plays to the end. Either way the value is the chance of winning (1 for a
win, 0 otherwise at the end), the quantity the search is asked to raise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from games.core.contract import ViewThunk
from games.core.search_hooks import Playout, SearchHooks
from games.timetrap.ai import rule_policy
from games.timetrap.ai_search import OTHER_VALUE, START_VALUE
from games.timetrap.choice_model import choice_view, modelled
from games.timetrap.choice_weights import WEIGHTS
from games.timetrap.inference import sample_constraints
from games.timetrap.playout_model import OPPONENT_MODEL
from games.timetrap.state import LAST_DAY, State
from games.timetrap.view import known_elsewhere


def search_value(root: State, state: State, seats: Sequence[int]) -> float | None:
    """None to play on; else the chance that `seats[0]` wins from `state`."""
    seat = seats[0]
    if state.over:
        return 1.0 if state.winner == seat else 0.0
    if state.day < LAST_DAY or root.day >= LAST_DAY:
        return None
    if state.out[seat]:
        return 0.0
    mine = len(state.hands[seat])
    others = min(len(state.hands[s]) for s in range(state.players) if s != seat and not state.out[s])
    values = START_VALUE if state.start == seat else OTHER_VALUE
    return values[max(0, min(mine - others + 2, len(values) - 1))]


class RulesPlayout:
    """A playout policy: the heuristic's rules of thumb without its look-ahead (ai.rule_policy). The
    seats the search plays against are heuristic seats, so playing them out by their rules of thumb
    (hold a card to stop day 6, shed the trap, keep the day going) models them better than random moves,
    at a fraction of the look-ahead's cost."""

    def __call__(self, view: ViewThunk, legal: Sequence[str], rng: random.Random) -> str:
        return rule_policy(view(), legal, rng)

    @staticmethod
    def playout_view(state: State, seat: int) -> dict[str, Any]:
        """The part of `view(state, seat)` the rules of thumb read, built without the rest (the board,
        the dates, the passes): the search builds one per playout action. tests/search/test_horizon.py
        checks that the rules of thumb play the same on it as on the full view."""
        pending = state.pending
        known: dict[str, list[str]] = {}
        if pending is not None and pending.kind == "draw":
            known = known_elsewhere(state, seat)[0]
        seen = {
            "seat": seat,
            "players": state.players,
            "day": state.day,
            "tile": "up" if state.tile_up else "down",
            "start": state.start,
            "hand": list(state.hands[seat]),
            "hand_sizes": [len(h) for h in state.hands],
            "eliminated": [bool(o) for o in state.out],
            "known": known,
            "pending": None
            if pending is None
            else {"kind": pending.kind, "seat": pending.seat, "actor": pending.actor},
        }
        return seen


RULES_PLAYOUT: Final = RulesPlayout()


def opponent_view(state: State, seat: int) -> dict[str, Any]:
    """What the seats against the searching one read in a playout: the rules of thumb's short view, with
    the finer opponent model's fields (choice_model.py) at the player counts it has weights for, on the
    days it models. The searching seat's own moves read the short view alone (Playout.own_view)."""
    seen = RulesPlayout.playout_view(state, seat)
    if state.players in WEIGHTS and modelled(state):
        return choice_view(state, seat, seen)
    return seen


SEARCH: Final[SearchHooks] = SearchHooks(
    # the heuristic's rules of thumb without its look-ahead play the playouts (they model the heuristic seats
    # better than random moves), on their short view; the seats against the searching one play their turns
    # on days 3-6 as the heuristic was measured to (playout_model.py: a table at 3 players, a logit at 4)
    playout=Playout(OPPONENT_MODEL, opponent_view, own=RULES_PLAYOUT, own_view=RULES_PLAYOUT.playout_view),
    playouts=1000,  # rules-of-thumb playouts to day 7: ~130 ms a decision at 4 players
    anchor="heuristic",  # the heuristic's own move is kept unless the playouts show another clearly better
    horizon=search_value,  # a playout stops as day 7 begins, valued by the hand sizes
    sample_constraints=sample_constraints,  # whose cards can be where (inference.py)
)
"""TIMETRAP's strong AI (games/search; the measurements behind each value are in docs/ai.md)."""
