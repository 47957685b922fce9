"""One click per move and a quiet thread, scenario by scenario (the whole-game figures are in
test_one_click_quiet_thread.py)."""

from __future__ import annotations

import time

import pytest

from bot.discord_bot import hands
from tests.discord.fake_discord import FakeUser
from tests.discord.harness import Harness
from tests.discord.play import Table, fix_table_seed, open_table, play_until, solo_turn_of


async def _alice_bob(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, seed: int, game: str = "trickster", ai: int = 2
) -> tuple[FakeUser, FakeUser, Table]:
    fix_table_seed(monkeypatch, seed)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    options = "deck=fantasy" if game == "trickster" else ""
    return alice, bob, await open_table(harness, [alice, bob], ai=ai, game=game, options=options)


async def _until_back_after_bob(table: Table) -> None:
    """Play (one click at a time) until bob has moved and it is alice's turn alone again."""
    bob_moved = False
    while not (bob_moved and table.to_act() == [0]):
        assert not table.over()
        seat = next(s for s in table.to_act() if s in table.people)
        await table.act(seat)
        bob_moved = bob_moved or seat == 1


def _mentions(harness: Harness, table: Table, user: FakeUser, after: int = 0) -> int:
    return sum(
        1 for m in harness.fake.channel_messages(table.thread) if m.id > after and user.id in m.notified
    )


async def test_the_turn_comes_back_into_the_hand_reply_without_a_mention(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, _bob, table = await _alice_bob(harness, monkeypatch, seed=3)
    await play_until(table, solo_turn_of(0))
    await table.act(0)  # through My hand: alice now has a hand reply
    hand = table.hands[0]
    last_message = max(m.id for m in harness.fake.channel_messages(table.thread))
    clicks = table.interactions
    await _until_back_after_bob(table)
    assert table.hands[0] is hand
    legal = table.live.game.legal_actions(table.live.state, 0)
    assert table.offers(hand, legal), "alice's own hand reply offers her new choices"
    assert hand.edits >= 2 and "Just now:" in hand.text(), "with what happened since"
    assert _mentions(harness, table, alice, after=last_message) == 0, "no mention: her hand has the turn"
    await table.act(0)
    assert table.interactions - clicks <= table.moves - 1, "every move of alice's since was one click"
    assert not harness.leaks, harness.leaks[:3]


async def test_after_discord_stops_letting_us_edit_the_hand_the_turn_is_a_mention(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hands, "EDIT_WINDOW", -1)  # as if 15 minutes had passed since every click
    alice, _bob, table = await _alice_bob(harness, monkeypatch, seed=3)
    await play_until(table, solo_turn_of(0))
    await table.act(0)
    last_message = max(m.id for m in harness.fake.channel_messages(table.thread))
    await _until_back_after_bob(table)
    assert _mentions(harness, table, alice, after=last_message) >= 1
    assert not table.offers(table.hands[0], table.live.game.legal_actions(table.live.state, 0))


async def test_a_dismissed_hand_falls_back_to_a_mention(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    alice, _bob, table = await _alice_bob(harness, monkeypatch, seed=3)
    await play_until(table, solo_turn_of(0))
    await table.act(0)
    await play_until(table, solo_turn_of(1))
    table.hands[0].deleted = True  # alice dismissed her ephemeral hand: Discord answers 10008 to edits
    last_message = max(m.id for m in harness.fake.channel_messages(table.thread))
    while table.to_act() != [0]:
        assert table.to_act() == [1], "only bob plays until alice's turn comes back"
        await table.act(1)
    assert _mentions(harness, table, alice, after=last_message) == 1


async def test_the_thread_is_one_log_message_per_stretch_without_has_chosen_lines(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, _bob, table = await _alice_bob(harness, monkeypatch, seed=5)
    await play_until(table, lambda t: t.moves >= 12)
    thread = harness.fake.channel_messages(table.thread)
    text = "\n".join(m.text() for m in thread)
    assert "has chosen" not in text, "the Houses chosen together: the board shows who still chooses"
    assert sum(1 for m in thread if m.said() and m.edits) >= 1, "the log (on the board) is edited, not re-posted"
    assert len(thread) - table.thread_start <= 6, [m.content[:80] for m in thread]
    # the record is complete: /history still has every line, "has chosen" included
    rec = await harness.cmd(alice, "history", table=table.id)
    assert "has chosen" in harness.last_reply(rec).text()


async def test_the_half_time_reminder_mentions_the_person_in_the_thread(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, _bob, table = await _alice_bob(harness, monkeypatch, seed=6)
    alice.dms_open = False  # the reminder by DM cannot reach her: the thread must
    await play_until(table, solo_turn_of(0))
    version = table.live.info.version
    await harness.service.process_due_clocks(now=time.time() + 61)  # past half of the 120 s live clock
    await harness.fake.settle()
    await harness.check_leaks()
    reminder = harness.newest(lambda m: m.channel_id == table.thread and "half your time" in m.said())
    assert reminder is not None and alice.id in reminder.notified
    assert table.live.info.version == version, "only a reminder: nothing was played for her"
    assert not harness.leaks


async def test_a_used_dm_form_becomes_its_outcome(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    # people who joined long before the start: their lobby clicks can no longer send a first hand
    monkeypatch.setattr(hands.HandReplies, "remember_lobby_click", lambda *args, **kwargs: None)
    _alice, bob, table = await _alice_bob(harness, monkeypatch, seed=7)
    # Trickster opens with the Houses chosen together: bob (no hand reply yet) gets a DM form
    form = table.dm_form(bob)
    assert form is not None and form.selects()
    await table.act(1, via_dm=True)
    assert not form.components, "the used form keeps no menu"
    assert "you chose" in form.content and "Choose" not in form.content, form.content
    assert not harness.leaks


async def test_dms_do_not_repeat_what_the_player_just_did(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ex-Tarot told each player "You discarded ♦Q." by DM after every discard they made themselves;
    the answer to their click shows it, the DMs stay for what they did not do."""
    # people who joined long before the start: their lobby clicks can no longer send a first hand
    monkeypatch.setattr(hands.HandReplies, "remember_lobby_click", lambda *args, **kwargs: None)
    fix_table_seed(monkeypatch, 8)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    table = await open_table(harness, [alice, bob], ai=4, game="dream-capture", options="")
    await play_until(table, lambda t: False, limit=3000)
    assert table.over()
    for person in (alice, bob):
        pushed = "\n".join(m.text() for m in fake.dms(person) if not m.edits)  # not the forms they used
        assert "You discarded" not in pushed, pushed[:300]
    shown = [m for m in fake.messages.values() if m.visibility.kind != "public" and "You discarded" in m.text()]
    assert shown or not any(
        row.action.startswith("discard") for row in await harness.service.store.actions(table.id)
    ), "the discard is shown in the clicker's own hand"
    assert not harness.leaks, harness.leaks[:3]


async def test_posters_end_when_idle_and_are_dropped(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Router kept one finished task per table for ever; an idle table keeps none."""
    _alice, _bob, table = await _alice_bob(harness, monkeypatch, seed=9)
    await play_until(table, lambda t: t.moves >= 3)
    assert harness.bot is not None
    assert not harness.bot.router._chains, "nothing to post: no task kept"
    await play_until(table, lambda t: False)
    assert table.over()
    assert not harness.bot.router._chains
    assert not harness.bot.router._logs and not len(harness.bot.router.hands)


async def test_history_and_list_find_a_finished_table_from_its_thread(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice, _bob, table = await _alice_bob(harness, monkeypatch, seed=10)
    dave = harness.fake.add_user("dave")
    await play_until(table, lambda t: False)
    assert table.over()
    for person in (alice, dave):  # a player, and someone who only watched
        rec = await harness.cmd(person, "history", channel_id=table.thread)
        reply = harness.last_reply(rec)
        assert reply.visibility.kind == "ephemeral" and f"Log of table #{table.id}" in reply.text(), reply.text()
    rec = await harness.cmd(alice, "table list")
    listing = harness.last_reply(rec).text()
    assert "Finished lately" in listing and f"#{table.id}" in listing and "finished" in listing
    assert not harness.leaks


def test_hand_replies_discord_no_longer_lets_us_edit_are_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory stays bounded by the people active in the last 15 minutes."""
    replies = hands.HandReplies()
    interaction: object = object()
    replies.remember(1, 10, interaction, version=3, lang="en")  # type: ignore[arg-type]
    replies.remember(2, 11, interaction, version=4, lang="ja")  # type: ignore[arg-type]
    assert replies.get(1, 10) is not None and len(replies) == 2
    monkeypatch.setattr(hands, "EDIT_WINDOW", -1)
    replies.prune()
    assert len(replies) == 0 and replies.get(2, 11) is None


async def test_the_first_hand_comes_privately_after_join_and_start(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Join and Start are clicks too: their tokens send each person their first hand when the game
    starts within 15 minutes, so even the first move is one click and nobody is mentioned for it."""
    alice, bob, table = await _alice_bob(harness, monkeypatch, seed=5)
    # Trickster opens with the Houses chosen together: both owe a choice at once
    for seat, person in ((0, alice), (1, bob)):
        legal = table.live.game.legal_actions(table.live.state, seat)
        first = harness.newest(
            lambda m, p=person: m.visibility.kind == "ephemeral" and m.visibility.user_id == p.id  # type: ignore[misc]
        )
        assert first is not None and table.offers(first, legal), f"{person.name} has a hand without asking"
        assert _mentions(harness, table, person) == 0 and not harness.fake.dms(person)
    clicks = table.interactions
    await table.act(0)
    await table.act(1)
    assert table.interactions - clicks == 2
    assert not harness.leaks
