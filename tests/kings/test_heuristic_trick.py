"""The heuristic's "would this card win the trick?" (games/kings/ai.py `_winning_test`) is read on the
engine's plain trick entries, for speed: the search's playouts ask it for every card of every decision.
It must give the answer of the rulebook's order as `tricks.winner` states it with Strength objects
(002_4e143f857986e60e.txt, '# ■トリック', '■キング': king > rare > black > lead colour > other colours >
white flag), or the AI seats would play differently from what their docs and measurements say."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.core.contract import ViewThunk
from games.kings import tricks
from games.kings.ai import _winning_test, heuristic_policy
from games.kings.cards import Colour, card_colour, character_of
from games.kings.game import GAME
from games.tools.simulate import play_one


def _reference(v: Mapping[str, Any], seat: int, action: str) -> bool:
    """The trick read with Strength objects and `tricks.winner` (the heuristic's code before it was made
    fast)."""
    parts = action.split(":")
    card = parts[1]
    me = v["seats"][seat]
    up = [character_of(c).value for c in me["chars"] if c not in (me["bids"] or [])]
    queen = "q" in parts[2:]
    king = next((p[1:] for p in parts[2:] if p.startswith("k")), "")
    mine = tricks.strength_of(
        card,
        king=bool(king),
        white_queen=queen and me["king"] == "w",
        blue_queen=queen and me["king"] == "b",
        switch="s" in parts[2:],
        samurai="samurai" in up,
    )
    played = [tricks.Strength(tricks.Power(e["p"]), Colour(e["col"]) if e["col"] else None, e["n"]) for e in v["trick"]]
    lead = v["lead_colour"] or (str(card_colour(card)) if card_colour(card) and not queen else "")
    return tricks.winner([*played, mine], Colour(lead) if lead else None) == len(played)


@pytest.mark.parametrize(("players", "variant", "options"), [
    (2, "two-player", {}),
    (4, "standard", {"cheerleader": "true"}),
    (5, "standard", {"initial_parties": "true"}),
])
def test_would_win_matches_the_rulebook_order_in_heuristic_games(
    players: int, variant: str, options: dict[str, str]
) -> None:
    asked = 0

    def recording(view: ViewThunk, legal: Sequence[str], rng: random.Random) -> str:
        nonlocal asked
        plays = [a for a in legal if a.startswith("play:")]
        if plays:
            v = view()
            seat = int(v["seat"])
            wins = _winning_test(v, seat)
            for action in plays:
                assert wins(action) == _reference(v, seat, action), (action, v["trick"])
                asked += 1
        return heuristic_policy(view, legal, rng)

    for seed in range(6):
        run = play_one(GAME, players, [recording] * players, seed, options, variant, check=False)
        assert run.violations == []
    assert asked > 300  # kings, queens, switches and plain cards were all asked about


_CARD_ENTRY = st.one_of(
    st.just({"p": 3, "col": "", "n": 0}),
    st.just({"p": 2, "col": "", "n": 0}),
    st.just({"p": 0, "col": "", "n": 0}),
    st.builds(lambda col, n: {"p": 1, "col": col, "n": n}, st.sampled_from("krbg"), st.integers(1, 10)),
)


@given(st.lists(_CARD_ENTRY, min_size=1, max_size=6), st.sampled_from(["", "k", "r", "b", "g"]))
def test_entry_winner_is_winner_on_plain_entries(trick: list[dict[str, Any]], lead: str) -> None:
    """The engine's and the heuristic's fast trick winner agrees with `tricks.winner` on every trick."""
    strengths = [tricks.Strength(tricks.Power(e["p"]), Colour(e["col"]) if e["col"] else None, e["n"]) for e in trick]
    assert tricks.entry_winner(trick, lead) == tricks.winner(strengths, Colour(lead) if lead else None)
