"""Updates go out from the process that owns the table's channel, whichever process applied them.

With several bot processes (deploy/README.md, "Growing past one machine") a click may reach any process:
direct messages arrive on shard 0, a table's thread lives on its server's shard. The process that applies
it keeps the Updates of tables it owns (its listeners post them, as with one process) and hands the
others to their owner through the shared database: one row per Update in the `relay` table, announced
with NOTIFY (no other broker). The owner claims its rows oldest first (a lease: UPDATE … RETURNING, SKIP
LOCKED, so a row is held by one process at a time), publishes them to its own listeners and deletes each
row once they took its Update: the Discord Router takes it when Discord took the post that carries it
(bot/tables/outbox.py: a listener's promise), not when it queued it. An owner killed in between leaves
the row to the shard's next owner, which claims it again when the lease ran out (LEASE_SECONDS); the
owner's own later claims renew the lease of what it still holds (Discord away for a while).

Written in the commit: the Updates of a click, a clock or a take-over (`Play.advance`), lobby notes and
the closing note (`update_table(relay=)`), reminders and the board redrawn when time away ends (the
clocks' TableWrite), the pause notes (the vote's transaction, or the clocks' write of the pause and the
resume) and the board redrawn for /away (the clocks' write) are made before their commit, and their rows
go in the same transaction as the change (NOTIFY delivered on commit). A process killed right after its
commit has already handed its messages on. Only what changed nothing (`route`: e.g. a resume that
found no clock to start) is written right after, by one sender task; while such rows are on their way,
a commit's rows queue behind them to keep the order.

Order: a sender's rows are written in the order it published them, and the owner claims one batch at a
time in row order, so one sender's Updates reach the owner's listeners in the order they were made. A
table's rows are committed in version order (each write's version check orders them). The owner's own
Update can still overtake a relayed one that is committed but not yet claimed; the owner then holds it
until the earlier arrives (relay_order.py), and holds its first Update of a table (it knows no last
version yet) until a claim has looked for older rows.

Its own messages too: what the owner posts itself and no log brings back (a reminder, a pause note, the
start, a take-over's note, the closing note of a game, a board redrawn for time away: relay_own.py) is a
row of its change's transaction as well, posted at once as before and claimed back by the owner's own
next claim, which holds its lease until Discord took the post; killed before that, the next owner of the
shard posts it (on SQLite: the bot's next start). Moves write no such row: the Discord Router catches a
thread up from the table's log. Only a process that posts (`own`) writes them.

Rows wait when nobody runs their shard (the owner is down): a bot process claims its rows as soon as it has
a listener to give them to (start-up), whenever it is told of new ones, and every POLL_SECONDS in case a
notification was lost; rows older than KEEP_SECONDS are dropped with a log line. Only a process that said
which shards it runs (`TableService.own_shards`: the Discord client) claims: a terminal or a tool opened on
the same database posts its own Updates and never takes the bot's. A store of one process's (SQLite,
`shared` False) claims at start and when it wrote rows, with no poll: nobody else writes any.

A process that owns every shard (the default: one process; the terminal; SQLite) relays nothing, so the
path from apply to listener is today's. Nothing new reaches a seat: the rows carry each event's audience,
and the owner's listener shows a private event only to its seats, as it does for its own Updates.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bot.store.relay import RelayRow, RelayStore, shard_of
from bot.tables import relay_codec
from bot.tables.models import Update
from bot.tables.outbox import Outbox
from bot.tables.relay_order import HOLD_SECONDS, VersionOrder
from bot.tables.relay_own import OwnRows, no_log_brings_back

log = logging.getLogger("tricktable.relay")

BATCH = 500  # rows per write and per claim
POLL_SECONDS = 30.0  # claim even without a notification (one lost while the listening connection was down)
KEEP_SECONDS = 3600.0  # rows nobody claimed for this long are dropped (no process runs their shard)
GIVE_UP_SECONDS = 60.0  # a sender that cannot reach the database drops its rows after this, with a log line
# a claimed row is leased this long: deleted once this process's listeners took its Update (Discord took
# the post); if the process dies first, the next owner of the shard claims it again after the lease (at its
# next claim: POLL_SECONDS)
LEASE_SECONDS = 30.0


@dataclass(frozen=True, slots=True)
class Shards:
    """The shards whose servers' channels this process posts to. `ids` None: every shard (the default)."""

    count: int = 1
    ids: frozenset[int] | None = None

    @property
    def everything(self) -> bool:
        return self.ids is None or self.ids.issuperset(range(self.count))

    def owns(self, guild_id: int) -> bool:
        return self.everything or shard_of(guild_id, self.count) in (self.ids or ())


class Relay:
    """One per service on a store with relay rows. `route` is the outbox's hook (Outbox.relay). `shared`:
    several processes use the store (PostgreSQL); else (SQLite) this process posts for every server."""

    def __init__(self, store: RelayStore, outbox: Outbox, shared: bool = True) -> None:
        self.store = store
        self.outbox = outbox
        self.shared = shared
        self.shards = Shards()
        self._out: list[RelayRow] = []  # written in this order by one sender task
        self._sender: asyncio.Task[None] | None = None
        self._claimer: asyncio.Task[None] | None = None
        self._again = False
        self._poller: asyncio.Task[None] | None = None
        self._started = False
        self.posts = False  # said which shards it runs (own): only then does it take other processes' rows
        self.order = VersionOrder()  # a table's Updates from several processes, in version order
        self._release: asyncio.TimerHandle | None = None
        self.lease_seconds = LEASE_SECONDS
        # id(Update) -> (it, its row), until the listeners took it
        self._leased: dict[int, tuple[Update, int]] = {}
        self._holding: set[int] = set()  # rows this process leased and has not deleted yet
        self._taken: list[int] = []  # rows whose Updates the listeners took: deleted by one task
        self._ender: asyncio.Task[None] | None = None
        self._stopped = False
        self.own_rows = OwnRows()  # rows for the messages this process posts itself (relay_own.py)
        store.on_relay(self._heard)

    def own(self, shard_count: int | None, shard_ids: Sequence[int] | None) -> None:
        """This process runs `shard_ids` of `shard_count` (None: all of them)."""
        count = shard_count or 1
        if self.shared:  # (a store of one process's: it posts for every server, whatever its shards)
            self.shards = Shards(count, None if shard_ids is None else frozenset(shard_ids))
        self.posts = True
        self.outbox.taken = self._was_taken  # only a process that claims holds rows to end
        if self.outbox.listeners:
            self.start()

    # --- sending: Updates of tables another process owns ---------------------------------------------
    def split(self, updates: Sequence[Update]) -> tuple[Sequence[Update], list[RelayRow]]:
        """What this process posts itself, and the rows for the other processes' tables. A commit that
        carries the rows itself (`Play.advance`: TableWrite.relay) calls this, then `admit` once it has
        committed, so a process killed after its commit has already handed them on.

        While rows written apart (`route`: a lobby note, a reminder) are still on their way, this
        commit's rows queue behind them instead, so the owner still gets them in the order they were
        made; then only those are lost with a process killed right after its commit."""
        local, rows = self._split(updates, keep=self.posts and bool(self.outbox.listeners))
        if rows and self._out:
            shard = self.shards.ids or ()  # this process's own rows stay in the commit (relay_own.py)
            self._queue([r for r in rows if r.shard not in shard])
            return local, [r for r in rows if r.shard in shard]
        return local, rows

    def _split(
        self, updates: Sequence[Update], keep: bool = False
    ) -> tuple[Sequence[Update], list[RelayRow]]:
        """`keep`: this process posts and claims (`own`), so what it posts itself that no log brings back
        gets a row too (relay_own.py), written in the commit and claimed back by this process."""
        shards = self.shards
        if shards.everything and not keep:
            return updates, []
        local: list[Update] = []
        rows: list[RelayRow] = []
        for update in updates:
            info = update.table
            if shards.owns(info.guild_id):
                local.append(update)
                if keep and no_log_brings_back(update):
                    rows.append(self.own_rows.row(update, shard_of(info.guild_id, shards.count)))
            else:
                shard = shard_of(info.guild_id, shards.count)
                rows.append(RelayRow(info.guild_id, info.id, info.version, relay_codec.encode(update), shard))
        return local, rows

    def route(self, updates: Sequence[Update]) -> Sequence[Update]:
        """For Updates no commit of their own carries (a change that wrote nothing): keep what this
        process owns (returned, for its own listeners); queue the rest for their owner, written right away."""
        if self.shards.everything:
            return updates
        local, rows = self._split(updates)
        self._queue(rows)
        return self.admit(local)

    def _queue(self, rows: list[RelayRow]) -> None:
        if rows:
            self._out.extend(rows)
            if self._sender is None or self._sender.done():
                self._sender = asyncio.get_running_loop().create_task(self._send())

    def admit(self, local: Sequence[Update]) -> Sequence[Update]:
        """This process's own Updates, in order with what other processes relayed for the same tables.
        Those whose rows their commit carried are claimed back (their row is this process's to end)."""
        if self.own_rows.made and self.own_rows.committed(local):
            self.wake()
        if self.shards.everything:
            return local
        return self._in_order(local, made_here=True)

    async def _send(self) -> None:
        delay, failing_since = 0.1, None
        while self._out:
            batch = self._out[:BATCH]
            try:
                await self.store.relay_send(batch, self.shards.count)
            except asyncio.CancelledError:
                raise
            except Exception as err:
                now = time.monotonic()
                if failing_since is None:
                    failing_since = now
                    log.warning("cannot relay %d updates yet (%s); retrying", len(batch), err)
                if now - failing_since < GIVE_UP_SECONDS:
                    await asyncio.sleep(delay)
                    delay = min(delay * 2, 5.0)
                    continue
                log.error(
                    "dropped %d relayed updates for tables %s: the database was unreachable for %.0f s",
                    len(batch), sorted({r.table_id for r in batch}), now - failing_since,
                )  # fmt: skip
            del self._out[: len(batch)]  # only appended to at the end meanwhile
            delay, failing_since = 0.1, None

    # --- receiving: Updates other processes made for our tables --------------------------------------
    def start(self) -> None:
        """Begin claiming, once this process said which shards it runs (`own`: the bot does, a terminal or
        a tool on the same database does not, so it never takes the bot's rows) and has a listener to give
        the rows to (the service calls this when one subscribes; until then they wait in the database)."""
        if self._started or not self.posts or not self.outbox.listeners:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # subscribed outside a running loop: the first publish or wake-up starts it
        self._started = True
        self._poller = loop.create_task(self._poll() if self.shared else self._claim_once())

    def _heard(self, shards: frozenset[int]) -> None:
        mine = self.shards.ids
        if mine is None or shards & mine:
            self.wake()

    def changed_elsewhere(self, table_id: int, _version: int, _revision: int) -> None:
        """The store's table-change hook: table 0 means its listening connection was lost and is back,
        so notifications (relayed rows among them) may have been missed: claim."""
        if table_id == 0:
            self.wake()

    def wake(self) -> None:
        """Claim now (again after the current claim, when one runs)."""
        if not self._started:
            return
        if self._claimer is not None and not self._claimer.done():
            self._again = True
            return
        self._claimer = asyncio.get_running_loop().create_task(self._claim())

    async def _claim(self) -> None:
        while True:
            self._again = False
            began = time.monotonic()
            if not self.outbox.listeners:
                return
            ids = None if self.shards.everything else sorted(self.shards.ids or ())
            try:
                rows = await self.store.relay_claim(ids, BATCH, self.lease_seconds)
            except asyncio.CancelledError:
                raise
            except Exception as err:
                log.warning("cannot claim relayed updates (%s); the next poll tries again", err)
                return
            updates = []
            for row in rows:
                if row.id in self._holding:
                    continue  # ours already (its lease ran out while it waited for the listeners)
                self._holding.add(row.id)
                own = self.own_rows.claimed_back(row)
                if own is not None:  # written by this process for a message it posts itself
                    if own.taken:
                        self._end([row.id])
                    else:
                        self._leased[id(own.update)] = (own.update, row.id)
                    continue
                try:
                    update = relay_codec.decode(row.payload)
                except ValueError as err:
                    log.error("dropped a relayed update for table %s: %s", row.table_id, err)
                    self._end([row.id])
                    continue
                self._leased[id(update)] = (update, row.id)
                updates.append(update)
            self.outbox.deliver(self._in_order(updates))
            if len(rows) < BATCH and not self._again:
                # every row committed before `began` is claimed: a table's first Updates made here
                # before then have nothing older left to wait for
                self.outbox.deliver(self.order.looked(began))
                self.own_rows.unseen_before(began)
                return

    def _was_taken(self, update: Update) -> None:
        """The outbox's hook: every listener took `update` (the Router: Discord took its post); a relayed
        one's row is deleted (its lease ends). Until then a process killed after its claim leaves the row
        to the shard's next owner."""
        leased = self._leased.pop(id(update), None)
        if leased is not None and leased[0] is update:
            self._end([leased[1]])
        elif self.own_rows.taken(update):
            self.wake()  # its row is not claimed back yet: the claim that finds it ends it

    def _end(self, ids: list[int]) -> None:
        if self._stopped:  # a post that went through after the service closed: the next owner's now
            return
        self._taken.extend(ids)
        if self._ender is None or self._ender.done():
            self._ender = asyncio.get_running_loop().create_task(self._delete())

    async def _delete(self) -> None:
        while self._taken:
            batch = self._taken[:BATCH]
            try:
                await self.store.relay_done(batch)
            except asyncio.CancelledError:
                raise
            except Exception as err:  # the lease runs out; the next claim here skips them (still held)
                log.warning("cannot end the lease of %d relayed updates (%s); retrying", len(batch), err)
                await asyncio.sleep(1.0)
                continue
            del self._taken[: len(batch)]
            self._holding.difference_update(batch)

    def _in_order(self, updates: Sequence[Update], made_here: bool = False) -> list[Update]:
        """What may go out now (relay_order.py holds a table's Updates behind a missing version, and this
        process's first Update of a table until one claim has looked for older relayed ones)."""
        out = self.order.admit(updates, time.monotonic(), first_waits=made_here and self._started)
        if self.order.first:
            self.wake()  # the claim that releases them (`_claim`)
        if self.order.held and self._release is None:
            self._release = asyncio.get_running_loop().call_later(HOLD_SECONDS, self._release_overdue)
        return out

    def _release_overdue(self) -> None:
        self._release = None
        self.outbox.deliver(self.order.overdue(time.monotonic()))
        if self.order.held:
            self._release = asyncio.get_running_loop().call_later(HOLD_SECONDS / 4, self._release_overdue)

    async def _poll(self) -> None:
        expired_at = 0.0
        while True:
            self.wake()
            now = time.monotonic()
            if now - expired_at >= POLL_SECONDS:
                expired_at = now
                await self.expire(KEEP_SECONDS)
            await asyncio.sleep(POLL_SECONDS)

    async def _claim_once(self) -> None:
        """A store of one process's: the rows its previous run left (killed before Discord took their
        posts) are claimed at start; after that only rows this process wrote are there to claim back, and
        it claims when it wrote some (no other process to hear of, no lease to run out)."""
        await self.expire(KEEP_SECONDS)
        self.wake()

    async def expire(self, keep_seconds: float) -> list[int]:
        """Drop rows nobody claimed within `keep_seconds` (no process runs their shard), with a log line."""
        try:
            tables = await self.store.relay_expire(keep_seconds)
        except Exception as err:
            log.warning("cannot drop old relayed updates (%s)", err)
            return []
        if tables:
            log.warning(
                "dropped %d relayed updates nobody claimed within %.0f s (is a process running their "
                "shard?); tables %s",
                len(tables), keep_seconds, sorted(set(tables)),
            )  # fmt: skip
        return tables

    # --- lifetime ------------------------------------------------------------------------------------
    def flush_held(self) -> None:
        """At shutdown: post what waits behind a missing version now (late beats lost)."""
        if self.order.held:
            self.outbox.deliver(self.order.overdue(float("inf")))

    async def drain(self) -> None:
        """Wait until every queued row is written and the claim in progress is handed to the outbox."""
        for _ in range(1000):
            tasks = [t for t in (self._sender, self._claimer, self._ender) if t is not None and not t.done()]
            if not tasks:
                return
            await asyncio.wait(tasks)

    async def stop(self) -> None:
        if self._release is not None:
            self._release.cancel()
            self._release = None
        if self._ender is not None and not self._ender.done():  # posted rows: end their leases first
            await asyncio.wait([self._ender], timeout=5)
        for task in (self._poller, self._claimer, self._sender, self._ender):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._poller = self._claimer = self._sender = self._ender = None
        self._started = False
        self._stopped = True
