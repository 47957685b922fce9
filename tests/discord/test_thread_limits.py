"""Discord's thread limits: a server has at most 1,000 active threads (creating one more is refused with
160006), and Discord archives a thread after its `auto_archive_duration` without messages (a day for
live tables, a week for async ones). At the limit a new table plays in its channel; a table whose thread
was archived wakes it with its next board when the game moves on. On a virtual clock.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from tests.discord import virtual_time
from tests.discord.fake_discord import CHANNEL_ID
from tests.discord.limited import limited_harness
from tests.discord.play import fix_table_seed, open_table, play_until


def test_at_the_active_thread_limit_a_new_table_plays_in_its_channel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 41)

    async def main() -> None:
        async with limited_harness(str(tmp_path / "t.db")) as harness:
            fake = harness.fake
            fake.max_active_threads = 2  # the server's 1,000, made small
            alice, bob = fake.add_user("alice"), fake.add_user("bob")
            await harness.start_bot(thread_pace=1.0)
            for _ in range(2):
                await open_table(harness, [alice, bob], ai=2, game="trickster", options="deck=fantasy")
            assert len(fake.active_threads()) == 2
            before = len(fake.channel_messages(CHANNEL_ID))
            rec = await harness.cmd(alice, "table new", game="trickster", options="deck=fantasy")
            refused = [c for c in fake.calls if c.template == "/channels/{channel_id}/threads" and c.status == 400]
            assert refused, "Discord refused the thread (160006)"
            lobby = harness.last_reply(rec)
            assert lobby.channel_id == CHANNEL_ID and lobby.visibility.kind == "public" and lobby.buttons()
            assert len(fake.threads()) == 2, "no third thread"
            table_id = max(harness.service._tables)
            info = await harness.service.get_table(table_id)
            assert info.thread_id is None
            for verb in ("join",):
                cid = next(b["custom_id"] for b in lobby.buttons() if b["custom_id"].endswith(f":{verb}"))
                await harness.click(bob, lobby, cid)
            cid = next(c["custom_id"] for c in lobby.selects() if c["custom_id"].endswith(":ai"))
            await harness.click(alice, lobby, cid, ["easy"])
            await harness.click(alice, lobby, cid, ["easy"])
            cid = next(b["custom_id"] for b in lobby.buttons() if b["custom_id"].endswith(":start"))
            await harness.click(alice, lobby, cid)
            assert len(fake.channel_messages(CHANNEL_ID)) > before + 1, "the board went to the channel"
            assert not harness.leaks

    virtual_time.run(main())


def test_an_auto_archived_thread_is_woken_when_the_game_moves_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 41)

    async def main() -> None:
        async with limited_harness(str(tmp_path / "t.db")) as harness:
            fake = harness.fake
            alice, bob = fake.add_user("alice"), fake.add_user("bob")
            await harness.start_bot(thread_pace=1.0)
            table = await open_table(harness, [alice, bob], ai=2, game="trickster", options="deck=fantasy")
            await play_until(table, lambda t: t.moves >= 2)
            await asyncio.sleep(24 * 3600 + 60)  # a live table's thread: archived after a day without messages
            assert fake.archived(table.thread)
            svc = harness.service
            seat = next(s for s in table.to_act() if s in table.people)
            person = table.people[seat]
            view = await svc.seat_view(table.id, person.id)
            await svc.submit(table.id, person.id, view.legal_actions[0], view.version)  # the game moves on
            await fake.settle()
            assert not fake.archived(table.thread), "the table's next board woke its thread"
            assert f"(move {table.live.info.version})" in table.board().text()
            await play_until(table, lambda t: t.moves >= 6)  # and it plays on there
            # A moderator archives the thread by hand: the next edit of the (young) board is refused
            # (50083), and a fresh board wakes the thread.
            fake.channels[table.thread]["thread_metadata"]["archived"] = True
            old = table.board()
            await play_until(table, lambda t: t.moves >= 7)
            refused = [c for c in fake.calls if c.kind == "thread" and c.status == 400]
            assert refused, "editing the board in the archived thread was refused (50083)"
            assert not fake.archived(table.thread) and table.board().id != old.id
            assert not harness.leaks

    virtual_time.run(main())
