"""KINGs playouts of the strong AI stop when their round is scored (docs/ai.md): Whist values the race
that is left (the rule: the first team to 200 points wins, 100 a round won, at most three rounds —
games/kings/variants/rules_text.py, "Whist"), two players the score difference over the rounds left
(three rounds, points — games/kings/rules_text.py, two-player rules)."""

from __future__ import annotations

import copy
import random

from games.core.registry import get_game
from games.kings.search_hooks import ROUND_SD_TWO_PLAYER, _race, search_value
from games.kings.variants.whist import TEAMS


def test_the_race_left_is_a_coin_flip_per_round() -> None:
    assert _race(0, 0, 0) == 0.5
    assert _race(100, 0, 1) == 0.75  # one round up: lose only by losing both that are left
    assert _race(0, 100, 1) == 0.25
    assert _race(100, 100, 2) == 0.5  # the third round decides
    assert _race(200, 0, 2) == 1.0 and _race(0, 200, 2) == 0.0  # over after two rounds won
    assert _race(100, 100, 1) == 0.5  # a red-queen tie gave both a round


def _horizon(root: object, state: object, seats: list[int]) -> float | None:
    """The horizon KINGs declares to the search (`game.search.horizon`)."""
    hook = get_game("kings").search.horizon
    assert hook is not None
    return hook(root, state, seats)


def _states(seed: int, variant: str = "whist", players: int = 4) -> list[object]:
    game = get_game("kings")
    state = game.setup(players, {}, seed, variant)
    rng = random.Random(seed)
    states = [state]
    while not game.is_over(state):
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_actions(state, seat)
        state, _ = game.apply(state, seat, legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def test_a_playout_stops_exactly_when_a_round_is_scored_and_another_follows() -> None:
    for seed in range(4):
        states = _states(seed)
        root = states[0]
        stops = [s for s in states if _horizon(root, s, [0]) is not None]
        scored = [s for s in states if getattr(s, "phase", "") == "scored"]
        assert stops == scored and scored  # every scored round, nothing else (not the end: outcome)
        for s in scored:
            totals = s.get("team_scores")  # type: ignore[attr-defined]
            mine = _horizon(root, s, [0])
            theirs = _horizon(root, s, [1])
            assert mine is not None and theirs is not None and abs(mine + theirs - 1.0) < 1e-9
            assert _horizon(root, s, [2]) == mine  # partners share the value
            if totals[0] > totals[1]:
                assert mine > 0.5
        assert TEAMS[0] == (0, 2)


def test_other_kings_variants_play_to_the_end() -> None:
    game = get_game("kings")
    for variant, players in (("standard", 4), ("ombre", 3), ("napoleon", 5)):
        state = game.setup(players, {}, 1, variant)
        assert _horizon(state, state, [0]) is None
    assert search_value(None, object(), [0]) is None


def test_two_players_stop_at_each_scored_round_but_the_last_and_value_the_lead() -> None:
    for seed in range(4):
        states = _states(seed, "two-player", 2)
        root = states[0]
        stops = [s for s in states if _horizon(root, s, [0]) is not None]
        assert [s.round for s in stops] == [1, 2]  # type: ignore[attr-defined]
        for s in stops:
            mine, theirs = _horizon(root, s, [0]), _horizon(root, s, [1])
            assert mine is not None and theirs is not None and abs(mine + theirs - 1.0) < 1e-9
            lead = s.scores[0] - s.scores[1]  # type: ignore[attr-defined]
            assert (mine > 0.5) == (lead > 0) and (mine == 0.5) == (lead == 0)
    # a lead of one round's spread with one round left: about 0.84 (one standard deviation)
    state = _states(1, "two-player", 2)[0]
    at_end = copy.copy(state)  # the standard engine's table is a dataclass
    at_end.phase, at_end.round, at_end.scores = "round_end", 2, [int(ROUND_SD_TWO_PLAYER), 0]  # type: ignore[attr-defined]
    value = _horizon(state, at_end, [0])
    assert value is not None and abs(value - 0.841) < 0.01
