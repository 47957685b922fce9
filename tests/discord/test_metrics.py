"""The operators' Prometheus endpoint: off unless TRICKTABLE_METRICS_PORT is set; when on, a scrape shows
tables loaded, actions and decisions, click latency, Discord's requests and 429s by route, queued
messages and the AI's queue. Scraped over HTTP, as Prometheus does.
"""

from __future__ import annotations

import asyncio
import re
import socket
import urllib.request
from pathlib import Path

import pytest

from bot.discord_bot.config import DiscordSettings
from bot.metrics import route_label
from tests.discord import virtual_time
from tests.discord.discord_limits import DiscordLimits, Rate
from tests.discord.harness import Harness
from tests.discord.limited import limited_harness
from tests.discord.play import fix_table_seed, open_table, play_until


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _scrape(port: int) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
        return str(answer.read().decode())


def _value(text: str, name: str, **labels: str) -> float:
    """The sample `name{labels}` (labels: a subset), summed over matching series."""
    total = 0.0
    found = False
    for line in text.splitlines():
        if line.startswith("#") or not line.startswith(name):
            continue
        head, _, value = line.rpartition(" ")
        series, _, rest = head.partition("{")
        if series != name:
            continue
        have = dict(re.findall(r'(\w+)="([^"]*)"', rest))
        if all(have.get(k) == v for k, v in labels.items()):
            total += float(value)
            found = True
    assert found, f"no {name}{labels} in the scrape"
    return total


def test_metrics_are_off_unless_a_port_is_set() -> None:
    assert DiscordSettings.from_env(dotenv=False, environ={"DISCORD_TOKEN": "x"}).metrics_port is None
    on = DiscordSettings.from_env(dotenv=False, environ={"DISCORD_TOKEN": "x", "TRICKTABLE_METRICS_PORT": "9108"})
    assert on.metrics_port == 9108


def test_route_labels_carry_no_ids_nor_tokens() -> None:
    assert route_label("PATCH", "/api/v10/channels/12/messages/34") == "PATCH /channels/{id}/messages/{id}"
    assert route_label("POST", "/api/v10/interactions/5/secret-token/callback") == (
        "POST /interactions/{id}/{token}/callback"
    )
    assert route_label("PATCH", "/api/v10/webhooks/9/tok/messages/@original") == (
        "PATCH /webhooks/{id}/{token}/messages/@original"
    )


async def test_a_scrape_shows_the_tables_the_clicks_and_discords_requests(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_table_seed(monkeypatch, 41)
    port = _free_port()
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start_bot(metrics_port=port)
    table = await open_table(harness, [alice, bob], ai=2, game="trickster", options="deck=fantasy")
    await play_until(table, lambda t: t.moves >= 5)
    text = await asyncio.to_thread(_scrape, port)
    assert _value(text, "tricktable_tables_loaded") == 1
    assert _value(text, "tricktable_decisions_total") == table.moves
    assert _value(text, "tricktable_actions_total") >= table.moves  # the AI seats' moves too
    assert _value(text, "tricktable_click_seconds_count") >= table.moves
    assert _value(text, "tricktable_discord_requests_total", route="POST /interactions/{id}/{token}/callback",
                  status="200") >= table.moves
    assert _value(text, "tricktable_discord_requests_total", route="PATCH /channels/{id}/messages/{id}") >= 1
    assert _value(text, "tricktable_messages_queued") == 0
    assert _value(text, "tricktable_ai_queue_depth") == 0
    assert "itoken-" not in text, "no interaction token in a label"


def test_a_scrape_counts_discords_429s_by_route_and_scope(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fix_table_seed(monkeypatch, 41)
    port = _free_port()
    limits = DiscordLimits(global_per_second=2, other=Rate(1000, 1.0))  # a tiny global budget: 429s

    async def main() -> str:
        async with limited_harness(str(tmp_path / "t.db"), limits) as harness:
            fake = harness.fake
            alice, bob = fake.add_user("alice"), fake.add_user("bob")
            await harness.start_bot(metrics_port=port, thread_pace=1.0)
            bot = harness.bot
            assert bot is not None
            channels = [fake.make_thread(name=f"t{i}") for i in range(12)]
            # discord.py gives up on some after five 429s: what a burst past the global budget costs
            await asyncio.gather(*(bot.get_partial_messageable(c).send(content="hi") for c in channels),
                                 return_exceptions=True)
            table = await open_table(harness, [alice, bob], ai=2, game="trickster", options="deck=fantasy")
            await play_until(table, lambda t: t.moves >= 2)
            return await asyncio.to_thread(_scrape, port)

    text = virtual_time.run(main())
    assert _value(text, "tricktable_discord_rate_limited_total", scope="global") >= 1
    assert _value(text, "tricktable_discord_requests_total", status="429") >= 1
