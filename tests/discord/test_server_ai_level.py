"""/settings server ai_level (the server's default for take-overs is a setting): a server admin
chooses the AI that plays on for people who resign, run out of time or are replaced; the summary shows it
(the operator's level until then), in English and Japanese; a resigning player's seat plays on at it."""

from __future__ import annotations

import pytest

from tests.discord.fake_discord import GUILD_ID
from tests.discord.harness import Harness
from tests.discord.play import fix_table_seed, open_table

SUMMARY_EN = "AI taking over seats (clock ran out, resigned, replaced): "
SUMMARY_JA = "席を引き継ぐAI（時間切れ・投了・交代）: "


async def test_an_admin_sets_the_take_over_level_and_a_resigning_seat_plays_on_at_it(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 12)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    boss = fake.add_user("boss", admin=True)
    await harness.start_bot()
    rec = await harness.cmd(boss, "settings server")
    assert SUMMARY_EN + "normal" in harness.last_reply(rec).text()  # not set: the operator's level
    rec = await harness.cmd(bob, "settings server", ai_level="easy")
    assert "Manage Server" in harness.last_reply(rec).text()  # admins only
    rec = await harness.cmd(boss, "settings server", ai_level="easy")
    reply = harness.last_reply(rec)
    assert reply.visibility.kind == "ephemeral" and SUMMARY_EN + "easy" in reply.text()
    assert "Default clock: live" in reply.text() and "ai_level:" in reply.text()  # the rest unchanged

    table = await open_table(harness, [alice, bob], ai=2)
    rec = await harness.cmd(bob, "table resign", table=table.id)
    assert harness.last_reply(rec).text() == "Done."
    assert table.live.info.seats[1].ai_policy == "random"  # easy, the server's level (not the heuristic)

    # another setting later keeps the level (the database merges the change)
    rec = await harness.cmd(boss, "settings server", default_clock="async")
    assert SUMMARY_EN + "easy" in harness.last_reply(rec).text()
    await harness.stop_bot()
    await harness.start_bot()
    rec = await harness.cmd(boss, "settings server")
    assert SUMMARY_EN + "easy" in harness.last_reply(rec).text()  # stored: a restart keeps it
    assert not harness.leaks


async def test_the_level_in_japanese_in_the_picker_and_the_reply(harness: Harness) -> None:
    fake = harness.fake
    kenji = fake.add_user("kenji", locale="ja", admin=True)
    bot = await harness.start_bot()
    rec = await harness.cmd(kenji, "settings server", ai_level="strong")
    text = harness.last_reply(rec).text()
    assert SUMMARY_JA + "つよい" in text and "ai_level:… で引き継ぐAIの強さ" in text
    assert (await bot.service.get_guild_settings(GUILD_ID)).ai_level == "strong"
    synced = {c["name"]: c for c in fake.synced_commands[None]}
    server = next(o for o in synced["settings"]["options"] if o["name"] == "server")
    option = next(o for o in server["options"] if o["name"] == "ai_level")
    assert option["description_localizations"]["ja"].startswith("持ち時間切れ")
    assert [c["value"] for c in option["choices"]] == ["easy", "normal", "strong"]
    assert [c["name_localizations"]["ja"] for c in option["choices"]] == [
        "やさしい（無作為）",
        "ふつう（経験則ですぐに）",
        "つよい（先読み・1手数秒）",
    ]
    assert all(len(c["name"]) <= 100 for c in option["choices"]) and len(option["description"]) <= 100
