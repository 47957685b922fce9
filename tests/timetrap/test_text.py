"""Every text a player can see exists in English and Japanese."""

from __future__ import annotations

import random

import pytest

from games.timetrap import dates

from .helpers import G


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_action_event_view_and_prompt_renders(lang: str) -> None:
    rng = random.Random(3)
    for seed in range(6):
        state = G.setup(3, {}, seed)
        while not G.is_over(state):
            seat = sorted(G.to_act(state))[0]
            legal = G.legal_actions(state, seat)
            view = G.view(state, seat)
            for action in legal:
                label = G.render_action(action, view, lang)
                assert label and label != action
            prompt = G.prompt(state, seat)
            assert prompt is not None and G.render_prompt(prompt, lang) != prompt.kind
            assert G.render_view(view, lang)
            state, events = G.apply(state, seat, legal[rng.randrange(len(legal))])
            for event in events:
                text = G.render_event(event, lang)
                assert text and not text.startswith(event.kind + " {")
        assert "7" in G.render_view(G.view(state, None), lang) or G.is_over(state)


def test_cards_render_by_colour_and_number() -> None:
    assert G.render_card("or7", "en") == "Orange 7" and G.render_card("or7", "ja") == "橙7"
    assert G.render_card("tt2", "en") == "Time Trap" and G.render_card("tt2", "ja") == "タイムトラップ"


def test_rules_page_marks_rulings_and_provisional_cards_in_both_languages() -> None:
    en, ja = G.rules_page("en"), G.rules_page("ja")
    assert "Ruling" in en and "PROVISIONAL" in en
    assert "裁定" in ja and "暫定" in ja
    every: list[dates.BlueCard | dates.YellowCard] = [*dates.BLUE, *dates.YELLOW]
    for card in every:
        assert card.id in en and card.id in ja
        assert card.text["en"] in en and card.text["ja"] in ja
