"""The anchor's race (games/search/flat.py, `SearchPolicy._race`): where the moves share the playouts,
a 15-card hand gives each move 4 deals at Capture of Dreams' 60 playouts, fewer than the anchor's test
ever needs (ANCHOR_MIN_DEALS), so the search could not depart from the heuristic's move there however
clear the edge. A game's `race_deals` gives that one comparison deals of its own: the search's best
then overrules the anchor when it is clearly better on them, and only then (the shared deals that picked
it are not counted again).

The playout values are set by the test (a `_value` that scores each move by a rule of the test), so what
is checked is the decision rule itself, on a real Capture of Dreams sampler."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from games.core.registry import get_game
from games.search import Budget, Determinizer, SearchPolicy
from games.search.flat import ANCHOR_MIN_DEALS

GAME = get_game("dream-capture")


def _first_lead() -> tuple[Any, int, list[str]]:
    """The first lead of a seeded deal: 15 cards in hand, every one of them legal."""
    rng = random.Random(1)
    state = GAME.setup(6, {}, 7)
    while state.phase != "play":
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    seat = min(GAME.to_act(state))
    return state, seat, GAME.legal_actions(state, seat)


class _Scripted(SearchPolicy):
    """The search with playout values from a rule of the test: the anchor (legal[0]) is worth 0.5, the
    challenger (legal[1]) 0.5 plus `edge(seed)`, every other move 0.1, all plus the deal's own noise."""

    def __init__(self, race: int, edge: Any) -> None:
        super().__init__(GAME, budget=Budget(playouts=60))
        self._race_deals = race
        self.edge = edge
        self.played: Counter[str] = Counter()
        self.legal: list[str] = []

    def _anchored(self, sampler: Any, legal: Any, rng: random.Random) -> int:
        return 0

    def _value(self, deal: Any, seat: int, action: str, policy: Any, seed: int, seats: Any) -> float:
        self.played[action] += 1
        noise = random.Random(seed).random() * 0.3  # the deal's luck: the same for every move on it
        index = self.legal.index(action)
        if index == 0:
            return 0.5 + noise
        if index == 1:
            return 0.5 + noise + self.edge(seed)
        return 0.1 + noise


def _decide(race: int, edge: Any) -> tuple[str, _Scripted, list[str]]:
    state, seat, legal = _first_lead()
    search = _Scripted(race, edge)
    search.legal = legal
    return search.decide(Determinizer(GAME, state, seat), legal, random.Random(3)), search, legal


def test_without_the_race_a_wide_hand_never_leaves_the_anchor() -> None:
    choice, _, legal = _decide(0, lambda seed: 0.05)
    assert len(legal) == 15 and 60 // len(legal) < ANCHOR_MIN_DEALS
    assert choice == legal[0]


def test_the_race_lets_a_clear_edge_overrule_the_anchor_playing_only_the_two_moves() -> None:
    choice, search, legal = _decide(16, lambda seed: 0.05)
    assert choice == legal[1]
    assert search.played[legal[0]] == search.played[legal[1]] == 4 + 16  # 4 shared deals, 16 of its own
    assert all(search.played[a] == 4 for a in legal[2:])  # the race deals play no other move


@pytest.mark.parametrize("race", [16, 64])
def test_the_race_keeps_the_anchor_when_the_edge_was_luck(race: int) -> None:
    """The challenger was lucky on the 4 shared deals (+0.05 on each) and is as good as the anchor after
    (a fair coin of +-0.05 a deal): the shared deals pick it, its own deals do not confirm it."""
    coin = random.Random(race)
    deals = iter([0.05] * 4 + [coin.choice((0.05, -0.05)) for _ in range(race)])
    choice, search, legal = _decide(race, lambda seed: next(deals))
    assert search.played[legal[1]] == 4 + race  # it was the shared deals' best, so it raced
    assert choice == legal[0]
