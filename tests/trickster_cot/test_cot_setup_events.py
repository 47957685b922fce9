"""The oldest player is drawn at setup and announced publicly (the first Leader with 4-7 players, the
first holder of the Trickster token with 2-3), together with the first round's public Trash/Timeline and
each seat's own hand.

../shared/RULINGS.md, 'All games': "The oldest player" / "decide by any method" becomes a draw by the
table's seeded RNG, announced publicly.
"""

from __future__ import annotations

from games.core.invariants import Checker
from games.trickster.cot import GAME


def test_first_trickster_with_three_players_is_announced() -> None:
    state = GAME.setup(3, {}, seed=5)
    events = GAME.setup_events(state)
    first = events[0]
    assert first.kind == "first_drawn" and first.audience is None
    assert first.data == {"seat": state.first, "role": "trickster"}
    assert "Trickster token" in GAME.render_event(first, "en")
    assert "トリックスタートークン" in GAME.render_event(first, "ja")
    deals = [e for e in events if e.kind == "deal"]
    assert [e.audience for e in deals] == [frozenset({s}) for s in range(3)]
    assert Checker(GAME, state, 3).check_state(state, events) == []


def test_first_leader_with_five_players_is_announced() -> None:
    state = GAME.setup(5, {}, seed=9)
    events = GAME.setup_events(state)
    first = events[0]
    assert first.data == {"seat": state.first, "role": "leader"}
    names = [f"Name{s}" for s in range(5)]
    seat = names[state.first]
    assert GAME.render_event(first, "en", names=names) == f"Drawn at random: {seat} is the first Leader."
    assert seat in GAME.render_event(first, "ja", names=names)
    start = events[1]
    assert start.kind == "round_start" and start.audience is None
    assert GAME.render_event(start, "en").startswith("Round 1 begins.")
    assert Checker(GAME, state, 5).check_state(state, events) == []


def test_draft_table_announces_only_the_draw() -> None:
    state = GAME.setup(4, {"deck": "draft"}, seed=2)
    events = GAME.setup_events(state)
    assert [e.kind for e in events] == ["first_drawn"]
    assert Checker(GAME, state, 4).check_state(state, events) == []
