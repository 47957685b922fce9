"""Scripted people who play a table only through Discord, the way people do: they click in the hand
reply they already have when it offers their current choices (the bot refreshes it when their turn comes
back), else in a DM form that offers them, else they press the board's My hand first. The test oracle
(who must act) reads the service; every move goes through the fake Discord. A table counts what it cost:
interactions (every click, My hand included) and thread messages per decision.
"""

from __future__ import annotations

import random
import re
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

import bot.tables.service as service_module
from tests.discord.fake_discord import FakeMessage, FakeUser
from tests.discord.harness import Harness

Chooser = Callable[[int, list[str], random.Random], str]


def fix_table_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """New tables get this seed (the service draws it from `secrets`), so a test game is reproducible."""
    monkeypatch.setattr(service_module, "secrets", types.SimpleNamespace(randbits=lambda bits: seed))


def options_of(message: FakeMessage) -> list[tuple[str, str | None]]:
    """(custom id, select value or None) for every action the message offers."""
    found: list[tuple[str, str | None]] = []
    for button in message.buttons():
        if ":act:" in button["custom_id"]:
            found.append((button["custom_id"], None))
    for select in message.selects():
        for option in select.get("options", []):
            found.append((select["custom_id"], option["value"]))
    return found


def action_of(custom_id: str, value: str | None) -> str:
    return value if value is not None else custom_id.split(":act:", 1)[1]


@dataclass
class Table:
    harness: Harness
    id: int
    thread: int
    people: dict[int, FakeUser]  # seat -> user (humans only)
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    moves: int = 0
    dm_moves: int = 0
    dm_actions: list[tuple[int, str]] = field(default_factory=list)
    used_forms: set[int] = field(default_factory=set)
    interactions: int = 0  # every click of a person during play (My hand, choices)
    hands: dict[int, FakeMessage] = field(default_factory=dict)  # seat -> the hand reply it uses
    thread_start: int = 0  # public messages in the thread before the game started (the lobby)
    on_choice: Callable[[int, FakeMessage], None] | None = None  # sees each message a choice is made on
    decided: list[int] = field(default_factory=list)  # the seat of every decision made, in order

    @property
    def live(self) -> Any:
        return self.harness.service._tables[self.id]

    def to_act(self) -> list[int]:
        live = self.live
        return sorted(live.game.to_act(live.state)) if live.state is not None else []

    def over(self) -> bool:
        live = self.live
        return live.state is None or live.game.is_over(live.state)

    def board(self) -> FakeMessage:
        found = self.harness.newest(
            lambda m: m.channel_id == self.thread
            and m.visibility.kind == "public"
            and any(b["custom_id"].endswith(":hand") for b in m.buttons())
        )
        assert found is not None, "no board in the thread"
        return found

    def dm_form(self, user: FakeUser) -> FakeMessage | None:
        return self.harness.newest(
            lambda m: m.visibility.kind == "dm"
            and m.visibility.user_id == user.id
            and bool(m.selects())
            and m.id not in self.used_forms
        )

    async def open_hand(self, user: FakeUser) -> FakeMessage:
        board = self.board()
        rec = await self.harness.click(user, board, next(b["custom_id"] for b in board.buttons() if b["custom_id"].endswith(":hand")))
        self.interactions += 1
        hand = self.harness.last_reply(rec)
        assert hand.visibility.kind == "ephemeral" and hand.visibility.user_id == user.id
        seat = next((s for s, u in self.people.items() if u.id == user.id), None)
        if seat is not None:
            self.hands[seat] = hand
        return hand

    def offers(self, message: FakeMessage | None, legal: list[str], since: int | None = None) -> bool:
        """Whether a message offers exactly the seat's current choices: made at the table's current
        version, or (given `since`, the version the seat's open decision began) at a version since which
        the seat's decision is the same one (a choice made together: the other side committed meanwhile,
        and the service accepts the click)."""
        if message is None or message.deleted:
            return False
        offered = options_of(message)
        if not offered or sorted(action_of(c, v) for c, v in offered) != sorted(legal):
            return False
        versions = {int(cid.split(":")[2]) for cid, _ in offered}
        current = self.live.info.version
        if versions == {current}:
            return True
        return since is not None and len(versions) == 1 and since <= min(versions) <= current

    async def act(self, seat: int, choose: Chooser | None = None, via_dm: bool = False) -> str:
        """One decision of `seat`: in its hand reply when that offers the choices, by its DM form when
        asked (first, with `via_dm`) and present, else through My hand."""
        user = self.people[seat]
        legal = self.live.game.legal_actions(self.live.state, seat)
        form = self.dm_form(user)
        if form is not None and sorted(action_of(c, v) for c, v in options_of(form)) != sorted(legal):
            self.used_forms.add(form.id)  # a form for an earlier decision: the hand is the way now
            form = None
        since = await self.harness.service.decision_opened(self.id, user.id)
        hand = self.hands.get(seat)
        if not self.offers(hand, legal, since):  # the newest private message the bot gave them (a first hand)
            hand = self.harness.newest(
                lambda m: m.visibility.kind == "ephemeral"
                and m.visibility.user_id == user.id
                and m.channel_id == self.thread
                and self.offers(m, legal, since)
            )
        message = (form or hand) if via_dm else (hand or form)
        if message is None:
            message = await self.open_hand(user)
        elif message is form:
            self.dm_moves += 1
            self.used_forms.add(message.id)
        offered = options_of(message)
        assert offered, f"seat {seat} must act but was offered nothing: {message.text()[:300]}"
        actions = [action_of(cid, value) for cid, value in offered]
        assert sorted(actions) == sorted(legal), "the buttons are exactly the legal actions"
        if self.on_choice is not None:
            self.on_choice(seat, message)
        pick = choose(seat, actions, self.rng) if choose else self.rng.choice(actions)
        cid, value = offered[actions.index(pick)]
        await self.harness.click(user, message, cid, None if value is None else [value])
        self.interactions += 1
        self.moves += 1
        self.decided.append(seat)
        if message.visibility.kind == "ephemeral":
            self.hands[seat] = message
        if message.visibility.kind == "dm":
            self.dm_actions.append((seat, pick))
        return pick


    def thread_messages(self) -> int:
        """Public messages the game posted in its thread (the lobby excluded)."""
        return len(self.harness.fake.channel_messages(self.thread)) - self.thread_start

    def figures(self) -> dict[str, float]:
        decisions = max(1, self.moves)
        return {
            "decisions": self.moves,
            "interactions_per_decision": round(self.interactions / decisions, 3),
            "thread_messages_per_decision": round(self.thread_messages() / decisions, 3),
            "thread_messages": self.thread_messages(),
            "dms_per_person": max((len(self.harness.fake.dms(u)) for u in self.people.values()), default=0),
        }


async def open_table(
    harness: Harness,
    people: list[FakeUser],
    ai: int,
    game: str = "trickster",
    options: str = "deck=fantasy",
    variant: str | None = None,
    ai_level: str = "easy",
) -> Table:
    """people[0] creates the table, the others join, `ai` AI seats of `ai_level` are added, and the creator
    starts. Easy (random) AI seats by default: these tests measure the table's messages, not AI play."""
    fake = harness.fake
    before = set(fake.threads())
    rec = await harness.cmd(people[0], "table new", game=game, options=options or None, variant=variant)
    new_threads = [t for t in fake.threads() if t not in before]
    assert new_threads, harness.last_reply(rec).text()
    thread = new_threads[0]
    lobby = fake.channel_messages(thread)[-1]
    for person in people[1:]:
        await _click_verb(harness, person, lobby, "join")
    for _ in range(ai):  # AI seats at the level the table asks for (the lobby's level select)
        await _pick_ai(harness, people[0], lobby, ai_level)
    start = len(fake.channel_messages(thread))
    await _click_verb(harness, people[0], lobby, "start")
    return Table(harness, table_id_of(lobby), thread, dict(enumerate(people)), thread_start=start)


async def _click_verb(harness: Harness, user: FakeUser, message: FakeMessage, verb: str) -> None:
    """Click a lobby button by what it does (its custom id), in whatever language the lobby is."""
    cid = next(b["custom_id"] for b in message.buttons() if b["custom_id"].endswith(f":{verb}"))
    await harness.click(user, message, cid)


async def _pick_ai(harness: Harness, user: FakeUser, message: FakeMessage, level: str) -> None:
    cid = next(c["custom_id"] for c in message.selects() if c["custom_id"].endswith(":ai"))
    await harness.click(user, message, cid, [level])


def table_id_of(lobby: FakeMessage) -> int:
    """The table number, read from the lobby's title ("Table #12: …")."""
    match = re.search(r"#([0-9]+)", lobby.text())
    assert match is not None, lobby.text()
    return int(match.group(1))


async def play_until(table: Table, done: Callable[[Table], bool], limit: int = 400) -> None:
    """Humans play (randomly, through Discord) until `done` or the game ends."""
    while not table.over() and not done(table):
        assert table.moves < limit
        acting = [s for s in table.to_act() if s in table.people]
        assert acting, f"only AI seats to act: {table.to_act()}"
        await table.act(acting[0], via_dm=True)


def solo_turn_of(seat: int) -> Callable[[Table], bool]:
    """An ordinary turn: `seat` alone owes a decision."""
    return lambda table: table.to_act() == [seat]
