"""The seeded RNG: replays exactly from its state and is unbiased enough for shuffles."""

from collections import Counter

from games.core.rng import Rng, seed_state


def test_same_seed_same_shuffle_different_seed_different() -> None:
    deck = list(range(49))
    a = Rng(seed_state(7)).shuffled(deck)
    b = Rng(seed_state(7)).shuffled(deck)
    c = Rng(seed_state(8)).shuffled(deck)
    assert a == b
    assert a != c
    assert sorted(a) == deck


def test_state_is_an_int_that_resumes_the_sequence() -> None:
    rng = Rng(seed_state(3))
    rng.below(10)
    saved = rng.state
    expected = [rng.below(1000) for _ in range(5)]
    resumed = Rng(saved)
    assert [resumed.below(1000) for _ in range(5)] == expected


def test_below_covers_range_roughly_uniformly() -> None:
    rng = Rng(seed_state(11))
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < n < 1200 for n in counts.values())
