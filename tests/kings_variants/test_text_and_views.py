"""Text in both languages for every action, event and view, and what the views reveal."""

from __future__ import annotations

import json

import pytest

from games.core.policy import random_policy
from games.kings.variants import ENGINES
from games.tools.simulate import play_one
from tests.kings_variants.helpers import engine

PLAYERS = {"ombre": 3, "whist": 4, "napoleon": 5}


@pytest.mark.parametrize("variant", sorted(ENGINES))
def test_every_action_event_prompt_and_view_has_english_and_japanese_text(variant: str) -> None:
    game = engine(variant)
    n = PLAYERS[variant]
    run = play_one(game, n, [random_policy] * n, 11, check=False)
    state = game.setup(n, {}, 11, variant)
    for seat, action in run.log:
        view = game.view(state, seat)
        for lang in ("en", "ja"):
            assert game.render_action(action, view, lang)
            assert game.render_view(view, lang)
            prompt = game.prompt(state, seat)
            assert prompt is not None and not game.render_prompt(prompt, lang).startswith("kv_")
        state, events = game.apply(state, seat, action)
        for event in events:
            assert not game.render_event(event, "ja").startswith(event.kind + " {")
    assert game.render_card("w11", "ja") == "白J" and game.render_card("rare1") == "Rare"
    assert "Ruling" in game.rules_page("en") and "裁定" in game.rules_page("ja")


@pytest.mark.parametrize("variant", sorted(ENGINES))
def test_state_json_round_trip_records_the_variant(variant: str) -> None:
    game = engine(variant)
    state = game.setup(PLAYERS[variant], {}, 2, variant)
    raw = json.loads(json.dumps(game.to_json(state)))
    assert raw["variant"] == variant
    assert game.to_json(game.from_json(raw)) == game.to_json(state)


def test_spectator_sees_no_hand() -> None:
    game = engine("whist")
    state = game.setup(4, {}, 2, "whist")
    view = game.view(state, None)
    assert view["hand"] == [] and view["hand_sizes"] == [9, 9, 9, 9]


@pytest.mark.parametrize("variant", sorted(ENGINES))
def test_seed_and_action_log_replay_the_table(variant: str) -> None:
    """DESIGN.md: seed + action log replays a table exactly (all randomness lives in the state)."""
    from games.tools.simulate import replay

    game = engine(variant)
    n = PLAYERS[variant]
    run = play_one(game, n, [random_policy] * n, 5, check=False)
    final = replay(game, n, 5, run.log, variant=variant)
    assert game.is_over(final) and game.outcome(final) == run.outcome
