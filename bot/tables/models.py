"""Plain records the table service hands to front ends. Front ends never see a game State."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from games.core.contract import Event, Outcome, Prompt


class TableStatus(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"  # by its creator before or during play: no results
    ABORTED = "aborted"  # by an admin: no results


class ClockMode(StrEnum):
    LIVE = "live"  # default 2 minutes per decision
    ASYNC = "async"  # default 24 hours per decision


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """Who is calling: a Discord user (or the terminal's player) with a display name and locale."""

    user_id: int
    name: str
    locale: str = "en"


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat. `ai_policy` is set for AI seats and for humans who resigned or were replaced."""

    seat: int
    user_id: int | None
    name: str
    ai_policy: str | None = None
    left: str | None = None  # None, "resigned" or "replaced": why a human seat is now played by AI

    @property
    def is_ai(self) -> bool:
        return self.ai_policy is not None


@dataclass(frozen=True, slots=True)
class TableInfo:
    """A table's metadata; `version` counts the actions applied (it is the log length)."""

    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: str
    variant: str
    options: Mapping[str, str]
    status: TableStatus
    version: int
    seats: tuple[SeatInfo, ...]
    creator_id: int
    clock_mode: ClockMode
    clock_seconds: int
    created_at: float
    updated_at: float
    seed: int = 0
    clock_bank: str | None = None  # a time bank "start,increment,cap" in seconds (bot/tables/bank.py)
    away_ok: bool = True  # False: time away does not stop this table's clocks (a quick async game)

    def seat_of(self, user_id: int) -> int | None:
        """The seat a user plays (None when not seated, or when an AI took it over)."""
        for s in self.seats:
            if s.user_id == user_id and s.left is None:
                return s.seat
        return None


Audience = frozenset[int] | None


@dataclass(frozen=True, slots=True)
class Update:
    """What changed on a table, for a front end to route.

    `events` are (event, audience): audience None goes to the channel, otherwise only to those seats.
    Engine events and host events (kinds starting with "host.": clock expired, reminder, AI took over,
    seat joined…) come in the same list. `to_act` is who owes a decision now; `outcome` is set once over.
    `actor` is the seat whose action caused the update (None for lobby changes).
    """

    table: TableInfo
    events: tuple[tuple[Event, Audience], ...]
    to_act: frozenset[int]
    outcome: Outcome | None = None
    actor: int | None = None
    action: str | None = None


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat needs to draw its private board and its buttons."""

    seat: int | None  # None: a spectator
    view: Mapping[str, Any]
    legal_actions: tuple[str, ...]
    prompt: Prompt | None
    version: int
    deadline: float | None = None  # epoch seconds when this seat's clock runs out


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One line of a table's log as a seat may see it."""

    version: int
    seat: int | None
    event: Event


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A leaderboard line. `rating` is openskill's ordinal (mu - 3 sigma), the number people compare."""

    rank: int
    user_id: int
    name: str
    game: str
    games: int
    wins: int
    rating: float
    mu: float
    sigma: float


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """A player's figures per game (and game "*" for all games together) in one scope."""

    user_id: int
    guild_id: int | None
    rows: tuple[RatingRow, ...] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class UserSettings:
    user_id: int
    language: str | None = None  # None: never chosen (front ends use the reader's own locale)
    dm_pings: bool = True


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's own settings. None = not set on this server: the front end's defaults (.env) apply."""

    guild_id: int
    default_clock: ClockMode | str | None = None  # a ClockMode, or a time bank: live-bank, async-bank
    table_channels: frozenset[int] | None = None  # empty set: any channel
    text_only: bool | None = None  # True: no card pictures on this server (a server's text-only choice); None: not set
    ai_level: str | None = None  # easy | normal | strong takes over seats here; None: the operator's level
