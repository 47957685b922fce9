"""The strong AI's value of a seat as day 7 begins at 3 and 4 players (games/timetrap/horizon.py).

Rulebook (docs/rules/timetrap.md, "End and winner"): on day 7 the first player to empty their hand by
playing a card wins at once; when day 7 ends the fewest cards win, ties to the day-7 start player. So the
value must know who starts and who plays next, not only the difference to the shortest other hand."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import pytest

from games.core.registry import get_game
from games.timetrap.ai import rule_policy
from games.timetrap.ai_search import OTHER_VALUE, START_VALUE
from games.timetrap.horizon import day_seven_value, horizon_key
from games.timetrap.search_hooks import search_value
from games.timetrap.state import LAST_DAY

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> object:
    spec = importlib.util.spec_from_file_location("timetrap_horizon", ROOT / "tools/strength/timetrap_horizon.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_place_after_the_start_player_skips_eliminated_seats() -> None:
    # seat 3 starts; seat 0 is next, seat 1 is out, so seat 2 plays second
    cell, coarse = horizon_key([3, 5, 4, 6], [0, 1, 0, 0], start=3, seat=2)
    assert cell == (0, -2, 1, 2)  # two fewer than the start player, one more than seat 0, second to play
    assert coarse == (0, 1)
    assert horizon_key([3, 5, 4, 6], [0, 0, 0, 0], start=3, seat=2)[0] == (0, -2, 1, 3)


def test_the_start_player_is_keyed_by_its_lead_and_its_own_hand() -> None:
    assert horizon_key([2, 1, 4], [0, 0, 0], start=0, seat=0) == ((1, 1, 2), (1, 1))
    assert horizon_key([9, 1, 4], [0, 0, 0], start=0, seat=0) == ((1, 3, 5), (1, 3))  # clamped


def test_a_seat_alone_with_the_start_player_counts_as_far_below_any_third_hand() -> None:
    assert horizon_key([2, 4, 3], [0, 0, 1], start=1, seat=0)[0] == (0, -2, -2, 1)


@pytest.mark.parametrize("players", [3, 4])
def test_the_measured_values_read_as_the_rules_say(players: int) -> None:
    """Measured in heuristic games (tools/strength/timetrap_horizon.py): what a player knows of day 7."""
    out = [0] * players
    level = [3] * players
    # the start player level with everyone wins the tie on fewest cards unless someone empties first
    assert day_seven_value(level, out, 0, 0) > 0.9
    # anyone level with the start player or above it has next to no chance
    assert day_seven_value(level, out, 0, 1) < 0.05
    assert day_seven_value([2, 4] + [3] * (players - 2), out, 0, 1) < 0.05
    first = [4, 2] + [5] * (players - 2)
    if players == 4:  # two fewer than the start player: better playing right after it than second
        second = [4, 5, 2, 5]
        assert day_seven_value(first, out, 0, 1) > day_seven_value(second, out, 0, 2) + 0.2
    # fewer cards are worth more, for the start player too
    assert day_seven_value([4, 3] + [5] * (players - 2), out, 0, 1) < day_seven_value(first, out, 0, 1)
    assert day_seven_value([3, 2] + [2] * (players - 2), out, 0, 0) > day_seven_value([4, 2] + [2] * (players - 2), out, 0, 0)


def test_the_old_value_missed_what_the_start_player_holds() -> None:
    """One card below everyone read 0.35 before, whoever held the shortest other hand; at 4 players, one
    below a start player who holds the shortest other hand is worth much less than one below a third seat
    while the start player holds two more (the start player wins ties, so beating it outright counts)."""
    assert OTHER_VALUE[1] == 0.35
    below_start = day_seven_value([5, 4, 5, 5], [0, 0, 0, 0], 0, 1)  # start has 5, seat 1 has 4
    below_third = day_seven_value([6, 3, 4, 6], [0, 0, 0, 0], 0, 1)  # start 6, third seat 4, seat 1 has 3
    assert below_third > below_start + 0.15


def _state_at_day_seven(players: int, seed: int) -> tuple[object, object]:
    game = get_game("timetrap")
    state = game.setup(players, {}, seed)
    root = state
    rng = random.Random(seed)
    while not state.over and state.day < LAST_DAY:
        seat = sorted(game.to_act(state))[0]  # the rules of thumb keep cards for day 7, as players do
        state, _ = game.apply(state, seat, rule_policy(game.view(state, seat), game.legal_actions(state, seat), rng))
    return root, state


@pytest.mark.parametrize("players", [3, 4])
def test_the_search_values_day_seven_at_3_and_4_players_by_the_measured_table(players: int) -> None:
    checked = 0
    for seed in range(60):
        root, state = _state_at_day_seven(players, seed)
        if state.over:  # type: ignore[attr-defined]
            continue
        for seat in state.active():  # type: ignore[attr-defined]
            sizes = [len(h) for h in state.hands]  # type: ignore[attr-defined]
            expected = day_seven_value(sizes, state.out, state.start, seat)  # type: ignore[attr-defined]
            assert search_value(root, state, [seat]) == expected  # type: ignore[arg-type]
            checked += 1
    assert checked >= 20
    root, _ = _state_at_day_seven(players, 1)
    assert search_value(root, root, [0]) is None  # type: ignore[arg-type]  # before day 7 the playout goes on


def test_the_counted_two_player_search_keeps_the_heuristics_table() -> None:
    root = get_game("timetrap").setup(2, {}, 5)
    for mine in range(1, 6):
        for theirs in range(1, 6):
            hands = (root.hands[0][:mine], root.hands[1][:theirs])
            state = root._replace(day=LAST_DAY, hands=hands)
            for seat, table in ((root.start, START_VALUE), (1 - root.start, OTHER_VALUE)):
                own, other = len(hands[seat]), len(hands[1 - seat])
                assert search_value(root, state, [seat]) == table[max(0, min(own - other + 2, 5))]


def test_the_fit_pulls_a_rare_cell_towards_its_coarse_cell() -> None:
    tool = _tool()
    common = [((0, -1, 0, 1), (0, -1), 0)] * 90 + [((0, -1, 0, 1), (0, -1), 1)] * 10
    rare = [((0, -1, 0, 3), (0, -1), 1)]  # one seat, one win
    values, coarse, counts = tool.fit(common + rare)  # type: ignore[attr-defined]
    assert counts[(0, -1, 0, 3)] == 1
    assert coarse[(0, -1)] == pytest.approx(11 / 101)
    # one win among one seat moves the cell only part of the way from the coarse share
    assert coarse[(0, -1)] < values[(0, -1, 0, 3)] < 0.2
    assert values[(0, -1, 0, 1)] == pytest.approx((10 + 10 * 11 / 101) / 110)


def test_the_written_table_module_holds_what_was_fitted() -> None:
    tool = _tool()
    fits = {3: ({(1, 0, 2): 0.9876}, {(1, 0): 0.5}), 4: ({(0, -2, 1, 1): 0.25}, {(0, -2): 0.125})}
    namespace: dict[str, object] = {}
    exec(tool.module_text(fits, 40, 7), namespace)  # type: ignore[attr-defined]
    assert namespace["CELLS"] == {3: {(1, 0, 2): 0.988}, 4: {(0, -2, 1, 1): 0.25}}
    assert namespace["COARSE"] == {3: {(1, 0): 0.5}, 4: {(0, -2): 0.125}}


def test_day_seven_records_note_every_seat_still_in_once() -> None:
    tool = _tool()
    for seed in range(5):
        found = tool.day_seven_records(4, seed)  # type: ignore[attr-defined]
        assert sum(won for _, _, won in found) <= 1  # one winner at most among them
        assert len(found) in (0, 2, 3, 4)
