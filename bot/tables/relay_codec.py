"""An Update as text and back, for handing it to the process that owns its table's channel (relay.py).

Everything a front end reads from an Update travels: the table (seats, options, status, version…), every
event with its audience (so the owner still shows a private event only to its seats), who acts now, the
outcome, the actor and the action. JSON holds no tuples, so values inside event data and outcome details
come back as lists (the games' texts index and iterate them the same way); everything typed in the
records (seats, audiences, to_act, placements) is rebuilt with its own type.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.tables.models import Audience, ClockMode, SeatInfo, TableInfo, TableStatus, Update
from games.core.contract import Event, Outcome

FORMAT = 1  # bumped when the layout changes; an owner refuses (logs and drops) a layout it does not know


def encode(update: Update) -> str:
    info = update.table
    data = {
        "f": FORMAT,
        "t": {
            "id": info.id,
            "guild_id": info.guild_id,
            "channel_id": info.channel_id,
            "thread_id": info.thread_id,
            "game": info.game,
            "variant": info.variant,
            "options": dict(info.options),
            "status": info.status.value,
            "version": info.version,
            "seats": [[s.seat, s.user_id, s.name, s.ai_policy, s.left] for s in info.seats],
            "creator_id": info.creator_id,
            "clock_mode": info.clock_mode.value,
            "clock_seconds": info.clock_seconds,
            "created_at": info.created_at,
            "updated_at": info.updated_at,
            "seed": info.seed,
            "bank": info.clock_bank,
            "away_ok": info.away_ok,
        },
        "e": [[event.to_json(), _set(audience)] for event, audience in update.events],
        "a": sorted(update.to_act),
        "o": None if update.outcome is None else update.outcome.to_json(),
        "s": update.actor,
        "x": update.action,
    }
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def decode(text: str) -> Update:
    """The Update `encode` wrote. ValueError when the text is not one (another layout, damage)."""
    try:
        data = json.loads(text)
        if data.get("f") != FORMAT:
            raise ValueError(f"relay layout {data.get('f')!r}, this code reads {FORMAT}")
        return Update(
            table=_table(data["t"]),
            events=tuple((Event.from_json(e), _audience(a)) for e, a in data["e"]),
            to_act=frozenset(int(s) for s in data["a"]),
            outcome=None if data["o"] is None else _outcome(data["o"]),
            actor=data["s"],
            action=data["x"],
        )
    except (KeyError, TypeError, AttributeError, json.JSONDecodeError) as err:
        raise ValueError(f"not a relayed update: {err!r}") from None


def _set(audience: Audience) -> list[int] | None:
    return None if audience is None else sorted(audience)


def _audience(raw: Any) -> Audience:
    return None if raw is None else frozenset(int(s) for s in raw)


def _table(t: Mapping[str, Any]) -> TableInfo:
    return TableInfo(
        id=int(t["id"]),
        guild_id=int(t["guild_id"]),
        channel_id=int(t["channel_id"]),
        thread_id=t["thread_id"],
        game=str(t["game"]),
        variant=str(t["variant"]),
        options={str(k): str(v) for k, v in t["options"].items()},
        status=TableStatus(t["status"]),
        version=int(t["version"]),
        seats=tuple(SeatInfo(s[0], s[1], s[2], s[3], s[4]) for s in t["seats"]),
        creator_id=int(t["creator_id"]),
        clock_mode=ClockMode(t["clock_mode"]),
        clock_seconds=int(t["clock_seconds"]),
        created_at=float(t["created_at"]),
        updated_at=float(t["updated_at"]),
        seed=int(t["seed"]),
        clock_bank=t.get("bank"),
        away_ok=bool(t.get("away_ok", True)),
    )


def _outcome(o: Mapping[str, Any]) -> Outcome:
    return Outcome(
        placements=tuple(int(p) for p in o["placements"]),
        scores=tuple(o["scores"]),
        teams=None if o["teams"] is None else tuple(tuple(int(s) for s in team) for team in o["teams"]),
        details=dict(o["details"]),
    )
