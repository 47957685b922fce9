"""The compiled build's shapes of the play phase (docs/engine-speed.md, "KINGs variants on the compiled
build"): where mypyc runs plain loops faster than the source's C-level passes, the code branches on
`games.core.native64.WRAPS`. These hold the loop shapes to the rule on both builds: `_followable_loop`
directly, and on the source every seeded game played again with the compiled branches switched on (the
module flag patched; compiled, the flag is a constant and the same games simply run twice). Also the
trick rules read by trump and the one string object per card that every deal hands out."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.kings.variants import base, napoleon, tricks
from games.kings.variants.base import rules_for
from games.kings.variants.components import (
    ALL_CARDS,
    COLOURS,
    NUMBER_COLOURS,
    SUIT,
    base_deck,
    court,
    number_cards,
)
from games.kings.variants.tricks import FOLLOWERS, OF_SUIT, _followable_loop, is_free
from tests.kings_variants.helpers import engine

PLAYERS = {"ombre": 3, "whist": 4, "napoleon": 5}


def plain_followable(hand: list[str], lead: str) -> list[str]:
    """マストフォロー as the rule says it: with the lead colour in hand, that colour or a free card."""
    if not any(SUIT[card] == lead for card in hand):
        return list(hand)
    return [card for card in hand if SUIT[card] == lead or is_free(card)]


def test_followable_loop_is_the_rule() -> None:
    rng = random.Random(7)
    for _ in range(5000):
        hand = rng.sample(ALL_CARDS, rng.randint(0, 14))
        for lead in NUMBER_COLOURS:
            expected = plain_followable(hand, lead)
            assert _followable_loop(hand, OF_SUIT[lead], FOLLOWERS[lead]) == expected, (hand, lead)
            assert tricks.followable(hand, lead) == expected, (hand, lead)


def test_rules_by_trump_are_rules_for() -> None:
    for variant in PLAYERS:
        rules = engine(variant).variant
        for trump in (None, *COLOURS):
            assert rules.rules_by_trump[trump] == rules_for(trump, rules.flag_beats_rare)


def test_every_card_is_one_string_object() -> None:
    """A dealt card is the very object the tables are keyed by (a lookup then skips comparing characters)."""
    canonical = {card: card for card in ALL_CARDS}
    for card in [*base_deck(), *number_cards(), *(court(c, v) for c in COLOURS for v in (11, 12))]:
        assert card is canonical[card]


def play_log(variant: str, seed: int) -> list[Any]:
    game = engine(variant)
    rng = random.Random(seed)
    state = game.setup(PLAYERS[variant], {}, seed, variant)
    log: list[Any] = []
    while not game.is_over(state):
        seat = sorted(game.to_act(state))[0]
        legal = game.legal_actions(state, seat)
        action = rng.choice(legal)
        state, events = game.apply(state, seat, action)
        log.append((seat, legal, action, events, state))
    log.append(game.outcome(state))
    return log


@pytest.mark.parametrize("variant", sorted(PLAYERS))
def test_compiled_branches_play_the_same_games(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    plain = [play_log(variant, seed) for seed in range(8)]
    monkeypatch.setattr(base, "WRAPS", True)
    monkeypatch.setattr(tricks, "WRAPS", True)
    monkeypatch.setattr(napoleon, "WRAPS", True)
    assert [play_log(variant, seed) for seed in range(8)] == plain
