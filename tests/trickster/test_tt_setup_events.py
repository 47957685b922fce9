"""The first Leader is drawn at setup and announced publicly.

../shared/RULINGS.md, 'All games': "The oldest player" / "decide by any method" becomes a draw by the
table's seeded RNG, announced publicly.
"""

from __future__ import annotations

from games.core.invariants import Checker
from games.trickster.game import GAME


def test_first_leader_is_announced_publicly_in_both_languages() -> None:
    for players in (2, 4, 7):
        state = GAME.setup(players, {}, seed=11)
        events = GAME.setup_events(state)
        assert [e.kind for e in events] == ["first_leader"]
        (event,) = events
        assert event.audience is None
        assert event.data["leader"] == state.trick.leader
        assert event.data["trickster"] == state.trick.trickster
        en, ja = GAME.render_event(event, "en"), GAME.render_event(event, "ja")
        assert "first Leader" in en and f"P{state.trick.leader + 1}" in en
        assert "リーダー" in ja and f"P{state.trick.leader + 1}" in ja
        assert Checker(GAME, state, players).check_state(state, events) == []


def test_the_draw_differs_between_seeds() -> None:
    leaders = {GAME.setup_events(GAME.setup(5, {}, seed=s))[0].data["leader"] for s in range(30)}
    assert len(leaders) > 1
