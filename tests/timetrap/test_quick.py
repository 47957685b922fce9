"""The engine's shortcuts for the commonest actions (games/timetrap/quick.py) must give exactly what the
full rules give (rulebook 003_3dd097fef3f40e34.txt, section 6: playing time cards and Time Trap cards;
section 5: passing): the same next State, knowledge included, and the same events for every audience.
A rule changed in rules.py but not in quick.py fails here."""

from __future__ import annotations

import random

from games.core.contract import Event
from games.timetrap import quick, rules
from games.timetrap.game import TIMETRAP as G
from games.timetrap.state import State
from games.timetrap.table import Table

Result = tuple[State, list[Event]]


def _both(state: State, seat: int, kind: str, arg: str) -> tuple[Result | None, Result]:
    """(the shortcut's result or None, the full rules' result on a working copy)."""
    table = Table(state)
    if kind == "play":
        fast = quick.play(state, seat, arg)
        rules.play_time_card(table, seat, arg)
    elif kind == "trap":
        fast = quick.trap(state, seat, arg)
        rules.play_trap(table, seat, arg)
    else:
        fast = quick.pass_turn(state, seat)
        rules.pass_turn(table, seat)
    return fast, (table.freeze(), table.events)


def test_shortcuts_equal_the_full_rules_over_seeded_games() -> None:
    used = {"play": 0, "trap": 0, "pass": 0}
    for players in (2, 3, 4):
        for seed in range(25):
            rng = random.Random(seed)
            state = G.setup(players, {}, seed)
            while not G.is_over(state):
                (seat,) = G.to_act(state)
                legal = G.legal_actions(state, seat)
                for action in legal:
                    kind, _, arg = action.partition(":")
                    if kind in used:
                        fast, full = _both(state, seat, kind, arg)
                        if fast is not None:
                            used[kind] += 1
                            assert fast == full, (players, seed, action)
                state, _ = G.apply(state, seat, legal[rng.randrange(len(legal))])
    assert min(used.values()) > 50  # every shortcut was exercised
