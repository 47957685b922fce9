"""The variants' set-up draws are announced publicly: Whist's first picker and Ombre's first auction
start player. Napoleon draws nobody (everyone bids at once), so it announces nothing.

../shared/RULINGS.md, 'All games': "The oldest player" / "decide by any method" becomes a draw by the
table's seeded RNG, announced publicly.
"""

from __future__ import annotations

from games.core.invariants import Checker
from games.kings import GAMES

GAME = GAMES[0]


def test_whist_first_picker_is_announced() -> None:
    state = GAME.setup(4, {}, 3, "whist")
    (event,) = GAME.setup_events(state)
    assert event.kind == "first_picker" and event.audience is None
    assert GAME.to_act(state) == frozenset({event.data["seat"]})
    assert GAME.render_event(event, "en").startswith("Drawn at random:")
    assert GAME.render_event(event, "ja").startswith("抽選の結果")
    assert Checker(GAME, state, 4).check_state(state, [event]) == []


def test_ombre_auction_start_is_announced() -> None:
    state = GAME.setup(3, {}, 3, "ombre")
    (event,) = GAME.setup_events(state)
    assert event.kind == "auction_start" and event.audience is None
    assert GAME.to_act(state) == frozenset({event.data["turn"]})
    assert "starts the auction" in GAME.render_event(event, "en")
    assert "オークション" in GAME.render_event(event, "ja")
    assert Checker(GAME, state, 3).check_state(state, [event]) == []


def test_napoleon_announces_nothing() -> None:
    assert GAME.setup_events(GAME.setup(5, {}, 3, "napoleon")) == []
