"""Game records: a table's record exported (bot/tables/replays.record), replayed by `python -m games replay`
to the same outcome; a record with a changed action, from a version whose rules changed, not JSON or not
ours is refused in one line (English and Japanese); a record exported while the game runs holds only what
its requester could see."""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from replaytools import played, variants

from bot.tables import replays
from games.core.invariants import leaked, tokens_of
from games.core.record import RecordError, loads, summary, verify
from games.tools import replay as replay_cli
from games.tools.cli import main as games_main


def _run(path: Path, *extra: str, answers: list[str] | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    args = argparse.Namespace(file=str(path), step="--step" in extra, lang="ja" if "ja" in extra else "en")
    feed = iter(answers or [])
    real_err = sys.stderr
    sys.stderr = err
    try:
        code = replay_cli.run(args, ask=lambda _prompt: next(feed, "q"), out=out)
    finally:
        sys.stderr = real_err
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(("game_id", "variant", "players"), variants()[::2])
def test_a_finished_games_record_replays_to_the_same_outcome(
    tmp_path: Path, game_id: str, variant: str, players: int
) -> None:
    game, info, rows, final = played(game_id, variant, players)
    record = replays.record(game, info, None, rows, replays.EVERY_SEAT)
    assert record.complete and record.seed == info.seed and len(record.actions) == len(rows)
    path = tmp_path / "game.json"
    path.write_text(record.dumps(), encoding="utf-8")
    code, out, err = _run(path)
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == f"Verified: {len(rows)} actions replay to the stored outcome."
    _, _, outcome = verify(loads(path.read_bytes()))
    assert outcome == game.outcome(final)
    assert "Ann" in summary(record) and "Result:" in summary(record)


def test_the_command_line_replays_a_record_file(tmp_path: Path) -> None:
    game, info, rows, _ = played("timetrap", "standard", 3)
    path = tmp_path / "t.json"
    path.write_text(replays.record(game, info, None, rows, replays.EVERY_SEAT).dumps(), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "games", "replay", str(path)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "Verified:" in done.stdout
    assert games_main(["replay", str(path)]) == 0


def test_stepping_a_record_shows_the_table_after_each_trick(tmp_path: Path) -> None:
    game, info, rows, _ = played("kings", "standard", 3)
    path = tmp_path / "k.json"
    path.write_text(replays.record(game, info, None, rows, replays.EVERY_SEAT).dumps(), encoding="utf-8")
    steps = len(replays.build(game, info, None, rows).steps)
    code, out, _ = _run(path, "--step", answers=[""] * 1000)
    assert code == 0
    boards = out.count("Round")  # the board text of every step names the round
    assert boards >= steps - 1
    code, stopped, _ = _run(path, "--step", answers=["", "q"])
    assert code == 0 and stopped.count("Round") < boards


def test_a_record_with_a_changed_action_is_refused_naming_the_first_action_that_no_longer_applies(
    tmp_path: Path,
) -> None:
    game, info, rows, _ = played("trickster", "standard", 3)
    raw = json.loads(replays.record(game, info, None, rows, replays.EVERY_SEAT).dumps())
    raw["actions"][9]["action"] = "play:no-such-card"
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    code, out, err = _run(path)
    assert code == 2 and "Verified" not in out
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Record refused: action #10 (")
    assert "play:no-such-card" in lines[0]
    code, _, err_ja = _run(path, "ja")
    assert code == 2 and "手 #10" in err_ja
    # a legal but different choice: the first later action that no longer applies, or another outcome
    raw = json.loads(replays.record(game, info, None, rows, replays.EVERY_SEAT).dumps())
    state = game.setup(3, {}, info.seed, info.variant)
    for row in rows[:4]:
        state, _ = game.apply(state, row.seat, row.action)
    other = next(a for a in game.legal_actions(state, rows[4].seat) if a != rows[4].action)
    raw["actions"][4]["action"] = other
    with pytest.raises(RecordError) as refused:
        verify(loads(json.dumps(raw)))
    assert refused.value.code in ("record.action_refused", "record.outcome_differs")
    # from another version: the same line says the rules changed since
    raw["engine"] = "0.0.1"
    raw["actions"][4]["action"] = "play:no-such-card"
    with pytest.raises(RecordError) as changed:
        verify(loads(json.dumps(raw)))
    assert changed.value.message("en").startswith("This record was played with Tricktable 0.0.1; the rules changed")
    assert "#5" in changed.value.message("en") and "#5" in changed.value.message("ja")


@pytest.mark.parametrize(
    ("content", "en", "ja"),
    [
        (b"\x89PNG not json", "This file is not a game record: it is not JSON", "JSONではありません"),
        (b'{"game": "kings", "moves": []}', "This file is not a Tricktable game record", "Tricktableの対局記録"),
        (b'{"format": "tricktable-record", "game": 3}', "This file is not a Tricktable game record", "記録ではありません"),
        (b"[1, 2]", "This file is not a Tricktable game record", "記録ではありません"),
    ],
)
def test_a_file_that_is_not_a_record_is_refused_in_one_line(tmp_path: Path, content: bytes, en: str, ja: str) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(content)
    for lang, wanted in (("en", en), ("ja", ja)):
        code, out, err = _run(path, lang)
        assert code == 2 and out == ""
        assert len(err.strip().splitlines()) == 1 and wanted in err


@pytest.mark.parametrize(("game_id", "variant", "players"), variants()[::2])
def test_a_record_exported_while_the_game_runs_holds_only_what_the_requester_could_see(
    tmp_path: Path, game_id: str, variant: str, players: int
) -> None:
    game, info, rows, _ = played(game_id, variant, players)
    game, info, rows, _ = played(game_id, variant, players, stop=len(rows) // 2)
    for who in [*range(players), None]:
        record = replays.record(game, info, None, rows, who)
        raw = record.to_json()
        assert raw["seed"] is None and raw["outcome"] is None and not record.complete
        assert len(record.actions) == len(rows)
        _only_what_was_seen(game, info, rows, record, who)
        path = tmp_path / f"partial-{who}.json"
        path.write_text(record.dumps(), encoding="utf-8")
        code, out, err = _run(path)
        assert (code, err) == (0, "") and "can be read but not replayed" in out
    hidden = [a for a in replays.record(game, info, None, rows, 0).actions if a.action is None]
    secret_games = {"kings", "trickster", "trickster-cot", "dream-capture"}
    assert hidden or game_id not in secret_games or variant in ("ombre", "whist")


def _only_what_was_seen(game: Any, info: Any, rows: list[Any], record: Any, who: int | None) -> None:
    """Every card an action in the record names was one `who` could see right then: in an event shown to
    it or in its view after the action (its own actions all kept)."""
    state = game.setup(len(info.seats), dict(info.options), info.seed, info.variant)
    for row, kept in zip(rows, record.actions, strict=True):
        hidden_before = game.hidden_from(state, who)
        state, events = game.apply(state, row.seat, row.action)
        if row.seat == who:
            assert kept.action == row.action
            continue
        if kept.action is None:
            continue
        seen = json.dumps([dict(e.data) for e in events if e.visible_to(who)]) + json.dumps(game.view(state, who))
        named = leaked(hidden_before | game.hidden_from(state, who), kept.action)
        assert not named or named <= tokens_of(seen), (row.seq, kept.action)


def test_a_record_where_the_server_keeps_hands_hidden_is_the_seats_own(tmp_path: Path) -> None:
    game, info, rows, _ = played("kings", "napoleon", 5)
    record = replays.record(game, info, None, rows, 2)
    assert record.seed is None and record.outcome is not None and record.viewer == "Cy"
    assert replace(record, seed=info.seed).complete is False  # the hidden actions stay hidden
    _only_what_was_seen(game, info, rows, record, 2)
