"""Plays and exchange discards are checked one action at a time, without building the legal list
(docs/engine-speed.md): that check must accept exactly the legal actions, or a player could play or
discard a card the buttons never offered."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from games.core.errors import IllegalAction
from games.kings.variants import base
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


def _play_positions(variant: str, seeds: range) -> Iterator[tuple[Any, int, list[str]]]:
    """Every play-phase position of seeded random games of `variant`: (state, the first seat to act, a
    copy of its legal actions). The games go on by the seeded choice whatever the caller does there."""
    game = engine(variant)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.setup(PLAYERS[variant], {}, seed, variant)
        while not game.is_over(state):
            seat = sorted(game.to_act(state))[0]
            legal = list(game.legal_actions(state, seat))  # a list of our own: the caller may list again
            if state.phase == "play":
                yield state, seat, legal
            state, _ = game.apply(state, seat, rng.choice(legal))


@pytest.mark.parametrize("variant", sorted(PLAYERS))
def test_one_action_check_accepts_exactly_the_legal_plays(variant: str) -> None:
    game = engine(variant)
    rules = game.variant
    checked = 0
    for state, seat, legal in _play_positions(variant, range(4)):
        assert len(legal) == len(set(legal))
        accepted = {a for a in candidates(state.hands[seat]) if rules.play_move(state, seat, a) is not None}
        assert accepted == set(legal), (state.trick, state.hands[seat])
        checked += 1
        for wrong in sorted(candidates(state.hands[seat]) - accepted)[:5]:
            with pytest.raises(IllegalAction):
                game.apply(state, seat, wrong)
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


def _forget_list() -> None:
    """Drop the play list legal_actions keeps, so that apply judges the next play itself (play_move)."""
    base._LISTED[0] = (None, -1, ())


@pytest.mark.parametrize("variant", sorted(PLAYERS))
def test_apply_on_the_list_just_built_equals_apply_judging_the_play(variant: str) -> None:
    """apply finds a play in the list legal_actions just built for that state and seat (and only those),
    with the same next state, events and refusals as when it judges the play itself."""
    game = engine(variant)
    n = PLAYERS[variant]
    checked = 0
    for state, seat, mine in _play_positions(variant, range(3)):
        legal = game.legal_actions(state, seat)
        legal.append("play:nothing")  # the caller's list is its own: the kept one is a copy
        for action in sorted(candidates(state.hands[seat]) | set(mine)):
            outcomes = []
            for kept in (True, False):
                if kept:
                    game.legal_actions(state, seat)
                else:
                    _forget_list()
                try:
                    new, events = game.apply(state, seat, action)
                except IllegalAction as refused:
                    outcomes.append(("refused", refused.code))
                else:
                    outcomes.append((new, [(e.kind, e.data, e.audience) for e in events]))
            assert outcomes[0] == outcomes[1], action
            assert (outcomes[0][0] != "refused") == (action in mine), action
        game.legal_actions(state, seat)
        for other in range(n):  # the kept list is that seat's only
            if other != seat:
                with pytest.raises(IllegalAction) as refused:
                    game.apply(state, other, mine[0])
                assert refused.value.code == "not_your_turn"
        checked += 1
    assert checked > 100
