"""`python -m bot.bench [--tables N] [--actions M]`: the host under load, through the real TableService and
a real SQLite file, against the floor measured in the same run (a bare sqlite3 commit of the same bytes).

N tables are created and started (every seat a human, so every action goes through `submit`), then
driven with up to `--concurrency` submissions in flight until each table has taken M actions (or ended).
Latency is one `submit` call (load, checks, apply, group commit, publish). `per_action_us` is what
persisting one action costs the service: the wall time of its awaited group commits (aiosqlite thread hop
included) divided by the actions they carried. `floor_us` commits the very same writes with plain
sqlite3, one transaction per action, on a fresh file with the same schema and pragmas. `e2e_us` is the
drive's wall time per action (engine, service and store together); `host_us` is that minus the engine's
own apply time, measured in the same run. Then the store is grown to `--restart-tables` tables and a fresh
service serves its first action (the restart figure). Last line: one JSON object (DESIGN.md).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

from bot.settings import Settings
from bot.store.migrate import apply_migrations
from bot.store.records import SeatRow, TableRow, TableWrite
from bot.store.sqlite import _apply_write
from bot.tables import PlayerRef, TableService, TableStatus
from games.core.contract import Game
from games.core.registry import all_games, get_game


def rss_kb() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def user_of(table_id: int, seat: int) -> int:
    return table_id * 10 + seat + 1


def floor_us(path: str, writes: list[TableWrite], synchronous: str) -> tuple[float, float]:
    """The floor: the very rows the host wrote for each action, one plain sqlite3 transaction per action,
    on a fresh file with the same schema and pragmas (no asyncio, no thread hop, no grouping)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute(f"PRAGMA synchronous = {synchronous}")
    conn.execute("PRAGMA wal_autocheckpoint = 0")  # as the service: no checkpoint inside a commit
    apply_migrations(conn, path)
    actions = sum(len(w.actions) for w in writes)
    started, cpu = time.perf_counter(), time.thread_time()
    for w in writes:
        conn.execute("BEGIN")
        _apply_write(conn, w)
        conn.execute("COMMIT")
    elapsed, cpu = time.perf_counter() - started, time.thread_time() - cpu
    conn.close()
    return elapsed / max(1, actions) * 1e6, cpu / max(1, actions) * 1e6


async def create_tables(svc: TableService, game: Game[Any], n: int, players: int, seed: int) -> list[int]:
    ids = []
    for i in range(n):
        host = PlayerRef(0, "host")
        info = await svc.create(1, 1, host, game.info.id, seed=seed + i, creator_sits=False)
        # the creator only hosts; seats are players user_of(table, seat)
        for seat in range(players):
            await svc.join(info.id, PlayerRef(user_of(info.id, seat), f"p{seat}"))
        await svc.start(info.id, 0)
        ids.append(info.id)
    return ids


async def drive(
    svc: TableService, ids: list[int], per_table: int, concurrency: int, seed: int, acks: bool = False
) -> tuple[list[float], int, float, float]:
    """Submit actions with `concurrency` in flight. Returns latencies (s), actions, wall s, engine s."""
    rng = random.Random(seed)
    todo = {t: per_table for t in ids}
    queue: asyncio.Queue[int] = asyncio.Queue()
    for t in ids:
        queue.put_nowait(t)
    latencies: list[float] = []
    engine = 0.0

    async def worker() -> None:
        nonlocal engine
        while True:
            try:
                table_id = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            live = svc._tables.get(table_id) or await svc._live(table_id)
            game, state = live.game, live.state
            acting = sorted(game.to_act(state))
            seat = acting[0]
            legal = game.legal_actions(state, seat)
            action = legal[rng.randrange(len(legal))]
            t0 = time.perf_counter()
            game.apply(state, seat, action)  # the engine's share, timed apart from the host
            t1 = time.perf_counter()
            engine += t1 - t0
            version = live.info.version
            t0 = time.perf_counter()
            update = await svc.submit(table_id, user_of(table_id, seat), action, version, f"b{version}")
            latencies.append(time.perf_counter() - t0)
            if acks:  # for the crash test: this action is durably in the log now
                print(f"ack {table_id} {update.table.version} b{version}", flush=True)
            todo[table_id] -= 1
            if todo[table_id] > 0 and live.info.status is TableStatus.PLAYING:
                queue.put_nowait(table_id)

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    wall = time.perf_counter() - started
    return latencies, len(latencies), wall, engine


async def grow_store(svc: TableService, game: Game[Any], total: int, players: int) -> None:
    """Add started tables (no actions yet) until the store holds `total`, in bulk (setup time only)."""
    have = len(await svc.store.table_rows(limit=total + 1))
    now = time.time()
    missing = total - have
    batch: list[tuple[TableRow, list[SeatRow]]] = []
    for i in range(missing):
        row = TableRow(
            0,
            1,
            1,
            None,
            game.info.id,
            game.info.default_variant,
            {},
            "playing",
            10_000 + i,
            0,
            0,
            "live",
            120,
            now,
            now,
        )
        seats = [SeatRow(s, None, f"p{s}") for s in range(players)]
        batch.append((row, seats))
        if len(batch) >= 2000:
            await svc.store.insert_tables_bulk(batch)
            batch = []
    if batch:
        await svc.store.insert_tables_bulk(batch)


async def restart_first_action(path: str, settings: Settings, table_id: int) -> float:
    """A fresh service on the grown store: open, load one table on demand, serve one action (ms)."""
    t0 = time.perf_counter()
    svc = await TableService.open(path, settings)
    live = await svc._live(table_id)
    seat = sorted(live.game.to_act(live.state))[0]
    view = await svc.seat_view(table_id, user_of(table_id, seat))
    await svc.submit(table_id, user_of(table_id, seat), view.legal_actions[0], view.version, "restart")
    elapsed = (time.perf_counter() - t0) * 1000
    await svc.close()
    return elapsed


async def run(args: argparse.Namespace) -> dict[str, Any]:
    game = get_game(args.game)
    players = args.players or game.info.variant(None).min_players
    settings = Settings(
        database_path=args.db, snapshot_every=args.snapshot_every, max_loaded_tables=max(args.tables, 5000)
    )
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(args.db + suffix):
            os.remove(args.db + suffix)
    svc = await TableService.open(args.db, settings)
    warm = await create_tables(svc, game, 1, players, args.seed)  # imports, caches, first allocations
    await drive(svc, warm, 3, 1, args.seed)
    gc.collect()
    rss_before = rss_kb()
    ids = await create_tables(svc, game, args.tables, players, args.seed + 1)
    gc.collect()
    kb_per_table = (rss_kb() - rss_before) / args.tables
    c0, w0, s0 = svc.writer.commits, svc.writer.writes, svc.writer.commit_seconds
    store_cpu0 = getattr(svc.store, "commit_cpu_seconds", 0.0)
    captured: list[TableWrite] = []
    plain_write = svc.writer.write

    async def capture(write: TableWrite) -> None:
        if len(captured) < 2000:  # enough for the floor, small enough not to weigh on rss
            captured.append(write)
        await plain_write(write)

    svc.writer.write = capture  # type: ignore[method-assign]
    cpu0 = time.process_time()
    latencies, actions, wall, engine = await drive(
        svc, ids, args.actions, args.concurrency, args.seed, acks=args.acks
    )
    cpu = time.process_time() - cpu0
    await svc.writer.flush()
    commits, writes = svc.writer.commits - c0, svc.writer.writes - w0
    commit_s = svc.writer.commit_seconds - s0
    commit_cpu = getattr(svc.store, "commit_cpu_seconds", 0.0) - store_cpu0
    gc.collect()
    rss_mb = rss_kb() / 1024
    kb_after_play = (rss_kb() - rss_before) / args.tables
    committed = writes  # every write of the drive carries one action
    await svc.close()
    floors = []
    for attempt in range(3):  # the median of three fresh files: one burst of load elsewhere does not decide
        floor_path = f"{args.db}.floor{attempt}"
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(floor_path + suffix):
                os.remove(floor_path + suffix)
        floors.append(floor_us(floor_path, captured, settings.db_synchronous))
    floor = statistics.median(f[0] for f in floors)
    floor_cpu = statistics.median(f[1] for f in floors)
    # restart with many stored tables
    restart_ms = restart_process_ms = None
    if args.restart_tables:
        svc = await TableService.open(args.db, settings)
        await grow_store(svc, game, args.restart_tables, players)
        await svc.close()
        restart_ms = await restart_first_action(args.db, settings, ids[len(ids) // 2])
        # and as a real restart: a new process (interpreter start and imports included)
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "bot.bench", "--db", args.db, "--serve-one", str(ids[len(ids) // 3])],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        restart_process_ms = (time.perf_counter() - started) * 1000
    per_action = commit_s / max(1, committed) * 1e6  # the store's cost per action, as the service awaits it
    e2e = wall / max(1, actions) * 1e6
    lat_ms = sorted(x * 1000 for x in latencies)
    p99 = lat_ms[min(len(lat_ms) - 1, int(len(lat_ms) * 0.99))] if lat_ms else 0.0
    extra = {
        "game": game.info.id,
        "players": players,
        "concurrency": args.concurrency,
        "p90_ms": round(lat_ms[int(len(lat_ms) * 0.9)], 3) if lat_ms else 0.0,
        "max_ms": round(lat_ms[-1], 3) if lat_ms else 0.0,
        "per_action_cpu_us": round(commit_cpu / max(1, committed) * 1e6, 1),
        "floor_cpu_us": round(floor_cpu, 1),
        "e2e_us": round(e2e, 1),
        "engine_us": round(engine / max(1, actions) * 1e6, 1),
        "host_us": round((wall - engine) / max(1, actions) * 1e6, 1),
        "actions_per_commit": round(writes / max(1, commits), 1),
        "commit_ms": round(commit_s / max(1, commits) * 1000, 3),
        "cpu_us": round(cpu / max(1, actions) * 1e6, 1),
        "kb_per_idle_table": round(kb_per_table, 1),
        "kb_per_table_after_play": round(kb_after_play, 1),
        "restart_tables": args.restart_tables,
        "restart_first_action_ms": None if restart_ms is None else round(restart_ms, 1),
        "restart_process_ms": None if restart_process_ms is None else round(restart_process_ms, 1),
    }
    print(json.dumps(extra), file=sys.stderr)
    return {
        "tables": args.tables,
        "actions": actions,
        "actions_per_s": round(actions / wall, 1) if wall else 0.0,
        "p50_ms": round(statistics.median(lat_ms), 3) if lat_ms else 0.0,
        "p99_ms": round(p99, 3),
        "floor_us": round(floor, 1),
        "per_action_us": round(per_action, 1),
        "ratio_to_floor": round(per_action / floor, 2),
        "rss_mb": round(rss_mb, 1),
        **extra,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=20, help="actions per table")
    parser.add_argument("--game", default=None, help="default: trickster (or the first registered game)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--concurrency", type=int, default=16, help="submissions in flight (clicks at one instant)"
    )
    parser.add_argument(
        "--restart-tables", type=int, default=10_000, help="stored tables for the restart figure"
    )
    parser.add_argument("--snapshot-every", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--acks", action="store_true", help="print 'ack TABLE VERSION KEY' per acknowledged action"
    )
    parser.add_argument("--db", default=None, help="SQLite file (default: a temporary file)")
    parser.add_argument("--serve-one", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--ai", choices=["search"], default=None, help="the AI mode instead (bot/bench_ai.py)")
    parser.add_argument("--ai-seconds", type=float, default=None, help="--ai: how long the tables play")
    args = parser.parse_args(argv)
    if args.ai:  # strong AI seats thinking at once: the event loop's lag (bot/bench_ai.py)
        from bot import bench_ai

        print(json.dumps(bench_ai.main(args)))
        return 0
    if args.serve_one is not None:  # the restart measurement's child process
        ms = asyncio.run(restart_first_action(args.db, Settings(database_path=args.db), args.serve_one))
        print(json.dumps({"first_action_ms": round(ms, 1)}))
        return 0
    if args.game is None:
        registered = all_games()
        args.game = "trickster" if "trickster" in registered else next(iter(registered))
    tmp = None
    if args.db is None:
        tmp = tempfile.TemporaryDirectory(prefix="tricktable-bench-")
        args.db = os.path.join(tmp.name, "bench.db")
    try:
        result = asyncio.run(run(args))
    finally:
        if tmp is not None:
            tmp.cleanup()
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
