"""Issue 14 through the fake Discord: people are named (boards, logs, hands, buttons, results), every
choice of a card with an effect shows that effect, the "Card texts" button and /card explain cards."""

from __future__ import annotations

import re

import pytest

from games.core import i18n
from tests.discord.fake_discord import FakeMessage
from tests.discord.harness import Harness
from tests.discord.play import Table, action_of, fix_table_seed, open_table, play_until

# Seat labels a person should never read: "P2", "Player 3", "Seat 0", "AI 2", "プレイヤー1", "席0".
SEAT_LABELS = re.compile(r"\bP[1-7]\b|\bPlayer [0-9]|\bSeat [0-9]|\bAI [0-9]|プレイヤー ?[0-9]|席 ?[0-9]")

GAMES = [
    ("trickster", None, "deck=symbiosis", 2),
    ("trickster-cot", None, "", 1),
    ("kings", "standard", "", 1),
    ("kings", "napoleon", "", 3),
    ("dream-capture", None, "", 4),
    ("timetrap", None, "", 2),
]


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


def effect_check(table: Table, problems: list[str], shown: list[str]) -> None:
    """Install a check on every message a choice is made on: an offered card with an effect text is a
    select option whose description is that effect (in the reader's language)."""
    game = table.live.game
    described_ok = shown

    def check(seat: int, message: FakeMessage) -> None:
        lang = i18n.normalize_language(table.people[seat].locale)
        view = game.view(table.live.state, seat)
        described = {
            o["value"]: o.get("description") for select in message.selects() for o in select.get("options", [])
        }
        for button in message.buttons():
            if ":act:" in button["custom_id"]:
                described[action_of(button["custom_id"], None)] = None
        for action, shown in described.items():
            effect = game.describe_action(action, view, lang)
            if effect and not (shown and effect.startswith(shown.rstrip("…"))):
                problems.append(f"{action}: shows {shown!r}, its effect is {effect!r}")
            elif effect:
                described_ok.append(action)

    table.on_choice = check


@pytest.mark.parametrize(("game", "variant", "options", "ai"), GAMES)
async def test_every_message_names_people_and_every_card_choice_shows_its_effect(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, game: str, variant: str | None, options: str, ai: int
) -> None:
    fix_table_seed(monkeypatch, 52)
    fake = harness.fake
    alice, kenji = fake.add_user("alice"), fake.add_user("kenji", locale="ja")
    await harness.start_bot()
    table = await open_table(harness, [alice, kenji], ai=ai, game=game, options=options, variant=variant)
    problems: list[str] = []
    described: list[str] = []
    effect_check(table, problems, described)
    seat_labels: list[str] = []
    seen: set[tuple[int, int]] = set()
    while not table.over():
        await play_until(table, lambda t: True, limit=3000)  # nothing: settle first
        acting = [s for s in table.to_act() if s in table.people]
        if not acting:
            break
        await table.act(acting[0])
        for message in messages_of(table):  # read what changed, as it changes (hands get edited)
            if (message.id, message.edits) in seen:
                continue
            seen.add((message.id, message.edits))
            seat_labels += [f"{m.group(0)!r} in {readable(message)[:300]!r}" for m in SEAT_LABELS.finditer(readable(message))]
    assert table.over()
    assert not harness.leaks, harness.leaks[:3]
    assert not problems, problems[:5]
    assert described, "some choices named cards with effects, and showed them"
    assert not seat_labels, seat_labels[:5]
    everything = "\n".join(readable(m) for m in messages_of(table))
    assert "alice" in everything and "kenji" in everything
    assert "(AI)" in everything
