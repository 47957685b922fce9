"""TableService: the async engine adapter. Public API for every front end (terminal, Discord).

For one table at a time: load (on demand) → check → apply → append to the log → commit → publish.
Submissions to one table are serialized by an in-process lock; across processes the database decides
(the log's primary key (table, seq) is the optimistic version check). Stale versions and repeated
idempotency keys are refused and never applied twice.

Listeners registered with `subscribe` receive EVERY Update (including the one `submit` returns), so a
front end routes messages from its listener and uses `submit`'s return value only for the caller's ack.
AI seats and expired clocks act without a click; their Updates reach front ends only through listeners.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from bot.settings import Settings
from bot.tables.models import (
    ClockMode,
    HistoryEntry,
    PlayerRef,
    PlayerStats,
    RatingRow,
    SeatView,
    TableInfo,
    TableStatus,
    Update,
    UserSettings,
)
from games.core.contract import Game

Listener = Callable[[Update], Awaitable[None]]


class TableService:
    """One per process. Create with `await TableService.open(path)`; close with `await svc.close()`."""

    @classmethod
    async def open(cls, path: str | None = None, settings: Settings | None = None) -> TableService:
        """Open (creating and migrating) the SQLite store at `path` (default: settings.database_path).

        Raises StoreError when the database was written by a newer Tricktable (its schema is ahead).
        """
        raise NotImplementedError

    async def close(self) -> None:
        """Stop the clock loop, flush pending writes and close the database."""
        raise NotImplementedError

    async def __aenter__(self) -> TableService:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- lobby ---------------------------------------------------------------------------------------
    async def create(
        self,
        guild_id: int,
        channel_id: int,
        creator: PlayerRef,
        game: str,
        variant: str | None = None,
        options: Mapping[str, str] | None = None,
        clock_mode: ClockMode | str = ClockMode.LIVE,
        clock_seconds: int | None = None,
        thread_id: int | None = None,
        seed: int | None = None,
    ) -> TableInfo:
        """A new table in the lobby with its creator in seat 0. Validates game, variant and options."""
        raise NotImplementedError

    async def set_thread(self, table_id: int, thread_id: int | None) -> TableInfo:
        """Remember the Discord thread where this table's public messages go."""
        raise NotImplementedError

    async def join(self, table_id: int, player: PlayerRef) -> TableInfo:
        """Take the next free seat (lobby only). TableError table_full / already_seated / wrong_status."""
        raise NotImplementedError

    async def leave(self, table_id: int, user_id: int) -> TableInfo:
        """Leave the lobby (seats after yours move up). The creator cancels instead of leaving."""
        raise NotImplementedError

    async def add_ai(self, table_id: int, by_user: int, policy: str = "random") -> TableInfo:
        """The creator adds an AI seat with one of the game's policies (`Game.policies()`)."""
        raise NotImplementedError

    async def start(self, table_id: int, by_user: int) -> Update:
        """The creator starts the game: setup from the table's seed; AI seats that act first play at once."""
        raise NotImplementedError

    async def cancel(self, table_id: int, by_user: int) -> TableInfo:
        """The creator cancels a lobby or a game in progress (no results, no ratings)."""
        raise NotImplementedError

    # --- play ----------------------------------------------------------------------------------------
    async def submit(
        self,
        table_id: int,
        user_id: int,
        action: str,
        expected_version: int,
        idempotency_key: str | None = None,
    ) -> Update:
        """Apply `action` for the user's seat if `expected_version` is current and the key is new.

        Raises TableError (stale_version, duplicate_submission, not_seated, not_your_turn_host,
        wrong_status…) or the engine's IllegalAction; nothing is applied then. Returns once the action
        is durably in the log. AI seats that owe a decision afterwards play right away (listeners see them).
        """
        raise NotImplementedError

    async def resign(self, table_id: int, user_id: int) -> Update:
        """The user gives up: their seat is played by AI to the end and they are ranked last."""
        raise NotImplementedError

    async def abort(self, table_id: int) -> TableInfo:
        """Admin: stop a table for good (no results). Works even when the table cannot be loaded."""
        raise NotImplementedError

    async def replace_with_ai(self, table_id: int, seat: int, policy: str | None = None) -> Update:
        """Admin: an AI takes over `seat` (e.g. an absent player); that player is not rated for it."""
        raise NotImplementedError

    # --- reading -------------------------------------------------------------------------------------
    async def get_table(self, table_id: int) -> TableInfo:
        raise NotImplementedError

    async def game_of(self, table_id: int) -> Game[Any]:
        """The game object of a table (front ends call its render_* methods)."""
        raise NotImplementedError

    async def seat_view(self, table_id: int, user_id: int) -> SeatView:
        """The user's private board: view, legal actions, prompt, version, clock deadline."""
        raise NotImplementedError

    async def public_view(self, table_id: int) -> SeatView:
        """The spectator's board (seat None, no legal actions)."""
        raise NotImplementedError

    async def list_tables(
        self, guild_id: int, channel_id: int | None = None, statuses: tuple[TableStatus, ...] | None = None
    ) -> list[TableInfo]:
        """Tables of a server (optionally one channel), newest first; default: lobby and playing."""
        raise NotImplementedError

    async def tables_of_user(self, user_id: int, active_only: bool = True) -> list[TableInfo]:
        """Tables where the user holds a seat ("my games")."""
        raise NotImplementedError

    async def history(self, table_id: int, user_id: int | None) -> list[HistoryEntry]:
        """The public log plus the private events of the user's seat, in order (None: public only)."""
        raise NotImplementedError

    # --- clocks --------------------------------------------------------------------------------------
    async def process_due_clocks(self, now: float | None = None) -> list[Update]:
        """Send due half-time reminders and let the AI play every decision whose clock ran out."""
        raise NotImplementedError

    def start_clock_loop(self, interval: float = 1.0) -> None:
        """Run process_due_clocks every `interval` seconds in the background (stopped by close())."""
        raise NotImplementedError

    # --- ratings and settings ------------------------------------------------------------------------
    async def leaderboard(
        self, guild_id: int | None, game: str | None = None, limit: int = 10
    ) -> list[RatingRow]:
        """Top players by openskill ordinal; guild_id None is the global board, game None all games."""
        raise NotImplementedError

    async def player_stats(self, user_id: int, guild_id: int | None = None) -> PlayerStats:
        """A player's rank, games, wins and rating per game in one server (None: global)."""
        raise NotImplementedError

    async def get_settings(self, user_id: int) -> UserSettings:
        raise NotImplementedError

    async def set_settings(
        self, user_id: int, language: str | None = None, dm_pings: bool | None = None
    ) -> UserSettings:
        raise NotImplementedError

    # --- events --------------------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener` with every Update; returns a function that unsubscribes it."""
        raise NotImplementedError
