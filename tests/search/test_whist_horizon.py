"""Whist playouts stop when their round is scored and value the race that is left (docs/ai.md; the rule:
the first team to 200 points wins, 100 a round won, at most three rounds — games/kings/rules_text.py,
"Whist")."""

from __future__ import annotations

import random

from games.core.registry import get_game
from games.kings.search_hooks import _race, search_value
from games.kings.variants.whist import TEAMS


def test_the_race_left_is_a_coin_flip_per_round() -> None:
    assert _race(0, 0, 0) == 0.5
    assert _race(100, 0, 1) == 0.75  # one round up: lose only by losing both that are left
    assert _race(0, 100, 1) == 0.25
    assert _race(100, 100, 2) == 0.5  # the third round decides
    assert _race(200, 0, 2) == 1.0 and _race(0, 200, 2) == 0.0  # over after two rounds won
    assert _race(100, 100, 1) == 0.5  # a red-queen tie gave both a round


def _whist_states(seed: int) -> list[object]:
    game = get_game("kings")
    state = game.setup(4, {}, seed, "whist")
    rng = random.Random(seed)
    states = [state]
    while not game.is_over(state):
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def test_a_playout_stops_exactly_when_a_round_is_scored_and_another_follows() -> None:
    game = get_game("kings")
    for seed in range(4):
        states = _whist_states(seed)
        root = states[0]
        stops = [s for s in states if game.search_value(root, s, [0]) is not None]
        scored = [s for s in states if getattr(s, "phase", "") == "scored"]
        assert stops == scored and scored  # every scored round, nothing else (not the end: outcome)
        for s in scored:
            totals = s.get("team_scores")  # type: ignore[attr-defined]
            mine = game.search_value(root, s, [0])
            theirs = game.search_value(root, s, [1])
            assert mine is not None and theirs is not None and abs(mine + theirs - 1.0) < 1e-9
            assert game.search_value(root, s, [2]) == mine  # partners share the value
            if totals[0] > totals[1]:
                assert mine > 0.5
        assert TEAMS[0] == (0, 2)


def test_other_kings_variants_play_to_the_end() -> None:
    game = get_game("kings")
    for variant, players in (("standard", 4), ("ombre", 3), ("napoleon", 5), ("two-player", 2)):
        state = game.setup(players, {}, 1, variant)
        assert game.search_value(state, state, [0]) is None
    assert search_value(None, object(), [0]) is None
