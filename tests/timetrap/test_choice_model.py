"""The search's finer model of the TIMETRAP heuristic seats at 4 players (games/timetrap/choice_model.py): on
a turn of days 3-6 an opponent in a playout draws among the options the heuristic's look-ahead compares,
with the chances of a conditional logit fitted on heuristic-only games; 2 and 3 players keep their models.

Rules referred to: 003_3dd097fef3f40e34.txt, a day's play: each card played must be higher than the last
while the time tile points up (lower while it points down), so a card no other hand can beat ends the day
once everyone has passed, and its player starts the next day; a player whose hand empties before day 7 is
eliminated.
"""

from __future__ import annotations

import functools
import math
import random
from typing import Any

import pytest

from games.core.registry import get_game
from games.timetrap import choice_model
from games.timetrap.ai import rule_policy
from games.timetrap.choice_model import FEATURE_NAMES, option_features, options_of, probabilities
from games.timetrap.choice_weights import WEIGHTS
from games.timetrap.playout_model import OPPONENT_MODEL, modelled_turn
from games.timetrap.search_hooks import opponent_view
from tests.timetrap.helpers import random_positions
from tools.strength.timetrap_choice_model import Decision, decisions, fit, mean_log_likelihood

GAME = get_game("timetrap")


def _seen(**changes: Any) -> dict[str, Any]:
    """A choice view of seat 0 on day 4, the tile up, four players."""
    seen: dict[str, Any] = {
        "seat": 0,
        "players": 4,
        "day": 4,
        "tile": "up",
        "start": 1,
        "hand": ["or3", "or5", "or8", "or10"],
        "hand_sizes": [4, 5, 5, 6],
        "eliminated": [False] * 4,
        "known": {},
        "pending": None,
        "played_today": 2,
        "limit": 9,
        "others_high": 9,
        "others_low": 2,
        "others_trap": False,
        "traps_today": 0,
        "yellow": None,
    }
    seen.update(changes)
    return seen


def _named(row: choice_model.Features) -> dict[str, float]:
    return {FEATURE_NAMES[i]: v for i, v in row}


def test_a_card_no_other_hand_can_follow_is_the_one_that_ends_the_day() -> None:
    options = ["play:or5", "play:or8", "play:or10"]
    mild, middle, stopper = (_named(r) for r in option_features(_seen(), options, "play:or5"))
    assert mild == {"rules@4": 1.0}
    assert middle == {"middle@4": 1.0}
    # 10 beats the others' best, a 9; four time cards on day 4 are one more than the three days left need
    assert stopper == {"stopper@4": 1.0, "ends@4": 1.0, "stopper x spare": 1.0}
    # A Time Trap the others hold may still follow a time card: no card ends the day for sure then.
    assert "ends@4" not in _named(option_features(_seen(others_trap=True), options, "play:or5")[2])
    # Going down the lowest card stops the day: 5 and 8 and 10 all lie above the others' lowest, a 2.
    down = option_features(_seen(tile="down"), options, "play:or10")
    assert all("ends@4" not in _named(r) for r in down)


def test_on_day_6_ending_the_day_counts_the_cards_against_the_shortest_other_hand() -> None:
    seen = _seen(day=6, hand=["or5", "or10"], hand_sizes=[2, 3, 4, 4])
    rows = option_features(seen, ["play:or5", "play:or10"], "play:or10")
    assert _named(rows[1]) == {"stopper@6": 1.0, "rules@6": 1.0, "ends@6": 1.0, "ends@6 x lead": -2.0}
    # The day's limit ends it whatever is played: every option ends it.
    limited = option_features(_seen(day=6, played_today=8), ["play:or5", "play:or10"], "play:or10")
    assert all("ends@6" in _named(r) for r in limited)


def test_the_trap_option_and_a_card_that_empties_the_hand() -> None:
    seen = _seen(hand=["or5", "or9", "tt2"], day=5)
    rows = option_features(seen, ["play:or5", "play:or9", "trap:or5"], "play:or5")
    assert _named(rows[2])["trap@5"] == 1.0
    assert all("empties hand" not in _named(r) for r in rows)
    # The Time Trap and the discard it asks for take the last two cards: the hand is empty before day 7.
    last_two = option_features(_seen(hand=["or5", "tt2"], day=5), ["play:or5", "trap:or5"], "play:or5")
    assert "empties hand" not in _named(last_two[0])
    assert "empties hand" in _named(last_two[1])
    assert options_of(["play:or3", "play:or8", "trap:or3", "trap:or8"], "trap:or8") == [
        "play:or3",
        "play:or8",
        "trap:or8",
    ]


def test_four_player_opponents_draw_each_option_as_often_as_the_logit_says() -> None:
    """Outside days 3-6's turns the rules of thumb; on them, each option with the logit's chance."""
    weights = WEIGHTS[4]
    expected: dict[str, float] = {}
    observed: dict[str, int] = {}
    modelled = 0
    draws = random.Random(4)
    for state, seat in random_positions(4, range(10)):
        legal = GAME.legal_actions(state, seat)
        view = functools.partial(opponent_view, state, seat)
        seen = view()
        rules = rule_policy(GAME.view(state, seat), legal, random.Random(1))
        traps = [a for a in legal if a.startswith("trap:")]
        options = options_of(legal, rule_policy(seen, traps, random.Random(1)) if traps else None)
        if not modelled_turn(seen, legal) or len(options) < 2:
            assert OPPONENT_MODEL(view, legal, random.Random(1)) == rules
            continue
        modelled += 1
        chances = probabilities(weights, option_features(seen, options, rules))
        for _ in range(30):
            move = OPPONENT_MODEL(view, legal, random.Random(draws.random()))
            assert move in options
            key = f"{modelled}:{options.index(move)}"
            observed[key] = observed.get(key, 0) + 1
        for i, chance in enumerate(chances):
            expected[f"{modelled}:{i}"] = 30 * chance
    assert modelled > 40
    # a chi-square-like bound: the total squared deviation over the expected counts stays near its mean
    deviation = sum((observed.get(k, 0) - e) ** 2 / e for k, e in expected.items() if e > 1)
    assert deviation < 2.0 * len(expected)


def test_two_and_three_players_read_no_choice_view() -> None:
    """2 and 3 players play as before: their opponents' playout view has none of the finer model's fields."""
    for players in (2, 3):
        for state, seat in random_positions(players, range(3)):
            assert "others_high" not in opponent_view(state, seat)


def test_the_fit_recovers_the_weights_the_choices_were_drawn_with() -> None:
    truth = [0.0] * len(FEATURE_NAMES)
    truth[FEATURE_NAMES.index("rules@4")] = 1.2
    truth[FEATURE_NAMES.index("ends@4")] = -0.8
    rng = random.Random(7)
    data = []
    for n in range(3000):
        rows: list[choice_model.Features] = [((FEATURE_NAMES.index("rules@4"), 1.0),)]
        rows += [((FEATURE_NAMES.index("ends@4"), 1.0),) if rng.random() < 0.5 else () for _ in range(2)]
        chances = probabilities(truth, rows)
        draw, chosen = rng.random(), 0
        while draw >= chances[chosen]:
            draw -= chances[chosen]
            chosen += 1
        data.append(Decision(n, rows, chosen, (4, 3, False, 0), [0, 1, 2]))
    weights = fit(data)
    assert weights[FEATURE_NAMES.index("rules@4")] == pytest.approx(1.2, abs=0.15)
    assert weights[FEATURE_NAMES.index("ends@4")] == pytest.approx(-0.8, abs=0.15)
    assert all(abs(w) < 1e-9 for i, w in enumerate(weights) if FEATURE_NAMES[i] not in {"rules@4", "ends@4"})


def test_the_written_weights_predict_heuristic_games_better_than_every_option_alike() -> None:
    """What the model is for, on games it was not fitted on (seeds below the fit's 620000)."""
    held = decisions(4, 60, 5000)
    assert len(held) > 200
    uniform = mean_log_likelihood(lambda d: [1 / len(d.kinds)] * len(d.kinds), held)
    logit = mean_log_likelihood(lambda d: probabilities(WEIGHTS[4], d.features), held)
    assert logit > uniform + 0.03
    assert math.isfinite(logit)
