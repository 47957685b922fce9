"""Who may read a table by its number: `/history` and `/table status` answer on the table's own server, and
in a DM only to the people who sat at it, as `/replay` and `/history file:` already do. Someone on another
server typing a table number gets one localized line and sees neither the table's moves nor its board."""

from __future__ import annotations

from bot.tables import PlayerRef
from tests.discord import fake_discord
from tests.discord.harness import Harness


async def _table_of_another_server(harness: Harness) -> int:
    svc = harness.service
    alice = harness.fake.add_user("zoe")
    info = await svc.create(999, 5, PlayerRef(alice.id, "zoe"), "timetrap")
    await svc.join(info.id, PlayerRef(77, "yuki"))
    await svc.start(info.id, alice.id)
    return info.id


async def test_another_servers_table_is_not_read_by_number(harness: Harness) -> None:
    alice = harness.fake.add_user("alice")
    bob = harness.fake.add_user("bob", locale="ja")
    await harness.start_bot()
    svc = harness.service
    elsewhere = await _table_of_another_server(harness)
    version = (await svc.get_table(elsewhere)).version
    for command in ("history", "table status"):
        for user, wanted in ((alice, "another server"), (bob, "別のサーバー")):
            message = harness.last_reply(await harness.cmd(user, command, table=elsewhere))
            text = message.text()
            assert wanted in text, (command, text)
            assert len(text.strip().splitlines()) == 1 and not message.buttons()
            assert "zoe" not in text and "yuki" not in text  # not the table's people, nor its moves
    assert (await svc.get_table(elsewhere)).version == version
    assert not harness.leaks


async def test_in_a_dm_only_the_tables_players_read_it(harness: Harness) -> None:
    alice = harness.fake.add_user("alice")
    carol = harness.fake.add_user("carol")
    await harness.start_bot()
    svc = harness.service
    info = await svc.create(fake_discord.GUILD_ID, fake_discord.CHANNEL_ID, PlayerRef(alice.id, "alice"), "timetrap")
    await svc.join(info.id, PlayerRef(78, "bob"))
    await svc.start(info.id, alice.id)
    assert harness.bot is not None
    for person in (alice, carol):
        await harness.bot.http.start_private_message(person.id)
    dm_of = {owner: channel for channel, owner in harness.fake.dm_channels.items()}
    for command in ("history", "table status"):
        own = harness.last_reply(await harness.cmd(alice, command, channel_id=dm_of[alice.id], table=info.id))
        assert "another server" not in own.text(), command
        refused = harness.last_reply(await harness.cmd(carol, command, channel_id=dm_of[carol.id], table=info.id))
        assert "another server" in refused.text(), command
        assert "alice" not in refused.text() and "bob" not in refused.text()
        # on its own server anyone may look (the thread is public there)
        here = harness.last_reply(await harness.cmd(carol, command, table=info.id))
        assert "another server" not in here.text(), command
    assert not harness.leaks
