"""Test helpers on top of the fake Discord: a bot on a real SQLite file, people who type commands and
click, and a leak check run after every step (no message visible to a user shows another seat's card).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.discord_bot.client import TricktableBot
from bot.discord_bot.config import DiscordSettings
from bot.settings import Settings
from bot.tables import TableInfo, TableService, TableStatus
from bot.tables.live import setup_state
from games.core.invariants import leaked
from tests.discord.fake_discord import FakeDiscord, FakeMessage, FakeUser

_MENTION = re.compile(r"<[@#][0-9]+>|<t:[0-9]+:[A-Za-z]>")


@dataclass
class Harness:
    fake: FakeDiscord
    db_path: str
    bot: TricktableBot | None = None
    leaks: list[str] = field(default_factory=list)
    _replays: dict[int, tuple[int, Any]] = field(default_factory=dict)
    _checked_lines: dict[tuple[int, int], set[str]] = field(default_factory=dict)
    checked_messages: int = 0
    pictures: bool = True  # card pictures on hands and boards (as in production); off for text-only checks

    async def start_bot(self, host: dict[str, Any] | None = None, **changes: Any) -> TricktableBot:
        """A bot on the test's database; `changes` (and `host` for the host's settings) stand for what an
        operator put in .env. Real-time tests post without pacing (`thread_pace=0`, `global_rate=0`) unless
        they ask for it (then the global budget is the production default too)."""
        if "thread_pace" not in changes:
            changes["thread_pace"] = 0.0
            changes.setdefault("global_rate", 0.0)
        settings = DiscordSettings(
            token="fake-token-not-real",
            host=Settings(database_path=self.db_path, **(host or {})),
            pictures=self.pictures,
            **changes,
        )
        service = await TableService.open(self.db_path, settings.host)
        bot = TricktableBot(settings, service=service, clock_interval=None)
        bot._owns_service = True  # the bot closes it, as in production
        self.fake.settle_hooks[:] = [service.drain_updates]
        await self.fake.connect(bot)
        self.bot = bot
        return bot

    async def stop_bot(self) -> None:
        assert self.bot is not None
        await self.fake.settle()
        await self.bot.close()
        self.bot = None

    @property
    def service(self) -> TableService:
        assert self.bot is not None
        return self.bot.service

    # ---- people acting -------------------------------------------------------------------------------
    async def cmd(self, user: FakeUser, command: str, /, channel_id: int | None = None, **options: Any) -> Any:
        assert self.bot is not None
        kwargs = {} if channel_id is None else {"channel_id": channel_id}
        payload = self.fake.slash_payload(user, command, **kwargs, **options)
        rec = await self.fake.feed(self.bot, payload)
        await self.check_leaks()
        return rec

    async def click(self, user: FakeUser, message: FakeMessage, custom_id: str, values: list[str] | None = None) -> Any:
        assert self.bot is not None
        payload = self.fake.component_payload(user, message, custom_id, values)
        rec = await self.fake.feed(self.bot, payload)
        await self.check_leaks()
        return rec

    async def click_label(self, user: FakeUser, message: FakeMessage, label: str) -> Any:
        for button in message.buttons():
            if button.get("label") == label:
                return await self.click(user, message, button["custom_id"])
        raise AssertionError(f"no button {label!r} in {[b.get('label') for b in message.buttons()]}")

    # ---- what people see ----------------------------------------------------------------------------
    def last_reply(self, rec: Any) -> FakeMessage:
        """The message an interaction produced: its original response or its latest follow-up/edit."""
        mine = [m for m in self.fake.messages.values() if m.interaction_token == rec.token]
        if mine:
            return mine[-1]
        source: FakeMessage | None = rec.source_message
        assert source is not None, "the interaction produced no message"
        return source

    def newest(self, pred: Callable[[FakeMessage], bool]) -> FakeMessage | None:
        found = [m for m in self.fake.messages.values() if not m.deleted and pred(m)]
        return found[-1] if found else None

    # ---- the leak check -------------------------------------------------------------------------------
    async def check_leaks(self) -> None:
        """Every message created or edited in this step, for every person who can see it, must not name a
        card hidden from their seat (by id, as a token, or by its rendering in English or Japanese).

        A step may cover several versions (a click, then AI replies); a message may show what its reader
        knew at any of them, so a card counts as hidden only if it was hidden at every version of the step.
        """
        changed = self.fake.take_changed()
        if not changed or self.bot is None:
            return
        svc = self.bot.service
        for live in list(svc._tables.values()):
            if live.state is None:
                continue
            info = live.info
            game = live.game
            states = await self._states_since_last_check(info, game)
            renders = _unique_renders(game, states[-1])
            seated = {s.user_id for s in info.seats if s.user_id is not None}
            # a person who resigned or was replaced reads what is new to them as a spectator while the game
            # runs (the AI playing their seat on holds cards they may not see); their seat again after it
            over = info.status is TableStatus.FINISHED
            readers: list[tuple[int, int | None]] = [
                (s.user_id, s.seat if s.left is None or over else None)
                for s in info.seats
                if s.user_id is not None
            ]
            readers += [(uid, None) for uid in self.fake.users if uid not in seated]  # spectators
            for user_id, seat in readers:
                hidden = set.intersection(*(game.hidden_from(state, seat) for state in states))
                hidden_texts = [(pattern, c) for c in hidden for pattern in renders.get(c, ())]
                for msg in changed:
                    if not msg.visibility.visible_to(user_id) or not _about(msg, info):
                        continue
                    self.checked_messages += 1
                    # An edited message keeps parts checked in an earlier step (a DM form's text when its
                    # menu is replaced): check only what is new to this reader.
                    seen = self._checked_lines.setdefault((msg.id, user_id), set())
                    lines = [line for line in _MENTION.sub(" ", msg.text()).split("\n") if line not in seen]
                    text = "\n".join(lines)
                    bad = leaked(hidden, [text])
                    bad |= {card for pattern, card in hidden_texts if pattern.search(text)}
                    if not bad:
                        seen.update(lines)
                    else:
                        self.leaks.append(
                            f"table {info.id} seat {seat} (user {user_id}) sees hidden {sorted(bad)[:3]} in message "
                            f"{msg.id} ({msg.visibility.kind}): {text[:600]!r}"
                        )

    async def _states_since_last_check(self, info: TableInfo, game: Any) -> list[Any]:
        """The table's states from the last check's version to now, replayed from seed + log."""
        assert self.bot is not None
        version, state = self._replays.get(info.id, (0, None))
        if state is None:
            state = setup_state(game, info)
            version = 0
        states = [state]
        rows = await self.bot.service.store.actions(info.id)
        for row in rows[version:]:
            state, _ = game.apply(state, row.seat, row.action)
            states.append(state)
        self._replays[info.id] = (len(rows), state)
        return states


def _about(msg: FakeMessage, info: TableInfo) -> bool:
    """Whether a message belongs to this table: in its thread, or naming it (#id) or its components' ids."""
    if info.thread_id is not None and msg.channel_id == info.thread_id:
        return True
    return re.search(rf"#{info.id}(?![0-9])|\bt[ts]:{info.id}:", msg.text()) is not None


_RENDER_CACHE: dict[tuple[int, frozenset[str]], dict[str, list[re.Pattern[str]]]] = {}


def _unique_renders(game: Any, state: Any) -> dict[str, list[re.Pattern[str]]]:
    """card id -> patterns of its renderings that can only mean that card: no other card renders the same,
    and no other card's rendering contains it ("black 10" is left out when another card reads
    "black 10 (Berserker)"; such cards are still checked by id)."""
    cards = frozenset(game.all_cards(state))
    key = (id(game), cards)
    if key in _RENDER_CACHE:
        return _RENDER_CACHE[key]
    owners: dict[str, set[str]] = {}
    for card in cards:
        for lang in ("en", "ja"):
            text = game.render_card(card, lang)
            if text and len(text) >= 2 and text != card:
                owners.setdefault(text, set()).add(card)
    result: dict[str, list[re.Pattern[str]]] = {}
    for text, who in owners.items():
        if len(who) == 1 and not any(text in other for other in owners if other != text):
            pattern = re.compile(r"(?<![\w])" + re.escape(text) + r"(?![\w])")
            result.setdefault(next(iter(who)), []).append(pattern)
    _RENDER_CACHE[key] = result
    return result
