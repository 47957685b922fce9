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


def test_shuffle_deals_every_order_of_a_small_deck_about_equally_often() -> None:
    """A player would notice a deal that favours some orders: all 24 orders of 4 cards, each near 1/24."""
    rng = Rng(seed_state(5))
    counts = Counter(tuple(rng.shuffled("abcd")) for _ in range(24_000))
    assert len(counts) == 24
    assert all(800 < n < 1200 for n in counts.values())


def test_shuffle_spreads_each_card_over_every_position_of_a_full_deck() -> None:
    rng = Rng(seed_state(9))
    first = Counter(rng.shuffled(range(49))[0] for _ in range(9_800))
    assert len(first) == 49
    assert all(100 < n < 320 for n in first.values())  # 200 expected per card


def test_shuffle_consumes_one_draw_and_leaves_the_input_alone() -> None:
    deck = (3, 1, 2)
    rng = Rng(seed_state(4))
    rng.shuffled(deck)
    after_shuffle = rng.state
    twin = Rng(seed_state(4))
    twin.next_u64()
    assert after_shuffle == twin.state
    assert deck == (3, 1, 2)
