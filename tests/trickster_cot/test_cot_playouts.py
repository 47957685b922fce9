"""Random whole games with every invariant checked after every action, and the text methods.

Random playouts for 2..7 players with Grand Gambit and promos, each deck choice; the checker
(games.core.invariants) verifies card conservation, no hidden card in any view/event/legal action,
someone to act, JSON round trip and no mutation.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.contract import Prompt
from games.core.policy import random_policy
from games.tools.simulate import play_one, replay
from games.trickster.cot import GAME

ALL_SETS = {"grand_gambit": "true", "promos": "true"}


@pytest.mark.parametrize("players", range(2, 8))
def test_random_playouts_with_every_set(players: int) -> None:
    """2..7 players, Grand Gambit and promos enabled, invariants after every action."""
    for seed in range(2):
        run = play_one(GAME, players, [random_policy] * players, seed, ALL_SETS, check=True)
        assert run.violations == []
        assert run.outcome is not None and len(run.outcome.placements) == players


@pytest.mark.parametrize(
    "options",
    [
        {"deck": "intro"},
        {"deck": "strategy"},
        {"deck": "random"},
        {"deck": "draft", "grand_gambit": "true", "promos": "true"},
    ],
)
def test_each_deck_choice_plays_to_the_end(options: dict[str, str]) -> None:
    """000, 【ゲームの準備】 and 【推奨デッキ以外の作り方】: every deck choice plays a checked game."""
    run = play_one(GAME, 4, [random_policy] * 4, 7, options, check=True)
    assert run.violations == [] and run.outcome is not None


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 10_000))
def test_hypothesis_playouts(players: int, seed: int) -> None:
    """Property — any seed and player count keeps every invariant."""
    run = play_one(GAME, players, [random_policy] * players, seed, ALL_SETS, check=True)
    assert run.violations == []


def test_seed_and_log_replay_exactly() -> None:
    """DESIGN.md: seed + action log replays a table exactly."""
    run = play_one(GAME, 3, [random_policy] * 3, 5, ALL_SETS, check=False)
    again = replay(GAME, 3, 5, run.log, ALL_SETS)
    assert GAME.is_over(again)
    assert GAME.outcome(again) == run.outcome
    assert json.loads(json.dumps(GAME.to_json(again))) == GAME.to_json(again)


def test_three_rounds_are_scored() -> None:
    """000, 【ゲーム終了と勝者】: the game ends after the third round's scoring."""
    run = play_one(GAME, 4, [random_policy] * 4, 3, {}, check=False)
    assert run.outcome is not None and len(run.outcome.details["rounds"]) == 3


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_text_methods_render_every_event_and_action(lang: str) -> None:
    """Every text goes through English and Japanese renderers (no raw codes)."""
    state = GAME.setup(3, {"deck": "draft", **ALL_SETS}, seed=4)
    import random

    rng = random.Random(4)
    steps = 0
    while not GAME.is_over(state) and steps < 400:
        seat = sorted(GAME.to_act(state))[0]
        legal = GAME.legal_actions(state, seat)
        view = GAME.view(state, seat)
        for action in legal:
            label = GAME.render_action(action, view, lang)
            assert label and "cot_" not in label
        prompt = GAME.prompt(state, seat)
        assert isinstance(prompt, Prompt)
        assert "cot_" not in GAME.render_prompt(prompt, lang)
        assert "cot_" not in GAME.render_view(view, lang)
        state, events = GAME.apply(state, seat, legal[rng.randrange(len(legal))])
        for event in events:
            text = GAME.render_event(event, lang)
            assert text and "cot_" not in text and not text.startswith(event.kind + " {")
        steps += 1
    page = GAME.rules_page(lang)
    assert ("Ruling" in page) if lang == "en" else ("裁定" in page)


def test_heuristic_plays_checked_games_and_beats_random() -> None:
    """The heuristic AI sees only its view, keeps every invariant, and wins more often than
    chance against random seats (seeded, so the figure is fixed)."""
    from games.tools.simulate import win_share
    from games.trickster.cot.ai import heuristic_policy

    checked = play_one(GAME, 3, [heuristic_policy] * 3, 2, ALL_SETS, check=True)
    assert checked.violations == []
    shares = []
    for index in range(40):
        policies = [random_policy] * 4
        policies[index % 4] = heuristic_policy
        run = play_one(GAME, 4, policies, 100 + index, {}, check=False)
        assert run.outcome is not None
        shares.append(win_share(run.outcome, [index % 4]))
    assert sum(shares) / len(shares) > 0.35  # chance is 0.25
