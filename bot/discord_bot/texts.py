"""Every Discord-only text, English and Japanese, in the shared games.core.i18n catalog (codes "dc.*").

Command and option descriptions are `locale_str`s whose `key` extra is a catalog code; the Translator
below gives Discord their Japanese form at sync time, so the client shows commands in the user's language.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from games.core import i18n

_TEXTS: dict[str, dict[str, str]] = {
    # --- command descriptions (shown in Discord's command picker) ---
    "dc.cmd.table": {
        "en": "Card tables: create, list, leave, resign",
        "ja": "カード卓: 作成・一覧・離席・投了",
    },
    "dc.cmd.table.new": {"en": "Open a new table with a lobby", "ja": "新しい卓（ロビー）を開く"},
    "dc.cmd.table.list": {"en": "Tables in this server", "ja": "このサーバーの卓一覧"},
    "dc.cmd.table.status": {"en": "The board of a table", "ja": "卓の盤面を表示"},
    "dc.cmd.table.leave": {"en": "Leave a table's lobby", "ja": "卓のロビーから離れる"},
    "dc.cmd.table.resign": {"en": "Resign (an AI plays your seat)", "ja": "投了する（以降はAIが担当）"},
    "dc.cmd.table.abort": {"en": "Admin: stop a table for good", "ja": "管理者: 卓を中止する"},
    "dc.cmd.table.replace": {"en": "Admin: an AI takes over a seat", "ja": "管理者: 席をAIに交代させる"},
    "dc.cmd.hand": {
        "en": "Your hand and your choices (only you see it)",
        "ja": "あなたの手札と選択肢（本人のみ表示）",
    },
    "dc.cmd.history": {
        "en": "A table's log (your private events only to you)",
        "ja": "卓の記録（非公開の出来事は本人のみ）",
    },
    "dc.cmd.rules": {"en": "The rules of a game, with our rulings", "ja": "ゲームのルールと裁定"},
    "dc.cmd.card": {"en": "What a card does", "ja": "カードの効果を調べる"},
    "dc.opt.card": {"en": "The card's name (type to search)", "ja": "カード名（入力して検索）"},
    "dc.card.none": {
        "en": "No card called “{name}”. Type part of its name and pick from the list.",
        "ja": "「{name}」というカードはありません。名前の一部を入力して一覧から選んでください。",
    },
    "dc.card.ruling": {
        "en": "(Our ruling: the rulebook leaves this value open; see /rules.)",
        "ja": "（裁定: ルールブックに値の記載がないため当サイトで定めました。/rules を参照）",
    },
    "dc.cmd.leaderboard": {"en": "Top players by rating", "ja": "レーティング上位のプレイヤー"},
    "dc.cmd.stats": {
        "en": "A player's games, wins and rating",
        "ja": "プレイヤーの対戦数・勝利数・レーティング",
    },
    "dc.cmd.settings": {"en": "Settings", "ja": "設定"},
    "dc.cmd.settings.me": {"en": "Your language and DM pings", "ja": "あなたの言語とDM通知"},
    "dc.cmd.settings.server": {
        "en": "Admin: this server's table settings",
        "ja": "管理者: このサーバーの卓の設定",
    },
    # --- option descriptions ---
    "dc.opt.game": {"en": "Which game", "ja": "ゲーム"},
    "dc.opt.variant": {"en": "Variant (default: the standard game)", "ja": "バリアント（既定: 標準）"},
    "dc.opt.options": {
        "en": "Options as key=value, space separated",
        "ja": "オプション（key=value を空白区切り）",
    },
    "dc.opt.clock": {
        "en": "live (minutes per turn) or async (a day per turn)",
        "ja": "live（1手数分）か async（1手1日）",
    },
    "dc.opt.table": {
        "en": "Table number (default: your latest here)",
        "ja": "卓番号（既定: ここでの最新の卓）",
    },
    "dc.opt.seat": {"en": "Seat number (from 1)", "ja": "席番号（1から）"},
    "dc.opt.scope": {"en": "This server or everywhere", "ja": "このサーバーか全体か"},
    "dc.opt.user": {"en": "Whose stats (default: you)", "ja": "誰の成績か（既定: あなた）"},
    "dc.opt.language": {"en": "Language of the bot's replies", "ja": "ボットの返答の言語"},
    "dc.opt.dm_pings": {"en": "DM me when it is my turn", "ja": "手番が来たらDMで知らせる"},
    "dc.opt.default_clock": {"en": "Default clock for new tables", "ja": "新しい卓の既定の持ち時間"},
    "dc.opt.tables_channel": {
        "en": "Add a channel where tables may be created (then only the listed ones allow it)",
        "ja": "卓を作れるチャンネルを追加（以後は一覧のチャンネルでのみ作成可）",
    },
    "dc.opt.pictures": {
        "en": "Card pictures on hands and boards (False: text only, for screen readers and narrow screens)",
        "ja": "手札と盤面のカード画像（False: 文字のみ。読み上げや狭い画面向け）",
    },
    "dc.settings.pictures": {"en": "Card pictures: {state}", "ja": "カード画像: {state}"},
    "dc.opt.ai_level": {
        "en": "The AI that plays on for a player whose clock ran out, who resigned or was replaced",
        "ja": "持ち時間切れ・投了・交代した人の席を代わりに打つAIの強さ",
    },
    "dc.choice.ai_easy": {"en": "easy (random legal moves)", "ja": "やさしい（無作為）"},
    "dc.choice.ai_normal": {"en": "normal (rules of thumb, at once)", "ja": "ふつう（経験則ですぐに）"},
    "dc.choice.ai_strong": {"en": "strong (searches; a few seconds a move)", "ja": "つよい（先読み・1手数秒）"},
    "dc.level.easy": {"en": "easy", "ja": "やさしい"},
    "dc.level.normal": {"en": "normal", "ja": "ふつう"},
    "dc.level.strong": {"en": "strong", "ja": "つよい"},
    "dc.settings.ai_level": {
        "en": "AI taking over seats (clock ran out, resigned, replaced): {level}",
        "ja": "席を引き継ぐAI（時間切れ・投了・交代）: {level}",
    },
    "dc.opt.any_channel": {
        "en": "True: tables may be created in any channel again",
        "ja": "True: どのチャンネルでも卓を作れるように戻す",
    },
    "dc.choice.live": {"en": "live", "ja": "ライブ"},
    "dc.choice.async": {"en": "async (days)", "ja": "非同期（数日）"},
    # time banks and time away (bot/tables/bank.py, away.py, pause.py; commands/away.py, pause.py)
    "dc.choice.live-bank": {"en": "live, time bank (minutes)", "ja": "対面・持ち時間バンク（数分）"},
    "dc.choice.async-bank": {"en": "async, time bank (days)", "ja": "非同期・持ち時間バンク（数日）"},
    "dc.opt.time_away": {
        "en": "Off: time away does not stop this table's clocks (a quick async game)",
        "ja": "オフにすると離席中も持ち時間が進みます（短い非同期対局向け）",
    },
    "dc.choice.server": {"en": "this server", "ja": "このサーバー"},
    "dc.choice.global": {"en": "global", "ja": "全体"},
    # --- buttons ---
    "dc.btn.join": {"en": "Join", "ja": "参加"},
    "dc.btn.leave": {"en": "Leave", "ja": "離席"},
    "dc.btn.ai": {"en": "Add AI", "ja": "AIを追加"},
    "dc.ai.placeholder": {"en": "Add an AI seat of a level…", "ja": "強さを選んでAIを追加…"},
    "dc.ai.easy": {"en": "AI: easy", "ja": "AI: やさしい"},
    "dc.ai.normal": {"en": "AI: normal", "ja": "AI: ふつう"},
    "dc.ai.strong": {"en": "AI: strong", "ja": "AI: つよい"},
    "dc.ai.easy.about": {"en": "Plays any legal card at random", "ja": "出せるカードから無作為に選びます"},
    "dc.ai.normal.about": {"en": "Plays by rules of thumb, at once", "ja": "経験則ですぐに打ちます"},
    "dc.ai.strong.about": {
        "en": "Tries many possible deals before each move (thinks up to a few seconds)",
        "ja": "ありうる配り方を何通りも試してから打ちます（数秒考えます）",
    },
    "dc.btn.start": {"en": "Start", "ja": "開始"},
    "dc.btn.cancel": {"en": "Cancel", "ja": "取消"},
    "dc.btn.hand": {"en": "My hand", "ja": "自分の手札"},
    "dc.btn.board": {"en": "Fresh board", "ja": "最新の盤面"},
    "dc.btn.texts": {"en": "Card texts", "ja": "カードの効果"},
    "dc.texts.title": {"en": "Card texts · table #{table} ({game})", "ja": "カードの効果・卓 #{table}（{game}）"},
    "dc.select.placeholder": {"en": "Choose…", "ja": "選択…"},
    "dc.select.more": {"en": "Choose ({n}/{of})…", "ja": "選択（{n}/{of}）…"},
    # --- messages ---
    "dc.lobby.title": {"en": "Table #{table}: {game}", "ja": "卓 #{table}: {game}"},
    "dc.lobby.body": {
        "en": "Lobby. {variant} · clock: {clock}\nSeats ({n}/{max}): {seats}\n{creator} starts when {need} are seated.",
        "ja": "ロビー。{variant}・持ち時間: {clock}\n着席（{n}/{max}）: {seats}\n{need}人が揃ったら {creator} さんが開始します。",
    },
    "dc.lobby.opened": {
        "en": "{user} opened table #{table} ({game}). Join in {where}.",
        "ja": "{user} さんが卓 #{table}（{game}）を開きました。{where} で参加できます。",
    },
    "dc.lobby.closed": {"en": "Table #{table} is {status}.", "ja": "卓 #{table} は「{status}」です。"},
    "dc.created": {"en": "Table #{table} is open: {where}", "ja": "卓 #{table} を開きました: {where}"},
    "dc.board.title": {
        "en": "Table #{table}: {game} (move {version})",
        "ja": "卓 #{table}: {game}（{version}手目）",
    },
    "dc.board.to_act": {"en": "To act: {who}", "ja": "手番: {who}"},
    "dc.board.over": {"en": "Game over.", "ja": "ゲーム終了。"},
    "dc.hand.title": {"en": "Table #{table}: your hand ({name})", "ja": "卓 #{table}: あなたの手札（{name}）"},
    "dc.hand.waiting": {
        "en": "Nothing to decide now: your choices will appear here when it is your turn.",
        "ja": "今は選ぶことがありません。手番になるとここに選択肢が出ます。",
    },
    "dc.hand.deadline": {"en": "Decide by <t:{ts}:R>.", "ja": "期限 <t:{ts}:R>"},
    "dc.hand.spectator": {
        "en": "You are not seated at table #{table}; here is the public board.",
        "ja": "あなたは卓 #{table} に着席していません。公開の盤面を表示します。",
    },
    "dc.chosen": {"en": "You chose: {action}", "ja": "選択: {action}"},
    "dc.stale": {
        "en": "This board is out of date; here is a fresh one.",
        "ja": "この盤面は古くなっています。最新の盤面です。",
    },
    "dc.ping.turn": {
        "en": "{who}: your turn on table #{table}.",
        "ja": "{who} さん: 卓 #{table} であなたの番です。",
    },
    "dc.ping.reminder": {
        "en": "⏳ {who}: half your time is gone on table #{table} (deadline: {left}).",
        "ja": "⏳ {who} さん: 卓 #{table} の持ち時間が半分を過ぎました（期限: {left}）。",
    },
    "dc.ping.reminder_reserve": {
        "en": "⏳ {who}: a quarter of your reserve is left on table #{table} (deadline: {left}).",
        "ja": "⏳ {who} さん: 卓 #{table} の持ち時間の残りが4分の1になりました（期限: {left}）。",
    },
    "dc.ping.reminder_left": {
        "en": "⏳ {who}: your time on table #{table} is running out (deadline: {left}).",
        "ja": "⏳ {who} さん: 卓 #{table} の持ち時間が少なくなっています（期限: {left}）。",
    },
    "dc.since": {"en": "Just now:", "ja": "直前の出来事:"},
    "dc.dm.chosen": {
        "en": "Table #{table} ({game}): you chose {action}.",
        "ja": "卓 #{table}（{game}）: {action} を選びました。",
    },
    "dc.ping.secret": {
        "en": "{who}: a secret choice awaits you on table #{table} (see your DMs or press My hand).",
        "ja": "{who} さん: 卓 #{table} で秘密の選択があります（DMか「自分の手札」で選んでください）。",
    },
    "dc.dm.turn": {
        "en": "Your decision on table #{table} ({game}): {prompt}",
        "ja": "卓 #{table}（{game}）であなたの選択です: {prompt}",
    },
    "dc.dm.private": {"en": "Table #{table} (only you see this):", "ja": "卓 #{table}（あなただけに表示）:"},
    "dc.list.none": {
        "en": "No open tables here. Start one with /table new.",
        "ja": "開いている卓はありません。/table new で作れます。",
    },
    "dc.list.finished": {"en": "Finished lately:", "ja": "最近終わった卓:"},
    "dc.list.line": {
        "en": "#{table} {game} — {status}, {n} seated{where}",
        "ja": "#{table} {game} — {status}・{n}人{where}",
    },
    "dc.no_table": {
        "en": "Which table? You have no table here; give its number (see /table list).",
        "ja": "どの卓ですか？ここにあなたの卓がありません。番号を指定してください（/table list）。",
    },
    "dc.history.none": {"en": "Nothing has happened yet.", "ja": "まだ何も起きていません。"},
    "dc.history.title": {"en": "Log of table #{table}", "ja": "卓 #{table} の記録"},
    "dc.leaderboard.none": {
        "en": "No finished rated games yet.",
        "ja": "レーティング対象の終了した対戦はまだありません。",
    },
    "dc.leaderboard.title": {"en": "Leaderboard: {game} ({scope})", "ja": "ランキング: {game}（{scope}）"},
    "dc.leaderboard.line": {
        "en": "{rank}. {name} — {rating} ({games} games, {wins} wins)",
        "ja": "{rank}位 {name} — {rating}（{games}戦 {wins}勝）",
    },
    "dc.all_games": {"en": "all games", "ja": "全ゲーム"},
    "dc.stats.title": {"en": "Stats of {name}", "ja": "{name} さんの成績"},
    "dc.stats.none": {"en": "No rated games yet.", "ja": "レーティング対象の対戦はまだありません。"},
    "dc.settings.me": {
        "en": "Language: {language} · DM pings: {dm}",
        "ja": "言語: {language}・DM通知: {dm}",
    },
    "dc.settings.server_help": {
        "en": "Change them with /settings server default_clock:… tables_channel:… (adds a channel) or "
        "any_channel:True, pictures:False for text only, and ai_level:…. Unset values follow the bot's "
        "defaults.",
        "ja": "/settings server default_clock:… tables_channel:…（チャンネルを追加）または any_channel:True "
        "で変更できます（pictures:False で文字のみ、ai_level:… で引き継ぐAIの強さ）。未設定の項目はボットの"
        "既定値に従います。",
    },
    "dc.settings.server": {
        "en": "Default clock: {clock} · tables may be created in: {channels}",
        "ja": "既定の持ち時間: {clock}・卓を作れる場所: {channels}",
    },
    "dc.anywhere": {"en": "any channel", "ja": "どのチャンネルでも"},
    "dc.on": {"en": "on", "ja": "オン"},
    "dc.lang.auto": {"en": "your Discord language", "ja": "Discordの言語"},
    "dc.off": {"en": "off", "ja": "オフ"},
    "dc.admin_only": {
        "en": "Only members with the Manage Server permission can do that.",
        "ja": "「サーバー管理」権限のあるメンバーだけが実行できます。",
    },
    "dc.done": {"en": "Done.", "ja": "完了しました。"},
    "dc.guild_only": {
        "en": "Use this command in a server channel.",
        "ja": "このコマンドはサーバーのチャンネルで使ってください。",
    },
    "dc.not_here": {
        "en": "Tables may only be created in {where}.",
        "ja": "卓は {where} でのみ作成できます。",
    },
    "dc.bad_options": {
        "en": "Options must look like key=value (got {got}).",
        "ja": "オプションは key=value の形で指定してください（入力: {got}）。",
    },
    "dc.internal_error": {
        "en": "Something went wrong on our side (table #{table}). Nothing was changed; please try again.",
        "ja": "内部エラーが発生しました（卓 #{table}）。何も変更されていません。もう一度お試しください。",
    },
    "dc.unknown_game_choice": {
        "en": "That game is not installed.",
        "ja": "そのゲームはインストールされていません。",
    },
    "dc.status.lobby": {"en": "lobby", "ja": "ロビー"},
    "dc.status.playing": {"en": "playing", "ja": "対局中"},
    "dc.status.finished": {"en": "finished", "ja": "終了"},
    "dc.status.cancelled": {"en": "cancelled", "ja": "取消"},
    "dc.status.aborted": {"en": "aborted", "ja": "中止"},
    "dc.ai_name": {"en": "AI {n}", "ja": "AI {n}"},
    "dc.empty_seats": {"en": "(nobody yet)", "ja": "（まだいません）"},
    "dc.opt.forget": {
        "en": "Delete my data from this bot (asks to confirm)",
        "ja": "このボットから自分のデータを削除する（確認あり）",
    },
}

i18n.register(_TEXTS)


def t(code: str, lang: str = "en", **params: Any) -> str:
    return i18n.translate(code, lang, **params)


def lang_of(interaction: discord.Interaction) -> str:
    """The reader's language: their Discord client locale (a saved /settings me choice wins upstream)."""
    return i18n.normalize_language(str(interaction.locale))


def ls(code: str) -> app_commands.locale_str:
    """A command text: English now, Japanese through the Translator at sync time."""
    return app_commands.locale_str(_TEXTS[code]["en"], key=code)


class Translator(app_commands.Translator):
    """Discord asks for each command text in each locale; we answer Japanese from the catalog."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is not discord.Locale.japanese:
            return None
        if "ja" in string.extras:  # game names carry their Japanese name directly
            return str(string.extras["ja"])
        code = string.extras.get("key")
        if code is None:
            return None
        texts = _TEXTS.get(code) or {}
        return texts.get("ja")
