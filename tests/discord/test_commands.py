"""The slash commands people use around a game: list, status, hand, history, rules, leaderboard, stats,
settings, and the admin ones; answers in the reader's language."""

from __future__ import annotations

import pytest

from tests.discord.harness import Harness
from tests.discord.play import (
    Table,
    action_of,
    fix_table_seed,
    open_table,
    options_of,
    play_until,
    solo_turn_of,
    table_id_of,
)


async def test_leaderboard_after_two_finished_games(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    for seed in (21, 22):
        fix_table_seed(monkeypatch, seed)
        table = await open_table(harness, [alice, bob], ai=2)
        await play_until(table, lambda t: False)
        assert table.over()
    rec = await harness.cmd(alice, "leaderboard", game="trickster")
    board = harness.last_reply(rec)
    assert board.visibility.kind == "public"
    text = board.text()
    assert "alice" in text and "bob" in text and "2 games" in text
    rec = await harness.cmd(bob, "stats", user=alice)
    stats = harness.last_reply(rec)
    assert stats.visibility.kind == "ephemeral" and "alice" in stats.text() and "2 games" in stats.text()
    rec = await harness.cmd(alice, "leaderboard", scope="global")
    assert "alice" in harness.last_reply(rec).text()
    assert not harness.leaks


async def test_hand_history_status_and_list(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    fix_table_seed(monkeypatch, 8)
    fake = harness.fake
    alice, bob, dave = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("dave")
    await harness.start_bot()
    table = await open_table(harness, [alice, bob], ai=2)
    await play_until(table, lambda t: t.moves >= 6)
    rec = await harness.cmd(alice, "table list")
    assert f"#{table.id}" in harness.last_reply(rec).text()
    rec = await harness.cmd(alice, "table status", channel_id=table.thread)
    status = harness.last_reply(rec)
    assert status.visibility.kind == "ephemeral" and "My hand" in status.text()
    await play_until(table, solo_turn_of(0))
    rec = await harness.cmd(alice, "hand", channel_id=table.thread)
    hand = harness.last_reply(rec)
    assert hand.visibility.kind == "ephemeral" and hand.visibility.user_id == alice.id
    legal = table.live.game.legal_actions(table.live.state, 0)
    assert len([c for c in hand.custom_ids() if ":act:" in c]) == len(legal) or hand.selects()
    # /history: the public log for dave; alice's own private events only in alice's copy
    rec = await harness.cmd(alice, "history", table=table.id)
    mine = harness.last_reply(rec)
    rec = await harness.cmd(dave, "history", table=table.id)
    theirs = harness.last_reply(rec)
    assert mine.visibility.user_id == alice.id and theirs.visibility.user_id == dave.id
    assert "Your hand" not in theirs.text()
    assert len(mine.text()) >= len(theirs.text())
    # /hand with no table of your own
    rec = await harness.cmd(dave, "hand")
    assert "no table" in harness.last_reply(rec).text().lower()
    assert not harness.leaks, harness.leaks[:3]


async def test_rules_and_japanese_replies(harness: Harness) -> None:
    fake = harness.fake
    kenji = fake.add_user("kenji", locale="ja")
    await harness.start_bot()
    rec = await harness.cmd(kenji, "rules", game="trickster")
    page = harness.last_reply(rec)
    assert page.visibility.kind == "ephemeral" and "トリックスター" in page.text()
    rec = await harness.cmd(kenji, "table list")
    assert "開いている卓はありません" in harness.last_reply(rec).text()
    # /settings me: an English-speaking client can choose Japanese replies, and back
    alice = fake.add_user("alice")
    rec = await harness.cmd(alice, "settings me", language="ja", dm_pings=False)
    assert "日本語" in harness.last_reply(rec).text() and "オフ" in harness.last_reply(rec).text()
    rec = await harness.cmd(alice, "table list")
    assert "開いている卓" in harness.last_reply(rec).text()
    # Japanese command descriptions were synced for the picker
    synced = {c["name"]: c for c in fake.synced_commands[None]}
    assert synced["hand"]["description_localizations"]["ja"].startswith("あなたの手札")


async def test_bad_options_are_refused_privately(harness: Harness) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    await harness.start_bot()
    rec = await harness.cmd(alice, "table new", game="trickster", options="deck=nonsense")
    reply = harness.last_reply(rec)
    assert reply.visibility.kind == "ephemeral" and "Unknown deck" in reply.text()
    rec = await harness.cmd(alice, "table new", game="trickster", options="deck")
    assert "key=value" in harness.last_reply(rec).text()
    assert not fake.threads()


async def test_admin_commands_need_manage_server(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    fix_table_seed(monkeypatch, 9)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    boss = fake.add_user("boss", admin=True)
    await harness.start_bot()
    table = await open_table(harness, [alice, bob], ai=2)
    rec = await harness.cmd(bob, "table abort", table=table.id)
    assert "Manage Server" in harness.last_reply(rec).text()
    rec = await harness.cmd(boss, "table replace", table=table.id, seat=2)
    assert harness.last_reply(rec).text() == "Done."
    assert table.live.info.seats[1].is_ai
    rec = await harness.cmd(boss, "table abort", table=table.id)
    assert harness.last_reply(rec).text() == "Done."
    assert table.live.info.status.value == "aborted"
    rec = await harness.cmd(bob, "settings server", default_clock="async")
    assert "Manage Server" in harness.last_reply(rec).text()
    rec = await harness.cmd(boss, "settings server")
    assert "Default clock: live" in harness.last_reply(rec).text()


async def test_tables_only_where_the_operator_allows(harness: Harness) -> None:
    from tests.discord.fake_discord import CHANNEL_ID

    fake = harness.fake
    alice = fake.add_user("alice")
    await harness.start_bot(table_channels=frozenset({CHANNEL_ID + 1}))
    rec = await harness.cmd(alice, "table new", game="trickster")
    assert "may only be created in" in harness.last_reply(rec).text()
    assert not fake.threads()
    await harness.stop_bot()
    await harness.start_bot(table_channels=frozenset({CHANNEL_ID}))
    await harness.cmd(alice, "table new", game="trickster")
    assert fake.threads()


async def test_no_thread_permission_plays_in_the_channel(harness: Harness) -> None:
    fake = harness.fake
    fake.threads_allowed = False
    alice = fake.add_user("alice")
    await harness.start_bot()
    rec = await harness.cmd(alice, "table new", game="trickster")
    lobby = harness.last_reply(rec)
    assert lobby.visibility.kind == "public" and any(b.get("label") == "Join" for b in lobby.buttons())
    assert not fake.threads()


async def test_async_tables_dm_the_turn_unless_pings_are_off(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    # people who joined long before the start: their lobby clicks can no longer send a first hand
    from bot.discord_bot import hands

    monkeypatch.setattr(hands.HandReplies, "remember_lobby_click", lambda *args, **kwargs: None)
    fix_table_seed(monkeypatch, 12)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    await harness.cmd(alice, "settings me", dm_pings=False)
    before = set(fake.threads())
    await harness.cmd(alice, "table new", game="trickster", clock="async")
    thread = next(t for t in fake.threads() if t not in before)
    lobby = fake.channel_messages(thread)[-1]
    assert "async" in lobby.text()
    await harness.click_label(bob, lobby, "Join")
    await harness.click_label(alice, lobby, "Add AI")
    await harness.click_label(alice, lobby, "Add AI")
    await harness.click_label(alice, lobby, "Start")
    table = Table(harness, table_id_of(lobby), thread, {0: alice, 1: bob})
    await play_until(table, solo_turn_of(1))
    form = table.dm_form(bob)
    assert form is not None, "bob is DM'd his turn with a menu of his own options"
    legal = table.live.game.legal_actions(table.live.state, 1)
    assert sorted(action_of(c, v) for c, v in options_of(form)) == sorted(legal)
    dms_before = len(fake.dms(alice))
    await play_until(table, solo_turn_of(0))
    assert len(fake.dms(alice)) == dms_before, "alice turned DM pings off: her turn is only a mention"
    assert harness.newest(lambda m: m.channel_id == thread and f"<@{alice.id}>: your turn" in m.said() and alice.id in m.notified)
    assert not harness.leaks


async def test_leave_a_lobby_and_resign_a_game(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    fix_table_seed(monkeypatch, 13)
    fake = harness.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")
    await harness.start_bot()
    await harness.cmd(alice, "table new", game="trickster")
    thread = fake.threads()[0]
    lobby = fake.channel_messages(thread)[-1]
    await harness.click_label(carol, lobby, "Join")
    assert f"<@{carol.id}>" in lobby.text()
    rec = await harness.cmd(carol, "table leave", channel_id=thread)
    assert harness.last_reply(rec).text() == "Done."
    assert f"<@{carol.id}>" not in lobby.text(), "the lobby was redrawn"
    await harness.click_label(bob, lobby, "Join")
    await harness.click_label(alice, lobby, "Add AI")
    await harness.click_label(alice, lobby, "Start")
    table = Table(harness, table_id_of(lobby), thread, {0: alice, 1: bob})
    assert [s.user_id for s in table.live.info.seats][:2] == [alice.id, bob.id]
    await play_until(table, lambda t: t.moves >= 3)
    rec = await harness.cmd(alice, "table resign", channel_id=thread)
    assert harness.last_reply(rec).text() == "Done."
    assert table.live.info.seats[0].is_ai
    del table.people[0]
    await play_until(table, lambda t: False)
    assert table.over()
    assert harness.newest(lambda m: m.channel_id == thread and "resigned" in m.text())
    assert not harness.leaks


async def test_a_japanese_server_gets_its_table_messages_in_japanese(harness: Harness) -> None:
    fake = harness.fake
    fake.guild_locale = "ja"
    alice = fake.add_user("alice")  # an English client: her private replies stay English
    await harness.start_bot()
    await harness.cmd(alice, "table new", game="trickster")
    lobby = fake.channel_messages(fake.threads()[0])[-1]
    assert [b.get("label") for b in lobby.buttons()][:2] == ["参加", "離席"]
    rec = await harness.click_label(alice, lobby, "AIを追加")
    rec = await harness.click_label(alice, lobby, "開始")
    board = harness.newest(lambda m: any(b.get("label") == "自分の手札" for b in m.buttons()))
    assert board is not None and "卓 #" in board.text()
    rec = await harness.click_label(alice, board, "自分の手札")
    assert "your hand (alice)" in harness.last_reply(rec).text()
    assert not harness.leaks


async def test_explicit_english_beats_a_japanese_client(harness: Harness) -> None:
    """A Japanese-client user who picks English in /settings me gets English, also after a restart."""
    fake = harness.fake
    kenji = fake.add_user("kenji", locale="ja")
    await harness.start_bot()
    rec = await harness.cmd(kenji, "table list")
    assert "開いている卓はありません" in harness.last_reply(rec).text()
    rec = await harness.cmd(kenji, "settings me", dm_pings=False)
    assert "Discordの言語" in harness.last_reply(rec).text()
    rec = await harness.cmd(kenji, "table list")
    assert "開いている卓はありません" in harness.last_reply(rec).text()  # nothing chosen: still the locale
    rec = await harness.cmd(kenji, "settings me", language="en")
    assert "English" in harness.last_reply(rec).text()
    await harness.stop_bot()
    await harness.start_bot()
    rec = await harness.cmd(kenji, "table list")
    text = harness.last_reply(rec).text()
    assert "No open tables here" in text


async def test_server_settings_change_from_discord_and_survive_a_restart(harness: Harness) -> None:
    """/settings server (Manage Server only) sets the default clock and where tables may be created; the
    .env values are the defaults until then; the choice is stored (a new bot instance keeps it)."""
    from tests.discord.fake_discord import CHANNEL_ID, ChannelOption

    fake = harness.fake
    alice, boss = fake.add_user("alice"), fake.add_user("boss", admin=True)
    await harness.start_bot()
    rec = await harness.cmd(alice, "settings server", default_clock="async")
    assert "Manage Server" in harness.last_reply(rec).text()
    rec = await harness.cmd(boss, "settings server")
    assert "Default clock: live" in harness.last_reply(rec).text() and "any channel" in harness.last_reply(rec).text()
    rec = await harness.cmd(boss, "settings server", default_clock="async", tables_channel=ChannelOption(CHANNEL_ID + 1))
    text = harness.last_reply(rec).text()
    assert "Default clock: async" in text and f"<#{CHANNEL_ID + 1}>" in text
    rec = await harness.cmd(alice, "table new", game="trickster")
    assert "may only be created in" in harness.last_reply(rec).text() and not fake.threads()
    await harness.stop_bot()
    await harness.start_bot()
    rec = await harness.cmd(alice, "table new", game="trickster")
    assert "may only be created in" in harness.last_reply(rec).text() and not fake.threads()
    rec = await harness.cmd(boss, "settings server", tables_channel=ChannelOption(CHANNEL_ID))
    assert f"<#{CHANNEL_ID}>" in harness.last_reply(rec).text() and f"<#{CHANNEL_ID + 1}>" in harness.last_reply(rec).text()
    await harness.cmd(alice, "table new", game="trickster")
    (thread,) = fake.threads()
    assert "async" in fake.channel_messages(thread)[-1].text()  # the server's default clock
    rec = await harness.cmd(boss, "settings server", any_channel=True, default_clock="live")
    assert "any channel" in harness.last_reply(rec).text() and "Default clock: live" in harness.last_reply(rec).text()
