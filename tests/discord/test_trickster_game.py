"""A whole 4-player Trickster game played only through slash commands, buttons and selects.

Three people (alice has closed her DMs, bob reads Japanese) and one AI seat. Secret choices (the Houses
chosen together, the Bard's exchange) go through the DM forms where DMs are open, else through My hand;
one decision runs out of time and the AI plays it. After every step the harness checks that no message
a person can see names a card hidden from their seat.
"""

from __future__ import annotations

import random
import time

import pytest

from bot.discord_bot import hands
from tests.discord.harness import Harness
from tests.discord.play import Table, fix_table_seed

SEED = 11


def prefer_bard(seat: int, actions: list[str], rng: random.Random) -> str:
    """Play Bards and pick people as targets, so exchanges between humans happen."""
    bardish = [a for a in actions if "bard" in a]
    targets = [a for a in actions if a in ("target:0", "target:1", "target:2")]
    return rng.choice(bardish or targets or actions)


async def test_a_whole_trickster_game_through_discord(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    # people who joined long before the start: their lobby clicks can no longer send a first hand
    monkeypatch.setattr(hands.HandReplies, "remember_lobby_click", lambda *args, **kwargs: None)
    fix_table_seed(monkeypatch, SEED)
    fake = harness.fake
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob", locale="ja"), fake.add_user("carol")
    alice.dms_open = False
    await harness.start_bot()
    await harness.cmd(alice, "table new", game="trickster", options="deck=fantasy")
    thread = fake.threads()[0]
    lobby = fake.channel_messages(thread)[-1]
    await harness.click_label(bob, lobby, "Join")
    await harness.click_label(carol, lobby, "Join")
    await harness.click_label(alice, lobby, "Add AI")
    await harness.click_label(alice, lobby, "Start")
    table = Table(harness, 1, thread, {0: alice, 1: bob, 2: carol})
    expired = False
    while not table.over():
        assert table.moves < 400
        acting = [s for s in table.to_act() if s in table.people]
        assert acting, f"only AI seats to act after settling: {table.to_act()}"
        seat = acting[0]
        if not expired and table.moves >= 8 and len(table.to_act()) == 1:
            # The clock runs out: the service's clock pass lets the AI play; Discord shows it in the thread.
            await harness.service.process_due_clocks(now=time.time() + 10**7)
            await fake.settle()
            await harness.check_leaks()
            expired = True
            assert harness.newest(lambda m: m.channel_id == thread and "ran out of time" in m.text())
            continue
        await table.act(seat, prefer_bard, via_dm=True)

    assert expired
    assert not harness.leaks, harness.leaks[:5]
    assert harness.checked_messages > 100
    # Secret choices went through DM forms (bob, carol) — including a Bard exchange — and never for alice.
    assert any(pick.startswith("give:") for _, pick in table.dm_actions), table.dm_actions
    assert {seat for seat, _ in table.dm_actions} <= {1, 2}
    assert not fake.dms(alice)
    mentions = [m for m in fake.channel_messages(thread) if alice.id in m.notified]
    assert mentions, "alice, whose DMs are closed, is still pinged in the thread"
    # The end: results in the thread, the board says the game is over.
    assert harness.newest(lambda m: m.channel_id == thread and "Final result" in m.text())
    assert "Game over" in table.board().text()
    # bob's private replies were in Japanese.
    bob_hands = [m for m in fake.messages.values() if m.visibility.user_id == bob.id and m.visibility.kind == "ephemeral"]
    assert all("あなたの手札" in m.text() or "盤面" in m.text() for m in bob_hands if m.embeds)
    assert all("卓 #" in m.text() for m in fake.dms(bob)), "bob's DMs follow his Japanese client"
