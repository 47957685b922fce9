"""Leaderboards and /stats through the fake Discord: the current season by default, `season:` a past one
or all-time, pages beyond ten rows with ◀ ▶ and the viewer's own rank when they are not on the page, the
pictures (within the boards' size target, showing only public figures), `/settings server season:`, and
bad input (a season that does not exist, a page button from an old message) answered in one localized
line with nothing changed."""

from __future__ import annotations

import calendar
import copy
import io
import json
from typing import Any

import pytest
from PIL import Image

from bot.art import charts
from bot.store.factory import open_store
from bot.store.records import ResultRow, ResultSeat, SeatRow, TableRow, TableWrite
from bot.tables import TableService
from bot.tables.ratings import OpenSkillRater
from tests.discord import fake_discord
from tests.discord.fake_discord import CHANNEL_ID, GUILD_ID, ChannelOption, FakeMessage, FakeUser
from tests.discord.harness import Harness

NOV_10 = float(calendar.timegm((2026, 11, 10, 12, 0, 0)))
OCT_10 = float(calendar.timegm((2026, 10, 10, 12, 0, 0)))


@pytest.fixture
def uploads(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bytes]]:
    found: list[tuple[str, bytes]] = []
    original = fake_discord._json_from_form

    def reading_files(form: Any) -> dict[str, Any]:
        for part in form:
            if str(part.get("name", "")).startswith("files["):
                value = part["value"]
                found.append((str(part.get("filename")), value.getvalue() if hasattr(value, "getvalue") else bytes(value)))
        return original(form)

    monkeypatch.setattr(fake_discord, "_json_from_form", reading_files)
    return found


async def _games(harness: Harness, pairs: list[tuple[int, str, int, str]], at: float) -> None:
    """Finished trickster results on the fake server (winner first), rated as the service rates them."""
    store = harness.service.store
    for i, (win, win_name, lose, lose_name) in enumerate(pairs):
        row = TableRow(
            id=0, guild_id=GUILD_ID, channel_id=1, thread_id=None, game="trickster", variant="standard", options={},
            status="playing", seed=i, version=0, creator_id=win, clock_mode="async", clock_seconds=3600,
            created_at=at, updated_at=at,
        )
        seats = (SeatRow(0, win, win_name), SeatRow(1, lose, lose_name))
        [table] = await store.insert_tables_bulk([(row, seats)])
        result = ResultRow(
            table, GUILD_ID, "trickster", at + i,
            {}, (ResultSeat(0, win, win_name, 1, 1.0, None), ResultSeat(1, lose, lose_name, 2, 0.0, None)),
        )
        assert await store.commit([TableWrite(table, 0, 0, at + i, status="finished", result=result)]) == [None]
    await store.apply_ratings(OpenSkillRater(at))


def _old_copy(message: FakeMessage, ids: dict[str, str]) -> FakeMessage:
    """The message as an older one would be: the same, with other custom ids on its buttons."""
    old = copy.deepcopy(message)
    stack = list(old.components)
    while stack:
        comp = stack.pop()
        if comp.get("custom_id") in ids:
            comp["custom_id"] = ids[comp["custom_id"]]
        stack.extend(comp.get("components", []))
    return old


def _clock(harness: Harness, now: float) -> None:
    harness.service.clock = lambda: now


async def test_leaderboard_pages_own_rank_seasons_and_pictures(
    harness: Harness, uploads: list[tuple[str, bytes]], monkeypatch: pytest.MonkeyPatch
) -> None:
    scenes: list[dict[str, Any]] = []
    draw = charts.leaderboard_scene
    monkeypatch.setattr(charts, "leaderboard_scene", lambda *a, **k: scenes.append(draw(*a, **k)) or scenes[-1])
    fake = harness.fake
    alice = fake.add_user("alice")
    others = [fake.add_user(f"p{i:02d}") for i in range(24)]
    await harness.start_bot()
    _clock(harness, NOV_10 + 3600)
    # October: alice beats everyone once; November: 24 players, alice loses every game (bottom of the board)
    await _games(harness, [(alice.id, "alice", o.id, o.name) for o in others[:3]], OCT_10)
    ladder = [(others[i].id, others[i].name, others[i + 1].id, others[i + 1].name) for i in range(23)]
    await _games(harness, ladder + [(o.id, o.name, alice.id, "alice") for o in others[:4]], NOV_10)
    rec = await harness.cmd(alice, "leaderboard")
    board = harness.last_reply(rec)
    text = board.text()
    assert board.visibility.kind == "public"
    assert "November 2026" in text and "running" in text and "Page 1 of 3" in text and "25 players" in text
    assert text.count(" games, ") == 10  # ten rows on a page
    assert "▸ alice: 25." in text  # her own rank, below the page
    ids = [c for c in board.custom_ids() if c.startswith("lb:")]
    assert ids == ["lb:g:2026-11:*:0", "lb:g:2026-11:*:1"]
    png = dict(uploads)["leaderboard.png"]
    assert len(png) <= 200_000 and Image.open(io.BytesIO(png)).width == 720
    # ▶ from the public message: the clicker's own copy of page 2; the public message is unchanged
    before = board.edits
    rec = await harness.click_label(alice, board, "▶")
    page2 = harness.last_reply(rec)
    assert page2.visibility.kind == "ephemeral" and page2.visibility.user_id == alice.id
    assert "Page 2 of 3" in page2.text() and board.edits == before
    # ▶ on her private copy turns it in place to the last page, where she is on the page
    rec = await harness.click_label(alice, page2, "▶")
    page3 = harness.last_reply(rec)
    assert page3.id == page2.id and "Page 3 of 3" in page3.text()
    assert "▸ alice" not in page3.text() and "25. alice" in page3.text()
    # a past season, and all-time
    rec = await harness.cmd(alice, "leaderboard", season="2026-10")
    october = harness.last_reply(rec).text()
    assert "October 2026 (ended)" in october and "1. alice" in october and "Page 1 of 1" in october
    rec = await harness.cmd(others[5], "leaderboard", season="all")
    assert "all-time" in harness.last_reply(rec).text() and "28 players" not in harness.last_reply(rec).text()
    assert "25 players" in harness.last_reply(rec).text()
    assert not harness.leaks
    # the pictures' data: names, ratings, trends, counts; no Discord id of anyone
    assert scenes and all(str(u.id) not in json.dumps(scene) for scene in scenes for u in [alice, *others])
    assert set(scenes[0]) == {"kind", "lang", "title", "subtitle", "rows", "viewer", "viewer_on_page", "footer"}


async def test_bad_season_and_a_page_from_an_old_message_change_nothing(harness: Harness) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    taro = fake.add_user("taro", locale="ja")
    others = [fake.add_user(f"p{i:02d}") for i in range(12)]
    await harness.start_bot()
    _clock(harness, NOV_10 + 3600)
    await _games(harness, [(o.id, o.name, alice.id, "alice") for o in others], NOV_10)
    rec = await harness.cmd(alice, "leaderboard", season="2025-02")
    reply = harness.last_reply(rec)
    assert reply.visibility.kind == "ephemeral"
    assert reply.text() == "There is no season “2025-02” on this server's boards (seasons here: all, 2026-11)."
    rec = await harness.cmd(taro, "leaderboard", season="spring")
    assert harness.last_reply(rec).text().startswith("このサーバーの順位表にシーズン「spring」はありません")
    rec = await harness.cmd(alice, "leaderboard", scope="global", season="2026-11")
    assert harness.last_reply(rec).text() == "Seasons belong to a server; the global board is all-time only."
    rec = await harness.cmd(alice, "leaderboard")
    board = harness.last_reply(rec)
    edits = board.edits
    # an old message drawn when the board had more pages (its ▶ leads past today's last page)
    old = _old_copy(board, {"lb:g:2026-11:*:1": "lb:g:2026-11:*:7"})
    rec = await harness.click(alice, old, "lb:g:2026-11:*:7")
    gone = harness.last_reply(rec)
    assert gone.visibility.kind == "ephemeral"
    assert gone.text() == "That page of the leaderboard no longer exists (it has 2 now). Open /leaderboard again."
    old = _old_copy(board, {"lb:g:2026-11:*:1": "lb:g:2025-01:*:1"})  # a season this server never had
    rec = await harness.click(taro, old, "lb:g:2025-01:*:1")
    assert harness.last_reply(rec).text().startswith("このサーバーの順位表にシーズン「2025-01」はありません")
    assert board.edits == edits


async def test_stats_picture_and_words(harness: Harness, uploads: list[tuple[str, bytes]]) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    _clock(harness, NOV_10 + 3600)
    await _games(harness, [(alice.id, "alice", bob.id, "bob")] * 3 + [(bob.id, "bob", alice.id, "alice")], NOV_10)
    rec = await harness.cmd(bob, "stats", user=alice)
    stats = harness.last_reply(rec)
    text = stats.text()
    assert stats.visibility.kind == "ephemeral"
    assert "4 games, 3 wins · average place 1.25 · best streak 3" in text
    png = dict(uploads)["stats.png"]
    assert len(png) <= 200_000 and Image.open(io.BytesIO(png)).width == 760


async def test_season_setting_quarterly_and_none(harness: Harness) -> None:
    fake = harness.fake
    admin: FakeUser = fake.add_user("admin", admin=True)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    _clock(harness, NOV_10 + 3600)
    rec = await harness.cmd(alice, "settings server", season="none")
    assert harness.last_reply(rec).text() == "Only members with the Manage Server permission can do that."
    assert (await harness.service.seasons.settings(GUILD_ID)).cadence == "monthly"  # nothing changed
    rec = await harness.cmd(admin, "settings server", season="quarterly")
    assert "Seasons: quarterly" in harness.last_reply(rec).text()
    await _games(harness, [(alice.id, "alice", bob.id, "bob")], NOV_10)
    rec = await harness.cmd(alice, "leaderboard")
    assert "2026 Q4" in harness.last_reply(rec).text()
    rec = await harness.cmd(admin, "settings server", season="none")
    assert "Seasons: none" in harness.last_reply(rec).text()
    rec = await harness.cmd(alice, "leaderboard")
    assert "all-time" in harness.last_reply(rec).text() and "1. alice" in harness.last_reply(rec).text()


async def test_a_season_end_is_announced_once_in_the_chosen_channel_with_its_hall_of_fame(harness: Harness) -> None:
    """Virtual time: November's games, then the clock passes 1 December: the clock loop's tick records
    the end once (a second tick, and the same tick in a second service on the database, add nothing),
    the hall of fame is posted in the channel the admins chose and shown on November's board."""
    fake = harness.fake
    admin = fake.add_user("admin", admin=True)
    alice, bob, carl = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carl")
    await harness.start_bot()
    _clock(harness, NOV_10)
    rec = await harness.cmd(admin, "settings server", season_channel=ChannelOption(CHANNEL_ID))
    assert f"announced in: <#{CHANNEL_ID}>" in harness.last_reply(rec).text()
    await _games(harness, [(alice.id, "alice", bob.id, "bob"), (alice.id, "alice", carl.id, "carl"),
                           (bob.id, "bob", carl.id, "carl")], NOV_10)
    before = len(fake.channel_messages(CHANNEL_ID))
    assert await harness.service.seasons.tick(NOV_10 + 60) == []  # November is still running
    dec_1 = float(calendar.timegm((2026, 12, 1, 0, 0, 0)))
    _clock(harness, dec_1 + 61)
    second = TableService(await open_store(f"sqlite:///{harness.db_path}"), harness.service.host.settings)
    try:
        ends = await harness.service.seasons.tick()
        assert await second.seasons.tick(dec_1 + 62) == []  # the other process finds it recorded
    finally:
        await second.close()
    await fake.settle()
    assert [e.season for e in ends] == ["2026-11"]
    posted = fake.channel_messages(CHANNEL_ID)[before:]
    assert [m.text() for m in posted] == ["🏆 Season November 2026 is over. Hall of fame: 🥇 alice (" +
                                          posted[0].text().split("🥇 alice (")[1]]
    assert "🥈 bob" in posted[0].text() and "🥉 carl" in posted[0].text()
    harness.service.seasons._next_check = float("-inf")
    assert await harness.service.seasons.tick() == []  # recorded once
    rec = await harness.cmd(carl, "leaderboard", season="2026-11")
    text = harness.last_reply(rec).text()
    assert "🏆 Hall of fame: 🥇 alice" in text and "(ended)" in text
    rec = await harness.cmd(carl, "leaderboard")
    assert "December 2026 (running)" in harness.last_reply(rec).text()
