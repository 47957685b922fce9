"""The lobby's Add AI offers the three levels (easy, normal, strong), each explained, in the reader's language."""

from __future__ import annotations

from tests.discord.harness import Harness
from tests.discord.play import table_id_of


async def test_the_lobby_offers_easy_normal_and_strong_ai_seats(harness: Harness) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    await harness.start_bot()
    before = set(fake.threads())
    await harness.cmd(alice, "table new", game="trickster")
    (thread,) = [t for t in fake.threads() if t not in before]
    lobby = fake.channel_messages(thread)[-1]
    (levels,) = [c for c in lobby.selects() if c["custom_id"].endswith(":ai")]
    options = {o["value"]: o for o in levels["options"]}
    assert list(options) == ["easy", "normal", "strong"]
    assert all(o.get("description") for o in options.values())
    await harness.click(alice, lobby, levels["custom_id"], ["strong"])
    await harness.click_label(alice, lobby, "Add AI")  # the button: a normal AI
    seats = (await harness.service.get_table(table_id_of(lobby))).seats
    assert [s.ai_policy for s in seats] == [None, "search", "heuristic"]
