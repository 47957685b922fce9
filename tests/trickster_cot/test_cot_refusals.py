"""Which reason an illegal action is refused with: the front ends translate these codes for the player.

The play and effect phases check "is it this seat's turn" before "is this seat at the table" on their
fast path; these tests pin that every phase still answers with the same code as before.
"""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction
from games.core.policy import random_policy
from games.tools.simulate import play_one
from games.trickster.cot import GAME
from games.trickster.cot.state import Phase


def refusal(state: object, seat: int, action: str) -> str:
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, action)
    return info.value.code


def states_by_phase() -> dict[int, object]:
    """One state of each phase from a seeded 4-player game (the Peddler is in the random decks)."""
    found: dict[int, object] = {}
    for seed in range(40):
        run = play_one(GAME, 4, [random_policy] * 4, seed, {}, None, check=False)
        state = GAME.setup(4, {}, seed)
        for seat, action in run.log:
            found.setdefault(state.phase, state)
            state, _ = GAME.apply(state, seat, action)
        found.setdefault(state.phase, state)
        if len(found) >= 6:
            break
    assert set(found) == {Phase.PICK, Phase.PLAY, Phase.EFFECT, Phase.EXCHANGE, Phase.SCORED, Phase.OVER}
    return found


def test_unseated_seat_and_wrong_turn_are_told_apart_in_every_phase() -> None:
    for phase, state in states_by_phase().items():
        if phase == Phase.OVER:
            assert refusal(state, 0, "deal") == "game_over"
            assert refusal(state, 9, "deal") == "game_over"
            continue
        legal = next(a for s in range(4) for a in GAME.legal_actions(state, s))
        assert refusal(state, 9, legal) == "not_seated", phase
        assert refusal(state, -1, legal) == "not_seated", phase
        idle = [s for s in range(4) if s not in GAME.to_act(state)]
        if idle:
            assert refusal(state, idle[0], legal) == "not_your_turn", phase
        assert refusal(state, 0, "nonsense") == "malformed_action", phase
