"""The daily digest: once a day, at the local hour a person chose (/settings me digest), one DM saying how
many games wait for them ("3 games wait for you"). Off by default; never sent when nothing waits.

The clock loop calls `run` every tick. Each due digest is moved on to the next day by a conditional update
on the time it was due (PersonalStore.move_digest): only the process whose update changed the row sends
it, so two processes never send it twice, and a process that was down for days sends one, not a backlog.
The front end receives it through `subscribe` (it owns the DM); the table service never talks to Discord.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import cast

from bot.store.base import PersonalStore, Store
from bot.tables import quiet_hours
from bot.tables.mine import MyGame, MyGames
from bot.tables.personal import zone_of

log = logging.getLogger("tricktable.tables")


@dataclass(frozen=True, slots=True)
class DigestNote:
    """One person's digest: the tables waiting for them (ordered as My games orders them)."""

    user_id: int
    timezone: str
    waiting: tuple[MyGame, ...]


DigestListener = Callable[[DigestNote], Awaitable[None]]


class Digest:
    def __init__(self, store: Store, mine: MyGames) -> None:
        self.store = cast(PersonalStore, store)
        self.mine = mine
        self.listeners: list[DigestListener] = []

    def subscribe(self, listener: DigestListener) -> Callable[[], None]:
        self.listeners.append(listener)
        return lambda: self.listeners.remove(listener)

    async def run(self, now: float) -> list[DigestNote]:
        """Schedule new digests and send the due ones (each once, by whichever process moves it on)."""
        sent: list[DigestNote] = []
        for due in await self.store.digests_due(now):
            zone = zone_of(due.timezone or "UTC")
            following = quiet_hours.next_local_hour(now, zone, due.hour)
            if not await self.store.move_digest(due.user_id, due.due_at, following):
                continue  # another process moved it on (and sends it), or the person changed it
            if due.due_at is None:
                continue  # just scheduled: the first one comes at the chosen hour
            waiting = tuple(g for g in await self.mine.of(due.user_id) if g.waiting)
            if not waiting or not self.listeners:
                continue
            note = DigestNote(due.user_id, due.timezone or "UTC", waiting)
            for listener in list(self.listeners):
                try:
                    await listener(note)
                except Exception:  # one person's closed DMs must not stop the others' digests
                    log.exception("digest of user=%s could not be delivered", due.user_id)
            sent.append(note)
        return sent
