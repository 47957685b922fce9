"""The search's model of the TIMETRAP heuristic seats against it (games/timetrap/playout_model.py): on a
turn of days 3-6 an opponent plays each kind of card as often as the heuristic was measured to; every
other decision, every decision at 2 players, and the searching seat's own moves (Playout.own) stay on the
rules of thumb. 4 players have a finer model of their own (tests/timetrap/test_choice_model.py).

Rules referred to: 003_3dd097fef3f40e34.txt, a day's play: each card played must be higher than the last
while the time tile points up (lower while it points down), so the lowest playable card going up keeps
the day going longest and the highest stops it.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from games.core.registry import get_game
from games.timetrap.ai import rule_policy
from games.timetrap.playout_model import (
    MILD,
    MIN_DECISIONS,
    OPPONENT_MODEL,
    STOPPER,
    TRAP,
    kind_of,
    modelled_turn,
    plays_by_mildness,
    situation,
)
from games.timetrap.playout_table import SHARES
from games.timetrap.search_hooks import RULES_PLAYOUT
from tests.timetrap.helpers import random_positions
from tools.strength.timetrap_model import PRIOR, fit

GAME = get_game("timetrap")


def test_the_mildest_card_keeps_the_day_going_and_the_stopper_ends_it() -> None:
    legal = ["play:or3", "play:or9", "play:or5", "trap:or3"]
    up = plays_by_mildness(legal, tile_up=True)
    down = plays_by_mildness(legal, tile_up=False)
    assert up == ["play:or3", "play:or5", "play:or9"]
    assert down == ["play:or9", "play:or5", "play:or3"]
    assert [kind_of(a, up) for a in up] == [MILD, 1, STOPPER]
    assert kind_of("trap:or3", up) == TRAP


@pytest.mark.parametrize("players", [2])
def test_two_players_play_the_rules_of_thumb_with_the_same_random_numbers(players: int) -> None:
    assert players not in SHARES
    for state, seat in random_positions(players, range(6)):
        legal = GAME.legal_actions(state, seat)
        view = functools.partial(RULES_PLAYOUT.playout_view, state, seat)
        a, b = random.Random(5), random.Random(5)
        assert OPPONENT_MODEL(view, legal, a) == rule_policy(GAME.view(state, seat), legal, b)
        assert a.random() == b.random()


@pytest.mark.parametrize("players", [3])
def test_opponents_play_each_kind_as_often_as_measured(players: int) -> None:
    """Outside days 3-6's turns: the rules of thumb. On them: each kind with the table's share."""
    expected = [0.0] * 4
    observed = [0] * 4
    draws = random.Random(players)
    for state, seat in random_positions(players, range(12)):
        legal = GAME.legal_actions(state, seat)
        view = functools.partial(RULES_PLAYOUT.playout_view, state, seat)
        seen = view()
        seed = state.day * 7919 + len(legal)
        rules = rule_policy(GAME.view(state, seat), legal, random.Random(seed))
        move = OPPONENT_MODEL(view, legal, random.Random(seed))
        assert move in legal
        if not modelled_turn(seen, legal):
            assert move == rules
            continue
        plays = plays_by_mildness(legal, state.tile_up)
        key = situation(state.day, plays, any(a.startswith("trap:") for a in legal), rules)
        shares = SHARES[players].get(key)
        if shares is None:
            assert move == rules
            continue
        for _ in range(40):
            expected = [e + s for e, s in zip(expected, shares, strict=True)]
            observed[kind_of(OPPONENT_MODEL(view, legal, random.Random(draws.random())), plays)] += 1
    total = sum(observed)
    assert total > 400
    for e, o in zip(expected, observed, strict=True):  # within four binomial standard deviations
        assert abs(o - e) <= 4 * (e * (1 - e / total)) ** 0.5 + 1


def test_the_measured_table_departs_from_the_rules_of_thumb() -> None:
    """What the model is for: on days 3-4 the heuristic stops the day early or plays a middle card in a
    good share of its turns, where the rules of thumb would always keep it going."""
    early = [
        s for (day, plays, _, rules), s in SHARES[3].items() if day <= 4 and plays >= 2 and rules == MILD
    ]
    assert early
    assert all(s[MILD] < 0.9 for s in early)


def test_the_fit_leans_thin_situations_towards_the_rules_and_drops_rare_ones() -> None:
    common = (3, 2, False, MILD)
    rare = (5, 3, False, MILD)
    observed = [(common, MILD)] * 12 + [(common, STOPPER)] * 8 + [(rare, STOPPER)] * (MIN_DECISIONS - 1)
    table = fit(iter(observed))
    assert set(table) == {common}
    assert table[common][MILD] == pytest.approx((12 + PRIOR) / (20 + PRIOR))
    assert table[common][STOPPER] == pytest.approx(8 / (20 + PRIOR))
    assert sum(table[common]) == pytest.approx(1.0)


@pytest.mark.parametrize("players", [3, 4])
def test_the_searching_seat_keeps_its_own_policy(players: int) -> None:
    """Playout.own plays the searching seat's later moves in a playout, on the rules of thumb's short view
    (Playout.own_view: at 4 players without the finer model's fields, which only the others read); the
    model plays only the others."""
    from games.search.flat import Budget, SearchPolicy
    from games.search.sampler import Determinizer

    hooks = GAME.search
    playout = hooks.playout_for(None)
    assert playout is not None and not isinstance(playout, str)
    assert playout.own is RULES_PLAYOUT and playout.policy is OPPONENT_MODEL
    assert playout.own_view is RULES_PLAYOUT.playout_view
    calls: dict[str, set[int]] = {"own": set(), "others": set()}
    model_fields: dict[str, bool] = {"own": False, "others": False}

    def record(name: str, policy: Any) -> Any:
        def play(view: Any, legal: Any, rng: random.Random) -> str:
            seen = view()
            calls[name].add(int(seen["seat"]))
            model_fields[name] |= "others_high" in seen
            return str(policy(view, legal, rng))

        return play

    spy = type(playout)(
        record("others", playout.policy), playout.view, record("own", playout.own), playout.own_view
    )
    state = GAME.setup(players, {}, 3)
    rng = random.Random(3)
    while state.day < 3:  # to a decision where the search plays playouts
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    seat = min(GAME.to_act(state))
    search = SearchPolicy(GAME, spy, Budget(playouts=40))
    search.decide(Determinizer(GAME, state, seat), GAME.legal_actions(state, seat), random.Random(1))
    assert calls["own"] <= {seat}
    assert calls["others"] and seat not in calls["others"]
    assert not model_fields["own"]
    assert model_fields["others"] is (players == 4)
