"""Replays and game records through the fake Discord (bot/discord_bot/replays.py, game_records.py): the
Replay button on the final result opens one private message (one click) that steps through the game with
⏮ ◀ ▶ ⏭ and a round list (one click a step), its picture showing every hand after the game, or only the
viewer's own when the server turned replay reveals off; a replay opened mid-game shows each seat and a
spectator only what they could see then; /history file:True attaches the record `python -m games
replay` verifies; bad input gets one localized line and changes nothing."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bot import art
from bot.tables import PlayerRef, TableStatus
from games.core.invariants import leaked
from games.core.record import loads, verify
from tests.discord import fake_discord
from tests.discord.fake_discord import FakeMessage, FakeUser
from tests.discord.harness import Harness
from tests.discord.play import Table, fix_table_seed, open_table, play_until

MEDIA_GALLERY = 12
STEP = re.compile(r"step (\d+)/(\d+)|ステップ (\d+)/(\d+)")


class Drawn:
    """Every replay scene drawn, and every file uploaded (multipart parts)."""

    def __init__(self) -> None:
        self.scenes: list[dict[str, Any]] = []
        self.files: list[tuple[str, bytes]] = []


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    found = Drawn()
    draw = art.replay_scene

    def recording(*args: Any, **kwargs: Any) -> dict[str, Any]:
        scene = draw(*args, **kwargs)
        found.scenes.append(scene)
        return scene

    monkeypatch.setattr(art, "replay_scene", recording)
    original_form = fake_discord._json_from_form

    def reading_files(form: Any) -> dict[str, Any]:
        for part in form:
            if str(part.get("name", "")).startswith("files["):
                value = part["value"]
                data = value.getvalue() if hasattr(value, "getvalue") else bytes(value)
                found.files.append((str(part.get("filename")), data))
        return original_form(form)

    monkeypatch.setattr(fake_discord, "_json_from_form", reading_files)
    return found


def pictures_of(message: FakeMessage) -> list[str]:
    stack, out = list(message.components), list[str]()
    while stack:
        comp = stack.pop(0)
        if comp.get("type") == MEDIA_GALLERY:
            out.extend(item["media"]["url"] for item in comp.get("items", []))
        stack.extend(comp.get("components", []))
    return out


def step_of(message: FakeMessage) -> tuple[int, int]:
    found = STEP.search(message.text())
    assert found is not None, message.text()[:300]
    numbers = [int(g) for g in found.groups() if g is not None]
    return numbers[0], numbers[1]


def button(message: FakeMessage, label: str) -> dict[str, Any]:
    return next(b for b in message.buttons() if b.get("label") == label)


async def finished_table(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> tuple[Table, FakeUser, FakeUser]:
    fix_table_seed(monkeypatch, 31)
    alice, bob = harness.fake.add_user("alice", admin=True), harness.fake.add_user("bob", locale="ja")
    await harness.start_bot()
    table = await open_table(harness, [alice, bob], ai=1, game="timetrap", options="")
    await play_until(table, lambda t: False, limit=500)
    assert table.over()
    return table, alice, bob


table_steps: dict[int, tuple[Any, ...]] = {}


async def pure_steps(harness: Harness, table: Table) -> tuple[Any, ...]:
    replay, _ = await harness.service.replay(table.id, None, fake_discord.GUILD_ID)
    table_steps[table.id] = replay.steps
    return replay.steps


async def test_the_final_results_replay_button_steps_through_the_game_showing_every_hand(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, drawn: Drawn
) -> None:
    table, alice, _ = await finished_table(harness, monkeypatch)
    board = table.board()
    replay_id = button(board, "Replay")["custom_id"]
    assert replay_id == f"rp:{table.id}:0:o"
    before = len(harness.fake.messages)
    rec = await harness.click(alice, board, replay_id)  # one click opens it
    assert len(harness.fake.messages) == before + 1
    message = harness.last_reply(rec)
    assert message.visibility.kind == "ephemeral" and message.visibility.user_id == alice.id
    assert f"Replay of table #{table.id}" in message.text() and "every hand is shown" in message.text()
    assert pictures_of(message) == ["attachment://replay.png"]
    assert drawn.files[-1][0] == "replay.png" and drawn.files[-1][1][:8] == b"\x89PNG\r\n\x1a\n"
    index, count = step_of(message)
    assert index == 1 and count == len(await pure_steps(harness, table)) and count > 3
    names = [s.name for s in harness.service._tables[table.id].info.seats]
    labels = " ".join(r["label"] for r in drawn.scenes[-1]["rows"])
    assert all(f"{name}'s hand" in labels for name in names)
    # each step is one more click, editing the same private message (no new message)
    for wanted in range(2, 5):
        await harness.click(alice, message, button(message, "▶")["custom_id"])
        assert step_of(message) == (wanted, count)
    await harness.click(alice, message, button(message, "⏭")["custom_id"])
    assert step_of(message) == (count, count) and button(message, "▶").get("disabled")
    await harness.click(alice, message, button(message, "◀")["custom_id"])
    assert step_of(message) == (count - 1, count)
    select = next(s for s in message.selects() if s["custom_id"] == f"rq:{table.id}")
    target = select["options"][1]
    await harness.click(alice, message, select["custom_id"], [target["value"]])
    assert step_of(message) == (int(target["value"]) + 1, count)
    await harness.click(alice, message, button(message, "⏮")["custom_id"])
    assert step_of(message) == (1, count)
    assert len(harness.fake.messages) == before + 1
    # custom ids carry the table, the step and the button only
    assert all(re.fullmatch(r"rp:\d+:\d+:[fpnl]|rq:\d+", cid) for cid in message.custom_ids())
    # the last step is the final board (and the scene of the last step was drawn from the final view)
    live = harness.service._tables[table.id]
    await harness.click(alice, message, button(message, "⏭")["custom_id"])
    assert drawn.scenes[-1]["rows"][: len(art.board_scene(live.game.view(live.state, None))["rows"])] == (
        art.board_scene(live.game.view(live.state, None), "en", names)["rows"]
    )
    # the harness counts a card still hidden in the final state as a leak anywhere; after the game this
    # replay shows every hand on purpose (replay reveals on), and nothing else showed one
    assert harness.leaks and all(f"in message {message.id} (ephemeral)" in leak for leak in harness.leaks)


async def test_with_replay_reveals_off_a_finished_replay_shows_a_seat_only_what_it_saw(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, drawn: Drawn
) -> None:
    table, alice, bob = await finished_table(harness, monkeypatch)
    rec = await harness.cmd(alice, "settings server", replay_reveals=False)
    assert "each sees only what their seat saw" in harness.last_reply(rec).text()
    assert await harness.service.replay_reveals(fake_discord.GUILD_ID) is False
    rec = await harness.cmd(bob, "replay", table=table.id)
    message = harness.last_reply(rec)
    assert "bob" in message.text() and "全員の手札" not in message.text()
    replay_steps = await pure_steps(harness, table)
    live = harness.service._tables[table.id]
    for _ in range(len(replay_steps) + 1):
        index, _count = step_of(message)
        hidden = live.game.hidden_from(replay_steps[index - 1].state, 1)
        assert not leaked(hidden, drawn.scenes[-1]), index
        assert not leaked(hidden, [message.text()]), index
        if button(message, "▶").get("disabled"):
            break
        await harness.click(bob, message, button(message, "▶")["custom_id"])
    assert step_of(message)[0] == len(replay_steps)
    rec = await harness.cmd(alice, "settings server", replay_reveals=True)
    assert "every hand shown" in harness.last_reply(rec).text()


async def test_a_replay_opened_mid_game_shows_each_seat_and_a_spectator_only_what_they_saw(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, drawn: Drawn
) -> None:
    fix_table_seed(monkeypatch, 31)
    alice, bob = harness.fake.add_user("alice"), harness.fake.add_user("bob", locale="ja")
    carol = harness.fake.add_user("carol")  # not seated: a spectator
    await harness.start_bot()
    table = await open_table(harness, [alice, bob], ai=1, game="kings", options="")
    await play_until(table, lambda t: t.moves >= 14, limit=500)
    assert not table.over()
    replay_steps = await pure_steps(harness, table)
    live = harness.service._tables[table.id]
    for user, seat in ((alice, 0), (bob, 1), (carol, None)):
        rec = await harness.cmd(user, "replay", table=table.id)
        message = harness.last_reply(rec)
        assert "every hand" not in message.text() and "全員の手札" not in message.text()
        while True:
            index, count = step_of(message)
            assert count == len(replay_steps)
            hidden = live.game.hidden_from(replay_steps[index - 1].state, seat)
            assert not leaked(hidden, drawn.scenes[-1]), (user.name, index)
            assert not leaked(hidden, [message.text()]), (user.name, index)
            if button(message, "▶").get("disabled"):
                break
            await harness.click(user, message, button(message, "▶")["custom_id"])
        assert index == count
    # a record asked for now holds only what the asker saw: no seed, no outcome
    rec = await harness.cmd(bob, "history", table=table.id, file=True)
    record = loads(dict(drawn.files)[f"table-{table.id}.json"])
    assert record.seed is None and record.outcome is None and record.viewer == "bob"
    assert not leaked(live.game.hidden_from(live.state, 1), json.loads(record.dumps()))
    assert "対局記録" in harness.last_reply(rec).text()


async def test_history_attaches_the_record_that_python_m_games_replay_verifies(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, drawn: Drawn
) -> None:
    table, alice, _ = await finished_table(harness, monkeypatch)
    rec = await harness.cmd(alice, "history", table=table.id)
    assert button(harness.last_reply(rec), "Replay")["custom_id"] == f"rp:{table.id}:0:o"
    rec = await harness.cmd(alice, "history", table=table.id, file=True)
    files = dict(drawn.files)
    record = loads(files[f"table-{table.id}.json"])
    assert record.complete and len(record.actions) == harness.service._tables[table.id].info.version
    _, _, outcome = verify(record)
    assert outcome == await harness.service.outcome(table.id)
    summary = files[f"table-{table.id}.txt"].decode()
    assert "Result:" in summary and "alice" in summary
    assert "python -m games replay" in harness.last_reply(rec).text()


async def test_bad_replay_requests_get_one_localized_line_and_change_nothing(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, alice, bob = await finished_table(harness, monkeypatch)
    svc = harness.service
    # a table of another server
    elsewhere = await svc.create(999, 5, PlayerRef(alice.id, "alice"), "timetrap")
    await svc.join(elsewhere.id, PlayerRef(77, "zed"))
    await svc.start(elsewhere.id, alice.id)
    # a lobby that was cancelled before it started
    lobby = await svc.create(fake_discord.GUILD_ID, fake_discord.CHANNEL_ID, PlayerRef(bob.id, "bob"), "timetrap")
    await svc.cancel(lobby.id, bob.id)
    versions = {t: (await svc.get_table(t)).version for t in (table.id, elsewhere.id, lobby.id)}
    cases = [
        (elsewhere.id, "was played on another server", "別のサーバー"),
        (lobby.id, "was never played", "開始前に閉じられた"),
    ]
    for tid, en, ja in cases:
        for user, wanted in ((alice, en), (bob, ja)):
            message = harness.last_reply(await harness.cmd(user, "replay", table=tid))
            assert wanted in message.text() and len(message.text().strip().splitlines()) == 1
            assert not message.buttons() and not pictures_of(message)
            message = harness.last_reply(await harness.cmd(user, "history", table=tid, file=True))
            assert wanted in message.text()
    # a step button from an old replay: its message names a step the table's replay does not have
    for user, wanted in ((alice, "out of date"), (bob, "古くなっています")):
        old = harness.last_reply(await harness.cmd(user, "replay", table=table.id))
        forward = button(old, "▶")
        forward["custom_id"] = f"rp:{table.id}:9999:n"
        shown = old.text()
        rec = await harness.click(user, old, forward["custom_id"])
        answer = harness.last_reply(rec)
        assert answer is not old and wanted in answer.text() and len(answer.text().strip().splitlines()) == 1
        assert old.text() == shown  # the replay message itself is left as it was
    assert {t: (await svc.get_table(t)).version for t in versions} == versions
    assert (await svc.get_table(lobby.id)).status is TableStatus.CANCELLED
    assert not harness.leaks


async def test_a_text_only_server_gets_the_same_replay_in_words(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, drawn: Drawn
) -> None:
    harness.pictures = False  # the operator turned pictures off (as a server's pictures:False does)
    table, _, bob = await finished_table(harness, monkeypatch)
    message = harness.last_reply(await harness.cmd(bob, "replay", table=table.id))
    assert not pictures_of(message) and not drawn.scenes
    assert "リプレイ" in message.text() and "全員の手札" in message.text()
    first = message.text()
    await harness.click(bob, message, button(message, "▶")["custom_id"])
    assert step_of(message)[0] == 2 and message.text() != first
    assert message.edits == 1


async def test_in_a_dm_a_player_replays_their_own_table_in_words_and_nobody_else_can(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, drawn: Drawn
) -> None:
    table, alice, _ = await finished_table(harness, monkeypatch)
    carol = harness.fake.add_user("carol")
    assert harness.bot is not None
    for person in (alice, carol):  # their DM channels with the bot
        await harness.bot.http.start_private_message(person.id)
    dm_of = {owner: channel for channel, owner in harness.fake.dm_channels.items()}
    message = harness.last_reply(await harness.cmd(alice, "replay", channel_id=dm_of[alice.id], table=table.id))
    assert message.visibility.kind == "dm" or message.visibility.user_id == alice.id
    assert step_of(message)[0] == 1 and not pictures_of(message) and not drawn.scenes
    # someone who did not play it cannot read another server's table from their DMs
    refused = harness.last_reply(await harness.cmd(carol, "replay", channel_id=dm_of[carol.id], table=table.id))
    assert "was played on another server" in refused.text() and not refused.buttons()
