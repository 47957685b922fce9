"""Replays of every game and variant, from the action log by the pure replay (bot/tables/replays.py):
a finished game steps from the deal through every trick to its final board; a replay opened mid-game
shows every seat and a spectator only what they could see at each step (the live table's leak checks);
after the game every hand is shown, or, with the server's replay reveals off, again only a seat's own."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from replaytools import played, variants

from bot import render
from bot.art import board_scene, leaks, replay_scene
from bot.tables import replays
from bot.tables.errors import TableError
from bot.tables.models import TableStatus
from games.core.invariants import leaked

ALL = variants()


def _scene(replay: replays.Replay, index: int, who: replays.Viewer) -> dict[str, Any]:
    view = replays.step_view(replay, index, who)
    names = render.names_of(replay.info)
    caption = replays.caption(view, "en")
    return replay_scene(view.public, view.hands, "en", names, caption, view.every_hand, view.trick)


def _checked_steps(replay: replays.Replay, who: int | None) -> None:
    """Every step's picture, log lines and views name no card hidden from `who` at that step."""
    game, names = replay.game, render.names_of(replay.info)
    for step in replay.steps:
        hidden = game.hidden_from(step.state, who)
        view = replays.step_view(replay, step.index, who)
        assert all(e.visible_to(who) for e in view.events)
        assert not view.every_hand and [s for s, _ in view.hands] == ([] if who is None else [who])
        assert not leaks(_scene(replay, step.index, who), hidden), (step.index, who)
        assert not leaked(hidden, [dict(v) for _, v in view.hands] + [dict(view.public)])
        for lang in ("en", "ja"):
            text = [render.event_text(game, e, lang, names) for e in view.events]
            assert not leaked(hidden, text), (step.index, who, lang)


@pytest.mark.parametrize(("game_id", "variant", "players"), ALL)
def test_a_finished_game_steps_from_the_deal_through_every_trick_to_the_final_board(
    game_id: str, variant: str, players: int
) -> None:
    game, info, rows, final = played(game_id, variant, players)
    replay = replays.build(game, info, None, rows)
    steps = replay.steps
    # every action in exactly one step, in order; the first step is the deal, the last the final board
    assert steps[0].first_seq == 0 and steps[0].last_seq == 0
    covered = [seq for s in steps[1:] for seq in range(s.first_seq, s.last_seq + 1)]
    assert covered == [r.seq for r in rows]
    last = replays.step_view(replay, len(steps) - 1, replays.EVERY_SEAT)
    assert json.dumps(game.to_json(steps[-1].state)) == json.dumps(game.to_json(final))
    assert last.public == game.view(final, None)
    pictured = _scene(replay, len(steps) - 1, None)["rows"]
    board = board_scene(game.view(final, None), "en", render.names_of(info))["rows"]
    extra = len(pictured) - len(board)
    assert pictured[extra:] == board and extra in (0, 1)  # (and the last trick, where the table gathered it)
    # a step that closed a trick shows its cards together, also where the table gathered them already
    for step in steps:
        view = replays.step_view(replay, step.index, None)
        if view.trick:
            shown = [{c.get("id") for c in r["cards"]} for r in _scene(replay, step.index, None)["rows"]]
            assert set(view.trick) in shown
    # one step per trick and per setup part, not per card: each step closes on one of the game's marks
    marks = game.replay.steps
    for step in steps[1:-1]:
        assert any(e.kind in marks for e in step.events if e.audience is None)
    assert len(steps) < len(rows)
    assert [s.round for s in steps] == sorted(s.round for s in steps)
    assert [r for r, _ in replays.rounds(replay)] == list(range(1, steps[-1].round + 1))
    # after the game every seat's hand is shown, with each seat's name
    middle = replays.step_view(replay, len(steps) // 2, replays.EVERY_SEAT)
    assert middle.every_hand and [s for s, _ in middle.hands] == list(range(players))
    labels = " ".join(r["label"] for r in _scene(replay, len(steps) // 2, replays.EVERY_SEAT)["rows"])
    assert all(f"{name}'s hand" in labels for name in render.names_of(info))


@pytest.mark.parametrize(("game_id", "variant", "players"), ALL)
def test_a_replay_opened_mid_game_shows_each_seat_and_a_spectator_only_what_they_could_see(
    game_id: str, variant: str, players: int
) -> None:
    game, info, rows, _ = played(game_id, variant, players)
    game, info, rows, now = played(game_id, variant, players, stop=len(rows) // 2)
    assert info.status is TableStatus.PLAYING
    replay = replays.build(game, info, None, rows)
    assert replay.steps[-1].last_seq == len(rows) and replay.outcome is None
    assert json.dumps(game.to_json(replay.steps[-1].state)) == json.dumps(game.to_json(now))
    for who in [*range(players), None]:
        # nobody gets every hand while the game runs, whatever the server's setting
        assert replays.viewer(info, None if who is None else 100 + who, reveals=True) == who
        _checked_steps(replay, who)


@pytest.mark.parametrize(("game_id", "variant", "players"), ALL[::3])
def test_with_replay_reveals_off_a_finished_game_shows_a_seat_only_what_it_saw(
    game_id: str, variant: str, players: int
) -> None:
    game, info, rows, _ = played(game_id, variant, players, seed=11)
    replay = replays.build(game, info, None, rows)
    assert replays.viewer(info, 100, reveals=True) == replays.EVERY_SEAT
    for who in [*range(players), None]:
        assert replays.viewer(info, None if who is None else 100 + who, reveals=False) == who
        _checked_steps(replay, who)


def test_a_log_that_no_longer_replays_is_refused_not_shown() -> None:
    game, info, rows, _ = played("kings", "standard", 3)
    bad = [*rows[:5], replace(rows[5], action="play:nonsense"), *rows[6:]]
    with pytest.raises(TableError) as err:
        replays.build(game, info, None, bad)
    assert err.value.code == "replay_unavailable"
    replay = replays.build(game, info, None, rows)
    with pytest.raises(TableError) as err:
        replays.step_view(replay, len(replay.steps), None)
    assert err.value.code == "replay_old_step"


def test_a_replay_is_shown_only_on_its_own_server_and_only_of_a_played_game() -> None:
    _, info, _, _ = played("timetrap", "standard", 2)
    replays.check_replayable(info, info.guild_id)
    replays.check_replayable(info, None)
    for changed, code in (
        ({"guild_id": 999}, "replay_not_here"),
        ({"status": TableStatus.CANCELLED, "version": 0}, "replay_not_played"),
        ({"status": TableStatus.LOBBY, "version": 0}, "replay_not_played"),
    ):
        with pytest.raises(TableError) as err:
            replays.check_replayable(replace(info, **changed), info.guild_id)
        assert err.value.code == code
        assert err.value.message("ja") != err.value.message("en")
