"""The terminal's time banks, time away and pauses (the same table service calls as Discord's /away and
/table pause): at a decision, `away 3d` (or a date, read in UTC), `away off`, `pause` (every person at this
terminal agrees at once) and `resume`; the board's clock lines with times in UTC, said so."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from bot import render
from bot.tables import TableService
from games.core import i18n
from games.core.errors import GameError

i18n.register(
    {
        "console.away_set": {
            "en": "{name} is away until {when}; clocks stopped on {n} table(s).",
            "ja": "{name} は {when} まで離席します。{n} 卓で持ち時間を止めました。",
        },
        "console.away_keep": {
            "en": "These tables keep moving: {tables}.",
            "ja": "次の卓は離席中も進みます: {tables}",
        },
        "console.away_back": {"en": "{name} is back.", "ja": "{name} が戻りました。"},
        "console.paused": {
            "en": "Table #{table} is paused; type 'resume' to go on.",
            "ja": "卓 #{table} は一時停止中です。続けるには resume と入力してください。",
        },
        "console.resumed": {"en": "Table #{table} resumed.", "ja": "卓 #{table} を再開しました。"},
    }
)

WORDS = ("away", "pause", "resume")


def utc(ts: float) -> str:
    return dt.datetime.fromtimestamp(ts, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


async def clock_lines(service: TableService, table_id: int, lang: str, to_act: frozenset[int]) -> list[str]:
    info = await service.get_table(table_id)
    return render.clock_lines(info, await service.clock_board(table_id), lang, utc, to_act)


async def command(
    service: TableService,
    table_id: int,
    raw: str,
    user_id: int,
    humans: list[int],
    lang: str,
    out: Callable[[str], None],
) -> bool:
    """Run one clock command typed at a decision; False when `raw` is not one. Refusals print one line."""
    word, _, rest = raw.strip().partition(" ")
    if word.lower() not in WORDS:
        return False
    info = await service.get_table(table_id)
    name = next((s.name for s in info.seats if s.user_id == user_id), str(user_id))
    try:
        if word.lower() == "away" and rest.strip().lower() == "off":
            await service.end_away(user_id)
            out(i18n.translate("console.away_back", lang, name=name))
        elif word.lower() == "away":
            report = await service.set_away(user_id, rest)
            out(
                i18n.translate(
                    "console.away_set", lang, name=name, when=utc(report.until), n=len(report.stopped)
                )
            )
            if report.keep_moving:
                tables = ", ".join(f"#{t.id} ({t.clock_mode.value})" for t in report.keep_moving)
                out(i18n.translate("console.away_keep", lang, tables=tables))
        elif word.lower() == "pause":
            for person in humans:  # every person at this terminal agrees
                state = await service.ask_pause(table_id, person)
                if state.paused:
                    break
            out(i18n.translate("console.paused", lang, table=table_id))
        else:
            await service.resume(table_id, user_id)
            out(i18n.translate("console.resumed", lang, table=table_id))
    except GameError as err:
        out("✗ " + render.error_text(err, lang))
    return True

