"""With several bot processes, a click on a direct-message board may reach a process that does not post for
the table's server and so hears none of its Updates. Whether the click's seat still owes the decision its
button was drawn for is the table service's to decide, from the table as stored: nothing a front end
remembered (or failed to hear) can make such a process accept a stale button."""

from __future__ import annotations

import dataclasses
import json

import pytest

from bot.discord_bot import ids
from tests.discord.harness import Harness
from tests.discord.play import fix_table_seed, open_table, play_until, solo_turn_of


async def test_a_process_that_does_not_own_the_table_refuses_a_button_older_than_the_decision(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 6)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot()
    table = await open_table(harness, [alice, bob], ai=2)
    await play_until(table, solo_turn_of(0))
    since = await harness.service.decision_opened(table.id, alice.id)
    assert since is not None and since >= 2
    stale = since - 1  # a button made before Alice's current decision began
    action = (await harness.service.seat_view(table.id, alice.id)).legal_actions[0]

    # a process that hears none of this table's Updates
    monkeypatch.setattr(harness.service, "owns", lambda _guild: False)
    harness.service._tables.pop(table.id)  # and holds no copy of it: it reads the table as stored
    hand = await table.open_hand(alice)
    (select,) = [c for c in hand.custom_ids() if c.startswith("ts:")]
    drawn = ids.ComponentId(table.id, since, ids.ACT, "0").select()
    assert select == drawn
    old = ids.ComponentId(table.id, stale, ids.ACT, "0").select()
    # the same form drawn one version earlier (as a DM form made before the decision began would be)
    old_form = dataclasses.replace(hand, components=json.loads(json.dumps(hand.components).replace(drawn, old)))
    rec = await harness.click(alice, old_form, old, [action])
    reply = harness.last_reply(rec)
    assert "out of date" in reply.text()
    assert await harness.service.decision_opened(table.id, alice.id) == since
    assert (await harness.service.get_table(table.id)).version == since, "nothing was played"
