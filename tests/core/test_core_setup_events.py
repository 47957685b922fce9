"""Setup events (Game.setup_events) are leak-checked like any other event.

../shared/RULINGS.md, 'All games': setup draws are announced publicly; an announcement must never show a
seat a card hidden from it, so `play_one` checks them right after setup.
"""

from typing import Any

from games.core.contract import Event
from games.core.policy import random_policy
from games.tools.simulate import play_one
from tests.core.toy_game import ToyGame


class AnnouncesFirst(ToyGame):
    """Announces the first player publicly and each seat's own hand privately: no leak."""

    def setup_events(self, state: dict[str, Any]) -> list[Event]:
        public = Event("first_player", {"seat": state["turn"]})
        own = [Event("deal", {"hand": list(h)}, frozenset({s})) for s, h in enumerate(state["hands"])]
        return [public, *own]


class AnnouncesHands(ToyGame):
    """Bug: announces seat 0's hand to everyone at setup."""

    def setup_events(self, state: dict[str, Any]) -> list[Event]:
        return [Event("deal", {"hand": list(state["hands"][0])})]


def test_the_default_announces_nothing() -> None:
    game = ToyGame()
    assert game.setup_events(game.setup(3)) == []


def test_public_and_own_seat_setup_events_pass_the_checker() -> None:
    assert play_one(AnnouncesFirst(), 3, [random_policy] * 3, seed=5).violations == []


def test_a_hidden_card_in_a_setup_event_is_caught() -> None:
    violations = play_one(AnnouncesHands(), 3, [random_policy] * 3, seed=5).violations
    assert any("event deal shows seat 1 hidden cards" in v for v in violations)
