"""Plays and exchange discards are checked one action at a time, without building the legal list
(docs/engine-speed.md): that check must accept exactly the legal actions, or a player could play or
discard a card the buttons never offered."""

from __future__ import annotations

import random

import pytest

from games.core.errors import IllegalAction
from games.kings.variants.components import ALL_CARDS, COLOURS
from tests.kings_variants.helpers import engine

PLAYERS = {"ombre": 3, "whist": 4, "napoleon": 5}
ODD = ("green", "pass", "next", "play", "play:", "play::K", "play:K", "play:r3:", "play:r3:K:K", "play:r3:Kq")


def candidates(hand: tuple[str, ...]) -> set[str]:
    """Every well-formed play of every card (held or not), and malformed ones around the held cards."""
    out = set(ODD)
    for card in ALL_CARDS:
        out.update((f"play:{card}", f"play:{card}:K"))
        for q in (*COLOURS, "x"):
            out.update((f"play:{card}:q{q}", f"play:{card}:q{q}:K"))
    for card in hand:
        out.update(
            (f"play:{card}:K:qw", f"play:{card}:qw:qw", f"play:{card}:qww", f"play:{card}:Q", f"x:{card}")
        )
    return out


@pytest.mark.parametrize("variant", sorted(PLAYERS))
def test_one_action_check_accepts_exactly_the_legal_plays(variant: str) -> None:
    game = engine(variant)
    rules = game.variant
    n = PLAYERS[variant]
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.setup(n, {}, seed, variant)
        while not game.is_over(state):
            seat = sorted(game.to_act(state))[0]
            legal = game.legal_actions(state, seat)
            if state.phase == "play":
                assert len(legal) == len(set(legal))
                accepted = {
                    a for a in candidates(state.hands[seat]) if rules.play_move(state, seat, a) is not None
                }
                assert accepted == set(legal), (seed, state.trick, state.hands[seat])
                checked += 1
                for wrong in sorted(candidates(state.hands[seat]) - accepted)[:5]:
                    with pytest.raises(IllegalAction):
                        game.apply(state, seat, wrong)
            state, _ = game.apply(state, seat, rng.choice(legal))
    assert checked > 100


@pytest.mark.parametrize("variant", ["napoleon", "ombre"])
def test_one_discard_check_accepts_exactly_the_legal_discards(variant: str) -> None:
    """Napoleon's exchanges keep flags, rares, 11s and 12s (ナポレオン 白旗、レア、ジャック、クイーンは捨てられません);
    Ombre's may discard anything in hand."""
    game = engine(variant)
    n = PLAYERS[variant]
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.setup(n, {}, seed, variant)
        while not game.is_over(state) and state.round == 1:
            acting = sorted(game.to_act(state))
            if state.phase == "exchange":
                for seat in range(n):
                    legal = game.legal_actions(state, seat)
                    accepted = set()
                    for action in (*(f"discard:{c}" for c in ALL_CARDS), "discard:", "discard", "play:r3"):
                        try:
                            game.apply(state, seat, action)
                        except IllegalAction:
                            continue
                        accepted.add(action)
                    assert accepted == set(legal)
                    checked += 1
            seat = acting[0]
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert checked > 20
