"""Each game picks its strong AI's playouts (docs/ai.md): the search reads the game's declared playout
policy and playouts (`game.search`) for the table's variant, and an explicit budget wins."""

from __future__ import annotations

from collections.abc import Mapping

from games.core.contract import Policy
from games.core.policy import random_policy
from games.core.registry import all_games, get_game
from games.core.search_hooks import SearchHooks
from games.kings.ai import heuristic_policy
from games.search import Budget, Determinizer, search_policy
from games.timetrap.game import TimeTrap


def test_kings_duels_play_out_with_the_heuristic_and_the_rest_with_random_moves() -> None:
    kings = get_game("kings")
    policy = search_policy(kings, Budget(seconds=1.5))
    two = Determinizer(kings, kings.setup(2, {}, 1, "two-player"), 0)
    four = Determinizer(kings, kings.setup(4, {}, 1, "standard"), 0)
    assert policy.settings_for(two.variant) == (heuristic_policy, 40)
    assert policy.settings_for(four.variant) == (random_policy, 100)


def test_a_budget_or_playout_named_by_the_caller_wins_over_the_games_defaults() -> None:
    kings = get_game("kings")
    assert search_policy(kings, Budget(playouts=7)).settings_for("two-player")[1] == 7
    assert search_policy(kings, Budget(), "random").settings_for("two-player")[0] is random_policy


def test_a_game_that_says_nothing_searches_with_its_heuristic() -> None:
    class Plain(TimeTrap):  # a game's class (the compiled build takes nothing else), saying nothing
        def __init__(self) -> None:
            self.search = SearchHooks()  # what `Game` declares for a game that says nothing

        def policies(self) -> dict[str, Policy]:
            return {"random": random_policy, "heuristic": heuristic_policy}

    assert search_policy(Plain(), Budget()).settings_for(None) == (heuristic_policy, 240)


def test_every_game_declares_its_search_as_one_record_naming_only_its_own_policies() -> None:
    for game in all_games().values():
        hooks = game.search
        assert isinstance(hooks, SearchHooks)
        named = [hooks.anchor, *(hooks.playout.values() if isinstance(hooks.playout, Mapping) else [hooks.playout])]
        for name in named:
            assert not isinstance(name, str) or name in game.policies(), (game.info.id, name)
