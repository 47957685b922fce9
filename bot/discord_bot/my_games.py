"""My games as text: one line per table (whose turn, the reader's time left in their own zone, a link to
the thread), shared by /games (commands/mine.py) and the daily digest DM (digest.py). Both are private, so
times are local to the reader."""

from __future__ import annotations

from bot.discord_bot import times
from bot.discord_bot.texts import t
from bot.tables.mine import MyGame
from bot.tables.models import TableInfo, TableStatus
from bot.tables.personal import PersonalTime
from games.core import i18n
from games.core.registry import get_game

EMBED_LIMIT = 4000

i18n.register(
    {
        "dc.cmd.games": {"en": "My games: every table where you sit", "ja": "自分の卓の一覧"},
        "dc.games.title": {"en": "Your games", "ja": "あなたの卓"},
        "dc.games.none": {
            "en": "You sit at no open table. Start one with /table new.",
            "ja": "参加中の卓はありません。/table new で始められます。",
        },
        "dc.games.waiting": {"en": "{n} waiting for you", "ja": "{n} 卓があなたの手番です"},
        "dc.games.yours": {
            "en": "**Your turn** · #{table} {game}{left} · {link}",
            "ja": "**あなたの番** · #{table} {game}{left} · {link}",
        },
        "dc.games.others": {
            "en": "#{table} {game} · waiting for {names}{left} · {link}",
            "ja": "#{table} {game} · {names} の番{left} · {link}",
        },
        "dc.games.lobby": {"en": "#{table} {game} · lobby · {link}", "ja": "#{table} {game} · 募集中 · {link}"},
        "dc.games.left": {"en": " · {span} left (until {at})", "ja": " · 残り {span}（{at} まで）"},
        "dc.games.reserve": {"en": " · reserve {span}", "ja": " · 持ち時間 {span}"},
        "dc.games.here": {"en": "thread", "ja": "スレッド"},
        "dc.games.terminal": {"en": "terminal", "ja": "端末"},
        "dc.games.zone": {"en": "Times in {zone}.", "ja": "時刻は {zone} です。"},
        "dc.games.zone_default": {
            "en": "Times in UTC (not chosen yet: /settings me timezone).",
            "ja": "時刻は UTC です（未設定: /settings me timezone で選べます）。",
        },
    }
)


def link(info: TableInfo, lang: str) -> str:
    """A link to the table's thread (or channel); the terminal's tables have none."""
    if info.guild_id == 0:
        return t("dc.games.terminal", lang)
    where = info.thread_id or info.channel_id
    return f"[{t('dc.games.here', lang)}](https://discord.com/channels/{info.guild_id}/{where})"


def game_line(game: MyGame, mine: PersonalTime, now: float, lang: str) -> str:
    info = game.table
    names = get_game(info.game).info.names
    title = names.get(lang) or names.get("en") or info.game
    if info.status is TableStatus.LOBBY:
        return t("dc.games.lobby", lang, table=info.id, game=title, link=link(info, lang))
    left = ""
    if game.waiting and game.due_at is not None:  # my clock runs (a bank's reserve is what it has left)
        left = t("dc.games.left", lang, span=times.span(game.due_at - now, lang), at=times.local(game.due_at, mine.zone, lang))
    elif game.reserve is not None:  # a bank's reserve, waiting for my next decision
        left = t("dc.games.reserve", lang, span=times.span(game.reserve, lang))
    if game.waiting:
        return t("dc.games.yours", lang, table=info.id, game=title, left=left, link=link(info, lang))
    return t("dc.games.others", lang, table=info.id, game=title, names=", ".join(game.to_act) or "—", left=left, link=link(info, lang))


def games_text(games: list[MyGame], mine: PersonalTime, now: float, lang: str) -> str:
    lines = [game_line(g, mine, now, lang) for g in games]
    zone = t("dc.games.zone", lang, zone=mine.timezone) if mine.zone_chosen else t("dc.games.zone_default", lang)
    body = "\n".join(lines)
    if len(body) > EMBED_LIMIT - 200:
        body = body[: EMBED_LIMIT - 201].rsplit("\n", 1)[0] + "\n…"
    return f"{body}\n\n*{zone}*"


i18n.register(
    {
        "dc.digest.title": {
            "en": "📬 {n} games wait for you",
            "ja": "📬 {n} 卓があなたの手番を待っています",
        },
        "dc.digest.title_one": {"en": "📬 1 game waits for you", "ja": "📬 1 卓があなたの手番を待っています"},
        "dc.digest.footer": {
            "en": "(Daily digest: change its hour or turn it off with /settings me digest.)",
            "ja": "（毎日のまとめ: /settings me digest で時刻の変更・停止ができます）",
        },
    }
)


def digest_text(games: list[MyGame], mine: PersonalTime, now: float, lang: str) -> str:
    """The daily digest DM: how many games wait, then each of them."""
    title = t("dc.digest.title_one", lang) if len(games) == 1 else t("dc.digest.title", lang, n=len(games))
    return f"**{title}**\n{games_text(games, mine, now, lang)}\n{t('dc.digest.footer', lang)}"
