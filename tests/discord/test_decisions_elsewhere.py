"""With several bot processes (issue 16), a click on a direct-message board may reach a process that does
not post for the table's server and so hears none of its Updates. Such a process must not accept a stale
button by what it remembered about whose decision began when: it reads what the owner saved."""

from __future__ import annotations

import pytest

from games.core.errors import GameError
from tests.discord.harness import Harness
from tests.discord.play import fix_table_seed, open_table, play_until, solo_turn_of


async def test_a_process_that_does_not_own_the_table_reads_the_decision_bookkeeping_afresh(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 6)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    table = await open_table(harness, [alice, bob], ai=2)
    await play_until(table, solo_turn_of(0))
    bot = harness.bot
    assert bot is not None
    since = bot.router.owed_since(table.id, 0)
    assert since is not None and since >= 2
    stale = since - 1  # a button made before Alice's current decision began
    action = (await harness.service.seat_view(table.id, alice.id)).legal_actions[0]

    # what a process that stopped hearing this table's Updates would still remember: an older decision
    monkeypatch.setattr(bot.service, "owns", lambda _guild: False)
    bot.router._owed_since[table.id] = {0: stale - 1}
    with pytest.raises(GameError) as refused:
        await bot._submit(table.id, alice.id, action, stale, "stale-dm-click")
    assert refused.value.code == "stale_version"
    assert bot.router.owed_since(table.id, 0) == since  # it read the owner's bookkeeping
    assert (await harness.service.get_table(table.id)).version == since, "nothing was played"
