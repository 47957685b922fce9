"""The TIMETRAP heuristic AI: situations a player would recognise, its look-ahead, and its strength.

Rules referred to: 003_3dd097fef3f40e34.txt (section 5: the last player to play on day 6 starts day 7;
section 7: holding a Time Trap as day 7 begins eliminates) and the PROVISIONAL date cards of
docs/rules/timetrap.md (Y6: play a 1, take a played Time Trap into your hand).
"""

from __future__ import annotations

import functools
import random

from games.core.policy import random_policy
from games.timetrap import ai, ai_search, rules
from games.timetrap.state import State
from games.timetrap.table import Table
from games.tools.simulate import play_one, win_share
from tests.timetrap.helpers import G, make

DATES = ("B1", "Y2", "B3", "Y4", "B5", "Y6")


def _decide(state: State, seat: int, seed: int = 1) -> str:
    legal = G.legal_actions(state, seat)
    return ai.heuristic_policy(functools.partial(G.view, state, seat), legal, random.Random(seed))


def _day6_with_y6(
    others: tuple[list[str], list[str], list[str]] = (["pu2", "pu8"], ["bl1", "bl4"], ["gr3", "gr10"]),
) -> State:
    """Day 6 (Y6: a 1 takes a played Time Trap), tile down after 5, two traps already played today;
    seat 0 holds or1, or3, or10 and the other seats `others` (cards seat 0 cannot see)."""
    return make(
        [["or1", "or3", "or10"], *others],
        day=6,
        dates=DATES,
        tile_up=False,
        earlier=[["tt1"], [], [], ["tt0"], []],
        today=[("tt2", 0), "gr7", ("tt3", 12), "bl9", "pu5"],
        start=2,
        turn=0,
        last_player=3,
    )


def test_day_6_it_does_not_play_the_1_that_would_take_a_trap_it_can_no_longer_shed() -> None:
    """With Y6 on day 6 and both of today's traps played, playing the 1 takes a Time Trap that cannot be
    played again before day 7 (elimination). The rules of thumb alone would play the 1 (the lowest card
    stops a falling day); the look-ahead plays the 3."""
    state = _day6_with_y6()
    assert sorted(G.legal_actions(state, 0)) == ["play:or1", "play:or3"]
    assert ai.rule_policy(G.view(state, 0), G.legal_actions(state, 0), random.Random(1)) == "play:or1"
    for seed in range(5):
        assert _decide(state, 0, seed) == "play:or3"


def test_day_6_it_stops_the_day_to_start_day_7() -> None:
    """Day 6, tile up after an 8, every Time Trap on the board: an 11 cannot be followed, so the AI is
    the last to play and opens day 7 holding two cards; a 9 would let the others play on."""
    state = make(
        [["or3", "or9", "or11"], ["pu2", "pu10"], ["bl5", "bl10"], ["gr4", "gr11"]],
        day=6,
        dates=("B1", "Y2", "B3", "Y4", "B5", "Y2"),
        tile_up=True,
        earlier=[["tt0", "tt1"], [], ["tt2"], [], ["tt3"]],
        today=["gr6", "pu8"],
        start=3,
        turn=0,
        last_player=1,
    )
    for seed in range(5):
        assert _decide(state, 0, seed) == "play:or11"


def test_it_decides_from_its_view_only() -> None:
    """Two tables that differ only in cards seat 0 cannot see get the same decision (same rng)."""
    a = _day6_with_y6()
    b = _day6_with_y6((["pu6", "pu11"], ["bl2", "bl8"], ["gr1", "gr2"]))
    assert G.view(a, 0) == G.view(b, 0)
    for seed in range(3):
        assert _decide(a, 0, seed) == _decide(b, 0, seed)


def _midgame_states(players: int, seed: int) -> list[State]:
    run = play_one(G, players, [random_policy] * players, seed, check=False)
    state = G.setup(players, {}, seed, None)
    states = [state]
    for seat, action in run.log:
        state, _ = G.apply(state, seat, action)
        states.append(state)
    return states


def test_the_look_ahead_plays_by_the_engine_rules() -> None:
    """Playouts use a Table directly: their legal moves are exactly the engine's at every step."""
    for players in (2, 3, 4):
        for seed in range(6):
            for state in _midgame_states(players, seed):
                if state.over:
                    continue
                (seat,) = rules.to_act(state)
                assert ai_search.fast_legal(Table(state), seat) == rules.legal_actions(state, seat)


def test_a_sampled_table_agrees_with_the_view() -> None:
    """A determinization keeps this seat's hand, every hand size, the board and the day, and holds each
    physical card exactly once."""
    rng = random.Random(5)
    for state in _midgame_states(4, 11)[::7]:
        if state.over or state.pending is not None:
            continue
        seat = state.turn
        view = G.view(state, seat)
        sample = ai_search.sample_state(view, rng)
        assert sample.hands[seat] == state.hands[seat]
        assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
        assert sample.board == state.board
        assert G.view(sample, seat)["board"] == view["board"]
        every = [c for h in sample.hands for c in h] + list(sample.discard)
        every += [c for row in sample.board for c, _ in row]
        assert sorted(every) == sorted(G.all_cards(state))


def test_heuristic_beats_random_seats_at_four_players() -> None:
    """Seeded sample (the 2,000-game figures are in the report): one AI seat among three random ones
    wins clearly more than the 1/4 chance share."""
    games = 300
    shares = 0.0
    for index in range(games):
        seat = index % 4
        policies = [random_policy] * 4
        policies[seat] = ai.heuristic_policy
        run = play_one(G, 4, policies, 50_000 + index, check=False)
        assert run.outcome is not None
        shares += win_share(run.outcome, [seat])
    assert shares / games >= 0.32
