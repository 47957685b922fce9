"""What a card does, asked from Discord: the hand's "Card texts" button (the effects of the
cards the reader can see, nothing hidden) and /card with autocomplete over every game's cards, in the
reader's language."""

from __future__ import annotations

import pytest

from games.core.registry import get_game
from tests.discord.harness import Harness
from tests.discord.play import fix_table_seed, open_table, play_until, solo_turn_of


async def test_the_card_texts_button_explains_the_cards_in_hand(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    fix_table_seed(monkeypatch, 12)
    fake = harness.fake
    alice, kenji = fake.add_user("alice"), fake.add_user("kenji", locale="ja")
    await harness.start_bot()
    table = await open_table(harness, [alice, kenji], ai=2)
    await play_until(table, solo_turn_of(0))
    game = table.live.game
    for seat, person, lang in ((0, alice, "en"), (1, kenji, "ja")):
        hand = await table.open_hand(person)
        rec = await harness.click_label(person, hand, "Card texts" if lang == "en" else "カードの効果")
        reply = harness.last_reply(rec)
        assert reply.visibility.kind == "ephemeral" and reply.visibility.user_id == person.id
        view = game.view(table.live.state, seat)
        hand_cards = [c for c in game.all_cards(table.live.state) if c not in game.hidden_from(table.live.state, seat)]
        effects = {game.card_effect(c, lang) for c in hand_cards} - {None}
        assert effects and all(effect in reply.text() for effect in effects), reply.text()[:400]
        assert view  # the texts come from what this seat sees; the harness checked nothing hidden shows
    assert not harness.leaks, harness.leaks[:3]


async def test_card_command_autocompletes_and_answers_in_both_languages(harness: Harness) -> None:
    fake = harness.fake
    alice, kenji = fake.add_user("alice"), fake.add_user("kenji", locale="ja")
    await harness.start_bot()
    assert harness.bot is not None
    payload = fake.autocomplete_payload(alice, "card", "name", name="bar")
    rec = await fake.feed(harness.bot, payload)
    assert rec.choices, "typing 'bar' offers cards"
    names = [c["name"] for c in rec.choices]
    assert any("Bard" in n for n in names), names
    assert all(len(c["value"]) <= 100 and len(c["name"]) <= 100 for c in rec.choices)
    bard = next(c for c in rec.choices if "Bard" in c["name"])
    rec = await harness.cmd(alice, "card", name=bard["value"])
    answer = harness.last_reply(rec)
    game_id, key = bard["value"].split(":", 1)
    expected = next(c for c in get_game(game_id).card_catalog("en") if c.key == key)
    assert answer.visibility.kind == "ephemeral" and expected.effect in answer.text()
    # a game narrows the list; Japanese readers get Japanese names and texts
    payload = fake.autocomplete_payload(kenji, "card", "name", name="", game="kings")
    rec = await fake.feed(harness.bot, payload)
    assert rec.choices and all(c["value"].startswith("kings:") for c in rec.choices)
    first = rec.choices[0]
    rec = await harness.cmd(kenji, "card", name=first["value"], game="kings")
    key = first["value"].split(":", 1)[1]
    expected = next(c for c in get_game("kings").card_catalog("ja") if c.key == key)
    assert expected.effect in harness.last_reply(rec).text()
    # typed without picking: found by name; nonsense: a private hint
    rec = await harness.cmd(alice, "card", name="bard")
    assert "Bard" in harness.last_reply(rec).text()
    rec = await harness.cmd(alice, "card", name="zzzz")
    assert "No card called" in harness.last_reply(rec).text()
