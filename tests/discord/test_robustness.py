"""What goes wrong in real use: stale buttons, double clicks, strangers clicking, restarts, old boards,
one broken table among healthy ones."""

from __future__ import annotations

import logging

import pytest

from bot.discord_bot import routing
from tests.discord.fake_discord import FakeDiscord, FakeUser
from tests.discord.harness import Harness
from tests.discord.play import (
    Table,
    action_of,
    fix_table_seed,
    open_table,
    options_of,
    play_until,
    solo_turn_of,
)


async def _actions_of(harness: Harness, table: int, seat: int) -> int:
    rows = await harness.service.store.actions(table)
    return sum(1 for row in rows if row.seat == seat)


async def _alice_bob_and_two_ai(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, seed: int
) -> tuple[FakeDiscord, FakeUser, FakeUser, Table]:
    """The usual robustness table: Alice and Bob seated with two AI seats, a fixed seed, the bot running."""
    fix_table_seed(monkeypatch, seed)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    return fake, alice, bob, await open_table(harness, [alice, bob], ai=2)


async def test_stale_button_answers_with_a_fresh_board_and_changes_nothing(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake, alice, _bob, table = await _alice_bob_and_two_ai(harness, monkeypatch, seed=3)
    await play_until(table, solo_turn_of(0))
    old = await table.open_hand(alice)  # two hands open at once
    new = await table.open_hand(alice)
    (cid, value), *_ = options_of(new)
    await harness.click(alice, new, cid, None if value is None else [value])
    await play_until(table, lambda t: True)  # nothing: the AI seats already moved
    version = table.live.info.version
    mine = await _actions_of(harness, table.id, 0)
    stale_cid, stale_value = options_of(old)[-1]
    rec = await harness.click(alice, old, stale_cid, None if stale_value is None else [stale_value])
    reply = harness.last_reply(rec)
    assert reply.visibility.kind == "ephemeral" and reply.visibility.user_id == alice.id
    assert "out of date" in reply.text()
    assert "your hand (alice)" in reply.text(), "the answer carries a fresh board"
    assert table.live.info.version == version and await _actions_of(harness, table.id, 0) == mine
    assert not harness.leaks


async def test_double_click_counts_once(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    fake, alice, _bob, table = await _alice_bob_and_two_ai(harness, monkeypatch, seed=4)
    await play_until(table, solo_turn_of(0))
    hand = await table.open_hand(alice)
    before = await _actions_of(harness, table.id, 0)
    cid, value = options_of(hand)[0]
    assert harness.bot is not None
    first = fake.component_payload(alice, hand, cid, None if value is None else [value])
    second = fake.component_payload(alice, hand, cid, None if value is None else [value])
    await fake.feed(harness.bot, first, settle=False)
    await fake.feed(harness.bot, second, settle=True)
    await harness.check_leaks()
    assert await _actions_of(harness, table.id, 0) == before + 1
    answers = [harness.last_reply(fake.record_for(p)) for p in (first, second)]
    assert any("already submitted" in m.text() or "out of date" in m.text() for m in answers)
    assert all(m.visibility.kind != "public" for m in answers)


async def test_people_not_seated_get_a_private_reason_and_nothing_changes(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 5)
    fake = harness.fake
    alice, bob, dave = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("dave")
    await harness.start_bot()
    # dave presses Start on someone else's lobby
    rec = await harness.cmd(alice, "table new", game="trickster")
    lobby = fake.channel_messages(fake.threads()[0])[-1]
    rec = await harness.click_label(dave, lobby, "Start")
    reply = harness.last_reply(rec)
    assert reply.visibility.kind == "ephemeral" and "creator" in reply.text()
    await harness.click_label(dave, lobby, "Cancel")
    assert "Join" in lobby.text(), "the lobby is still open"
    await harness.click_label(alice, lobby, "Cancel")

    table = await open_table(harness, [alice, bob], ai=2)
    await play_until(table, solo_turn_of(0))
    hand = await table.open_hand(alice)
    version = table.live.info.version
    # dave replays alice's button (a forged click on her private message) and bob (seated, not on turn) too
    for intruder, expected in ((dave, "not seated"), (bob, "not your turn")):
        cid, value = options_of(hand)[0]
        rec = await harness.click(intruder, hand, cid, None if value is None else [value])
        reply = harness.last_reply(rec)
        assert reply.visibility.kind == "ephemeral" and reply.visibility.user_id == intruder.id
        assert expected in reply.text().lower(), reply.text()
        assert table.live.info.version == version
    # dave's "My hand" shows the spectator board (the leak check covers what he sees)
    rec = await harness.click_label(dave, table.board(), "My hand")
    assert "not seated" in harness.last_reply(rec).text()
    assert not harness.leaks, harness.leaks[:3]


async def test_restart_mid_game_keeps_old_buttons_working(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake, alice, bob, table = await _alice_bob_and_two_ai(harness, monkeypatch, seed=6)
    await play_until(table, solo_turn_of(0))
    hand = await table.open_hand(alice)  # opened before the restart
    board = table.board()
    version = table.live.info.version

    await harness.stop_bot()
    await harness.start_bot()  # a new process on the same database: nothing in memory
    assert table.id not in harness.service._tables

    cid, value = options_of(hand)[0]
    pick = action_of(cid, value)
    await harness.click(alice, hand, cid, None if value is None else [value])  # loads the table cold
    rows = await harness.service.store.actions(table.id)
    assert any(row.seat == 0 and row.action == pick for row in rows[version:]), "the old button played"
    rec = await harness.click_label(bob, board, "My hand")  # the pre-restart board still answers
    assert harness.last_reply(rec).visibility.user_id == bob.id
    await play_until(table, lambda t: False)
    assert table.over()
    assert not harness.leaks, harness.leaks[:3]


async def test_a_board_that_cannot_be_edited_any_more_is_posted_fresh(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, _alice, _bob, table = await _alice_bob_and_two_ai(harness, monkeypatch, seed=7)
    await play_until(table, solo_turn_of(0))
    first_board = table.board()
    fake.fail_edits_older_than = 0  # Discord now answers 30046 to every edit of that board
    await table.act(0)
    assert table.board().id != first_board.id, "a fresh board was posted"
    fake.fail_edits_older_than = None
    # and a board older than ~an hour is replaced rather than edited, even before Discord refuses
    monkeypatch.setattr(routing, "FRESH_BOARD_AFTER", -1)
    second_board = table.board()
    moves = table.moves
    await play_until(table, lambda t: t.moves > moves)
    assert table.board().id != second_board.id
    assert second_board.edits <= 1


async def test_a_broken_table_does_not_stop_the_others(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    broken = await open_table(harness, [alice], ai=3)
    healthy = await open_table(harness, [bob], ai=3)
    svc = harness.service
    real_seat_view = svc.seat_view

    async def failing_seat_view(table_id: int, user_id: int) -> object:
        if table_id == broken.id:
            raise RuntimeError("disk on fire")
        return await real_seat_view(table_id, user_id)

    monkeypatch.setattr(svc, "seat_view", failing_seat_view)
    caplog.set_level(logging.ERROR, logger="tricktable.discord")
    rec = await harness.click_label(alice, broken.board(), "My hand")
    reply = harness.last_reply(rec)
    assert reply.visibility.kind == "ephemeral" and f"table #{broken.id}" in reply.text()
    assert f"table={broken.id}" in caplog.text
    await play_until(healthy, lambda t: False)
    assert healthy.over()


async def test_the_leak_check_would_catch_a_hand_on_the_public_board(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The checker itself: if the board showed alice's own view instead of the public one, bob would see
    her hand, and the harness must say so."""
    fix_table_seed(monkeypatch, 14)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    svc = harness.service

    async def leaky_public_view(table_id: int) -> object:
        return await svc.seat_view(table_id, alice.id)

    monkeypatch.setattr(svc, "public_view", leaky_public_view)
    table = await open_table(harness, [alice, bob], ai=2)
    await play_until(table, lambda t: t.moves >= 4)
    assert any(f"user {bob.id}" in leak for leak in harness.leaks), harness.leaks[:2]


async def test_slow_work_is_acknowledged_first_and_stays_private(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord wants an answer within 3 s: slow work is deferred (privately), then the answer follows."""
    import asyncio

    from bot.discord_bot import replies

    fix_table_seed(monkeypatch, 15)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    table = await open_table(harness, [alice, bob], ai=2)
    await play_until(table, solo_turn_of(0))
    monkeypatch.setattr(replies, "ACK_BUDGET", 0.01)
    svc = harness.service
    real_history, real_submit = svc.history, svc.submit

    async def slow_history(*args: object, **kwargs: object) -> object:
        await asyncio.sleep(0.05)
        return await real_history(*args, **kwargs)  # type: ignore[arg-type]

    async def slow_submit(*args: object, **kwargs: object) -> object:
        await asyncio.sleep(0.05)
        return await real_submit(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(svc, "history", slow_history)
    monkeypatch.setattr(svc, "submit", slow_submit)
    rec = await harness.cmd(alice, "history", table=table.id)
    assert rec.response_type == 5 and rec.deferred_ephemeral
    answer = harness.last_reply(rec)
    assert answer.visibility.kind == "ephemeral" and answer.visibility.user_id == alice.id
    hand = await table.open_hand(alice)
    cid, value = options_of(hand)[0]
    rec = await harness.click(alice, hand, cid, None if value is None else [value])
    assert rec.response_type == 6, "a deferred update of the hand message"
    assert "You chose" in hand.text()
    assert not harness.leaks


async def test_a_deleted_thread_moves_the_table_to_its_channel(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.discord.fake_discord import CHANNEL_ID

    fake, alice, _bob, table = await _alice_bob_and_two_ai(harness, monkeypatch, seed=16)
    await play_until(table, solo_turn_of(0))
    hand = await table.open_hand(alice)
    fake.deleted_channels.add(table.thread)
    before = len(fake.channel_messages(CHANNEL_ID))
    cid, value = options_of(hand)[0]
    await harness.click(alice, hand, cid, None if value is None else [value])
    assert len(fake.channel_messages(CHANNEL_ID)) > before, "the log and board went to the channel"
    assert table.live.info.thread_id is None
    table.thread = CHANNEL_ID
    await play_until(table, lambda t: False)
    assert table.over()



async def test_restart_edits_the_same_board_and_keeps_the_tables_language(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a restart (a new bot instance on the same database) the board posted before is known (read
    back with the table), also when the first thing to happen is a clock running out before anyone clicked
    (which mentions its person: the board moves into that one new message, then is edited); and the
    table keeps the language it was created in even when the next click carries another server locale."""
    import time

    fake, alice, _bob, table = await _alice_bob_and_two_ai(harness, monkeypatch, seed=6)
    await play_until(table, solo_turn_of(0))
    board = table.board()
    edits, posted = board.edits, len(fake.channel_messages(table.thread))

    await harness.stop_bot()
    fake.guild_locale = "ja"  # clicks after the restart carry another locale: the table's own must win
    await harness.start_bot()
    assert harness.bot is not None and table.id not in harness.bot.router._boards  # nothing in memory
    await harness.bot.router.restore(table.id)
    assert harness.bot.router._boards[table.id][:2] == (table.thread, board.id), "the board is read back"
    await harness.service.process_due_clocks(now=time.time() + 10_000)  # alice's clock runs out
    await fake.settle()
    new = fake.channel_messages(table.thread)[posted:]
    assert any("ran out of time" in m.text() for m in new), [m.text() for m in new]
    # Her turn comes back and her hand reply did not survive the restart: she is mentioned, and only a new
    # message mentions, so the board (with the log) moves into one new message that notifies her alone.
    assert len(new) == 1 and new[0].buttons() and new[0].notified == {alice.id}, [m.said() for m in new]
    assert board.edits == edits, "the old board stays as it was, a snapshot"
    board = new[0]
    moves = table.moves
    before = {m.id: m.edits for m in fake.channel_messages(table.thread)}
    await play_until(table, lambda t: t.moves > moves)  # clicks with a Japanese guild locale
    changed = [m for m in fake.channel_messages(table.thread) if before.get(m.id) != m.edits]
    later = "\n".join(m.text() for m in changed)
    assert later and not any("\u3040" <= ch <= "\u30ff" for ch in later), later
    assert table.board().id == board.id
    assert not harness.leaks, harness.leaks[:3]


async def test_a_japanese_table_stays_japanese_after_a_restart(harness: Harness) -> None:
    fake = harness.fake
    fake.guild_locale = "ja"
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    before = set(fake.threads())
    await harness.cmd(alice, "table new", game="trickster")
    (thread,) = [t for t in fake.threads() if t not in before]
    lobby = fake.channel_messages(thread)[-1]
    assert "参加" in str(lobby.buttons())
    await harness.stop_bot()
    fake.guild_locale = "en-US"
    await harness.start_bot()
    join = next(b["custom_id"] for b in lobby.buttons() if b["custom_id"].endswith(":join"))
    await harness.click(bob, lobby, join)
    assert f"<@{bob.id}>" in lobby.text() and lobby.edits == 1, "bob joined: the lobby was redrawn"
    assert "参加" in str(lobby.buttons()) and "ロビー" in lobby.text(), "the public lobby is still Japanese"


async def test_restart_remembers_who_owes_a_decision_since_when(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Who owes a decision since which version survives a restart: the service reads it back from the
    log (to accept a secret choice made on a board the other side has moved since), and the poster its
    saved bookkeeping (not to ping a turn twice)."""
    _fake, alice, _bob, table = await _alice_bob_and_two_ai(harness, monkeypatch, seed=6)
    await play_until(table, solo_turn_of(0))
    assert harness.bot is not None
    since = await harness.service.decision_opened(table.id, alice.id)
    assert since is not None
    await harness.stop_bot()
    await harness.start_bot()
    assert harness.bot is not None
    assert table.id not in harness.service._tables  # nothing in memory: read back below
    assert harness.bot.router.to_act_of(table.id) == frozenset()  # not read yet
    await harness.bot.router.restore(table.id)
    assert harness.bot.router.to_act_of(table.id) == frozenset({0})
    assert await harness.service.decision_opened(table.id, alice.id) == since
