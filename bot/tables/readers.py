"""Who may read a table by its number: on the table's own server anyone (its thread is public there), and in
a DM only the people who sat at it. `/replay`, `/history` (with or without its file) and `/table status`
all ask here, so a table number typed on another server shows neither the table's people nor its moves."""

from __future__ import annotations

from bot.tables.errors import TableError
from bot.tables.models import TableInfo
from games.core import i18n

i18n.register(
    {
        "table_not_here": {
            "en": "Table #{table} belongs to another server: it can be read there.",
            "ja": "卓 #{table} は別のサーバーの卓です。そのサーバーで見てください。",
        },
    }
)


def check_readable(info: TableInfo, guild_id: int | None, user_id: int | None, code: str = "table_not_here") -> None:
    """Refuse (TableError `code`) a reader on another server, or in a DM someone who never sat at the table."""
    if guild_id is not None and info.guild_id != guild_id:
        raise TableError(code, table=info.id)
    if guild_id is None and user_id is not None and all(s.user_id != user_id for s in info.seats):
        raise TableError(code, table=info.id)
