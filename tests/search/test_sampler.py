"""The strong AI sees only its seat's information: its samples and decisions do not depend on
where the hidden cards really are, and no sample contradicts what the seat knows."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.core.contract import Game
from games.core.registry import get_game
from games.search import Budget, Determinizer, SearchPolicy
from games.search.sampler import deal

CONFIGS = [
    ("trickster", None, 4),
    ("trickster", None, 2),
    ("trickster-cot", None, 3),
    ("kings", None, 4),
    ("kings", "two-player", 2),
    ("kings", "ombre", 3),
    ("kings", "whist", 4),
    ("kings", "napoleon", 5),
    ("dream-capture", None, 6),
    ("timetrap", None, 3),
    ("timetrap", None, 4),
]


def _positions(game: Game[Any], players: int, variant: str | None, seed: int, count: int) -> list[tuple[Any, int]]:
    """(state, seat to act) at `count` points of a random game."""
    rng = random.Random(seed)
    state = game.setup(players, {}, seed, variant)
    found: list[tuple[Any, int]] = []
    steps = 0
    while not game.is_over(state) and steps < 2000:
        acting = sorted(game.to_act(state))
        seat = rng.choice(acting)
        legal = game.legal_actions(state, seat)
        if len(legal) > 1 and rng.random() < 0.3 and len(found) < count:
            found.append((state, seat))
        state, _ = game.apply(state, seat, rng.choice(legal))
        steps += 1
    return found


def _canon(game: Game[Any], state: Any) -> str:
    return json.dumps(game.to_json(state), sort_keys=True)


@pytest.mark.parametrize(("game_id", "variant", "players"), CONFIGS)
def test_samples_keep_what_the_seat_knows_and_forget_where_hidden_cards_lie(
    game_id: str, variant: str | None, players: int
) -> None:
    game = get_game(game_id)
    for state, seat in _positions(game, players, variant, seed=11, count=6):
        real = Determinizer(game, state, seat)
        other = real.draw(random.Random(99))  # another table: the same for this seat, hidden cards elsewhere
        assert game.view(other, seat) == game.view(state, seat)
        assert sorted(game.all_cards(other)) == sorted(game.all_cards(state))
        assert game.hidden_from(other, seat) == game.hidden_from(state, seat)
        for k in range(3):
            mine, theirs = real.draw(random.Random(k)), Determinizer(game, other, seat).draw(random.Random(k))
            assert _canon(game, mine) == _canon(game, theirs)  # nothing of the true deal reached the sample
            assert game.view(mine, seat) == game.view(state, seat)  # nothing the seat knows was changed
            assert game.legal_actions(mine, seat) == game.legal_actions(state, seat)


@pytest.mark.parametrize(("game_id", "variant", "players"), CONFIGS)
def test_two_tables_differing_only_in_hidden_cards_get_the_same_decision(
    game_id: str, variant: str | None, players: int
) -> None:
    game = get_game(game_id)
    policy = SearchPolicy(game, game.policies()["random"], Budget(playouts=24, min_rounds=2))
    for state, seat in _positions(game, players, variant, seed=5, count=2):
        other = Determinizer(game, state, seat).draw(random.Random(3))
        legal = game.legal_actions(state, seat)
        first = policy.decide(Determinizer(game, state, seat), legal, random.Random(8))
        second = policy.decide(Determinizer(game, other, seat), legal, random.Random(8))
        assert first == second


def test_the_deal_never_puts_a_card_where_the_seat_knows_it_is_not() -> None:
    places = [("hands", 1, 0), ("hands", 1, 1), ("hands", 2, 0), ("hands", 2, 1)]
    cards = ["r1", "r2", "g1", "g2"]
    void_in_red = {("hands", 1): frozenset({"r1", "r2"})}  # seat 1 failed to follow red
    for seed in range(50):
        dealt = deal(places, cards, random.Random(seed), void_in_red)
        assert sorted(dealt) == sorted(cards)
        assert set(dealt[:2]) == {"g1", "g2"}
