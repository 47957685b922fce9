"""My games, a person's day and Play again through the fake Discord (the real discord.py): /games lists
the tables waiting for me first with links to their threads; /settings me timezone/quiet/digest (a zone
that does not exist is one localized line and changes nothing); the daily digest DM once a day at the
chosen hour (virtual time), never when off; the final board's Play again button (same settings and
seats, starts when everyone clicked, one lobby for two clicks at once, a rematch of a rematch, refused
for someone not at the table)."""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Iterator
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.tables import TableStatus
from games.core import registry
from tests.discord.fake_discord import GUILD_ID, FakeMessage, FakeUser
from tests.discord.harness import Harness
from tests.discord.play import Table, fix_table_seed, open_table

sys.path.insert(0, str(Path(__file__).parent.parent / "bot"))
from tinygame import TINY

TOKYO = ZoneInfo("Asia/Tokyo")
SILENT = 1 << 12  # Discord's SUPPRESS_NOTIFICATIONS message flag


@pytest.fixture(autouse=True)
def tiny_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The host tests' tiny game (one round: a game is a few clicks) resolvable by id."""
    games = dict(registry.all_games())
    games["tiny"] = TINY
    monkeypatch.setattr(registry, "all_games", lambda: games)
    yield


class VirtualClock:
    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


async def tiny_table(harness: Harness, people: list[FakeUser], ai: int = 0, rounds: int = 1) -> Table:
    return await open_table(harness, people, ai=ai, game="tiny", options=f"rounds={rounds}")


async def finish(table: Table) -> None:
    """Every human move through the service (the game's end is what these tests look at)."""
    svc = table.harness.service
    while not table.over():
        seat = next(s for s in table.to_act() if s in table.people)
        user = table.people[seat].id
        view = await svc.seat_view(table.id, user)
        await svc.submit(table.id, user, view.legal_actions[0], view.version)
        await table.harness.fake.settle()


def final_board(table: Table) -> FakeMessage:
    board = table.board()
    assert any(b.get("label") == "Play again" for b in board.buttons()), [b.get("label") for b in board.buttons()]
    return board


def play_again_id(board: FakeMessage) -> str:
    return next(b["custom_id"] for b in board.buttons() if b.get("label") == "Play again")


# ---- /games ------------------------------------------------------------------------------------------
async def test_games_lists_the_tables_waiting_for_me_first_with_links(harness: Harness) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    rec = await harness.cmd(alice, "games")
    assert "no open table" in harness.last_reply(rec).text()
    first = await tiny_table(harness, [alice, bob], rounds=2)  # alice (seat 1) leads: waits for alice
    second = await tiny_table(harness, [bob, alice], rounds=2)  # bob leads: alice waits for bob
    rec = await harness.cmd(alice, "games")
    reply = harness.last_reply(rec)
    assert reply.visibility.kind == "ephemeral"
    lines = [line for line in reply.text().split("\n") if line.startswith(("**Your turn**", "#"))]
    assert f"#{first.id} " in lines[0] and lines[0].startswith("**Your turn**"), lines
    assert f"#{second.id} " in lines[1] and "waiting for bob" in lines[1], lines
    assert f"https://discord.com/channels/{GUILD_ID}/{first.thread}" in lines[0]
    assert f"https://discord.com/channels/{GUILD_ID}/{second.thread}" in lines[1]
    assert "1 waiting for you" in reply.text() and "Times in UTC (not chosen yet" in reply.text()
    assert "left (until" in lines[0]
    await harness.cmd(alice, "settings me", timezone="Asia/Tokyo")
    rec = await harness.cmd(alice, "games")
    assert "Times in Asia/Tokyo." in harness.last_reply(rec).text()
    assert not harness.leaks, harness.leaks[:3]


# ---- /settings me: time zone, quiet hours, digest ----------------------------------------------------------
async def test_a_time_zone_that_does_not_exist_is_one_localized_line_and_changes_nothing(harness: Harness) -> None:
    fake = harness.fake
    alice, kenji = fake.add_user("alice"), fake.add_user("kenji", locale="ja")
    await harness.start_bot()
    assert harness.bot is not None
    rec = await fake.feed(harness.bot, fake.autocomplete_payload(alice, "settings me", "timezone", timezone="toky"))
    assert [c["value"] for c in rec.choices][:1] == ["Asia/Tokyo"]
    rec = await harness.cmd(alice, "settings me", timezone="Asia/Tokyo", quiet="22:00-07:00")
    assert "Time zone: Asia/Tokyo · Quiet hours: 22:00-07:00 · Daily digest: off" in harness.last_reply(rec).text()
    for who, needle in ((alice, "is not a time zone"), (kenji, "タイムゾーンはありません")):
        rec = await harness.cmd(who, "settings me", timezone="Mars/Olympus_Mons", language="en", digest=9)
        text = harness.last_reply(rec).text()
        assert needle in text and len(text.strip().split("\n")) == 1, text
    for who in (alice, kenji):
        mine = await harness.service.get_personal(who.id)
        assert mine.digest_hour is None
        assert (await harness.service.get_settings(who.id)).language is None, "the language was not saved either"
    assert (await harness.service.get_personal(alice.id)).timezone == "Asia/Tokyo"
    rec = await harness.cmd(kenji, "settings me")
    assert "UTC（未設定" in harness.last_reply(rec).text(), "never chosen: UTC, and it says so"
    assert "23:00-08:00（既定。タイムゾーンを設定すると有効になります）" in harness.last_reply(rec).text()


async def test_the_digest_is_a_dm_once_a_day_at_the_chosen_hour_and_never_when_off(harness: Harness) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    clock = VirtualClock(dt.datetime(2026, 11, 27, 12, tzinfo=TOKYO).timestamp())
    harness.service.clock = clock
    await tiny_table(harness, [alice, bob], rounds=2)  # waits for alice
    await tiny_table(harness, [bob, alice], rounds=2)  # waits for bob
    await harness.cmd(alice, "settings me", timezone="Asia/Tokyo", digest=9)
    await harness.cmd(bob, "settings me", timezone="Asia/Tokyo", digest=9)
    await harness.cmd(bob, "settings me", digest=-1)  # off
    before = {u.id: len(fake.dms(u)) for u in (alice, bob)}
    start = clock.now
    for minutes in range(0, 2 * 24 * 60 + 60, 20):  # two days in 20-minute ticks
        clock.now = start + minutes * 60
        await harness.service.digest.run(clock.now)
        await fake.settle()
    digests = [m for m in fake.dms(alice)[before[alice.id]:] if "wait" in m.text()]
    assert len(digests) == 2, [m.text() for m in digests]
    assert digests[0].text().startswith("**📬 1 game waits for you**")
    assert "Your turn" in digests[0].text() and "Times in Asia/Tokyo." in digests[0].text()
    assert not digests[0].flags & SILENT, "09:00 is after the quiet hours: it notifies"
    assert len(fake.dms(bob)) == before[bob.id], "digest off: no DM"


async def test_a_dm_inside_quiet_hours_comes_without_a_sound(harness: Harness) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    clock = VirtualClock(dt.datetime(2026, 11, 27, 12, tzinfo=TOKYO).timestamp())
    harness.service.clock = clock
    await tiny_table(harness, [alice, bob], rounds=2)  # waits for alice
    await harness.cmd(alice, "settings me", timezone="Asia/Tokyo", digest=7)  # inside 23:00-08:00
    start = clock.now
    for minutes in range(0, 24 * 60, 30):
        clock.now = start + minutes * 60
        await harness.service.digest.run(clock.now)
        await fake.settle()
    digests = [m for m in fake.dms(alice) if "wait" in m.text()]
    assert len(digests) == 1 and digests[0].flags & SILENT, "delivered silently (Discord's @silent)"


# ---- Play again -------------------------------------------------------------------------------------------
async def test_play_again_makes_one_lobby_with_the_same_seats_and_starts_when_all_clicked(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 5)
    fake = harness.fake
    alice, bob, carl = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carl", locale="ja")
    await harness.start_bot()
    table = await tiny_table(harness, [alice, bob], ai=1)
    await finish(table)
    board = final_board(table)
    cid = play_again_id(board)
    svc = harness.service
    # someone not at the table: one localized line, nothing made
    rec = await harness.click(carl, board, cid)
    note = harness.last_reply(rec)
    assert note.visibility.kind == "ephemeral" and "再戦を始められるのは" in note.text() and "\n" not in note.text()
    assert await svc.list_tables(GUILD_ID, statuses=(TableStatus.LOBBY,)) == []
    # bob and bob again at once: one lobby, posted once in the thread
    lobbies_before = len([m for m in fake.channel_messages(table.thread) if ":join" in " ".join(m.custom_ids())])
    payloads = [fake.component_payload(bob, board, cid) for _ in range(2)]
    assert harness.bot is not None
    for payload in payloads:
        await fake.feed(harness.bot, payload, settle=False)
    await fake.settle()
    lobbies = await svc.list_tables(GUILD_ID, statuses=(TableStatus.LOBBY,))
    assert len(lobbies) == 1
    rematch = lobbies[0]
    posted = [m for m in fake.channel_messages(table.thread) if ":join" in " ".join(m.custom_ids())]
    assert len(posted) == lobbies_before + 1 and f"#{rematch.id}" in posted[-1].text()
    source = await svc.get_table(table.id)
    assert (rematch.game, dict(rematch.options), rematch.clock_mode, rematch.clock_seconds) == (
        source.game, dict(source.options), source.clock_mode, source.clock_seconds
    )
    assert [s.user_id for s in rematch.seats] == [bob.id, None] and rematch.seats[1].is_ai
    texts = [harness.last_reply(fake.record_for(p)).text() for p in payloads]
    assert sorted(x.split(":")[0].split(" the")[0] for x in texts) == [f"Rematch of #{table.id}", "You are already in"], texts
    # alice's click is her join: everyone is in, the rematch starts and its board is posted
    rec = await harness.click(alice, board, cid)
    assert "starts" in harness.last_reply(rec).text()
    started = await svc.get_table(rematch.id)
    assert started.status is TableStatus.PLAYING
    assert {s.user_id for s in started.seats} == {alice.id, bob.id, None}
    again = Table(harness, rematch.id, table.thread, {i: p for i, p in enumerate(
        [next(u for u in (alice, bob) if u.id == s.user_id) if s.user_id else None for s in started.seats]
    ) if p is not None})
    # a rematch of the rematch, from its own final board
    await finish(again)
    rec = await harness.click(alice, final_board(again), play_again_id(final_board(again)))
    assert harness.last_reply(rec).text().startswith(f"Rematch of #{rematch.id}")
    third = await svc.list_tables(GUILD_ID, statuses=(TableStatus.LOBBY,))
    assert len(third) == 1 and third[0].id not in (table.id, rematch.id)
    assert not harness.leaks, harness.leaks[:3]



async def test_a_rematch_of_one_person_and_ai_starts_at_the_click(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 9)
    fake = harness.fake
    alice = fake.add_user("alice", locale="ja")
    await harness.start_bot()
    table = await tiny_table(harness, [alice], ai=1)
    await finish(table)
    board = table.board()
    cid = next(b["custom_id"] for b in board.buttons() if b["custom_id"].startswith("tp:"))
    rec = await harness.click(alice, board, cid)
    assert "全員そろいました" in harness.last_reply(rec).text()
    started = await harness.service.list_tables(GUILD_ID, statuses=(TableStatus.PLAYING,))
    assert len(started) == 1 and started[0].id != table.id
    new_board = table.board()
    assert f"#{started[0].id}" in new_board.text(), "the rematch's board is in the thread"
    assert not [m for m in fake.channel_messages(table.thread) if f"#{started[0].id}" in m.text() and ":join" in " ".join(m.custom_ids())]


async def test_games_shows_a_time_bank_reserve(harness: Harness) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    before = set(fake.threads())
    await harness.cmd(alice, "table new", game="tiny", options="rounds=2", clock="async-bank")
    thread = next(t for t in fake.threads() if t not in before)
    lobby = fake.channel_messages(thread)[-1]
    for who, verb in ((bob, ":join"), (alice, ":start")):
        await harness.click(who, lobby, next(b["custom_id"] for b in lobby.buttons() if b["custom_id"].endswith(verb)))
    mine = harness.last_reply(await harness.cmd(alice, "games")).text()
    theirs = harness.last_reply(await harness.cmd(bob, "games")).text()
    assert "**Your turn**" in mine and " left (until " in mine and "reserve" not in mine, mine
    assert "waiting for alice · reserve 3d 0h" in theirs, theirs  # the operator's default bank: 3 days
