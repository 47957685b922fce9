"""Voids made public by failing to follow (the strong AI): the sampler never deals a player a card the seat
knows that player cannot hold. Rulebooks: 002_4e143f857986e60e.txt '# ■トリック' (KINGs, マストフォロー),
001_156fd8ce6bcaeb20.txt 'プレー' (Capture of Dreams: follow, else trump, else anything); TIMETRAP's hands
hold only their own colour (003_3dd097fef3f40e34.txt, setup 1-2)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.core.contract import Game
from games.core.registry import get_game
from games.search import Determinizer

CONFIGS = [
    ("kings", "standard", 4),
    # KINGs two-player: a trick is complete with the second card, so the current trick never shows a void
    ("kings", "ombre", 3),
    ("kings", "whist", 4),
    ("kings", "napoleon", 5),
    ("dream-capture", None, 6),
    ("timetrap", None, 3),  # 003_3dd097fef3f40e34.txt, setup: own colour's time cards and own trap only
    ("timetrap", None, 4),
]


def _positions_with_a_void(
    game: Game[Any], players: int, variant: str | None
) -> list[tuple[Any, int, dict[Any, Any]]]:
    """(state, seat to act, its inferences) wherever the seat's view shows someone failing to follow."""
    found: list[tuple[Any, int, dict[Any, Any]]] = []
    for seed in range(1, 40):
        rng = random.Random(seed)
        state = game.setup(players, {}, seed, variant)
        steps = 0
        while not game.is_over(state) and steps < 3000 and len(found) < 12:
            seat = rng.choice(sorted(game.to_act(state)))
            hook = game.search.sample_constraints
            assert hook is not None
            known = dict(hook(game.view(state, seat), seat))
            if (
                known and len(game.legal_actions(state, seat)) > 1 and rng.random() < 0.3
            ):  # all through the game
                found.append((state, seat, known))
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            steps += 1
        if len(found) >= 12:
            break
    return found


def _hand(game: Game[Any], state: Any, seat: int) -> set[str]:
    hands = game.to_json(state)["hands"]
    assert isinstance(hands, list)
    return {str(c) for c in hands[seat]}


@pytest.mark.parametrize(("game_id", "variant", "players"), CONFIGS)
def test_a_player_who_failed_to_follow_is_never_dealt_the_suit_again(
    game_id: str, variant: str | None, players: int
) -> None:
    game = get_game(game_id)
    positions = _positions_with_a_void(game, players, variant)
    assert positions, "random play shows someone failing to follow"
    for state, seat, known in positions:
        sampler = Determinizer(game, state, seat)
        for (_, other), cards in known.items():
            assert other != seat
            assert not _hand(game, state, other) & cards  # the inference is true of the real table
        for k in range(25):
            sample = sampler.draw(random.Random(k))
            for (_, other), cards in known.items():
                assert not _hand(game, sample, other) & cards, (
                    other,
                    sorted(_hand(game, sample, other) & cards),
                )


def test_dream_capture_reads_follow_then_trump_then_anything() -> None:
    from games.dream_capture.inference import sample_constraints

    view: dict[str, Any] = {
        "phase": "play",
        "trick": [[4, "s5"], [3, "t7"], [2, "h2"], [0, "s9"]],
        "last_trick": [],
    }
    known = sample_constraints(view, 0)
    assert (
        "s1" in known[("hands", 3)] and "t8" not in known[("hands", 3)]
    )  # trumped: no spade, trumps possible
    assert {"s1", "t8"} <= known[("hands", 2)]  # neither followed nor trumped: no spade, no trump
    assert ("hands", 4) not in known and ("hands", 0) not in known  # the leader and the seat itself


def test_kings_free_cards_and_the_black_queen_prove_nothing() -> None:
    from games.kings.inference import sample_constraints

    view: dict[str, Any] = {
        "variant": "whist",
        "trick": [[1, "r5", False, ""], [2, "flag1", False, ""], [3, "g4", False, "k"], [0, "b7", False, ""]],
    }
    known = sample_constraints(view, 2)
    assert set(known) == {("hands", 0)} and "r9" in known[("hands", 0)] and "b9" not in known[("hands", 0)]


@pytest.mark.parametrize("players", [3, 4])
def test_timetrap_hands_hold_their_own_colour_until_a_card_may_have_passed_unseen(players: int) -> None:
    """003_3dd097fef3f40e34.txt: a hand holds its own colour's time cards; only a played 5 on a Y1 day
    (draw) or a 3 on a Y2 day (give) passes a card privately. At every point of whole games the inference
    is true of the real table, and it still holds after a Y1/Y2 day whose number nobody played."""
    from games.timetrap.inference import sample_constraints

    game = get_game("timetrap")
    kept_past_a_quiet_day = 0
    for seed in range(40):
        state = game.setup(players, {"dates": "B1,Y1,B3,Y2,B5,Y3"}, seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            seat = next(iter(game.to_act(state)))
            view = game.view(state, seat)
            known = sample_constraints(view, seat)
            for (_, other), cards in known.items():
                assert not _hand(game, state, other) & cards
            if known and int(str(view["day"])) > 2:
                kept_past_a_quiet_day += 1
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert kept_past_a_quiet_day  # some games got past day 2 (Y1) without a 5 played that day
