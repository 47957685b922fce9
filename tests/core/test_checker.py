"""The invariant checker used by `python -m games simulate` catches each kind of engine bug.

If these fail, every game's "0 violations" would mean nothing.
"""

from typing import Any

from games.core.contract import Event
from games.core.policy import random_policy
from games.tools.simulate import play_one, replay, win_share
from tests.core.toy_game import ToyGame


def _violations(game: ToyGame, players: int = 3) -> list[str]:
    return play_one(game, players, [random_policy] * players, seed=5).violations


def test_a_correct_game_has_no_violations_and_replays_from_its_log() -> None:
    game = ToyGame()
    run = play_one(game, 3, [random_policy] * 3, seed=5)
    assert run.violations == []
    assert run.outcome is not None
    assert game.is_over(replay(game, 3, 5, run.log))


class LeakyView(ToyGame):
    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {**super().view(state, seat), "peek": state["hands"][(0 if seat is None else seat + 1) % 3]}


class LeakyEvent(ToyGame):
    def apply(self, state: dict[str, Any], seat: int, action: str) -> tuple[dict[str, Any], list[Event]]:
        new, events = super().apply(state, seat, action)
        other = new["hands"][(seat + 1) % len(new["hands"])]
        return new, [*events, Event("gossip", {"text": f"next holds {','.join(other)}"})]


class Mutating(ToyGame):
    def apply(self, state: dict[str, Any], seat: int, action: str) -> tuple[dict[str, Any], list[Event]]:
        new, events = super().apply(state, seat, action)
        state["turn"] = 99
        return new, events


class LosesCards(ToyGame):
    def all_cards(self, state: dict[str, Any]) -> list[str]:
        return [c for h in state["hands"] for c in h]


def test_checker_catches_a_hidden_card_in_a_view() -> None:
    assert any("view of seat" in v for v in _violations(LeakyView()))


def test_checker_catches_a_hidden_card_inside_event_text() -> None:
    assert any("event gossip" in v for v in _violations(LeakyEvent()))


def test_checker_catches_apply_mutating_its_input() -> None:
    assert any("mutated" in v for v in _violations(Mutating()))


def test_checker_catches_cards_not_conserved() -> None:
    assert any("not conserved" in v for v in _violations(LosesCards()))


def test_win_share_splits_shared_first_place() -> None:
    from games.core.contract import Outcome

    outcome = Outcome((1, 1, 3), (0.0, 0.0, 0.0))
    assert win_share(outcome, [0]) == 0.5
    assert win_share(outcome, [2]) == 0.0
    team = Outcome((1, 2, 1, 2), (0.0,) * 4, teams=((0, 2), (1, 3)))
    assert win_share(team, [0, 2]) == 1.0
    assert win_share(team, [1, 3]) == 0.0
