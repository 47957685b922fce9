"""A game may end the search's playouts early and value the position itself (docs/ai.md, "Per-game
playouts and budgets"): Capture of Dreams at the end of the deal (its six deals made a playout ~650
actions, so only 30 fitted a turn), TIMETRAP as day 7 begins. And the anchor's test is paired."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from games.core.registry import get_game
from games.dream_capture.ai import heuristic_policy as dream_heuristic
from games.dream_capture.search_hooks import HEURISTIC_PLAYOUT
from games.dream_capture.search_hooks import search_value as dream_value
from games.dream_capture.state import PHASE_PLAY, PHASE_SCORED
from games.search import Budget, Determinizer, SearchPolicy
from games.search.flat import _clearly_better
from games.timetrap.ai import rule_policy
from games.timetrap.ai_search import OTHER_VALUE, START_VALUE
from games.timetrap.game import TimeTrap
from games.timetrap.search_hooks import RULES_PLAYOUT
from games.timetrap.search_hooks import search_value as timetrap_value


class _Counting(TimeTrap):
    """TIMETRAP with a horizon given by the test, counting the engine's apply calls (a subclass, not a
    wrapper: the compiled build holds the search to its declared `Game` type)."""

    def __init__(self, horizon: Any) -> None:
        self.search = replace(get_game("timetrap").search, horizon=horizon)
        self.applied = 0

    def apply(self, state: Any, seat: int, action: str) -> Any:
        self.applied += 1
        return super().apply(state, seat, action)


def _turn_with_choices(players: int = 3) -> tuple[Any, int, list[str]]:
    game = get_game("timetrap")
    state = game.setup(players, {}, 4)
    rng = random.Random(4)
    while True:
        seat = next(iter(game.to_act(state)))
        legal = game.legal_actions(state, seat)
        if len(legal) > 2 and legal[0].startswith("play:"):
            return state, seat, legal
        state, _ = game.apply(state, seat, rng.choice(legal))


def test_a_horizon_ends_every_playout_where_the_game_says() -> None:
    state, seat, legal = _turn_with_choices()
    game = _Counting(lambda root, now, seats: 0.5)  # stop at once: nothing past the move is played
    policy = SearchPolicy(game, None, Budget(playouts=10 * len(legal)))  # type: ignore[arg-type]
    policy.decide(Determinizer(game, state, seat), legal, random.Random(1))  # type: ignore[arg-type]
    assert game.applied == 10 * len(legal)  # each move once per deal, and no playout beyond it


def test_the_search_plays_the_move_the_horizon_values_highest() -> None:
    state, seat, legal = _turn_with_choices()
    wanted = legal[-1].split(":")[1]

    def on_board(root: Any, now: Any, seats: Sequence[int]) -> float:
        return 1.0 if any(card == wanted for row in now.board for card, _ in row) else 0.0

    game = _Counting(on_board)
    policy = SearchPolicy(game, None, Budget(playouts=8 * len(legal)))  # type: ignore[arg-type]
    assert policy.decide(Determinizer(game, state, seat), legal, random.Random(2)) == legal[-1]  # type: ignore[arg-type]


def test_capture_of_dreams_values_the_totals_once_the_deal_is_scored() -> None:
    game = get_game("dream-capture")
    state = game.setup(6, {}, 3)
    assert dream_value(state, state._replace(phase=PHASE_PLAY), [0, 2, 4]) is None  # the deal goes on
    scored = state._replace(phase=PHASE_SCORED, deal=1, totals=(70, 30))
    ahead, behind = dream_value(state, scored, [0, 2, 4]), dream_value(state, scored, [1, 3, 5])
    assert ahead is not None and behind is not None
    assert 0.5 < ahead < 1 and abs(ahead + behind - 1) < 1e-9  # a 40-point lead with five deals to come
    assert dream_value(state, scored._replace(totals=(50, 50)), [1, 3, 5]) == 0.5
    late = dream_value(state, scored._replace(deal=5), [0, 2, 4])
    assert late is not None and late > ahead  # the same lead with one deal left is worth more


def test_timetrap_values_the_start_of_day_seven_by_hand_sizes() -> None:
    state, seat, _ = _turn_with_choices()
    assert timetrap_value(state, state, [seat]) is None  # days 1-6 play on
    hands = (("r1", "r2"), ("b1", "b2"), ("g1", "g2", "g3"))
    day7 = state._replace(day=7, start=0, hands=hands, out=(0, 0, 0))
    assert timetrap_value(state, day7, [0]) == START_VALUE[2]  # opens day 7, as few cards as anyone
    assert timetrap_value(state, day7, [2]) == OTHER_VALUE[3]  # one card more than the shortest hand
    assert timetrap_value(day7, day7, [0]) is None  # a decision on day 7 plays to the end
    assert timetrap_value(day7, day7._replace(over=True, winner=2), [2]) == 1.0


def test_the_anchor_gives_way_to_a_small_edge_seen_deal_by_deal() -> None:
    rng = random.Random(5)
    base = [rng.random() for _ in range(30)]
    edge = [[b + 0.02 + rng.gauss(0, 0.005), b] for b in base]  # move 0 better on every deal, by a little
    assert _clearly_better(0, 1, edge)
    shuffled = [b for b, _ in edge]
    rng.shuffle(shuffled)
    unpaired = [[s, b] for s, (_, b) in zip(shuffled, edge, strict=True)]  # the same values, deals unmatched
    assert not _clearly_better(0, 1, unpaired)
    assert not _clearly_better(0, 1, edge[:5])  # a handful of deals never overrules the anchor


def test_timetrap_rules_playouts_play_the_same_on_their_short_view_as_on_the_full_one() -> None:
    game = get_game("timetrap")
    for players in (3, 4):
        state = game.setup(players, {}, players)
        rng = random.Random(players)
        while not game.is_over(state):
            seat = next(iter(game.to_act(state)))
            legal = game.legal_actions(state, seat)
            full = rule_policy(game.view(state, seat), legal, random.Random(7))
            short = RULES_PLAYOUT(partial(RULES_PLAYOUT.playout_view, state, seat), legal, random.Random(7))
            assert short == full
            state, _ = game.apply(state, seat, rng.choice(legal))


def test_capture_of_dreams_heuristic_playouts_play_the_same_on_their_short_view() -> None:
    game = get_game("dream-capture")
    state = game.setup(6, {"deals": "1"}, 2)
    rng = random.Random(2)
    while not game.is_over(state):
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        full = dream_heuristic(partial(game.view, state, seat), legal, random.Random(9))
        short = HEURISTIC_PLAYOUT(partial(HEURISTIC_PLAYOUT.playout_view, state, seat), legal, random.Random(9))
        assert short == full
        state, _ = game.apply(state, seat, rng.choice(legal))
