"""The draft pool is kept in draft order (docs/engine-speed.md): `start_round` builds it from the set-up's
character pool and a pick only removes a card, so `draft_actions` lists it as it is instead of sorting it on
every call. Seeded games of every option check the order after every action, and that the listed picks
are those of the sorted pool (002_4e143f857986e60e.txt, '■パーティ編成(オープンドラフト)')."""

from __future__ import annotations

import random

import pytest

from games.kings.cards import character_pool
from games.kings.flow import draft
from games.kings.game import GAME


@pytest.mark.parametrize(
    ("players", "variant", "options"),
    [
        (3, "standard", {}),
        (4, "standard", {}),
        (5, "standard", {"cheerleader": "true"}),
        (4, "standard", {"cheerleader": "true", "initial_parties": "true"}),
        (2, "two-player", {}),
    ],
)
def test_the_pool_stays_in_draft_order(players: int, variant: str, options: dict[str, str]) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.setup(players, options, seed, variant)
        while not GAME.is_over(state):
            assert state.pool == sorted(state.pool, key=draft._char_rank)
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            if state.phase == "draft" and state.discard_seat < 0 and state.draft_order[0] == seat:
                picks = [a for a in legal if a.startswith("pick:")]
                if state.round != 1 or variant == "two-player":  # every card of the pool but last round's
                    banned = [] if variant == "two-player" else state.prev_chars[seat]
                    assert picks == [f"pick:{c}" for c in sorted(state.pool, key=draft._char_rank) if c not in banned]
            state, _ = GAME.apply(state, seat, rng.choice(legal))


def test_every_character_pool_is_in_draft_order() -> None:
    for players in (2, 3, 4, 5):
        for cheerleader in (False, True):
            for initial in (False, True):
                pool = list(character_pool(players, cheerleader, initial))
                assert pool == sorted(pool, key=draft._char_rank)
