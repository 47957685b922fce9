"""One click per move and a quiet thread, measured and read: whole games of every game and variant played through the fake Discord
by two people (alice on an English client, kenji on a Japanese one) and AI seats, with card pictures on
as in production.

- One click per move: the hand reply is refreshed with the new choices when the turn comes back.
  Target <= 1.2 interactions (every click, My hand included) per decision.
- A quiet thread: what happens between two decisions is one (edited) log message; a mention only when a
  turn could not be put into a hand. Target <= 0.3 thread messages per decision; /history complete.
- People by name: no seat label ("P2", "Player 3", "Seat 0", "AI 2") in any board, log, hand, button,
  DM or result, read after every step; every offered card with an effect shows it as its description.
The figures are printed (`pytest -s`) for the report.
"""

from __future__ import annotations

import pytest

from tests.discord.harness import Harness
from tests.discord.play import fix_table_seed, open_table
from tests.discord.reading import Reader, messages_of, readable

GAMES = [
    # (game, variant, options, AI seats) with two people seated
    ("trickster", None, "deck=fantasy", 2),
    ("trickster", None, "deck=tianxia", 1),
    ("trickster", None, "deck=symbiosis", 3),
    ("trickster-cot", None, "", 2),
    ("kings", "standard", "", 2),
    ("kings", "two-player", "", 0),
    ("kings", "ombre", "", 1),
    ("kings", "whist", "", 2),
    ("kings", "napoleon", "", 3),
    ("dream-capture", None, "", 4),
    ("timetrap", None, "", 1),
]


@pytest.mark.parametrize(("game", "variant", "options", "ai"), GAMES)
async def test_a_whole_game_is_one_click_per_move_in_a_quiet_thread_naming_people(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, game: str, variant: str | None, options: str, ai: int
) -> None:
    fix_table_seed(monkeypatch, 41)
    fake = harness.fake
    alice, kenji = fake.add_user("alice"), fake.add_user("kenji", locale="ja")
    await harness.start_bot()
    table = await open_table(harness, [alice, kenji], ai=ai, game=game, options=options, variant=variant)
    reader = Reader(table)
    while not table.over():
        assert table.moves < 3000
        acting = [s for s in table.to_act() if s in table.people]
        assert acting, f"only AI seats to act: {table.to_act()}"
        await table.act(acting[0], via_dm=True)
        reader.read()
    figures = table.figures()
    print(f"\n{game} {variant or ''} {options}: {figures}")
    assert not harness.leaks, harness.leaks[:3]
    assert figures["interactions_per_decision"] <= 1.2, figures
    assert figures["thread_messages_per_decision"] <= 0.3, figures
    assert not reader.seat_labels, reader.seat_labels[:5]
    assert not reader.undescribed, reader.undescribed[:5]
    assert reader.described, "some choices named cards with effects, and showed them"
    everything = "\n".join(readable(m) for m in messages_of(table))
    assert "alice" in everything and "kenji" in everything and ("(AI)" in everything or not ai)
    # nothing was lost from the record: /history in the finished game's own thread has every move
    rec = await harness.cmd(alice, "history", channel_id=table.thread)
    assert "Log of table" in harness.last_reply(rec).text()
    entries = await harness.service.history(table.id, alice.id)
    assert max(e.version for e in entries) == table.live.info.version
