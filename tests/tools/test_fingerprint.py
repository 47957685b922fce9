"""The behaviour fingerprint (games/tools/fingerprint.py) that speed changes are checked against.

It is only useful if it is stable for an unchanged engine and moves when anything a seat could observe
changes: an event's wording, a hidden card in a view, the order of legal actions.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.core.contract import Event
from games.core.registry import get_game
from games.tools.fingerprint import fingerprint, main
from games.trickster.game import Trickster


class _RenamedEvent(Trickster):
    """Trickster whose 'play' events carry one extra key: a change every seat would see."""

    def apply(self, state: Any, seat: int, action: str) -> tuple[Any, list[Event]]:
        new_state, events = super().apply(state, seat, action)
        return new_state, [Event(e.kind, {**e.data, "x": 1}, e.audience) if e.kind == "play" else e for e in events]


class _ReversedLegal(Trickster):
    """Trickster that lists the same legal actions in the opposite order (a front end would show it)."""

    def legal_actions(self, state: Any, seat: int) -> list[str]:
        return list(reversed(super().legal_actions(state, seat)))


def test_same_engine_same_digest_and_more_games_a_different_one() -> None:
    game = get_game("trickster")
    first = fingerprint(game, [3], 4)
    assert fingerprint(game, [3], 4) == first
    assert fingerprint(game, [3], 5)["sha256"] != first["sha256"]
    assert first["games"] == 4 and first["actions"] > 0


@pytest.mark.parametrize("changed", [_RenamedEvent(), _ReversedLegal()])
def test_a_change_a_seat_could_observe_changes_the_digest(changed: Trickster) -> None:
    assert fingerprint(changed, [4], 3)["sha256"] != fingerprint(get_game("trickster"), [4], 3)["sha256"]


def test_command_line_prints_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["timetrap", "--players", "2,3", "--games", "2"]) == 0
    line = json.loads(capsys.readouterr().out)
    assert line["game"] == "timetrap" and line["players"] == [2, 3] and len(line["sha256"]) == 64


def test_python_m_games_fingerprint_prints_the_same_digest(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m games fingerprint` is the command on both builds (a compiled module cannot be run with -m:
    `python -m games.tools.fingerprint` fails on the compiled build), and it prints the same line."""
    import json

    from games.tools.cli import main as games_main

    assert main(["kings", "--variant", "ombre", "--players", "3", "--games", "2"]) == 0
    direct = json.loads(capsys.readouterr().out)
    assert games_main(["fingerprint", "kings", "--variant", "ombre", "--players", "3", "--games", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == direct
