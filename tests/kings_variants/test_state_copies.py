"""`put` and `without` (games/kings/variants/state.py) copy through a list on the hot path; they must give
what the plain tuple forms give (slices joined around the changed position) for every valid position."""

from __future__ import annotations

import random

import pytest

from games.kings.variants.state import put, without


def test_put_equals_the_slices() -> None:
    rng = random.Random(7)
    for _ in range(2_000):
        items = tuple(rng.randrange(5) for _ in range(rng.randrange(1, 9)))
        index = rng.randrange(len(items))
        value = rng.choice([None, "x", 3, ("t",)])
        assert put(items, index, value) == items[:index] + (value,) + items[index + 1 :]  # noqa: RUF005


def test_without_equals_the_slices() -> None:
    rng = random.Random(8)
    for _ in range(2_000):
        cards = tuple(rng.choice("abcde") for _ in range(rng.randrange(1, 9)))
        card = rng.choice(cards)
        at = cards.index(card)  # the first copy goes
        assert without(cards, card) == cards[:at] + cards[at + 1 :]


def test_without_a_missing_card_is_refused() -> None:
    with pytest.raises(ValueError):
        without(("a", "b"), "c")
