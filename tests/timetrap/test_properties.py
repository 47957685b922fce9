"""Property tests over states reached by random play (hypothesis)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.errors import IllegalAction
from games.timetrap import cards
from games.timetrap.state import State

from .helpers import G

BLUE_RULES: dict[str, Callable[[int, int | None], bool]] = {
    "B1": lambda n, prev: n % 2 == 1,
    "B2": lambda n, prev: n % 2 == 0,
    "B3": lambda n, prev: prev is None or abs(n - prev) <= 3,
    "B4": lambda n, prev: prev is None or abs(n - prev) >= 3,
    "B5": lambda n, prev: True,
    "B6": lambda n, prev: 1 <= n <= 6,
    "B7": lambda n, prev: 6 <= n <= 11,
}


def reach(players: int, seed: int, steps: int) -> State:
    rng = random.Random(seed)
    state = G.setup(players, {}, seed)
    for _ in range(steps):
        if G.is_over(state):
            break
        seat = sorted(G.to_act(state))[0]
        state, _ = G.apply(state, seat, rng.choice(G.legal_actions(state, seat)))
    return state


states = st.builds(reach, st.integers(2, 4), st.integers(0, 10_000), st.integers(0, 120))


@settings(max_examples=60, deadline=None)
@given(states)
def test_legal_plays_follow_the_direction_and_the_blue_card(state: State) -> None:
    """003_3dd097fef3f40e34.txt, '■『時間転移カード』のプレイ方法' and '■『日付条件カード』の効果'."""
    if G.is_over(state) or state.pending is not None:
        return
    seat = state.turn
    row = state.board[state.day - 1]
    last = row[-1][1] if row else None
    prev = row[-1][1] if row and not cards.is_trap(row[-1][0]) else None
    date = state.dates[state.day - 1] if state.day <= 6 else ""
    rule = BLUE_RULES.get(date, BLUE_RULES["B5"])
    legal = G.legal_actions(state, seat)
    expected = set()
    for card in state.hands[seat]:
        if not cards.is_time_card(card):
            continue
        n = cards.number(card)
        direction = last is None or (n > last if state.tile_up else n < last)
        if direction and rule(n, prev):
            expected.add(f"play:{card}")
    assert {a for a in legal if a.startswith("play:")} == expected
    traps = [a for a in legal if a.startswith("trap:")]
    if traps:
        assert row and not cards.is_trap(row[-1][0]) and state.traps_today < 2 and date != "B5"
        assert any(cards.is_trap(c) for c in state.hands[seat])
    assert (legal == ["pass"]) == (not expected and not traps)


@settings(max_examples=40, deadline=None)
@given(states, st.integers(0, 10_000))
def test_illegal_actions_raise_and_leave_the_state_untouched(state: State, pick: int) -> None:
    if G.is_over(state):
        return
    seat = sorted(G.to_act(state))[0]
    legal = set(G.legal_actions(state, seat))
    pool = [f"play:{c}" for c in G.all_cards(state)] + ["pass", "trap:or5", "draw:0", "discard:pu3", "x"]
    illegal = [a for a in pool if a not in legal]
    action = illegal[pick % len(illegal)]
    before = G.to_json(state)
    with pytest.raises(IllegalAction):
        G.apply(state, seat, action)
    other = (seat + 1) % state.players
    if other not in G.to_act(state) and legal:
        with pytest.raises(IllegalAction):
            G.apply(state, other, sorted(legal)[0])
    assert G.to_json(state) == before


@settings(max_examples=40, deadline=None)
@given(states)
def test_hand_sizes_and_counters_stay_consistent(state: State) -> None:
    assert len(G.all_cards(state)) == 12 * state.players
    # Y6 may take a trap back from today's row; the count of cards played today stays.
    assert state.played_today >= len(state.board[state.day - 1])
    assert 0 <= state.traps_today <= 2 and state.played_today <= state.limit
    if not G.is_over(state):
        assert all(state.hands[s] for s in state.active()) or state.pending is not None
