"""Child process for test_sigkill: plays many tiny tables through the service and prints each
acknowledged action ("ack TABLE VERSION KEY") the moment submit() returns, until it is killed."""

from __future__ import annotations

import asyncio
import random
import sys

from tinygame import TINY

from bot.settings import Settings
from bot.tables import PlayerRef, TableService, TableStatus
from games.core import registry

_games = dict(registry.all_games())
_games["tiny"] = TINY
registry.all_games = lambda: _games  # type: ignore[assignment]


async def main(db: str, tables: int, workers: int) -> None:
    svc = await TableService.open(db, Settings(snapshot_every=4))
    ids: list[int] = []
    for i in range(tables):
        info = await svc.create(
            1, 1, PlayerRef(0, "host"), "tiny", options={"rounds": "5"}, seed=i, creator_sits=False
        )
        for seat in range(3):
            await svc.join(info.id, PlayerRef(info.id * 10 + seat, f"p{seat}"))
        await svc.start(info.id, 0)
        ids.append(info.id)
    print("ready", flush=True)
    rng = random.Random(1)

    async def worker() -> None:
        while True:
            table = rng.choice(ids)
            info = await svc.get_table(table)
            if info.status is not TableStatus.PLAYING:
                continue
            for seat in info.seats:
                assert seat.user_id is not None
                view = await svc.seat_view(table, seat.user_id)
                if view.legal_actions:
                    key = f"k{table}-{view.version}"
                    try:
                        update = await svc.submit(
                            table, seat.user_id, view.legal_actions[0], view.version, key
                        )
                    except Exception:
                        break
                    print(f"ack {table} {update.table.version} {key}", flush=True)
                    break
            await asyncio.sleep(0)

    await asyncio.gather(*(worker() for _ in range(workers)))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
