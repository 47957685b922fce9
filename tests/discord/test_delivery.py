"""Every message delivered exactly once, in order, whatever Discord does: a minute of 503s mid-game, the
bot killed during that outage and started again, a board that ran out of edits (30046). On a virtual
clock against the rate-limited fake Discord (pictures off, so the running log is the board's content).

The oracle is the table's own log: every public line of /history (the "has chosen" lines aside, which
the thread leaves out) must appear in the thread's log exactly once and in order.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot import render
from bot.discord_bot import boards
from tests.discord import virtual_time
from tests.discord.discord_limits import DiscordLimits
from tests.discord.harness import Harness
from tests.discord.limited import limited_harness
from tests.discord.play import Table, fix_table_seed, open_table


async def _expected_lines(harness: Harness, table: Table) -> list[str]:
    info = await harness.service.get_table(table.id)
    game = await harness.service.game_of(table.id)
    names = render.names_of(info)
    return [
        boards.render_event(game, e.event, "en", names)
        for e in await harness.service.history(table.id, None)
        if not render.is_quiet(e.event) and e.event.kind != "host.finished"
    ]


def _thread_lines(harness: Harness, table: Table) -> list[str]:
    lines: list[str] = []
    for message in sorted(harness.fake.channel_messages(table.thread), key=lambda m: m.id):
        lines.extend(message.content.split("\n") if message.content else [])
    return lines


async def _assert_log_exactly_once_in_order(harness: Harness, table: Table) -> None:
    expected = await _expected_lines(harness, table)
    wanted = set(expected)
    shown = [line for line in _thread_lines(harness, table) if line in wanted]
    assert shown == expected, {"missing_or_extra": sorted(set(expected) ^ set(shown))[:5], "shown": len(shown),
                               "expected": len(expected)}


async def _moves_by_service(harness: Harness, table: Table, count: int) -> None:
    """People decide while Discord is away (their clicks reach the bot; its answers do not reach them)."""
    svc = harness.service
    for _ in range(count):
        if table.over():
            return
        seat = next(s for s in table.to_act() if s in table.people)
        person = table.people[seat]
        view = await svc.seat_view(table.id, person.id)
        await svc.submit(table.id, person.id, view.legal_actions[0], view.version)
        await asyncio.sleep(3)


async def _open(harness: Harness) -> Table:
    harness.pictures = False
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot(thread_pace=1.0)
    return await open_table(harness, [alice, bob], ai=2, game="trickster", options="deck=fantasy")


def test_a_minute_of_503s_mid_game_loses_and_doubles_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fix_table_seed(monkeypatch, 41)

    async def main() -> None:
        async with limited_harness(str(tmp_path / "t.db")) as harness:
            table = await _open(harness)
            for _ in range(4):
                await asyncio.sleep(4)
                await table.act(next(s for s in table.to_act() if s in table.people))
            before = table.live.info.version
            harness.fake.outage(60, status=503)
            await _moves_by_service(harness, table, 6)
            assert table.live.info.version > before + 3
            await asyncio.sleep(120)  # Discord is back; the posters' retries go through
            await harness.fake.settle()
            await _assert_log_exactly_once_in_order(harness, table)
            board = table.board()
            assert f"(move {table.live.info.version})" in board.text(), "the board shows the last move"
            while not table.over():  # and the game goes on through Discord
                await asyncio.sleep(3)
                await table.act(next(s for s in table.to_act() if s in table.people))
            await harness.fake.settle()
            await _assert_log_exactly_once_in_order(harness, table)
            statuses = {c.status for c in harness.fake.calls}
            assert 503 in statuses, "the outage was seen"

    virtual_time.run(main())


def test_the_bot_killed_during_the_outage_catches_up_after_its_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 41)

    async def main() -> None:
        async with limited_harness(str(tmp_path / "t.db")) as harness:
            table = await _open(harness)
            for _ in range(3):
                await asyncio.sleep(4)
                await table.act(next(s for s in table.to_act() if s in table.people))
            harness.fake.outage(60, status=503)
            await _moves_by_service(harness, table, 5)
            # killed: the posters die with their batches, nothing is drained
            bot = harness.bot
            assert bot is not None
            for task in list(bot.router._chains.values()):
                task.cancel()
            await asyncio.sleep(0)
            bot.router._chains.clear()
            await bot.close()
            harness.bot = None
            await asyncio.sleep(90)  # the outage ends while no bot runs
            await harness.start_bot(thread_pace=1.0)
            await harness.service.seat_view(table.id, table.people[0].id)  # the new process loads the table
            await _moves_by_service(harness, table, 1)  # the next decision, through the new process
            await harness.fake.settle()
            await _assert_log_exactly_once_in_order(harness, table)

    virtual_time.run(main())


def test_a_board_out_of_edits_30046_is_posted_fresh_and_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 41)
    limits = DiscordLimits(old_message_after=600.0, old_message_edits=1)  # tightened: old after 10 min

    async def main() -> None:
        async with limited_harness(str(tmp_path / "t.db"), limits) as harness:
            table = await _open(harness)
            old = table.board()
            await asyncio.sleep(601)
            for _ in range(4):
                await asyncio.sleep(3)
                await table.act(next(s for s in table.to_act() if s in table.people))
            refused = [c for c in harness.fake.calls if c.status == 400 and c.kind == "thread"]
            assert refused, "Discord refused an edit of the old board (30046)"
            fresh = table.board()
            assert fresh.id != old.id and f"(move {table.live.info.version})" in fresh.text()
            while not table.over():
                await asyncio.sleep(3)
                await table.act(next(s for s in table.to_act() if s in table.people))
            await harness.fake.settle()
            await _assert_log_exactly_once_in_order(harness, table)

    virtual_time.run(main())


def test_a_post_that_timed_out_after_discord_made_it_is_found_not_posted_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The half-time reminder needs a new message; Discord makes it but the answer times out. The retry
    carries the same nonce, so Discord hands back the message it made: one reminder, one notification."""
    import time

    fix_table_seed(monkeypatch, 6)

    async def main() -> None:
        async with limited_harness(str(tmp_path / "t.db")) as harness:
            table = await _open(harness)
            alice = table.people[0]
            alice.dms_open = False  # the reminder must go to the thread
            while table.to_act() != [0]:
                await asyncio.sleep(3)
                await table.act(next(s for s in table.to_act() if s in table.people))
            await asyncio.sleep(5)
            harness.fake.fail_next(1, status=None, applied=True, only=("POST", "/channels/{channel_id}/messages"),
                                   channel=table.thread)
            await harness.service.process_due_clocks(now=time.time() + 61)  # past half of the live clock
            await harness.fake.settle()
            reminders = [m for m in harness.fake.channel_messages(table.thread) if "half your time" in m.content]
            assert len(reminders) == 1 and reminders[0].notified == {alice.id}, [m.content for m in reminders]
            timed_out = [c for c in harness.fake.calls if c.status == 0]
            assert len(timed_out) == 1, "the first try timed out after Discord made the message"

    virtual_time.run(main())


def test_a_dm_that_timed_out_after_discord_made_it_is_found_not_sent_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The half-time reminder goes to Alice's DMs; Discord makes the DM but the answer times out, so the
    table's batch is tried again. The DM carries a nonce of its batch and the table's version, so
    Discord hands back the DM it made: one reminder in her DMs, not two."""
    import time

    fix_table_seed(monkeypatch, 6)

    async def main() -> None:
        async with limited_harness(str(tmp_path / "t.db")) as harness:
            table = await _open(harness)
            alice = table.people[0]
            dm_channel = harness.fake.snowflake()  # her DM channel, as Discord opens it for the bot
            harness.fake.dm_channels[dm_channel] = alice.id
            while table.to_act() != [0]:
                await asyncio.sleep(3)
                await table.act(next(s for s in table.to_act() if s in table.people))
            await asyncio.sleep(5)
            harness.fake.fail_next(1, status=None, applied=True, only=("POST", "/channels/{channel_id}/messages"),
                                   channel=dm_channel)
            await harness.service.process_due_clocks(now=time.time() + 61)  # past half of the live clock
            await harness.fake.settle()
            await asyncio.sleep(30)  # the batch's retry
            await harness.fake.settle()
            timed_out = [c for c in harness.fake.calls if c.status == 0]
            assert len(timed_out) == 1, "the first try timed out after Discord made the DM"
            dms = [m.said() for m in harness.fake.dms(alice)]
            assert len(dms) == 1 and "Table #1" in dms[0], dms  # her reminder, once

    virtual_time.run(main())


def test_a_reminder_and_a_pause_note_of_a_bot_killed_during_the_outage_are_posted_once_after_its_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reminder and a pause note carry no move, so the thread's catch-up from the table's log cannot bring
    them back: each is a row written with its change, ended once Discord took its post. The bot is killed
    while Discord answers 503 (its posters hold both) and started again on the same file: each appears in
    the thread once."""
    import sqlite3
    import time

    fix_table_seed(monkeypatch, 6)

    async def main() -> None:
        async with limited_harness(str(tmp_path / "t.db")) as harness:
            table = await _open(harness)
            alice, bob = table.people[0], table.people[1]
            alice.dms_open = bob.dms_open = False  # the reminder goes to the thread
            while table.to_act() != [0]:
                await asyncio.sleep(3)
                await table.act(next(s for s in table.to_act() if s in table.people))
            await asyncio.sleep(5)
            harness.fake.outage(60, status=503)
            await harness.service.ask_pause(table.id, bob.id)  # "Bob asks to pause": committed
            await harness.service.process_due_clocks(now=time.time() + 61)  # the half-time reminder: committed
            await harness.service.drain_updates()
            await asyncio.sleep(5)  # the posters tried (503) and wait for their retry
            assert any(c.status == 503 for c in harness.fake.calls)
            bot = harness.bot
            assert bot is not None
            assert bot.router.queued() >= 1, "the Router holds the notes"
            for task in list(bot.router._chains.values()):  # killed: the posters die with their batches
                task.cancel()
            await asyncio.sleep(0)
            bot.router._chains.clear()
            await bot.close()
            harness.bot = None
            thread = harness.fake.channel_messages(table.thread)
            assert not [m for m in thread if "half your time" in m.content or "asks to pause" in m.content]
            await asyncio.sleep(90)  # the outage ends while no bot runs
            await harness.start_bot(thread_pace=1.0)
            await asyncio.sleep(10)
            await harness.fake.settle()
            thread = harness.fake.channel_messages(table.thread)
            reminders = [m for m in thread if "half your time" in m.content]
            asked = [line for m in thread for line in m.content.split("\n") if "asks to pause" in line]
            assert len(reminders) == 1 and reminders[0].notified == {alice.id}, [m.content for m in thread]
            assert len(asked) == 1, [m.content for m in thread]
            left = sqlite3.connect(str(tmp_path / "t.db")).execute("SELECT COUNT(*) FROM relay").fetchone()[0]
            assert left == 0, "every row ended once Discord took its post"

    virtual_time.run(main())
