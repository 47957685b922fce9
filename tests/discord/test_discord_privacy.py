"""Privacy in Discord (docs/privacy.md): "forget me" behind a confirm button that only its person
can press, the per-person open-table limit answered clearly, and a server the bot leaves remembered."""

from __future__ import annotations

import discord
import pytest

from tests.discord.fake_discord import GUILD_ID
from tests.discord.harness import Harness
from tests.discord.play import fix_table_seed, open_table


async def test_forget_me_asks_first_and_only_its_person_can_confirm(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 4)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    table = await open_table(harness, [alice, bob], ai=2)
    rec = await harness.cmd(alice, "settings me", forget=True)
    ask = harness.last_reply(rec)
    assert ask.visibility.kind == "ephemeral" and "cannot be undone" in ask.text()
    assert harness.service.store is not None
    rec = await harness.click_label(bob, ask, "Yes, forget me")
    assert "only" in harness.last_reply(rec).text() or "person who asked" in harness.last_reply(rec).text()
    assert (await harness.service.get_table(table.id)).seats[0].user_id == alice.id  # nothing happened
    rec = await harness.click_label(alice, ask, "Yes, forget me")
    done = harness.last_reply(rec)
    assert "you are forgotten" in done.text() and "1 games resigned" in done.text()
    seats = (await harness.service.get_table(table.id)).seats
    assert alice.id not in {s.user_id for s in seats} and "alice" not in {s.name for s in seats}
    assert seats[1].user_id == bob.id  # the others keep their seats and play on


async def test_the_open_table_limit_is_a_clear_private_answer(harness: Harness) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    await harness.start_bot(host={"max_open_tables_per_person": 1})
    await harness.cmd(alice, "table new", game="trickster")
    rec = await harness.cmd(alice, "table new", game="trickster")
    reply = harness.last_reply(rec)
    assert reply.visibility.kind == "ephemeral" and "the limit here is 1" in reply.text()
    assert len(await harness.service.list_tables(GUILD_ID)) == 1


async def test_leaving_and_rejoining_a_server_is_remembered(harness: Harness) -> None:
    await harness.start_bot()
    bot = harness.bot
    assert bot is not None
    guild = bot.get_guild(GUILD_ID) or discord.Object(id=GUILD_ID)  # the fake sends no GUILD_CREATE
    bot.dispatch("guild_remove", guild)
    await harness.fake.settle()
    store = harness.service.store
    assert await store.guilds_left_before(harness.service.clock() + 1) == [GUILD_ID]  # type: ignore[attr-defined]
    bot.dispatch("guild_join", guild)
    await harness.fake.settle()
    assert await store.guilds_left_before(harness.service.clock() + 1) == []  # type: ignore[attr-defined]
