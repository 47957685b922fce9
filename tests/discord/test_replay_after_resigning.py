"""A person who resigned reads a running game as a spectator through Discord: the AI that plays their seat
on holds cards and makes choices they may not see, so /replay, /history and /history file:True show them
the public view only (the harness's leak check reads them as a spectator too) until the game is over."""

from __future__ import annotations

import json

import pytest

from games.core.invariants import leaked
from games.core.record import loads
from tests.discord.harness import Harness
from tests.discord.play import fix_table_seed, open_table, play_until
from tests.discord.test_replays import Drawn, button, drawn, step_of

__all__ = ["drawn"]  # the fixture, used by name


async def test_a_resigned_persons_replay_of_a_running_game_shows_no_hand(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, drawn: Drawn
) -> None:
    fix_table_seed(monkeypatch, 31)
    alice, bob, carol = (harness.fake.add_user(n) for n in ("alice", "bob", "carol"))
    await harness.start_bot()
    table = await open_table(harness, [alice, bob, carol], ai=0, game="kings", options="")
    await play_until(table, lambda t: t.moves >= 10, limit=500)
    await harness.cmd(carol, "table resign", table=table.id)
    seat = next(s for s, user in table.people.items() if user is carol)
    del table.people[seat]  # an AI plays it on
    await play_until(table, lambda t: t.moves >= 45, limit=500)
    live = table.live
    assert not table.over() and live.info.seats[seat].left == "resigned"
    message = harness.last_reply(await harness.cmd(carol, "replay", table=table.id))
    assert "As a spectator saw it." in message.text()
    await harness.click(carol, message, button(message, "⏭")["custom_id"])
    index, count = step_of(message)
    assert index == count
    hidden = live.game.hidden_from(live.state, None)
    assert hidden and not leaked(hidden, drawn.scenes[-1]) and not leaked(hidden, [message.text()])
    assert not any("'s hand" in row["label"] for row in drawn.scenes[-1]["rows"])
    await harness.cmd(carol, "history", table=table.id, file=True)
    record = loads(dict(drawn.files)[f"table-{table.id}.json"])
    assert record.viewer == "spectator" and record.seed is None
    assert json.loads(record.dumps())["outcome"] is None
    assert not harness.leaks, "\n".join(harness.leaks)
    # /history: the log a spectator reads (its past lines name cards played then, since gathered into hands)
    dave = harness.fake.add_user("dave")
    replies = [await harness.cmd(who, "history", table=table.id) for who in (carol, dave)]
    logs = [harness.last_reply(rec).text() for rec in replies]
    assert logs[0] == logs[1] and "Log of table" in logs[0]
