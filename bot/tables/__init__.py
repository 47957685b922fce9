"""The table service: the async engine adapter every front end (terminal, Discord) talks to."""

from bot.tables.errors import TableError, TableUnavailable
from bot.tables.models import (
    ClockMode,
    GuildSettings,
    HistoryEntry,
    PlayerRef,
    PlayerStats,
    RatingRow,
    SeatInfo,
    SeatView,
    TableInfo,
    TableStatus,
    Update,
    UserSettings,
)
from bot.tables.service import TableService

__all__ = [
    "ClockMode",
    "GuildSettings",
    "HistoryEntry",
    "PlayerRef",
    "PlayerStats",
    "RatingRow",
    "SeatInfo",
    "SeatView",
    "TableError",
    "TableInfo",
    "TableService",
    "TableStatus",
    "TableUnavailable",
    "Update",
    "UserSettings",
]
