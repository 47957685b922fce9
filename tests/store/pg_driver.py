"""Child process for the several-processes tests: one bot process's table service on a shared database.

    pg_driver.py URL NAME TABLES WORKERS CLOCK_SECONDS [--create]

With --create it first creates TABLES tiny tables (3 humans each, clock CLOCK_SECONDS) and prints
"ready"; otherwise it prints "ready" at once and plays the tables 1..TABLES the other process made. Its
workers click random tables (any process may receive a click for any table) and print
"ack NAME TABLE VERSION KEY" the moment submit() returns; the clock loop runs every 0.2 s. SIGUSR1 stops
the clicking (only the clocks go on). It runs until it is killed.
"""

from __future__ import annotations

import asyncio
import random
import signal
import sys

from tinygame import TINY

from bot.settings import Settings
from bot.tables import PlayerRef, TableService, TableStatus
from games.core import registry

_games = {"tiny": TINY}  # only the tiny game: the child starts fast and imports no real engine
registry.all_games = lambda: _games  # type: ignore[assignment]


def _dump_tasks() -> None:
    for task in asyncio.all_tasks():
        task.print_stack(file=sys.stderr)


async def main(url: str, name: str, tables: int, workers: int, clock: int, create: bool) -> None:
    svc = await TableService.open(url, Settings(snapshot_every=4))
    ids = list(range(1, tables + 1))
    if create:
        ids = []
        for i in range(tables):
            info = await svc.create(
                1,
                1,
                PlayerRef(0, "host"),
                "tiny",
                options={"rounds": "5"},
                seed=i,
                creator_sits=False,
                clock_seconds=clock,
            )
            for seat in range(3):
                await svc.join(info.id, PlayerRef(info.id * 10 + seat, f"p{seat}"))
            await svc.start(info.id, 0)
            ids.append(info.id)
    svc.start_clock_loop(0.2)
    print("ready", flush=True)
    clicking = asyncio.Event()
    clicking.set()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGUSR1, clicking.clear)
    loop.add_signal_handler(signal.SIGUSR2, _dump_tasks)  # debugging a stuck run: every task's stack
    rng = random.Random(name)

    async def worker() -> None:
        while clicking.is_set():
            table = rng.choice(ids)
            try:
                info = await svc.get_table(table)
                if info.status is not TableStatus.PLAYING:
                    await asyncio.sleep(0.001)
                    continue
                for seat in info.seats:
                    assert seat.user_id is not None
                    view = await svc.seat_view(table, seat.user_id)
                    if view.legal_actions:
                        key = f"{name}{table}-{view.version}"
                        update = await svc.submit(
                            table, seat.user_id, view.legal_actions[0], view.version, key
                        )
                        print(f"ack {name} {table} {update.table.version} {key}", flush=True)
                        break
            except Exception as err:  # a refused click (stale board, lost race, database away): next one
                print(f"refused {name} {table} {type(err).__name__}", flush=True)
                await asyncio.sleep(0.005)
            await asyncio.sleep(0)

    await asyncio.gather(*(worker() for _ in range(workers)))
    await asyncio.Event().wait()  # clocks only, until killed


if __name__ == "__main__":
    if sys.platform == "linux":  # die with the test process, even when that one is killed
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    url, name, tables, workers, clock = sys.argv[1:6]
    asyncio.run(main(url, name, int(tables), int(workers), int(clock), "--create" in sys.argv))
