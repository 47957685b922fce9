"""Player-facing text in English and Japanese, and the AI policies' contract."""

from __future__ import annotations

import random

from tt_helpers import act, build

from games.core.contract import Prompt
from games.core.policy import random_policy
from games.tools.simulate import play_one
from games.trickster.ai import heuristic_policy
from games.trickster.game import GAME


def test_card_names_in_both_languages() -> None:
    assert GAME.render_card("y-bard", "en") == "Yellow■ Bard"
    assert GAME.render_card("y-bard", "ja") == "黄■の吟遊詩人"
    assert GAME.render_card("v-archivist", "en").endswith("Archivist")


def test_every_event_prompt_action_and_view_renders_in_both_languages() -> None:
    """Play a few whole games and render everything a front end would show."""
    for seed, deck in ((1, "fantasy"), (2, "tianxia"), (3, "symbiosis"), (4, "epic-mix")):
        rng = random.Random(seed)
        state = GAME.setup(4, {"deck": deck}, seed)
        while not GAME.is_over(state):
            seat = rng.choice(sorted(GAME.to_act(state)))
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            prompt = GAME.prompt(state, seat)
            assert prompt is not None
            for lang in ("en", "ja"):
                assert GAME.render_view(view, lang)
                text = GAME.render_prompt(prompt, lang)
                assert text and not text.startswith("ask.") and not text.startswith("trickster.")
                for action in legal:
                    label = GAME.render_action(action, view, lang)
                    assert label and ":" not in label
            state, events = GAME.apply(state, seat, rng.choice(legal))
            for event in events:
                for lang in ("en", "ja"):
                    rendered = GAME.render_event(event, lang)
                    assert rendered and "trickster.ev" not in rendered and "{" not in rendered


def test_japanese_rendering_differs_from_english() -> None:
    st = build([["y-nun", "r-bard"], ["b-bard", "g-bard"], ["o-mage", "i-mage"]])
    st, events = act(st, 0, "play:y-nun")
    assert GAME.render_event(events[0], "en") == "P1 plays Yellow■ Nun."
    assert GAME.render_event(events[0], "ja") == "P1が黄■の尼僧を出した。"
    prompt = GAME.prompt(st, 0)
    assert prompt == Prompt("choose-target", prompt.params if prompt else {})
    assert GAME.render_prompt(prompt, "ja") != GAME.render_prompt(prompt, "en")


def test_rules_page_marks_rulings_in_both_languages() -> None:
    assert "Ruling" in GAME.rules_page("en")
    assert "裁定" in GAME.rules_page("ja") and "Ruling" in GAME.rules_page("ja")


def test_policies_offer_random_and_heuristic_and_return_legal_actions() -> None:
    policies = GAME.policies()
    assert set(policies) >= {"random", "heuristic"}
    run = play_one(GAME, 5, [heuristic_policy] * 5, seed=9, options={"deck": "symbiosis"})
    assert run.violations == [] and run.outcome is not None


def test_heuristic_beats_random_over_a_small_sample() -> None:
    """A smoke check only (the benchmark uses 2000 games): the heuristic wins more than chance."""
    wins = 0.0
    games = 60
    for seed in range(games):
        seat = seed % 4
        policies = [random_policy] * 4
        policies[seat] = heuristic_policy
        run = play_one(GAME, 4, policies, seed=1000 + seed, check=False)
        assert run.outcome is not None
        firsts = [s for s, p in enumerate(run.outcome.placements) if p == 1]
        if seat in firsts:
            wins += 1 / len(firsts)
    assert wins / games > 0.25
