"""`python -m bot.bench [--tables N] [--actions M] [--store URL]`: the host under load, through the real
TableService and a real store, against the floors measured in the same run (bare sqlite3 commits of the
same bytes: one transaction per action, and the same groups the host committed).

N tables are created and started (every seat a human, so every action goes through `submit`), then
driven with up to `--concurrency` submissions in flight until each table has taken M actions (or ended).
Latency is one `submit` call (load, checks, apply, group commit, publish). `per_action_us` is what
persisting one action costs the service: the wall time of its awaited group commits (aiosqlite thread hop
included) divided by the actions they carried. `floor_us` commits the very same writes with plain
sqlite3, one transaction per action, on a fresh file with the same schema and pragmas; `grouped_floor_us`
commits the very same groups the host committed (one transaction per group, the store's own SQL), which
is the fair floor for a group committer. `gc_max_pause_ms` is the longest garbage-collection pause during
the drive (gc.callbacks), with the service's GC policy (bot/tables/gcpause.py). `e2e_us` is the
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
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import Any, Protocol

from bot.bench.sqlite import SqliteBackend
from bot.settings import Settings
from bot.store.factory import is_postgres, sqlite_path
from bot.store.records import SeatRow, TableRow, TableWrite
from bot.tables import PlayerRef, TableService, TableStatus, gcpause
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


class GcPauses:
    """Every garbage-collection pause while installed (gc.callbacks), by generation."""

    def __init__(self) -> None:
        self.longest_ms = 0.0
        self.longest_cpu_ms = 0.0  # the same in CPU time (a busy machine can stretch the wall time)
        self.full = 0
        self.count = 0
        self.total_ms = 0.0
        self._started = self._started_cpu = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._started, self._started_cpu = time.perf_counter(), time.thread_time()
            return
        ms = (time.perf_counter() - self._started) * 1000
        self.count += 1
        self.total_ms += ms
        self.full += info.get("generation") == 2
        self.longest_ms = max(self.longest_ms, ms)
        self.longest_cpu_ms = max(self.longest_cpu_ms, (time.thread_time() - self._started_cpu) * 1000)

    def __enter__(self) -> GcPauses:
        gc.callbacks.insert(0, self)  # first in, so a freeze done by a later callback is not timed
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self)



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


async def restart_first_action(target: str, settings: Settings, table_id: int) -> float:
    """A fresh service on the grown store: open, load one table on demand, serve one action (ms)."""
    t0 = time.perf_counter()
    svc = await TableService.open(target, settings)
    live = await svc._live(table_id)
    seat = sorted(live.game.to_act(live.state))[0]
    view = await svc.seat_view(table_id, user_of(table_id, seat))
    await svc.submit(table_id, user_of(table_id, seat), view.legal_actions[0], view.version, "restart")
    elapsed = (time.perf_counter() - t0) * 1000
    await svc.close()
    return elapsed


def tables_in_play(svc: TableService, ids: list[int], near: int, count: int = 2) -> list[int]:
    """Up to `count` driven tables still in play, the nearest to position `near` first (with `--actions`
    beyond a game's length every table may have finished: then fewer, or none)."""
    found = []
    for i in sorted(range(len(ids)), key=lambda i: abs(i - near)):
        live = svc._tables.get(ids[i])
        if live is not None and live.info.status is TableStatus.PLAYING and live.game.to_act(live.state):
            found.append(ids[i])
            if len(found) == count:
                break
    return found


class Backend(Protocol):
    """What the bench needs to know about a store beyond the Store interface: how to start from an empty
    store, what the tables looked like before the drive, and the floors of the drive's writes."""

    def reset(self, target: str) -> None: ...

    def tables_before(self, target: str) -> tuple[list[tuple[Any, ...]], list[str]]: ...

    def floors(
        self,
        target: str,
        writes: list[TableWrite],
        groups: list[list[TableWrite]],
        settings: Settings,
        tables: tuple[list[tuple[Any, ...]], list[str]],
    ) -> dict[str, float]: ...



def backend_of(target: str) -> Backend:
    """The backend for the store's kind. PostgreSQL's (bot/bench/postgres.py) needs asyncpg, so it is
    imported only when a PostgreSQL store is measured."""
    if not is_postgres(target):
        return SqliteBackend()
    from bot.bench.postgres import PostgresBackend

    return PostgresBackend()


async def run(args: argparse.Namespace) -> dict[str, Any]:
    game = get_game(args.game)
    players = args.players or game.info.variant(None).min_players
    target = args.store
    backend = backend_of(target)
    settings = Settings(
        database_path=sqlite_path(target) if not is_postgres(target) else "",
        snapshot_every=args.snapshot_every,
        max_loaded_tables=max(args.tables, 5000),
        gc_freeze=args.gc_freeze,
    )
    if not args.no_reset:
        backend.reset(target)
    svc = await TableService.open(target, settings)
    warm = await create_tables(svc, game, 1, players, args.seed)  # imports, caches, first allocations
    await drive(svc, warm, 3, 1, args.seed)
    gc.collect()
    rss_before = rss_kb()
    ids = await create_tables(svc, game, args.tables, players, args.seed + 1)
    gc.collect()
    kb_per_table = (rss_kb() - rss_before) / args.tables
    await svc.writer.flush()
    tables_before = backend.tables_before(target)
    # the timed drive starts right after a collection, as it did before the floors needed these rows:
    # reading them allocates ~1,000 tracked tuples, which would move the drive's young collections
    gc.collect()
    c0, w0, s0 = svc.writer.commits, svc.writer.writes, svc.writer.commit_seconds
    store_cpu0 = getattr(svc.store, "commit_cpu_seconds", 0.0)
    groups: list[list[TableWrite]] = []
    captured: list[TableWrite] = []
    plain_commit = svc.store.commit

    async def capture(writes: Sequence[TableWrite]) -> list[Exception | None]:
        if len(captured) < 2000:  # enough for the floors, small enough not to weigh on rss
            groups.append(list(writes))
            captured.extend(writes)
        return await plain_commit(writes)

    svc.store.commit = capture  # type: ignore[method-assign]
    if args.wait_go:  # --processes: every process has its tables; the drives start together
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
    drive_started_at = time.time()
    cpu0 = time.process_time()
    with GcPauses() as pauses:
        latencies, actions, wall, engine = await drive(
            svc, ids, args.actions, args.concurrency, args.seed, acks=args.acks
        )
    cpu = time.process_time() - cpu0
    drive_ended_at = time.time()
    if args.wait_go:
        print("driven", flush=True)
    await svc.writer.flush()
    svc.store.commit = plain_commit  # type: ignore[method-assign]
    commits, writes = svc.writer.commits - c0, svc.writer.writes - w0
    commit_s = svc.writer.commit_seconds - s0
    commit_cpu = getattr(svc.store, "commit_cpu_seconds", 0.0) - store_cpu0
    # cycles that died after they were frozen (the GC policy's cost: they wait for the hourly sweep)
    cycles_frozen = gcpause.thaw() if gcpause.installed() else None
    gc.collect()
    rss_mb = rss_kb() / 1024
    kb_after_play = (rss_kb() - rss_before) / args.tables
    committed = writes  # every write of the drive carries one action
    restart_tables = tables_in_play(svc, ids, len(ids) // 2)
    await svc.close()
    floors = (
        backend.floors(target, captured, groups, settings, tables_before)
        if not args.no_floors
        else {"floor_us": 0.0, "floor_cpu_us": 0.0, "grouped_floor_us": 0.0, "grouped_floor_cpu_us": 0.0}
    )
    # restart with many stored tables
    restart_ms = restart_process_ms = None
    if args.restart_tables:
        svc = await TableService.open(target, settings)
        await grow_store(svc, game, args.restart_tables, players)
        if len(restart_tables) < 2:  # the driven tables finished: fresh ones (started, no action yet)
            restart_tables += await create_tables(svc, game, 2 - len(restart_tables), players, args.seed + 7)
        await svc.close()
        restart_ms = await restart_first_action(target, settings, restart_tables[0])
        # and as a real restart: a new process (interpreter start and imports included)
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "bot.bench", "--store", target, "--serve-one", str(restart_tables[1])],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        restart_process_ms = (time.perf_counter() - started) * 1000
    per_action = commit_s / max(1, committed) * 1e6  # the store's cost per action, as the service awaits it
    e2e = wall / max(1, actions) * 1e6
    lat_ms = sorted(x * 1000 for x in latencies)
    p99 = lat_ms[min(len(lat_ms) - 1, int(len(lat_ms) * 0.99))] if lat_ms else 0.0
    floor, grouped = floors["floor_us"], floors["grouped_floor_us"]
    extra = {
        "game": game.info.id,
        "players": players,
        "concurrency": args.concurrency,
        "store": "postgresql" if is_postgres(target) else "sqlite",
        "p90_ms": round(lat_ms[int(len(lat_ms) * 0.9)], 3) if lat_ms else 0.0,
        "max_ms": round(lat_ms[-1], 3) if lat_ms else 0.0,
        "per_action_cpu_us": round(commit_cpu / max(1, committed) * 1e6, 1),
        "floor_cpu_us": round(floors["floor_cpu_us"], 1),
        "grouped_floor_us": round(grouped, 1),
        "grouped_floor_cpu_us": round(floors["grouped_floor_cpu_us"], 1),
        "ratio_to_grouped_floor": round(per_action / grouped, 2) if grouped else None,
        "drive_cpu_s": round(cpu, 3),
        "drive_started_at": drive_started_at,
        "drive_ended_at": drive_ended_at,
        # PostgreSQL only: the store's own statement for the same groups on a plain connection
        "store_statement_us": round(floors["store_statement_us"], 1)
        if "store_statement_us" in floors
        else None,
        "e2e_us": round(e2e, 1),
        "engine_us": round(engine / max(1, actions) * 1e6, 1),
        "host_us": round((wall - engine) / max(1, actions) * 1e6, 1),
        "actions_per_commit": round(writes / max(1, commits), 1),
        "commit_ms": round(commit_s / max(1, commits) * 1000, 3),
        "cpu_us": round(cpu / max(1, actions) * 1e6, 1),
        "gc_max_pause_ms": round(pauses.longest_ms, 2),
        "gc_max_pause_cpu_ms": round(pauses.longest_cpu_ms, 2),
        "gc_full_collections": pauses.full,
        "gc_collections": pauses.count,
        "gc_total_ms": round(pauses.total_ms, 1),
        "gc_freeze": args.gc_freeze,
        "gc_dead_cycles_frozen": cycles_frozen,
        "loaded_tables": len(ids),
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
        "ratio_to_floor": round(per_action / floor, 2) if floor else None,
        "rss_mb": round(rss_mb, 1),
        **extra,
    }


def _child_args(args: argparse.Namespace) -> list[str]:
    """The options a --processes part passes on to each bench process (tables, store and seed apart)."""
    return [
        "--actions", str(args.actions), "--game", args.game, "--players", str(args.players),
        "--concurrency", str(args.concurrency), "--snapshot-every", str(args.snapshot_every),
        "--gc-freeze" if args.gc_freeze else "--no-gc-freeze",
    ]  # fmt: skip


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
    parser.add_argument(
        "--store",
        default=None,
        help="sqlite:///path (default: a temporary file) or postgresql://… (needs its bench backend)",
    )
    parser.add_argument("--db", default=None, help="SQLite file (the same as --store sqlite:///FILE)")
    parser.add_argument(
        "--gc-freeze",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="the service's GC policy (bot/tables/gcpause.py), as the bot runs it (default: on)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="P > 1: P bot processes on one shared store, beside one process with all the tables "
        "(bot/bench/processes.py)",
    )
    parser.add_argument("--serve-one", type=int, default=None, help=argparse.SUPPRESS)
    # a --processes part: the store is already reset; no floors; wait for the go on stdin
    parser.add_argument("--no-reset", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--no-floors", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--wait-go", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument(
        "--ai", choices=["search"], default=None, help="the AI mode instead (bot/bench/ai.py)"
    )
    parser.add_argument("--ai-seconds", type=float, default=None, help="--ai: how long the tables play")
    parser.add_argument(
        "--ai-pace", choices=["instant", "human"], default="instant",
        help="--ai: people move at once (a saturated pool) or after 2-10 s each (bot/bench/ai.py)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.ai:  # strong AI seats thinking at once: the event loop's lag (bot/bench/ai.py)
        from bot.bench import ai

        print(json.dumps(ai.main(args)))
        return 0
    if args.store is None and args.db is not None:
        args.store = f"sqlite:///{args.db}"
    if args.serve_one is not None:  # the restart measurement's child process
        settings = Settings(database_path=sqlite_path(args.store) if not is_postgres(args.store) else "")
        ms = asyncio.run(restart_first_action(args.store, settings, args.serve_one))
        print(json.dumps({"first_action_ms": round(ms, 1)}))
        return 0
    if args.game is None:
        registered = all_games()
        args.game = "trickster" if "trickster" in registered else next(iter(registered))
    tmp = None
    if args.store is None:
        tmp = tempfile.TemporaryDirectory(prefix="tricktable-bench-")
        args.store = "sqlite:///" + os.path.join(tmp.name, "bench.db")
    if args.processes < 1 or args.processes > args.tables:
        parser.error("--processes must be between 1 and --tables")
    try:
        if args.processes > 1:
            from bot.bench import processes

            result = processes.run_processes(
                args.store,
                args.processes,
                args.tables,
                _child_args(args),
                args.seed,
                backend_of(args.store).reset,
            )
        else:
            result = asyncio.run(run(args))
    finally:
        if tmp is not None:
            tmp.cleanup()
    print(json.dumps(result))
    return 0
