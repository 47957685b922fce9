"""Reading a table's messages as its people read them (the one-click and quiet-thread checks): every message of a table, the
words a person sees in it (content, embeds, the text blocks of picture messages, labels, option
descriptions; not custom ids), seat labels nobody should read, and the effect texts of offered cards."""

from __future__ import annotations

import re

from games.core import i18n
from tests.discord.fake_discord import FakeMessage
from tests.discord.play import Table, action_of

# Seat labels a person should never read: "P2", "Player 3", "Seat 0", "AI 2", "プレイヤー1", "席0".
SEAT_LABELS = re.compile(r"\bP[1-7]\b|\bPlayer [0-9]|\bSeat [0-9]|\bAI [0-9]|プレイヤー ?[0-9]|席 ?[0-9]")


def messages_of(table: Table) -> list[FakeMessage]:
    """Every message of this table a person could read: the thread, their hands, their DMs."""
    fake = table.harness.fake
    marker = re.compile(rf"#{table.id}(?![0-9])|\bt[ts]:{table.id}:")
    return [
        m
        for m in fake.messages.values()
        if not m.deleted and (m.channel_id == table.thread or marker.search(m.text()))
    ]


def readable(message: FakeMessage) -> str:
    """What a person reads: content, embed texts, labels, descriptions and placeholders (not custom ids)."""
    parts = [message.content]
    for embed in message.embeds:
        parts += [embed.get("title", ""), embed.get("description", "")]
        parts += [f.get("value", "") for f in embed.get("fields", [])]
        parts.append((embed.get("footer") or {}).get("text", ""))
    stack = list(message.components)  # buttons, selects, and the text blocks of a picture message
    while stack:
        component = stack.pop(0)
        parts += [str(component.get(key) or "") for key in ("content", "label", "placeholder")]
        for option in component.get("options", []):
            parts += [option.get("label", ""), option.get("description", "")]
        stack.extend(component.get("components", []))
        if isinstance(component.get("accessory"), dict):
            stack.append(component["accessory"])
    return "\n".join(p for p in parts if p)


class Reader:
    """Reads every message of a table as it changes (hands are edited, so read after every step) and
    every message a choice is made on; collects what people should never have read."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.seat_labels: list[str] = []
        self.undescribed: list[str] = []
        self.described = 0
        self._seen: set[tuple[int, int]] = set()
        table.on_choice = self._check_choice

    def read(self) -> None:
        for message in messages_of(self.table):
            if (message.id, message.edits) in self._seen:
                continue
            self._seen.add((message.id, message.edits))
            text = readable(message)
            self.seat_labels += [f"{m.group(0)!r} in {text[:300]!r}" for m in SEAT_LABELS.finditer(text)]

    def _check_choice(self, seat: int, message: FakeMessage) -> None:
        """An offered card with an effect text is a select option whose description is that effect (in
        the reader's language)."""
        game = self.table.live.game
        lang = i18n.normalize_language(self.table.people[seat].locale)
        view = game.view(self.table.live.state, seat)
        shown: dict[str, str | None] = {
            o["value"]: o.get("description") for select in message.selects() for o in select.get("options", [])
        }
        for button in message.buttons():
            if ":act:" in button["custom_id"]:
                shown[action_of(button["custom_id"], None)] = None
        for action, description in shown.items():
            effect = game.describe_action(action, view, lang)
            if effect and not (description and effect.startswith(description.rstrip("…"))):
                self.undescribed.append(f"{action}: shows {description!r}, its effect is {effect!r}")
            elif effect:
                self.described += 1
