"""Random playouts with every invariant checked after every action, and the action encoding contract.

Invariants (games.core.invariants): cards conserved, no hidden card in any seat's view, visible events
or legal actions, someone to act unless over, JSON round trip, apply never mutates its input.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.errors import IllegalAction
from games.core.policy import random_policy
from games.tools.simulate import play_one, replay
from games.trickster.ai import heuristic_policy
from games.trickster.game import GAME

DECKS = ["fantasy", "tianxia", "symbiosis", "basic-mix", "epic-mix"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("deck", DECKS)
def test_random_playouts_keep_every_invariant(players: int, deck: str) -> None:
    if deck == "epic-mix" and players == 7:
        pytest.skip("Epic Mix needs 22 heroes for 7 players (refused)")
    run = play_one(GAME, players, [random_policy] * players, seed=players * 31 + len(deck), options={"deck": deck})
    assert run.violations == []
    assert run.outcome is not None


def test_heuristic_playout_keeps_invariants_and_replays() -> None:
    policies = [heuristic_policy, random_policy, heuristic_policy, random_policy]
    run = play_one(GAME, 4, policies, seed=5, options={"deck": "basic-mix"})
    assert run.violations == [] and run.outcome is not None
    final = replay(GAME, 4, 5, run.log, options={"deck": "basic-mix"})
    assert GAME.outcome(final) == run.outcome


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 7),
    deck=st.sampled_from(DECKS),
    steps=st.integers(0, 60),
)
def test_every_legal_action_applies_and_illegal_ones_leave_state_unchanged(
    seed: int, players: int, deck: str, steps: int
) -> None:
    if deck == "epic-mix" and players == 7:
        deck = "basic-mix"
    rng = random.Random(seed)
    state = GAME.setup(players, {"deck": deck}, seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        seat = rng.choice(sorted(GAME.to_act(state)))
        legal = GAME.legal_actions(state, seat)
        before = json.dumps(GAME.to_json(state), sort_keys=True)
        # every legal action is accepted (and stays short)
        for action in legal:
            assert len(action) <= 64
            GAME.apply(state, seat, action)
        # malformed and illegal ones raise IllegalAction and leave the state untouched
        others = [s for s in range(players) if s not in GAME.to_act(state)]
        bad = ["", "play", "play:", "play:zz-bard", "nonsense:1", "target:9", "hero:bard", "card:r-bard"]
        bad = [b for b in bad if b not in legal]
        for action in bad:
            with pytest.raises(IllegalAction):
                GAME.apply(state, seat, action)
        if others:
            with pytest.raises(IllegalAction):
                GAME.apply(state, others[0], legal[0])
        assert json.dumps(GAME.to_json(state), sort_keys=True) == before
        state, _ = GAME.apply(state, seat, rng.choice(legal))
    # the JSON form round-trips
    assert GAME.to_json(GAME.from_json(json.loads(json.dumps(GAME.to_json(state))))) == GAME.to_json(state)


def test_game_over_refuses_actions() -> None:
    run = play_one(GAME, 4, [random_policy] * 4, seed=2, check=False)
    state = replay(GAME, 4, 2, run.log)
    assert GAME.is_over(state) and GAME.to_act(state) == frozenset()
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, "play:r-bard")
    assert err.value.code == "game_over"


def test_action_strings_decode_and_encode_back() -> None:
    """Every action string parses to (prompt kind, token) and encodes back to the same string."""
    from games.trickster.cards import ACTIONS_BY_KIND, PARSE

    for action, (kind, token) in PARSE.items():
        assert ACTIONS_BY_KIND[kind][token] == action
        assert len(action) <= 64 and " " not in action
    run = play_one(GAME, 3, [random_policy] * 3, seed=4, check=False)
    assert all(action in PARSE for _, action in run.log)
