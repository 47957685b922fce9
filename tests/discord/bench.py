"""Benchmark: handling time of a play-card click with N active tables, through the in-process fake Discord.

    python -m tests.discord.bench [--tables 1000] [--clicks 500]

Each table has one person and AI seats, on a real SQLite file. A click is fed to the real discord.py
(INTERACTION_CREATE → DynamicItem → TableService.submit → reply). We time, per click:
  reply_ms   — from the gateway event to the bot's interaction response, which carries the result (the
               clicker's refreshed hand): what the player waits for, and what Discord's 3 s limit is about;
  submit_ms  — the part of it spent in TableService.submit (rules, AI replies, the SQLite commit);
  discord_ms — reply_ms - submit_ms: the Discord layer's own cost (discord.py parsing, our handler, rendering);
  total_ms   — until everything the click caused is done (thread log, board edit, DMs);
  cpu_ms     — CPU time of the event-loop thread from the event to the reply: the cost of a click without
               the waiting (for the SQLite thread, or for other processes on a busy machine).
Last line: one JSON object.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import tempfile
import time
from pathlib import Path

from bot.discord_bot.client import TricktableBot
from bot.discord_bot.config import DiscordSettings
from bot.settings import Settings
from bot.tables import ClockMode, PlayerRef, TableService
from tests.discord.fake_discord import CHANNEL_ID, GUILD_ID, FakeDiscord, FakeMessage, FakeUser, Visibility


async def _to_a_play_turn(svc: TableService, table: int, user: FakeUser, rng: random.Random) -> None:
    """Let the person make non-play decisions (Houses, targets…) until they must play a card."""
    for _ in range(200):
        view = await svc.seat_view(table, user.id)
        if view.legal_actions and all(a.startswith("play:") for a in view.legal_actions):
            return
        if not view.legal_actions:
            await asyncio.sleep(0)
            info = await svc.get_table(table)
            if info.status.value != "playing":
                return
            continue
        await svc.submit(table, user.id, rng.choice(view.legal_actions), view.version)
    raise RuntimeError(f"table {table} never reached a play turn")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(tables: int, clicks: int, seed: int = 1) -> dict[str, float | int]:
    rng = random.Random(seed)
    fake = FakeDiscord()
    fake.install()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            db = str(Path(tmp) / "bench.db")
            settings = DiscordSettings(token="bench-token", host=Settings(database_path=db))
            svc = await TableService.open(db, settings.host)
            bot = TricktableBot(settings, service=svc, clock_interval=None)
            bot._owns_service = True
            fake.settle_hooks[:] = [svc.drain_updates]
            await fake.connect(bot)
            try:
                return await _measure(fake, bot, svc, tables, clicks, rng)
            finally:
                if not bot.is_closed():
                    await bot.close()
    finally:
        fake.uninstall()


async def _measure(
    fake: FakeDiscord, bot: TricktableBot, svc: TableService, tables: int, clicks: int, rng: random.Random
) -> dict[str, float | int]:
    people: dict[int, FakeUser] = {}

    async def new_table() -> int:
        user = fake.add_user(f"player{len(people)}")
        info = await svc.create(
            GUILD_ID, CHANNEL_ID, PlayerRef(user.id, user.name), "trickster",
            options={"deck": "fantasy"}, clock_mode=ClockMode.ASYNC,
        )
        for _ in range(3):
            await svc.add_ai(info.id, user.id)
        await svc.start(info.id, user.id)
        people[info.id] = user
        return info.id

    for _ in range(tables):
        await new_table()
    await fake.settle(timeout=600)
    ids = list(people)
    submit_times: list[float] = []
    real_submit = svc.submit

    async def timed_submit(*args: object, **kwargs: object) -> object:
        t = time.perf_counter()
        try:
            return await real_submit(*args, **kwargs)  # type: ignore[arg-type]
        finally:
            submit_times.append((time.perf_counter() - t) * 1000)

    ack: list[float] = []
    own: list[float] = []
    total: list[float] = []
    sub: list[float] = []
    cpu: list[float] = []
    started = time.perf_counter()
    while len(ack) < clicks:
        table = rng.choice(ids)
        user = people[table]
        info = await svc.get_table(table)
        view = await svc.seat_view(table, user.id)
        if info.status.value == "playing":
            await _to_a_play_turn(svc, table, user, rng)
            await fake.settle()
            view = await svc.seat_view(table, user.id)
        if not view.legal_actions:  # that game ended: keep `tables` games active
            ids.remove(table)
            ids.append(await new_table())
            await fake.settle()
            continue
        # The person's hand (as My hand would show it); not timed.
        hand = FakeMessage(id=fake.snowflake(), channel_id=CHANNEL_ID, visibility=fake_vis(user))
        embed_view = bot_hand_components(bot, table, view)
        hand.components = embed_view
        fake.messages[hand.id] = hand
        action = rng.choice(view.legal_actions)
        # a button, or the select offering it (choices with effect texts are select options)
        select = next((c for c in hand.selects() if any(o["value"] == action for o in c["options"])), None)
        if select is not None:
            payload = fake.component_payload(user, hand, select["custom_id"], [action])
        else:
            payload = fake.component_payload(user, hand, f"tt:{table}:{view.version}:act:{action}")
        submit_times.clear()
        svc.submit = timed_submit  # type: ignore[method-assign,assignment]
        c0 = time.thread_time()
        t0 = time.perf_counter()
        bot._connection.parsers["INTERACTION_CREATE"](payload)
        await fake.settle()
        t1 = time.perf_counter()
        svc.submit = real_submit  # type: ignore[method-assign]
        rec = fake.record_for(payload)
        assert rec.responded_at is not None, "the click was not acknowledged"
        assert rec.response_type == 7, "the click's answer is the refreshed hand"
        reply = (rec.responded_at - t0) * 1000
        ack.append(reply)
        assert rec.responded_cpu is not None
        cpu.append((rec.responded_cpu - c0) * 1000)
        own.append(reply - sum(submit_times))
        sub.append(sum(submit_times))
        total.append((t1 - t0) * 1000)
    elapsed = time.perf_counter() - started
    active = [(await svc.get_table(t)).status.value for t in ids].count("playing")
    return {
        "tables": tables,
        "active_at_end": active,
        "clicks": len(ack),
        "reply_p50_ms": round(statistics.median(ack), 3),
        "reply_p99_ms": round(_percentile(ack, 0.99), 3),
        "submit_p50_ms": round(statistics.median(sub), 3),
        "submit_p99_ms": round(_percentile(sub, 0.99), 3),
        "discord_p50_ms": round(statistics.median(own), 3),
        "discord_p99_ms": round(_percentile(own, 0.99), 3),
        "cpu_p50_ms": round(statistics.median(cpu), 3),
        "cpu_p99_ms": round(_percentile(cpu, 0.99), 3),
        "total_p50_ms": round(statistics.median(total), 3),
        "total_p99_ms": round(_percentile(total, 0.99), 3),
        "wall_s": round(elapsed, 2),
        "rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "loadavg_1m": round(os.getloadavg()[0], 2),
    }


def fake_vis(user: FakeUser) -> Visibility:
    return Visibility("ephemeral", CHANNEL_ID, user.id)


def bot_hand_components(bot: TricktableBot, table: int, view: object) -> list[dict]:  # type: ignore[type-arg]
    """The components the bot's hand message carries (built by the bot's own code)."""
    from bot.discord_bot import boards
    from games.core.registry import get_game

    drawn = boards.action_view(table, view, get_game("trickster"), "en")  # type: ignore[arg-type]
    assert drawn is not None
    return drawn.to_components()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--clicks", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    result = asyncio.run(run(args.tables, args.clicks, args.seed))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
