"""The first start player is drawn at setup and announced publicly, with the public date cards.

../shared/RULINGS.md, 'All games': "The oldest player" / "decide by any method" becomes a draw by the
table's seeded RNG, announced publicly.
"""

from __future__ import annotations

from games.core.invariants import Checker
from games.timetrap import GAMES

GAME = GAMES[0]


def test_start_player_and_dates_are_announced_in_both_languages() -> None:
    for players in (2, 3, 4):
        state = GAME.setup(players, {}, 9)
        (event,) = GAME.setup_events(state)
        assert event.kind == "setup_drawn" and event.audience is None
        assert event.data["start"] == state.start and GAME.to_act(state) == frozenset({state.start})
        assert event.data["dates"] == GAME.view(state, None)["dates"]
        names = ["Ann", "Ben", "Cy", "Di"][:players]
        en, ja = GAME.render_event(event, "en", names=names), GAME.render_event(event, "ja", names=names)
        assert en.startswith(f"Drawn at random: {names[state.start]} is the first start player.")
        assert ja.startswith("抽選の結果") and "6日目" in ja
        # each date card by its effect, not by its id or its provisional status
        assert all(GAME.card_effect(card_id, "en") in en for card_id in state.dates)
        assert "PROVISIONAL" not in en
        assert Checker(GAME, state, players).check_state(state, [event]) == []


def test_the_start_player_differs_between_seeds() -> None:
    starts = {GAME.setup_events(GAME.setup(4, {}, s))[0].data["start"] for s in range(30)}
    assert len(starts) > 1
