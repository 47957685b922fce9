"""Lobby flow through the fake Discord: /table new, Join, Add AI, Start, and who may press what."""

from __future__ import annotations

from tests.discord.fake_discord import CHANNEL_ID
from tests.discord.harness import Harness


async def test_new_table_opens_a_thread_with_a_lobby(harness: Harness) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    bob = fake.add_user("bob")
    await harness.start_bot()
    assert fake.synced_commands, "setup_hook synced the command tree"
    rec = await harness.cmd(alice, "table new", game="timetrap")
    announcement = harness.last_reply(rec)
    assert announcement.visibility.kind == "public"
    threads = fake.threads()
    assert len(threads) == 1
    lobby = fake.channel_messages(threads[0])[-1]
    assert f"<@{alice.id}>" in lobby.text(), "the creator holds seat 1"
    assert f"<#{threads[0]}>" in announcement.text(), "the channel points to the table's thread"
    await harness.click_label(bob, lobby, "Join")
    assert f"<@{bob.id}>" in lobby.text()
    # bob is not the creator: Start answers privately and changes nothing
    rec = await harness.click_label(bob, lobby, "Start")
    note = harness.last_reply(rec)
    assert note.visibility.kind == "ephemeral" and note.visibility.user_id == bob.id
    await harness.click_label(alice, lobby, "Start")
    assert not lobby.buttons()
    boards = [m for m in fake.channel_messages(threads[0]) if "My hand" in m.text()]
    assert boards, "a board with a My hand button was posted"
    assert not harness.leaks, harness.leaks
    assert announcement.channel_id == CHANNEL_ID

