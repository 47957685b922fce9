"""Random and heuristic playouts with every invariant checked after every action (engine contract)."""

from __future__ import annotations

import pytest

from games.core.policy import random_policy
from games.kings.ai import heuristic_policy
from games.kings.game import GAME
from games.tools.simulate import play_one, replay

CASES = [
    (2, "two-player", {}),
    (3, "standard", {}),
    (3, "standard", {"devil_contract": "true"}),
    (4, "standard", {"cheerleader": "true", "devil_contract": "true"}),
    (4, "standard", {"initial_parties": "true"}),
    (5, "standard", {"cheerleader": "true", "initial_parties": "true", "cheerleader_advanced": "true"}),
    (5, "standard", {}),
]


@pytest.mark.parametrize(("players", "variant", "options"), CASES)
def test_random_playouts_keep_every_invariant(players: int, variant: str, options: dict[str, str]) -> None:
    for seed in range(2):
        run = play_one(GAME, players, [random_policy] * players, seed, options, variant, check=True)
        assert run.violations == []
        assert run.outcome is not None
        assert sorted(run.outcome.placements) == list(range(1, players + 1))


def test_heuristic_playout_and_replay() -> None:
    """Seed + action log replays the same table."""
    run = play_one(GAME, 4, [heuristic_policy] * 4, 7, {"cheerleader": "true"}, "standard", check=True)
    assert run.violations == []
    state = replay(GAME, 4, 7, run.log, {"cheerleader": "true"}, "standard")
    assert GAME.outcome(state) == run.outcome


def test_text_methods_in_both_languages() -> None:
    """Every player-facing text renders in English and Japanese."""
    state = GAME.setup(4, {"cheerleader": "true"}, 3)
    run = play_one(GAME, 4, [random_policy] * 4, 3, {"cheerleader": "true"}, "standard", check=False)
    assert run.outcome is not None
    for lang in ("en", "ja"):
        view = GAME.view(state, 0)
        assert GAME.render_view(view, lang)
        for action in GAME.legal_actions(state, next(iter(GAME.to_act(state)))):
            assert GAME.render_action(action, view, lang)
        prompt = GAME.prompt(state, next(iter(GAME.to_act(state))))
        assert prompt is not None and GAME.render_prompt(prompt, lang) != prompt.kind
        assert GAME.render_card("r7", lang) in ("red 7", "赤7")
        assert "KINGs" in GAME.rules_page(lang) or "キングス" in GAME.rules_page(lang)
    _, events = GAME.apply(state, next(iter(GAME.to_act(state))), GAME.legal_actions(state, next(iter(GAME.to_act(state))))[0])
    for event in events:
        assert not GAME.render_event(event, "ja").startswith(event.kind)
        assert not GAME.render_event(event, "en").startswith(event.kind)


def test_heuristic_beats_random() -> None:
    """The heuristic AI wins clearly more than its 1/3 chance share against two random seats."""
    from games.tools.simulate import win_share

    shares = []
    for seed in range(30):
        seat = seed % 3
        policies = [random_policy] * 3
        policies[seat] = heuristic_policy
        run = play_one(GAME, 3, policies, 1000 + seed, {}, "standard", check=False)
        assert run.outcome is not None
        shares.append(win_share(run.outcome, [seat]))
    assert sum(shares) / len(shares) > 0.45


@pytest.mark.parametrize(("players", "variant", "options"), [(5, "standard", {"cheerleader": "true"}), (2, "two-player", {})])
def test_every_event_and_prompt_has_text(players: int, variant: str, options: dict[str, str]) -> None:
    """Every event of a whole game renders in English and Japanese (no raw fallback)."""
    run = play_one(GAME, players, [random_policy] * players, 5, options, variant, check=False)
    state = GAME.setup(players, options, 5, variant)
    for seat, action in run.log:
        prompt = GAME.prompt(state, seat)
        assert prompt is not None
        view = GAME.view(state, seat)
        for lang in ("en", "ja"):
            assert GAME.render_prompt(prompt, lang) != prompt.kind
            assert GAME.render_action(action, view, lang)
        state, events = GAME.apply(state, seat, action)
        for event in events:
            for lang in ("en", "ja"):
                assert not GAME.render_event(event, lang).startswith(f"{event.kind} "), event.kind
