"""Ombre, Whist and Napoleon boards show every round's totals (a table that explains itself: "per-round tables where the game
has rounds"): one row per player (per team in Whist), one column per finished round, in both languages."""

from __future__ import annotations

import random

import pytest

from games.core.registry import get_game

NAMES = ["Alice", "Bob", "Chihiro", "Daisuke", "Emi"]


@pytest.mark.parametrize(("variant", "players"), [("ombre", 3), ("whist", 4), ("napoleon", 5)])
def test_the_board_lists_every_rounds_totals(variant: str, players: int) -> None:
    game = get_game("kings")
    state = game.setup(players, {}, 5, variant)
    rng = random.Random(1)
    rounds_seen = 0
    while not game.is_over(state):
        seat = min(game.to_act(state))
        state, events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        rounds_seen += sum(1 for e in events if e.kind in ("round_scored", "whist_round"))
    view = game.view(state, None)
    totals = view["round_totals"]
    assert len(totals) == rounds_seen >= 2 and totals[-1] == view["scores"]
    board = game.render_view(view, "en", names=NAMES[:players])
    first = "Team Alice & Chihiro" if variant == "whist" else "Alice"
    assert f"  {first}: " + " → ".join(str(r[0]) for r in totals) in board
    assert "ラウンドごと" in game.render_view(view, "ja", names=NAMES[:players])
