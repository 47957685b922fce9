"""Play: check and apply a seat's action, let AI seats answer, commit the whole chain as ONE TableWrite,
then publish. Also the hand-overs of a seat to an AI (resign, replace) and the AI's choice of a move.

Callers hold the table's lock (an in-memory lock only avoids wasted work); the store refuses a write whose
base version or revision is stale (another process changed the table), and then `LostRace` sends the
decision back to `TableCache.run`, which makes it again on a fresh copy.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.store.base import DuplicateKey, VersionConflict
from bot.store.records import ActionRow, TableWrite
from bot.tables import decisions
from bot.tables.ai import available_policies, policy_for_level
from bot.tables.cache import LostRace
from bot.tables.deadlines import next_deadlines, paused
from bot.tables.errors import TableError, require_status
from bot.tables.live import LiveTable, seat_row
from bot.tables.models import Audience, SeatInfo, TableInfo, TableStatus, Update
from bot.tables.preferences import takeover_level
from bot.tables.results import Results, result_row
from games.core.contract import Event, Game

if TYPE_CHECKING:
    from bot.tables.host import Host

MAX_CHAIN = 20_000  # AI actions in one go; a game that never ends is a bug, not a hang


@dataclass(slots=True)
class Step:
    """One applied action, kept until it is committed and published."""

    seat: int
    action: str
    user_id: int | None
    via: str  # user | ai | clock
    key: str | None
    events: list[Event]
    to_act: frozenset[int]
    version: int
    host_events: list[Event] = field(default_factory=list)


def default_ai(game: Game[Any], level: str = "normal") -> str:
    """The policy of a take-over `level` (the server's or the operator's, see `Play.takeover_policy`;
    bot/tables/ai.py says what each level is)."""
    return policy_for_level(game, level)


class Play:
    def __init__(self, host: Host, results: Results) -> None:
        self.host = host
        self.results = results

    async def submit(
        self, live: LiveTable, user_id: int, action: str, expected_version: int, idempotency_key: str | None
    ) -> Update:
        """The checks of `TableService.submit`, in order, then apply and advance. Caller holds the lock."""
        info = live.info
        if idempotency_key is not None and idempotency_key in live.keys:
            raise TableError("duplicate_submission")
        seat = info.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated")
        require_status(info, TableStatus.PLAYING)
        if live.deadlines and paused(live.deadlines):
            raise TableError("table_paused", table=info.id)
        if expected_version > info.version:
            raise LostRace  # the board is newer than this process's copy: another process moved it on
        game, state = live.game, live.state
        if expected_version != info.version:
            await self.same_decision(live, seat, action, expected_version)
        acting = live.to_act if live.to_act is not None else game.to_act(state)
        if seat not in acting:
            raise TableError("not_your_turn_host", table=info.id)
        new_state, events = game.apply(state, seat, action)  # IllegalAction: nothing changed
        step = Step(
            seat, action, user_id, "user", idempotency_key, events, game.to_act(new_state), info.version + 1
        )
        updates = await self.advance(live, [step], state=new_state)
        return updates[0]

    async def same_decision(self, live: LiveTable, seat: int, action: str, drawn_at: int) -> None:
        """A click on a board drawn at an older version counts only if its seat still owes the decision
        the button was drawn for and the choice is still legal (the other side of a simultaneous choice
        moved the table on); otherwise it is stale_version. Caller holds the lock."""
        since = (await self.owed_since(live)).get(seat)
        if since is None or since > drawn_at or action not in live.game.legal_actions(live.state, seat):
            raise TableError("stale_version")

    async def owed_since(self, live: LiveTable) -> dict[int, int]:
        """Seat -> the version its open decision began; read from the log once per loaded copy, then kept
        by `advance` (bot/tables/decisions.py)."""
        if live.owed_since is None:
            if live.info.status is not TableStatus.PLAYING or live.state is None:
                return {}
            actions = await self.host.store.actions(live.info.id)
            live.owed_since = decisions.replayed(live.game, live.info, actions, live.state) or {}
        return live.owed_since

    async def resign(self, live: LiveTable, user_id: int) -> Update:
        seat = live.info.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated")
        policy = await self.takeover_policy(live)
        return await self.hand_to_ai(live, seat, policy, "resigned", "host.resigned")

    async def replace(self, live: LiveTable, seat: int, policy: str | None) -> Update:
        if not 0 <= seat < len(live.info.seats):
            raise TableError("seat_not_found", seat=seat, table=live.info.id)
        chosen = policy or await self.takeover_policy(live)
        available = available_policies(live.game)
        if chosen not in available:
            raise TableError("unknown_policy", policy=chosen, choices=", ".join(available))
        return await self.hand_to_ai(live, seat, chosen, "replaced", "host.replaced")

    async def takeover_policy(self, live: LiveTable) -> str:
        """The AI for a seat nobody plays (clock ran out, resigned, replaced without a choice): the level
        the table's server chose (/settings server ai_level), else the operator's TRICKTABLE_AI_LEVEL. The
        strong level's policy name sends its moves through the AI pool (`ai_move`)."""
        level = await takeover_level(self.host.store, live.info.guild_id, self.host.settings.ai_takeover_level)
        return default_ai(live.game, level)

    async def hand_to_ai(self, live: LiveTable, seat: int, policy: str, why: str, kind: str) -> Update:
        """An AI takes over `seat` (resigned or replaced); the new seat and the AI's moves commit together."""
        info = live.info
        require_status(info, TableStatus.PLAYING)
        old = info.seats[seat]
        seats = list(info.seats)
        seats[seat] = dataclasses.replace(
            old, ai_policy=policy, left=why if old.user_id is not None else old.left
        )
        live.info = dataclasses.replace(info, seats=tuple(seats), updated_at=self.host.clock())
        note = Update(
            table=live.info,
            events=((Event(kind, {"name": old.name, "seat": seat}), None),),
            to_act=live.game.to_act(live.state),
        )
        try:
            updates = await self.advance(live, [], lead=[note], seats_changed=True)
        except BaseException:
            self.host.cache.forget(info.id)
            raise
        return updates[0]

    async def ai_move(
        self, live: LiveTable, state: Any, seat: int, version: int, policy_name: str | None
    ) -> str:
        """The AI's choice from the seat's own information only; its RNG is seeded by table seed, version
        and seat. The strong level searches in the AI process pool (bot/tables/ai.py)."""
        return await self.host.ai.move(live.game, state, seat, policy_name, f"{live.info.seed}:{version}:{seat}")

    async def advance(
        self,
        live: LiveTable,
        steps: list[Step],
        state: Any | None = None,
        lead: Sequence[Update] = (),
        deadlines_changed: bool = False,
        status: TableStatus | None = None,
        seats_changed: bool = False,
        trail: Sequence[Update] = (),
    ) -> list[Update]:
        """Let AI seats play, then commit every step in one write and publish. Caller holds the lock.
        `trail`: notes published after the steps (a clock's reminders), in the same commit."""
        host = self.host
        game, info = live.game, live.info
        state = live.state if state is None else state
        to_act = steps[-1].to_act if steps else game.to_act(state)
        version = info.version + len(steps)
        acted = {s.seat for s in steps}
        seats = info.seats
        ai_seats = _ai_seats(seats)
        chain = 0
        while to_act and ai_seats:
            owing = ai_seats & to_act
            if not owing:
                break
            seat = min(owing)
            action = await self.ai_move(live, state, seat, version, seats[seat].ai_policy)
            state, events = game.apply(state, seat, action)
            version += 1
            acted.add(seat)
            to_act = game.to_act(state)
            steps.append(Step(seat, action, None, "ai", None, events, to_act, version))
            chain += 1
            if chain > MAX_CHAIN:
                raise RuntimeError(f"table {info.id}: AI seats played {MAX_CHAIN} actions without an end")
        now = host.clock()
        over = not to_act and game.is_over(state)
        outcome = game.outcome(state) if over else None
        deadlines = next_deadlines(live, to_act, acted, now, over)
        write = TableWrite(
            table_id=info.id,
            base_version=info.version,
            new_version=version,
            updated_at=now,
            base_revision=live.revision,
            actions=[ActionRow(s.version, s.seat, s.action, s.user_id, s.via, now, s.key) for s in steps],
            deadlines=list(deadlines.values())
            if (deadlines != live.deadlines or deadlines_changed)
            else None,
        )
        if steps and (over or version - live.snapshot_version >= host.settings.snapshot_every):
            write.snapshot = (version, json.dumps(game.to_json(state), separators=(",", ":")))
        if status is not None:
            write.status = status.value
        if seats_changed:
            write.seats = [seat_row(s) for s in seats]
        if over:
            write.status = TableStatus.FINISHED.value
            assert outcome is not None
            write.result = result_row(info, outcome, now)
        # the Updates are made before the commit: the rows for another process's channel go in it
        after = moved(info, version, TableStatus.FINISHED if over else info.status, now)
        updates = _updates(after, info.status, now, steps, lead, outcome if over else None) + list(trail)
        if steps or write.deadlines is not None or write.status is not None or write.seats is not None:
            local, write.relay = host.outbox.for_commit(updates)
            try:
                await host.writer.write(write)
            except DuplicateKey:
                host.cache.forget(info.id)
                raise TableError("duplicate_submission") from None
            except VersionConflict:
                host.cache.forget(info.id)
                raise LostRace(info.id) from None
            publish = host.outbox.publish_committed
        else:
            local, publish = updates, host.outbox.publish
        # committed: now the memory may move on
        if write.status is not None or write.seats is not None:
            live.revision += 1  # as the store did (TableWrite)
        if write.snapshot is not None:
            live.snapshot_version = version
        if live.owed_since is not None:
            live.owed_since = _owed_after(live, steps, over)
        live.state = state
        live.to_act = to_act
        live.deadlines = deadlines
        for s in steps:
            if s.key is not None:
                live.keys.append(s.key)
        live.info = after
        publish(local)
        if write.result is not None:
            await self.results.rate_pending()
        return updates


def _owed_after(live: LiveTable, steps: Sequence[Step], over: bool) -> dict[int, int]:
    """`live.owed_since` once `steps` are applied (before `live` moves on); a finished table owes nothing."""
    if over:
        return {}
    since = live.owed_since or {}
    owing = live.to_act if live.to_act is not None else live.game.to_act(live.state)
    for s in steps:
        since = decisions.opened(since, owing, s.to_act, s.seat, s.version)
        owing = s.to_act
    return since


def _updates(
    after: TableInfo,
    status: TableStatus,
    now: float,
    steps: Sequence[Step],
    lead: Sequence[Update],
    outcome: Any,
) -> list[Update]:
    """What `advance` publishes: the lead notes, then one Update per step. `after` is the table once
    every step is applied (an earlier step's Update carries the table at that step's version); `outcome`
    is None unless the last step ended the game."""
    updates = list(lead)
    over = outcome is not None
    for index, s in enumerate(steps):
        last = index == len(steps) - 1
        routed: list[tuple[Event, Audience]] = [(e, e.audience) for e in s.host_events]
        routed.extend((e, e.audience) for e in s.events)
        if last and over:
            routed.append((Event("host.finished", {}), None))
        table = after if last else moved(after, s.version, status, now)
        updates.append(
            Update(
                table=table,
                events=tuple(routed),
                to_act=s.to_act,
                outcome=outcome if last else None,
                actor=s.seat,
                action=s.action,
            )
        )
    if updates and lead and not steps:
        # lead updates describe the state after the change: refresh their table info
        updates = [dataclasses.replace(u, table=after) for u in updates]
    return updates


def _ai_seats(seats: tuple[SeatInfo, ...]) -> frozenset[int]:
    """Seats an AI plays. Not cached: a cache keyed by the seat tuple hashes every SeatInfo (one Python
    call per seat), about five times the cost of this list (measured: 560 against 120 ns a click)."""
    return frozenset([s.seat for s in seats if s.ai_policy is not None])


def moved(info: TableInfo, version: int, status: TableStatus, now: float) -> TableInfo:
    """`info` at another version (dataclasses.replace is several times slower on the hot path)."""
    return TableInfo(
        info.id,
        info.guild_id,
        info.channel_id,
        info.thread_id,
        info.game,
        info.variant,
        info.options,
        status,
        version,
        info.seats,
        info.creator_id,
        info.clock_mode,
        info.clock_seconds,
        info.created_at,
        now,
        info.seed,
        info.clock_bank,
        info.away_ok,
    )
