"""The KINGs board shows every round's totals (a table that explains itself: "per-round tables where the game has rounds"):
after the game, each person's totals after rounds 1, 2 and 3, the last one being their final score."""

from __future__ import annotations

import random

from games.core.registry import get_game


def test_the_board_lists_each_persons_totals_round_by_round_in_both_languages() -> None:
    game = get_game("kings")
    state = game.setup(4, {}, 5)
    rng = random.Random(1)
    while not game.is_over(state):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    view = game.view(state, None)
    totals = view["round_totals"]
    assert len(totals) == 3
    assert totals[-1] == [seat["score"] for seat in view["seats"]]
    names = ["Alice", "Bob", "Chihiro", "Daisuke"]
    board = game.render_view(view, "en", names=names)
    assert "Totals after each round (most points wins):" in board
    for seat, name in enumerate(names):
        assert f"  {name}: " + " → ".join(str(r[seat]) for r in totals) in board
    assert "ラウンドごとの合計" in game.render_view(view, "ja", names=names)
