"""Domain errors of the table service: a code translated through games.core.i18n (English, Japanese).

Engine errors (IllegalAction, InvalidOptions) pass through unchanged with their own codes, so a front end
catches GameError once and shows `err.message(lang)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import i18n
from games.core.errors import GameError

if TYPE_CHECKING:
    from bot.tables.models import TableInfo, TableStatus


class TableError(GameError):
    """A table-level refusal: wrong table, wrong seat, stale button, duplicate click, wrong status…"""


class TableUnavailable(TableError):
    """This table cannot be loaded (corrupt log, game no longer installed). Other tables keep working."""


i18n.register(
    {
        "table_not_found": {
            "en": "Table #{table} does not exist.",
            "ja": "卓 #{table} は存在しません。",
        },
        # "not_seated" is already in games.core.i18n
        "not_your_turn_host": {
            "en": "It is not your turn on table #{table}.",
            "ja": "卓 #{table} ではあなたの手番ではありません。",
        },
        "stale_version": {
            "en": "This board is out of date: someone has played since. Open a fresh one.",
            "ja": "この盤面は古くなっています（その後に手が進みました）。最新の盤面を開いてください。",
        },
        "duplicate_submission": {
            "en": "That was already submitted; it counts once.",
            "ja": "その操作は送信済みです（一度だけ反映されます）。",
        },
        "table_full": {
            "en": "Table #{table} is full ({seats} seats).",
            "ja": "卓 #{table} は満席です（{seats}席）。",
        },
        "already_seated": {
            "en": "You are already seated at table #{table}.",
            "ja": "あなたは既に卓 #{table} に着席しています。",
        },
        "not_creator": {
            "en": "Only the table's creator can do that.",
            "ja": "それができるのは卓の作成者だけです。",
        },
        "wrong_status": {
            "en": "Table #{table} is {status}; that is not possible now.",
            "ja": "卓 #{table} は現在「{status}」のため、その操作はできません。",
        },
        "not_enough_players": {
            "en": "This game needs at least {min} players (seated: {got}).",
            "ja": "このゲームには最低{min}人必要です（着席: {got}人）。",
        },
        "unknown_policy": {
            "en": "Unknown AI {policy}; choose one of: {choices}.",
            "ja": "不明なAI {policy}。次から選んでください: {choices}",
        },
        "bad_clock": {
            "en": "Clock mode must be live or async, with a positive number of seconds.",
            "ja": "持ち時間の方式は live か async、秒数は正の数で指定してください。",
        },
        "seat_not_found": {
            "en": "Seat {seat} does not exist at table #{table}.",
            "ja": "卓 #{table} に席 {seat} はありません。",
        },
        "creator_cannot_leave": {
            "en": "The creator cannot leave the lobby; cancel the table instead.",
            "ja": "作成者は退席できません。卓を取り消してください。",
        },
        "table_corrupt": {
            "en": "Table #{table} cannot be loaded ({reason}). An admin can abort it; other tables are fine.",
            "ja": "卓 #{table} を読み込めません（{reason}）。管理者が中止できます。他の卓は影響を受けません。",
        },
        "game_unavailable": {
            "en": "Table #{table} uses the game {game}, which is not installed here.",
            "ja": "卓 #{table} のゲーム {game} はこの環境にインストールされていません。",
        },
        "bad_language": {
            "en": "Language must be one of: {choices}.",
            "ja": "言語は次から選んでください: {choices}",
        },
        "store_conflict": {
            "en": "Another process changed table #{table} at the same moment; please try again.",
            "ja": "卓 #{table} が同時に別の処理で更新されました。もう一度お試しください。",
        },
        "too_many_open_tables": {
            "en": "You already have {count} open tables (the limit here is {limit}). Finish, leave or resign "
            "one first: /table list shows them.",
            "ja": "進行中・募集中の卓がすでに {count} 卓あります（上限 {limit} 卓）。どれかを終えるか、"
            "抜けるか、投了してからにしてください（/table list で確認できます）。",
        },
        # host events (rendered by bot.render)
        "host.clock_expired": {
            "en": "⏰ {name} ran out of time; the AI played this decision for them.",
            "ja": "⏰ {name} の持ち時間が切れたため、この手はAIが代わりに指しました。",
        },
        "host.clock_reminder": {
            "en": "⏳ {name}, half your time is gone on table #{table} (deadline in {left}).",
            "ja": "⏳ {name} さん、卓 #{table} の持ち時間が半分を過ぎました（残り {left}）。",
        },
        "host.joined": {"en": "{name} sat down at seat {seat}.", "ja": "{name} が席 {seat} に着きました。"},
        "host.left": {"en": "{name} left the table.", "ja": "{name} が卓を離れました。"},
        "host.started": {
            "en": "The game starts: {names[en]} ({players} players).",
            "ja": "ゲーム開始: {names[ja]}（{players}人）",
        },
        "host.cancelled": {"en": "The table was cancelled.", "ja": "卓は取り消されました。"},
        "host.aborted": {"en": "An admin aborted the table.", "ja": "管理者が卓を中止しました。"},
        "host.resigned": {
            "en": "{name} resigned; an AI plays their seat from now on.",
            "ja": "{name} が投了しました。以降はAIがこの席を担当します。",
        },
        "host.replaced": {
            "en": "An admin replaced {name} with an AI.",
            "ja": "管理者が {name} をAIに交代させました。",
        },
        "host.finished": {"en": "The game is over.", "ja": "ゲーム終了です。"},
        "host.history_unavailable": {
            "en": "This table's history cannot be shown: its moves were played by an earlier version of the "
            "rules engine. The game itself is unaffected.",
            "ja": "この卓の履歴は表示できません。以前のバージョンのルールエンジンで指された手のためです。"
            "ゲーム自体には影響ありません。",
        },
        "host.outcome_line": {
            "en": "{place}. {name} — {score}",
            "ja": "{place}位 {name} — {score}",
        },
        "host.outcome_title": {"en": "Final result", "ja": "最終結果"},
        "host.your_turn": {"en": "Your turn on table #{table}.", "ja": "卓 #{table} であなたの手番です。"},
        "host.waiting_for": {"en": "Waiting for: {names}", "ja": "手番待ち: {names}"},
        "host.deadline": {"en": "Time left: {left}", "ja": "残り時間: {left}"},
        "host.seat_line": {"en": "Seat {seat}: {name}", "ja": "席{seat}: {name}"},
    }
)


def require_status(info: TableInfo, *allowed: TableStatus) -> None:
    """Refuse (wrong_status) unless the table is in one of `allowed`."""
    if info.status not in allowed:
        raise TableError("wrong_status", table=info.id, status=info.status.value)


def require_creator(info: TableInfo, user_id: int) -> None:
    if info.creator_id != user_id:
        raise TableError("not_creator")
