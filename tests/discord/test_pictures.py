"""Card pictures on Discord, in the fake Discord: a hand reply and the board carry their picture
in one Components V2 block with the text and the buttons; a finished table's board carries the result; the
data every picture is drawn from passes the leak check for its audience; a text-only server gets none."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import bot.art as art
from games.core.invariants import leaked
from tests.discord import fake_discord
from tests.discord.fake_discord import FakeMessage
from tests.discord.harness import Harness
from tests.discord.play import fix_table_seed, open_table, play_until

MEDIA_GALLERY, CONTAINER, TEXT_DISPLAY = 12, 17, 10


def _walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    stack = list(components)
    while stack:
        comp = stack.pop(0)
        yield comp
        stack.extend(comp.get("components", []))


def pictures_of(message: FakeMessage) -> list[str]:
    """The attachment:// pictures a message shows in its media galleries."""
    return [
        item["media"]["url"]
        for comp in _walk(message.components)
        if comp.get("type") == MEDIA_GALLERY
        for item in comp.get("items", [])
    ]


class Uploads:
    """Every file the bot uploaded (multipart parts), and every scene it drew with its audience."""

    def __init__(self) -> None:
        self.files: list[tuple[str, bytes]] = []
        self.scenes: list[tuple[int | None, dict[str, Any]]] = []
        self.leaks: list[str] = []


@pytest.fixture
def uploads(monkeypatch: pytest.MonkeyPatch, harness: Harness) -> Uploads:
    found = Uploads()
    original_form = fake_discord._json_from_form

    def reading_files(form: Any) -> dict[str, Any]:
        for part in form:
            if str(part.get("name", "")).startswith("files["):
                value = part["value"]
                data = value.getvalue() if hasattr(value, "getvalue") else bytes(value)
                found.files.append((str(part.get("filename")), data))
        return original_form(form)

    monkeypatch.setattr(fake_discord, "_json_from_form", reading_files)

    def checked(build: Any) -> Any:
        def wrapper(view: Any, *args: Any, **kwargs: Any) -> Any:
            scene = build(view, *args, **kwargs)
            seat = view.get("seat")
            found.scenes.append((seat, scene))
            assert harness.bot is not None
            for live in harness.bot.service._tables.values():  # the state this view was just made from
                if live.state is not None and live.game.info.id == scene["game"]:
                    bad = leaked(live.game.hidden_from(live.state, seat), scene)
                    if bad:
                        found.leaks.append(
                            f"seat {seat} picture shows hidden {sorted(bad)}: {scene['title']}"
                        )
            return scene

        return wrapper

    monkeypatch.setattr(art, "hand_scene", checked(art.hand_scene))
    monkeypatch.setattr(art, "board_scene", checked(art.board_scene))
    return found


async def test_hand_reply_and_board_carry_their_pictures_with_text_and_buttons(
    harness: Harness, uploads: Uploads, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 5)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob", locale="ja")
    await harness.start_bot()
    table = await open_table(harness, [alice, bob], ai=2)
    board = table.board()
    assert pictures_of(board) == ["attachment://board.png"]
    seat = next(s for s in table.to_act() if s in table.people) if table.to_act() else 0
    person = table.people.get(seat, alice)
    hand = await table.open_hand(person)
    assert pictures_of(hand) == ["attachment://hand.png"]
    # one block: the picture, its text (the text alternative), then the buttons
    container = next(c for c in hand.components if c.get("type") == CONTAINER)
    kinds = [c.get("type") for c in container["components"]]
    assert kinds[:2] == [MEDIA_GALLERY, TEXT_DISPLAY] and kinds[2:] and set(kinds[2:]) == {1}
    assert hand.buttons() or hand.selects()
    gallery = container["components"][0]
    assert gallery["items"][0].get("description")  # the picture's alt text
    assert not hand.embeds and not hand.content  # a V2 message carries neither
    names = {name for name, _ in uploads.files}
    assert {"hand.png", "board.png"} <= names
    png = next(data for name, data in uploads.files if name == "hand.png")
    img = Image.open(io.BytesIO(png))
    assert img.width == 760 and len(png) <= 200_000
    # play on through buttons and DM forms: every picture's source data is checked for its audience
    await play_until(table, lambda t: t.moves >= 12, limit=200)
    assert not uploads.leaks, uploads.leaks[:3]
    assert not harness.leaks, harness.leaks[:3]
    hands = [s for s, sc in uploads.scenes if sc["kind"] == "hand"]
    boards = [s for s, sc in uploads.scenes if sc["kind"] == "board"]
    assert hands and boards and all(s is None for s in boards)
    assert pictures_of(table.board()) == ["attachment://board.png"]


async def test_a_finished_tables_board_shows_the_result(
    harness: Harness, uploads: Uploads, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 31)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    table = await open_table(harness, [alice, bob], ai=1, game="timetrap", options="")
    await play_until(table, lambda t: False, limit=1500)
    assert table.over()
    assert pictures_of(table.board()) == ["attachment://result.png", "attachment://board.png"]
    assert not uploads.leaks, uploads.leaks[:3]


async def test_text_only_server_setting_removes_the_pictures(
    harness: Harness, uploads: Uploads, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 5)
    fake = harness.fake
    boss = fake.add_user("boss", admin=True)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    rec = await harness.cmd(alice, "settings server", pictures=False)
    assert "Manage Server" in harness.last_reply(rec).text()  # admins only
    rec = await harness.cmd(boss, "settings server", pictures=False)
    assert "Card pictures: off" in harness.last_reply(rec).text()
    uploads.files.clear()
    table = await open_table(harness, [alice, bob], ai=2)
    board = table.board()
    assert pictures_of(board) == [] and board.embeds  # today's embed, with the same words
    hand = await table.open_hand(alice)
    assert pictures_of(hand) == [] and hand.embeds and (hand.buttons() or hand.selects() or True)
    await play_until(table, lambda t: t.moves >= 4, limit=100)
    assert uploads.files == []
    # and back on: the next board carries its picture again
    rec = await harness.cmd(boss, "settings server", pictures=True)
    assert "Card pictures: on" in harness.last_reply(rec).text()
    hand = await table.open_hand(bob)
    assert pictures_of(hand) == ["attachment://hand.png"]


async def test_pictures_follow_the_operator_switch(harness: Harness) -> None:
    """DISCORD_PICTURES=0 turns pictures off everywhere; DMs never carry them."""
    bot = await harness.start_bot()
    prefs = bot.preferences
    assert await prefs.pictures_on(fake_discord.GUILD_ID)
    assert not await prefs.pictures_on(None)
    import dataclasses

    prefs.settings = dataclasses.replace(prefs.settings, pictures=False)
    prefs.forget_server(fake_discord.GUILD_ID)
    assert not await prefs.pictures_on(fake_discord.GUILD_ID)
