"""The same Discord layer hosts every game: whole games of the others, through buttons and DM forms, with
the leak check after every step (the Peddler's exchange, KINGs bids and the Cheerleader included)."""

from __future__ import annotations

import pytest

from tests.discord.harness import Harness
from tests.discord.play import fix_table_seed, open_table, play_until


@pytest.mark.parametrize(
    ("game", "options", "ai"),
    [
        ("trickster-cot", "", 2),
        ("kings", "", 2),
        ("timetrap", "", 1),
    ],
)
async def test_whole_game_through_discord(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, game: str, options: str, ai: int
) -> None:
    fix_table_seed(monkeypatch, 31)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob", locale="ja")
    await harness.start_bot()
    table = await open_table(harness, [alice, bob], ai=ai, game=game, options=options)
    await play_until(table, lambda t: False, limit=1500)
    assert table.over()
    assert not harness.leaks, harness.leaks[:3]
    assert harness.checked_messages > 20
