"""Two shortcuts of the standard game (docs/engine-speed.md "a tenth pass"), each held to its plain rule.

- Round 3's bid listing without a Cheerleader (`bids._paired_bids`, the source's way: strings looked up in
  tables built once) is `bids._bid_choices`, the general listing: each item, then every pair of items in
  the items' order (002_4e143f857986e60e.txt, '■ラウンド3': one or two bids): on random item lists, on a card
  the tables do not hold, and at every bid listing of seeded games.
- The trick's winner, found by the trick's end with `entry_winner`'s fold inlined, is held by
  tests/kings/test_tricks.py (`test_trick_ends_of_seeded_games_take_entry_winners_seat`: every trick of
  seeded games of 3-5 players and two-player names entry_winner's seat).

Seeds 126000-126099 for this file.
"""

from __future__ import annotations

import itertools
import random

from games.core.policy import random_policy
from games.kings.cards import CHARACTER_OF
from games.kings.flow import bids
from games.kings.game import GAME

ITEMS = [*sorted(CHARACTER_OF), "jack"]


def _plain_rule(items: list[str], most: int) -> list[str]:
    """Every choice of one to `most` items, in the items' order, as a bid string."""
    return ["bid:" + ":".join(c) for k in range(1, most + 1) for c in itertools.combinations(items, k)]


def test_paired_bids_are_the_general_listing_on_random_items() -> None:
    rng = random.Random(126000)
    for _ in range(3000):
        items = rng.sample(ITEMS, rng.randint(0, 5))
        assert bids._paired_bids(items) == bids._bid_choices(items, 2, None) == _plain_rule(items, 2)
    # a card the tables do not hold (a hand-made table) takes the general listing
    assert bids._paired_bids(["nobody", "jack"]) == _plain_rule(["nobody", "jack"], 2)


def test_bid_listings_of_seeded_games() -> None:
    """Every bid listing is the general listing of the seat's items, and without a Cheerleader the plain
    rule's (3-5 players, the Devil contract and the Cheerleader included, and the two-player game)."""
    checked_bids = checked_paired = 0
    configurations: tuple[tuple[str, int, dict[str, str]], ...] = (
        ("standard", 3, {}),
        ("standard", 4, {}),
        ("standard", 5, {}),
        ("standard", 3, {"devil_contract": "true"}),
        ("standard", 4, {"cheerleader": "true", "devil_contract": "true"}),
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
                        checked_paired += most == 2
                    checked_bids += 1
                t, _ = GAME.apply(t, seat, random_policy(lambda: {}, legal, rng))
    assert checked_bids > 300
    assert checked_paired > 50
