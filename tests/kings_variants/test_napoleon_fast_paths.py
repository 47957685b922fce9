"""Napoleon's round scoring sums precomputed tables and a bid is checked by one lookup (docs/engine-speed.md):
this holds both to the plain rule at every state of seeded games, on each build's branch (the module's
`WRAPS` flag patched: compiled, the sums and the bid listing are plain loops; the source keeps `map`)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.core.errors import IllegalAction
from games.kings.variants import data, napoleon
from games.kings.variants.components import ALL_CARDS
from games.kings.variants.napoleon import BID_ACTIONS, CARD_POINTS, Napoleon
from games.kings.variants.state import VState
from tests.kings_variants.helpers import engine

GAME = engine("napoleon")
RULES = GAME.variant
assert isinstance(RULES, Napoleon)


def plain_round_points(s: VState, seat: int) -> tuple[int, int]:
    """Napoleon.round_points as a loop over the taken cards (its form before the tables)."""
    colour = s.sets[seat]
    plus = data.NAPOLEON_TRICK * s.tricks[seat]
    minus = 0
    back = s.king_used[seat]
    for card in s.taken[seat]:
        king_colour, court_or_rare, flag = CARD_POINTS[card]
        if back and king_colour == colour:
            plus += data.NAPOLEON_KING_COLOUR_CARD
        if court_or_rare:
            plus += data.NAPOLEON_COURT_OR_RARE
        if flag:
            minus -= data.NAPOLEON_FLAG
    if s.round == 2 and not s.king_used[seat]:
        plus += data.NAPOLEON_UNUSED_KING[colour]
    return plus, minus


def states(seeds: range) -> Iterator[VState]:
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.setup(5, {}, seed, "napoleon")
        while not GAME.is_over(state):
            yield state
            seat = sorted(GAME.to_act(state))[0]
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        yield state


@pytest.mark.parametrize("wraps", [False, True])
def test_round_points_match_the_plain_loop(wraps: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(napoleon, "WRAPS", wraps)
    checked = 0
    for state in states(range(30)):
        if "" in state.sets:
            continue
        for seat in range(5):
            assert RULES.round_points(state, seat) == plain_round_points(state, seat)
            checked += 1
    assert checked > 10000


@pytest.mark.parametrize("wraps", [False, True])
@pytest.mark.parametrize("back", [False, True])
def test_round_points_of_every_card(back: bool, wraps: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each card alone in a seat's taken pile, for every set colour, with the king's back side up or not."""
    monkeypatch.setattr(napoleon, "WRAPS", wraps)
    base = next(s for s in states(range(1)) if "" not in s.sets)
    for colour in ("w", "r", "b", "g", "k"):
        for card in ALL_CARDS:
            s = base._replace(
                sets=(colour, *base.sets[1:]),
                taken=((card,), *base.taken[1:]),
                king_used=(back, *base.king_used[1:]),
            )
            assert RULES.round_points(s, 0) == plain_round_points(s, 0), (colour, card)


@pytest.mark.parametrize("wraps", [False, True])
def test_bid_check_accepts_exactly_the_listed_bids(wraps: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(napoleon, "WRAPS", wraps)
    odd = [
        "bid:",
        "bid",
        "bid:w1",
        "bid:flag1",
        "bid:rare1",
        "bid:w11",
        "bid:r11",
        "set:w",
        "next",
        "bid:r3:",
    ]
    checked = 0
    for state in states(range(30)):
        if state.phase != "bid":
            continue
        for seat in sorted(GAME.to_act(state)):
            listed = RULES.phase_actions(state, seat)
            assert listed == [BID_ACTIONS[c] for c in state.hands[seat] if c in BID_ACTIONS]
            for action in [*BID_ACTIONS.values(), *odd]:
                if action in listed:
                    GAME.apply(state, seat, action)
                else:
                    with pytest.raises(IllegalAction):
                        GAME.apply(state, seat, action)
            checked += 1
    assert checked > 100
