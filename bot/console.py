"""`python -m bot.console`: a table in the terminal, through the same TableService and a real SQLite file.

    python -m bot.console --game G [--variant V] --players N --humans H [--seed S] [--db PATH]
                          [--resume [TABLE]] [--lang en|ja] [--ai POLICY]

Human seats are local players (user ids 1..H). With --humans 0 every seat is AI and the game plays to
the end, printing the public log and the outcome. Ctrl-C (or end of input) leaves the table saved;
--resume continues it (the newest unfinished terminal table when no id is given). At a decision, `?`
lists what the cards you can see do and `? 3` what option 3 does; `away 3d`, `away off`, `pause` and
`resume` are time away and pauses (bot/console_clocks.py; --clock live|async|live-bank|async-bank). People are named everywhere (the same
names as on Discord: the seats' names, AI seats included).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from typing import Any

from bot import console_clocks, render
from bot.settings import Settings
from bot.store.base import StoreError
from bot.tables import PlayerRef, SeatView, TableError, TableInfo, TableService, TableStatus, Update
from bot.tables.ai import policy_for_level
from bot.tables.bank import CLOCK_CHOICES
from games.core import i18n
from games.core.contract import Game
from games.core.errors import GameError
from games.core.registry import get_game

TERMINAL_GUILD = 0  # the terminal's tables live in "server" 0 (its own leaderboard scope)
TERMINAL_CHANNEL = 0
MAKE_PLAY_DB = "tricktable-play.db"  # the file `make play` uses (the saved-table hint mentions make then)

i18n.register(
    {
        "console.choose": {
            "en": "Choose 1-{n} (or type the action; '?' card texts, '? N' what option N does, 'l' log, "
            "'q' save and quit): ",
            "ja": "1〜{n} を選んでください（操作名も可。?: カードの効果、? N: 選択肢Nの効果、l: 履歴、"
            "q: 保存して終了）: ",
        },
        "console.no_effect": {
            "en": "{n}) {label}: no effect text (a plain card or choice).",
            "ja": "{n}) {label}: 効果テキストはありません（通常のカード・選択肢です）。",
        },
        "console.bad_number": {
            "en": "Please enter a number from 1 to {n}.",
            "ja": "1〜{n} の番号を入力してください。",
        },
        "console.saved": {
            "en": "Table #{table} is saved. Continue with: {python} -m bot.console --resume {table} --db {db}"
            "{make}",
            "ja": "卓 #{table} を保存しました。続きは: {python} -m bot.console --resume {table} --db {db}{make}",
        },
        "console.saved_make": {"en": "  (or `make play` again)", "ja": "（または もう一度 `make play`）"},
        "console.only_one": {
            "en": "Only one choice: press Enter to play it ('l' log, 'q' save and quit): ",
            "ja": "選べるのは1つだけです。Enter で決定（l: 履歴、q: 保存して終了）: ",
        },
        "console.offer_resume": {
            "en": "Table #{table} ({game}) is saved here. Continue it? [Y/n] ",
            "ja": "保存された卓 #{table}（{game}）があります。続けますか？ [Y/n] ",
        },
        "console.not_playing": {
            "en": "Table #{table} is not in play ({status}): nothing to resume.",
            "ja": "卓 #{table} は進行中ではありません（{status}）。再開できません。",
        },
        "console.turn": {"en": "— {name}, your decision —", "ja": "— {name}の番です —"},
        "console.table": {"en": "=== Table #{table}: {game} ===", "ja": "=== 卓 #{table}: {game} ==="},
        "console.no_table": {
            "en": "No unfinished terminal table to resume in {db}.",
            "ja": "{db} に再開できる卓がありません。",
        },
        "console.player": {"en": "Player {n}", "ja": "プレイヤー{n}"},
        "console.you": {"en": "You", "ja": "あなた"},
        "console.play_again": {
            "en": "Play again (same game, options and seats)? [y/N] ",
            "ja": "もう一度遊びますか（同じゲーム・設定・席）？ [y/N] ",
        },
        "console.rematch": {"en": "Rematch: table #{table}.", "ja": "再戦: 卓 #{table}"},
    }
)


class Console:
    def __init__(
        self, service: TableService, game: Game[Any], table_id: int, humans: list[int], lang: str, db: str
    ):
        self.service = service
        self.game = game
        self.table_id = table_id
        self.humans = humans
        self.lang = lang
        self.db = db
        self.human_seats: set[int] = set()

    def out(self, text: str = "") -> None:
        print(text, flush=True)

    async def on_update(self, update: Update) -> None:
        """The log: public events for everyone, private ones for the human seats at this terminal (the
        end of the game is said once, by the final result)."""
        names = render.names_of(update.table)
        for event, audience in update.events:
            if event.kind == "host.finished":
                continue
            if audience is None:
                self.out("  · " + render.event_text(self.game, event, self.lang, names))
            elif self.human_seats & audience:  # private: a reminder's deadline as a time (UTC, said so)
                self.out("  🔒 " + render.event_text(self.game, event, self.lang, names, console_clocks.utc))

    async def header(self) -> None:
        info = await self.service.get_table(self.table_id)
        self.human_seats = {s.seat for s in info.seats if s.user_id in self.humans and s.left is None}
        game_name = self.game.info.names.get(self.lang, info.game)
        self.out(i18n.translate("console.table", self.lang, table=info.id, game=game_name))
        for line in render.seat_lines(info, self.lang):
            self.out("  " + line)

    async def run(self, header: bool = True) -> int:
        if header:
            await self.header()
        try:
            while True:
                await self.service.drain_updates()
                info = await self.service.get_table(self.table_id)
                if info.status is not TableStatus.PLAYING:
                    break
                acting = [u for u in self.humans if (await self._wants(u))]
                if not acting:  # only AI left to act: cannot happen after submit, but be safe
                    await asyncio.sleep(0)
                    continue
                await self._turn(acting[0])
        except (KeyboardInterrupt, EOFError, asyncio.CancelledError):  # Ctrl-C while waiting or AI playing
            self.out()
            self.out(self.saved_line())
            return 130
        await self._finish()
        if await self._play_again():
            return await self.run(header=False)
        return 0

    async def _play_again(self) -> bool:
        """After a finished game: the rematch, as Discord's Play again button makes it (the same game,
        variant, options, clock and AI seats); every person at this terminal says yes by one answer."""
        info = await self.service.get_table(self.table_id)
        if info.status is not TableStatus.FINISHED or not self.humans:
            return False
        try:
            answer = self._ask(i18n.translate("console.play_again", self.lang)).strip().lower()
        except (EOFError, KeyboardInterrupt):
            return False
        if answer not in ("y", "yes", "はい"):
            return False
        names = {s.user_id: s.name for s in info.seats if s.user_id is not None}
        click = None
        for user in self.humans:  # each person's yes is their join; the last one starts the game
            click = await self.service.play_again(self.table_id, PlayerRef(user, names.get(user, str(user)), self.lang))
        assert click is not None
        self.table_id = click.table.id
        self.out(i18n.translate("console.rematch", self.lang, table=self.table_id))
        await self.header()
        return True

    def saved_line(self) -> str:
        """How to continue, as a command that works when pasted in this folder (the venv's Python)."""
        python = os.path.relpath(sys.executable)
        if python.startswith(".."):
            python = sys.executable
        make = i18n.translate("console.saved_make", self.lang) if self.db == MAKE_PLAY_DB else ""
        return i18n.translate(
            "console.saved", self.lang, table=self.table_id, db=self.db, python=python, make=make
        )

    async def _wants(self, user_id: int) -> bool:
        try:
            return bool((await self.service.seat_view(self.table_id, user_id)).legal_actions)
        except TableError:
            return False

    async def _turn(self, user_id: int) -> None:
        view = await self.service.seat_view(self.table_id, user_id)
        info = await self.service.get_table(self.table_id)
        names = render.names_of(info)
        self.out()
        self.out(i18n.translate("console.turn", self.lang, name=info.seats[view.seat or 0].name))
        self.out(render.board_text(self.game, view, self.lang, names))
        prompt = render.prompt_text(self.game, view, self.lang, names)
        if prompt:
            self.out(prompt)
        for line in await console_clocks.clock_lines(self.service, self.table_id, self.lang, frozenset()):
            self.out("  ⏱ " + line)  # reserves, time away, a pause (bot/console_clocks.py)
        labels = render.action_labels(self.game, view, self.lang, names)
        for index, (_, label) in enumerate(labels, start=1):
            self.out(f"  {index:>2}) {label}")
        ask = (
            i18n.translate("console.only_one", self.lang)
            if len(labels) == 1
            else i18n.translate("console.choose", self.lang, n=len(labels))
        )
        while True:
            raw = self._ask(ask).strip()
            if not raw and len(labels) == 1:
                raw = "1"
            if raw.lower() in ("q", "quit", "exit"):
                raise KeyboardInterrupt
            if raw.lower() in ("l", "log"):
                for entry in await self.service.history(self.table_id, user_id):
                    self.out("  " + render.event_text(self.game, entry.event, self.lang, names))
                continue
            if raw.startswith("?"):
                self._explain(raw[1:].strip(), view, labels)
                continue
            if await console_clocks.command(self.service, self.table_id, raw, user_id, self.humans, self.lang, self.out):
                continue  # away <when> | away off | pause | resume
            action = self._parse(raw, labels)
            if action is None:
                self.out(i18n.translate("console.bad_number", self.lang, n=len(labels)))
                continue
            try:
                await self.service.submit(
                    self.table_id, user_id, action, view.version, f"console-{view.version}-{user_id}"
                )
                return
            except GameError as err:
                self.out("✗ " + render.error_text(err, self.lang))
                if isinstance(err, TableError) and err.code == "stale_version":
                    return

    def _explain(self, which: str, view: SeatView, labels: list[tuple[str, str]]) -> None:
        """`?`: what every card this seat can see does; `? N`: what option N does."""
        if not which:
            found = render.card_texts(self.game, view, self.lang)
            if not found:
                self.out(i18n.translate("render.card_texts_none", self.lang))
            for name, effect in found:
                self.out(f"  {name} — {effect}")
            return
        if not which.isdigit() or not 1 <= int(which) <= len(labels):
            self.out(i18n.translate("console.bad_number", self.lang, n=len(labels)))
            return
        action, label = labels[int(which) - 1]
        described = render.action_effect(self.game, action, view, self.lang)
        if described:
            self.out(f"  {which}) {label} — {described}")
        else:
            self.out("  " + i18n.translate("console.no_effect", self.lang, n=which, label=label))

    @staticmethod
    def _ask(prompt: str) -> str:
        """input() that Ctrl-C interrupts at once (asyncio's own SIGINT handler would only cancel the
        task and leave input() blocking until Enter)."""
        previous = signal.getsignal(signal.SIGINT)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            return input(prompt)
        finally:
            signal.signal(signal.SIGINT, previous)

    @staticmethod
    def _parse(raw: str, labels: list[tuple[str, str]]) -> str | None:
        if raw.isdigit() and 1 <= int(raw) <= len(labels):
            return labels[int(raw) - 1][0]
        actions = [a for a, _ in labels]
        if raw in actions:
            return raw
        if raw and not raw.isdigit():
            return raw  # let the engine say why it is not legal
        return None

    async def _finish(self) -> None:
        await self.service.drain_updates()
        info = await self.service.get_table(self.table_id)
        self.out()
        public = (
            await self.service.public_view(self.table_id) if info.status is TableStatus.FINISHED else None
        )
        if public is not None:
            self.out(render.board_text(self.game, public, self.lang, render.names_of(info)))
        outcome = await self.service.outcome(self.table_id) if public is not None else None
        if outcome is not None:
            for line in render.outcome_lines(info, outcome, self.lang):
                self.out(line)


async def _new_table(
    service: TableService, args: argparse.Namespace, game: Game[Any], lang: str
) -> tuple[TableInfo, list[int]]:
    humans = list(range(1, args.humans + 1))
    names = (
        [i18n.translate("console.you", lang)]
        if args.humans == 1
        else [i18n.translate("console.player", lang, n=n) for n in humans]
    )
    ai = policy_for_level(game, args.ai or "normal")  # a level (easy, normal, strong) or a policy name
    host = PlayerRef(humans[0] if humans else 1, names[0] if names else "host", lang)
    info = await service.create(
        TERMINAL_GUILD,
        TERMINAL_CHANNEL,
        host,
        game.info.id,
        args.variant,
        dict(kv.split("=", 1) for kv in args.option),
        clock_mode=args.clock,
        seed=args.seed,
        creator_sits=bool(humans),
    )
    for user_id, name in zip(humans[1:], names[1:], strict=True):
        await service.join(info.id, PlayerRef(user_id, name, lang))
    for _ in range(args.players - args.humans):
        await service.add_ai(info.id, host.user_id, ai)
    return info, humans


def _wants_resume(info: TableInfo, lang: str) -> bool:
    """Ask whether to continue the saved table (`make play` offers it); Enter or y means yes."""
    game = get_game(info.game)
    question = i18n.translate(
        "console.offer_resume", lang, table=info.id, game=game.info.names.get(lang, info.game)
    )
    try:
        answer = input(question).strip().lower()
    except EOFError:
        return False
    return answer in ("", "y", "yes", "はい")


async def main_async(args: argparse.Namespace) -> int:
    settings = Settings.from_env()
    logging.basicConfig(level=settings.log_level, format="%(levelname)s %(name)s: %(message)s")
    db = args.db or settings.database_path
    lang = i18n.normalize_language(args.lang)
    try:
        service = await TableService.open(db, settings)
    except StoreError as err:
        print(err, file=sys.stderr)
        return 2
    try:
        saved = [t for t in await service.list_tables(TERMINAL_GUILD) if t.status is TableStatus.PLAYING]
        if args.resume is None and args.offer_resume and saved and _wants_resume(saved[0], lang):
            args.resume = saved[0].id
        if args.resume is not None:
            table_id = args.resume
            if table_id == 0:
                if not saved:
                    print(i18n.translate("console.no_table", lang, db=db), file=sys.stderr)
                    return 2
                table_id = saved[0].id
            info = await service.get_table(table_id)
            if info.status is not TableStatus.PLAYING:
                print(
                    i18n.translate("console.not_playing", lang, table=table_id, status=info.status.value),
                    file=sys.stderr,
                )
                return 2
            game = get_game(info.game)
            humans = sorted({s.user_id for s in info.seats if s.user_id is not None and s.left is None})
            console = Console(service, game, table_id, humans, lang, db)
            service.subscribe(console.on_update)
            return await console.run()
        game = get_game(args.game)
        if args.players is None:
            args.players = game.info.variant(args.variant).min_players
        if not 0 <= args.humans <= args.players:
            print("--humans must be between 0 and --players", file=sys.stderr)
            return 2
        game.info.check_players(args.variant, args.players)
        info, humans = await _new_table(service, args, game, lang)
        console = Console(service, game, info.id, humans, lang, db)
        service.subscribe(console.on_update)
        creator = humans[0] if humans else 1
        await console.header()
        await service.start(info.id, creator)
        return await console.run(header=False)
    except GameError as err:
        print(err.message(lang), file=sys.stderr)
        return 2
    finally:
        await service.close()


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot.console", description="Play a table in the terminal."
    )
    parser.add_argument("--game", default="trickster")
    parser.add_argument("--variant", default=None)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--humans", type=int, default=1)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--db", default=None, help="SQLite file (default: TRICKTABLE_DB or ./tricktable.db)")
    parser.add_argument("--resume", type=int, nargs="?", const=0, default=None, help="continue a saved table")
    parser.add_argument(
        "--offer-resume", action="store_true", help="ask to continue the saved table, if there is one"
    )
    parser.add_argument("--lang", default="en", help="en or ja")
    parser.add_argument(
        "--ai",
        default=None,
        help="AI seats' level: easy (random), normal (heuristic, the default) or strong (search)",
    )
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--clock", default="live", choices=CLOCK_CHOICES, help="live, async or a time bank")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        return asyncio.run(main_async(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and closed: not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
