"""Listings answered from tables built once (docs/engine-speed.md "a tenth pass"), each held to its plain rule.

- A bid listing without a Cheerleader (`bids._plain_bids`, the source's way) is `bids._bid_choices`, the
  general listing: one item's bids, then (round 3) every pair of items in the items' order
  (002_4e143f857986e60e.txt, '■ラウンド1' .. '■ラウンド3'): on random item lists and at every bid listing of
  seeded games.
- The bid phase's `to_act` (`engine._yet_to_bid`, a table by which seats have bid on the source) is every
  seat yet to bid: on every subset of 2-8 seats and on lists that are not one bid a seat.
- Round 1's set strings, listed by `map` over a table on the source, are one "set:<colour>" per set left in
  its order, at every round-1 listing of a seat without a set in seeded games.
- The trick's winner, found by the trick's end with `entry_winner`'s fold inlined, is held by
  tests/kings/test_tricks.py (`test_trick_ends_of_seeded_games_take_entry_winners_seat`).

Seeds 126000-126099 for this file.
"""

from __future__ import annotations

import itertools
import random

from games.core.policy import random_policy
from games.kings import engine
from games.kings.cards import CHARACTER_OF
from games.kings.flow import bids
from games.kings.game import GAME

ITEMS = [*sorted(CHARACTER_OF), "jack"]


def _plain_rule(items: list[str], most: int) -> list[str]:
    """Every choice of one to `most` items, in the items' order, as a bid string."""
    return ["bid:" + ":".join(c) for k in range(1, most + 1) for c in itertools.combinations(items, k)]


def test_plain_bids_are_the_general_listing_on_random_items() -> None:
    rng = random.Random(126000)
    for _ in range(3000):
        items = rng.sample(ITEMS, rng.randint(0, 5))
        most = rng.choice((1, 2, 2, 3))
        assert bids._plain_bids(items, most) == bids._bid_choices(items, most, None) == _plain_rule(items, most)
    # a card the tables do not hold (a hand-made table) takes the general listing
    assert bids._plain_bids(["nobody", "jack"], 2) == _plain_rule(["nobody", "jack"], 2)


def test_yet_to_bid_on_every_subset_of_seats() -> None:
    for players in range(2, 9):
        for bid in itertools.product((False, True), repeat=players):
            table_bids: list[list[str] | None] = [["jack"] if b else None for b in bid]
            expected = frozenset(s for s in range(players) if table_bids[s] is None)
            assert engine._yet_to_bid(table_bids, players) == expected
            assert engine._yet_to_bid(list(table_bids), players) == expected  # from the table the second time
    # a list that is not one bid a seat: the plain rule over the seats
    assert engine._yet_to_bid([None, None, ["jack"], None], 3) == frozenset({0, 1})


def test_bid_and_set_listings_of_seeded_games() -> None:
    """Every bid listing is the general listing of the seat's items, and every round-1 listing of a seat
    without a set starts with one set string per set left, in order (3-5 players, the Devil contract and the
    Cheerleader included, and the two-player game)."""
    checked_bids = checked_sets = 0
    configurations = (
        ("standard", 3, {}),
        ("standard", 4, {}),
        ("standard", 5, {}),
        ("standard", 3, {"devil_contract": True}),
        ("standard", 4, {"cheerleader": True, "devil_contract": True}),
        ("two-player", 2, {}),
    )
    for index, (variant, players, opts) in enumerate(configurations):
        for seed in range(126001 + index * 10, 126007 + index * 10):
            rng = random.Random(seed)
            t = GAME.setup(players, opts, seed, variant)
            while not GAME.is_over(t):
                seat = min(GAME.to_act(t))
                legal = GAME.legal_actions(t, seat)
                if t.phase == "bid":
                    items, most, cheer = bids._bid_items(t, seat)
                    assert legal == bids._bid_choices(items, most, cheer)
                    if cheer is None:
                        assert legal == _plain_rule(items, most)
                    checked_bids += 1
                elif t.phase == "draft" and t.round == 1 and variant == "standard" and not t.own_king[seat]:
                    sets = ["set:" + c for c in t.sets_left]
                    assert legal[: len(sets)] == sets
                    checked_sets += 1
                t, _ = GAME.apply(t, seat, random_policy(lambda: {}, legal, rng))
    assert checked_bids > 300
    assert checked_sets > 100
