"""Issue 14, measured: whole games of every game and variant played through the fake Discord by two
people (one English, one Japanese client) and AI seats. A move is one click when the turn comes back
(the hand reply is refreshed with the new choices), and the thread stays quiet: what happens between two
decisions is one (edited) log message, a mention only when a turn could not be put into a hand.

Targets (issue 14): <= 1.2 interactions and <= 0.3 thread messages per decision, over whole games, with
/history still complete. The figures are printed (`pytest -s`) for the report.
"""

from __future__ import annotations

import pytest

from tests.discord.harness import Harness
from tests.discord.play import fix_table_seed, open_table, play_until

GAMES = [
    # (game, variant, options, AI seats) with two people seated
    ("trickster", None, "deck=fantasy", 2),
    ("trickster", None, "deck=tianxia", 1),
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
async def test_a_whole_game_is_one_click_per_move_in_a_quiet_thread(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, game: str, variant: str | None, options: str, ai: int
) -> None:
    fix_table_seed(monkeypatch, 41)
    fake = harness.fake
    alice, kenji = fake.add_user("alice"), fake.add_user("kenji", locale="ja")
    await harness.start_bot()
    table = await open_table(harness, [alice, kenji], ai=ai, game=game, options=options, variant=variant)
    await play_until(table, lambda t: False, limit=3000)
    assert table.over()
    figures = table.figures()
    print(f"\n{game} {variant or ''} {options}: {figures}")
    assert not harness.leaks, harness.leaks[:3]
    assert figures["interactions_per_decision"] <= 1.2, figures
    assert figures["thread_messages_per_decision"] <= 0.3, figures
    # nothing was lost from the record: /history in the finished game's own thread has every move
    rec = await harness.cmd(alice, "history", channel_id=table.thread)
    assert "Log of table" in harness.last_reply(rec).text()
    entries = await harness.service.history(table.id, alice.id)
    assert max(e.version for e in entries) == table.live.info.version
