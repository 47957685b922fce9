"""The first dealer is drawn at setup and announced publicly.

../shared/RULINGS.md, 'All games': "The oldest player" / "decide by any method" becomes a draw by the
table's seeded RNG, announced publicly.
"""

from __future__ import annotations

from games.core.invariants import Checker
from games.dream_capture import GAMES

GAME = GAMES[0]


def test_first_dealer_is_announced_publicly_in_both_languages() -> None:
    state = GAME.setup(6, {}, 5)
    (event,) = GAME.setup_events(state)
    assert event.kind == "dc_first_dealer" and event.audience is None
    assert event.data == {"dealer": state.first_dealer, "leader": state.leader}
    en, ja = GAME.render_event(event, "en"), GAME.render_event(event, "ja")
    assert en.startswith("Drawn at random:") and "first dealer" in en
    assert ja.startswith("抽選の結果") and "ディーラー" in ja
    assert Checker(GAME, state, 6).check_state(state, [event]) == []


def test_the_dealer_differs_between_seeds() -> None:
    dealers = {GAME.setup_events(GAME.setup(6, {}, s))[0].data["dealer"] for s in range(30)}
    assert len(dealers) > 1
