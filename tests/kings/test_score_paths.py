"""The round's scoring has two paths (docs/engine-speed.md): `_score_own` for a round in which no seat reads
another's facts (no KIZUNA partner, no COPY: every round without the Cheerleader) and the general one. On
such rounds they must give the same items in the same order, Devil bids and the contract included
(002_4e143f857986e60e.txt, '6 勝利点の獲得')."""

from __future__ import annotations

import random

from games.kings import scoring
from games.kings.cards import COLOUR_CODE, Character
from games.kings.scoring import RoundRules, SeatFacts

CARDS = sorted(COLOUR_CODE)
COLOURS = ("w", "r", "b", "g", "k")
BIDS = ("gambler", "ninja", "jack", "devil", "healer", "hermit", "berserker", "collector", "samurai", "cheerleader")


def _seat(rng: random.Random) -> SeatFacts:
    kings = rng.sample(COLOURS, rng.randint(0, 3))
    used = rng.randint(0, len(kings))
    return SeatFacts(
        up=tuple(rng.sample(list(Character), rng.randint(0, 3))),
        bids=tuple(rng.sample(BIDS, rng.choice((0, 1, 1, 2)))),
        tricks=rng.randint(0, 5),
        red_queen=rng.randint(0, 1),
        taken=tuple(rng.sample(CARDS, rng.randint(0, 16))),
        jack=rng.choice((None, *COLOURS)),
        used_kings=tuple(kings[:used]),
        unused_kings=tuple(kings[used:]),
        bid_shift=rng.choice((0, 0, 3)),
    )


def test_own_facts_path_scores_as_the_general_one() -> None:
    rng = random.Random(7)
    for _ in range(4000):
        seats = [_seat(rng) for _ in range(rng.randint(2, 5))]
        rules = RoundRules(
            last_round=rng.random() < 0.5,
            bid_multiplier=rng.choice((1, 2)),
            devil_colour=rng.choice((None, *COLOURS)),
            devil_penalty=rng.choice((10, 20)),
            red_queen_user_only=rng.random() < 0.5,
        )
        own = scoring._score_own(seats, rules)
        assert own == scoring._score_cheered(seats, rules)
        assert own == scoring.score_round(seats, rules)


def test_a_devil_bid_counts_the_other_seats_failed_bids_on_both_paths() -> None:
    seats = [
        SeatFacts(bids=("devil",), tricks=0),
        SeatFacts(bids=("ninja",), tricks=1),  # ninja needs 2 wins: failed
        SeatFacts(bids=("gambler",), tricks=0),  # gambler with 0 wins: 30
    ]
    rules = RoundRules()
    assert scoring._score_own(seats, rules) == scoring._score_cheered(seats, rules)
    assert scoring.score_round(seats, rules)[0].items[0] == ("bid_devil", 30)
