"""`python -m bot.bench --discord [--tables 10 100 200 1000] [--minutes 2]`: N live tables in one guild,
each in its own thread, driven through the real discord.py client against the project's fake Discord
with Discord's rate limits (tests/discord: fake_discord.py, discord_limits.py), on a virtual clock that
also counts the real time the bot spends working (so a saturated event loop shows as latency).

Each table is Trickster with one person and three AI seats (AI seats answer at once); when a game ends
the next starts in the same thread, so N tables stay live. The person thinks 2-10 s (virtual) before each
decision and clicks in the hand reply the bot keeps up to date (My hand when they have none). Reported per N, over `--minutes` of play after the set-up:
  requests_per_decision — by kind: thread (board and log), callback (interaction responses), hand
                          (hand replies edited through an interaction token), dm, total;
  games_started, thread_requests — the games begun inside the stretch and the thread's requests in all:
                          a new game's first board is a thread request that no decision made, so a short
                          run's thread figure per decision moves with how many games happened to end;
  429s                  — Discord's 429 answers by bucket (channel-messages, webhook, global…);
  own_reply_p50/p99_ms  — click → the interaction response carrying the person's refreshed hand;
  board_p50/p99_ms      — click → the thread's board showing the move;
and finally the largest N that stayed at 0 429s with board p99 <= 2 s. Last line: one JSON object.
Needs the repository's tests/ package (run from the repository root).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import random
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.settings import Settings
from bot.tables import ClockMode, PlayerRef, TableService, TableStatus

_MOVE = re.compile(r"\(move ([0-9]+)\)")
_THINK = (2.0, 10.0)  # seconds a person takes before a decision (virtual)


def _tests(name: str) -> Any:
    """A module of the repository's Discord test kit (kept out of the installed package)."""
    return importlib.import_module(f"tests.discord.{name}")


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class _Boards:
    """When each table's board first showed each move (watching the fake's thread messages)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.table_of: dict[int, int] = {}  # thread id -> table
        self.shown: dict[int, int] = {}  # table -> newest move its board showed
        self.waiters: dict[int, list[tuple[int, float, list[float]]]] = {}
        self.board_of: dict[int, Any] = {}  # thread -> its newest board message (My hand opens from it)
        self.replies: dict[str, Any] = {}  # interaction token -> the newest message it made

    def __call__(self, message: Any) -> None:
        if message.interaction_token is not None:
            self.replies[message.interaction_token] = message
        if message.visibility.kind == "public" and any(b["custom_id"].endswith(":hand") for b in message.buttons()):
            self.board_of[message.channel_id] = message
        table = self.table_of.get(message.channel_id)
        if table is None or message.visibility.kind != "public":
            return
        found = _MOVE.search(message.text())
        if found is None:
            return
        move = int(found.group(1))
        if move <= self.shown.get(table, 0):
            return
        self.shown[table] = move
        now = self.loop.time()
        keep = []
        for want, since, out in self.waiters.get(table, []):
            if move >= want:
                out.append((now - since) * 1000)
            else:
                keep.append((want, since, out))
        self.waiters[table] = keep

    def expect(self, table: int, move: int, since: float, out: list[float]) -> None:
        if self.shown.get(table, 0) >= move:
            out.append((self.loop.time() - since) * 1000)
        else:
            self.waiters.setdefault(table, []).append((move, since, out))


async def _run(tables: int, minutes: float, seed: int) -> dict[str, Any]:
    fake_discord = _tests("fake_discord")
    limits = _tests("discord_limits")
    play = _tests("play")
    fake = fake_discord.FakeDiscord(limits.DiscordLimits())
    fake.install()
    loop = asyncio.get_running_loop()
    rng = random.Random(seed)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            db = str(Path(tmp) / "bench.db")
            # The bench drives the Discord front end as bot.__main__ does (the layers' contract puts
            # bot.bench above the front ends); imported here so `python -m bot.bench` without --discord
            # does not load discord.py.
            from bot.discord_bot import client, config
            settings = config.DiscordSettings(token="bench-token", host=Settings(database_path=db), pictures=False)
            svc = await TableService.open(db, settings.host)
            bot = client.TricktableBot(settings, service=svc, clock_interval=None)
            bot._owns_service = True
            await fake.connect(bot)
            boards = _Boards(loop)
            fake.watch = boards
            people: dict[int, Any] = {}

            async def new_table(user: Any, thread: int) -> int:
                info = await svc.create(
                    fake_discord.GUILD_ID, fake_discord.CHANNEL_ID, PlayerRef(user.id, user.name), "trickster",
                    options={"deck": "fantasy"}, clock_mode=ClockMode.ASYNC, thread_id=thread,
                )
                boards.table_of[thread] = info.id
                for _ in range(3):
                    await svc.add_ai(info.id, user.id)
                await svc.start(info.id, user.id)
                people[info.id] = user
                return int(info.id)

            for i in range(tables):
                await new_table(fake.add_user(f"p{i}"), fake.make_thread(name=f"table {i}"))
            await fake.settle(timeout=3600)
            start_calls = len(fake.calls)
            started = loop.time()
            end = started + minutes * 60
            own: list[float] = []
            board: list[float] = []
            decisions = 0
            games_started = 0  # games begun inside the measured stretch (their first board is no decision)
            clicks = 0
            real_start = time.perf_counter()

            async def person(table: int) -> None:
                nonlocal decisions, clicks, games_started
                user = people[table]
                hand: Any = None
                while loop.time() < end:
                    await asyncio.sleep(rng.uniform(*_THINK))
                    info = await svc.get_table(table)
                    if info.status is not TableStatus.PLAYING:  # the game ended: the next one, same thread
                        assert info.thread_id is not None
                        table = await new_table(user, info.thread_id)
                        games_started += 1
                        hand = None
                        continue
                    view = await svc.seat_view(table, user.id)
                    if not view.legal_actions:
                        continue
                    offered = play.options_of(hand) if hand is not None else []
                    versions = {int(cid.split(":")[2]) for cid, _ in offered}
                    if not offered or versions != {view.version}:
                        found = boards.board_of.get(info.thread_id or 0)
                        if found is None:
                            continue
                        cid = next(b["custom_id"] for b in found.buttons() if b["custom_id"].endswith(":hand"))
                        rec = await _click(fake, bot, user, found, cid, None, boards)
                        clicks += 1
                        hand = boards.replies.get(rec.token, rec.source_message)
                        offered = play.options_of(hand) if hand is not None else []
                        if not offered:
                            continue
                    cid, value = rng.choice(offered)
                    t0 = loop.time()
                    rec = await _click(fake, bot, user, hand, cid, None if value is None else [value], boards)
                    clicks += 1
                    decisions += 1
                    if rec.responded_loop is not None:
                        own.append((rec.responded_loop - t0) * 1000)
                    after = (await svc.get_table(table)).version
                    boards.expect(table, after, t0, board)

            await asyncio.gather(*(person(t) for t in people))
            await fake.settle(timeout=3600)
            real = time.perf_counter() - real_start
            tally = _tests("limited").Tally.since(fake, start_calls)
            await bot.close()
    finally:
        fake.uninstall()
    return {
        "tables": tables,
        "virtual_minutes": minutes,
        "decisions": decisions,
        "games_started": games_started,
        "thread_requests": tally.by_kind().get("thread", 0),
        "interactions": clicks,
        "requests_per_decision": tally.per_decision(decisions),
        "429s": dict(tally.limited()),
        "own_reply_p50_ms": round(statistics.median(own), 1) if own else None,
        "own_reply_p99_ms": round(_percentile(own, 0.99), 1),
        "board_p50_ms": round(statistics.median(board), 1) if board else None,
        "board_p99_ms": round(_percentile(board, 0.99), 1),
        "boards_never_shown": decisions - len(board),
        "real_s": round(real, 1),
        "loadavg_1m": round(os.getloadavg()[0], 2),
    }


async def _click(
    fake: Any, bot: Any, user: Any, message: Any, cid: str, values: list[str] | None, seen: _Boards
) -> Any:
    """Feed one click and wait (virtual time) until the bot answered it (the bench's own bookkeeping is
    indexed, not searched: its work counts on the clock too)."""
    payload = fake.component_payload(user, message, cid, values)
    rec = fake.record_for(payload)
    bot._connection.parsers["INTERACTION_CREATE"](payload)
    for _ in range(100_000):
        if rec.responded_loop is not None and rec.response_type in (4, 7, 8):
            break
        if rec.response_type in (5, 6) and rec.token in seen.replies:
            break
        await asyncio.sleep(0.001)
    return rec


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.bench --discord", description=__doc__.splitlines()[0])
    parser.add_argument("--discord", action="store_true", required=True)
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100, 200])
    parser.add_argument("--minutes", type=float, default=2.0, help="virtual minutes of play per run")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    virtual_time = _tests("virtual_time")
    results = []
    for n in args.tables:
        result = virtual_time.run(_run(n, args.minutes, args.seed), count_cpu=True)
        print(json.dumps(result), flush=True)
        results.append(result)
    fine = [
        r["tables"] for r in results
        if not r["429s"] and r["board_p99_ms"] <= 2000 and r["boards_never_shown"] == 0
    ]
    print(json.dumps({"runs": results, "largest_tables_at_0_429s_board_p99_le_2s": max(fine, default=None)}))
    return 0
