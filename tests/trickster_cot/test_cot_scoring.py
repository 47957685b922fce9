"""Trouble points, the three-round total and every tie-break step.

Rulebook 000_fcfbe286cff5777b.txt, 【ラウンド終了と得点計算】 and 【ゲーム終了と勝者】 (注意: exempt
cards count for the tie-break); RULINGS.md: still tied -> shared place.
"""

from __future__ import annotations

import pytest
from cot_helpers import run, table, tableau
from hypothesis import given, settings
from hypothesis import strategies as st

from games.trickster.cot import GAME
from games.trickster.cot.scoring import placements, ranking_keys, sole_most, trouble_points
from games.trickster.cot.state import Phase


def test_trouble_points_skip_sole_most_suits() -> None:
    """000, 【ラウンド終了と得点計算】: one point per tableau card, none for a suit in which you hold the
    sole most; a shared most exempts nobody."""
    counts = [
        [3, 1, 0, 0, 0, 0, 0, 2],  # sole most red: 1 + 2 = 3
        [1, 1, 0, 0, 0, 0, 0, 2],  # orange tied (no exemption), white tied: 4
        [0, 0, 2, 0, 0, 0, 0, 0],  # sole most yellow: 0
    ]
    points, exempt = trouble_points(counts)
    assert points == (3, 4, 0)
    assert exempt == ((0,), (), (2,))


def test_round_end_scores_hands_too() -> None:
    """000, 【ラウンド終了と得点計算】: hands go face up into the tableaus before scoring."""
    s = table([["nom-r"], ["gua-r", "gua-o"], ["doc-b", "doc-o"], ["mag-y", "mag-o"]])
    s, _ = run(s, (0, "play:nom-r"), (0 + 1, "play:gua-r"))
    assert s.phase == Phase.SCORED
    assert sorted(tableau(s, 2)) == ["doc-b", "doc-o", "gua-r", "nom-r"]
    assert s.scores == ((0, 1, 1, 1),)


def test_final_round_tie_breaks_through_the_engine() -> None:
    """000, 【ゲーム終了と勝者】: lowest total wins; ties by fewer red cards acquired in round 3 — exempt
    cards count (注意) — then orange, yellow, ..."""
    prior = ((5, 4, 4, 4), (15, 5, 5, 5))
    s = table([["nom-r"], ["gua-r", "gua-o"], ["doc-b", "doc-o"], ["mag-y", "mag-o"]], round=3, scores=prior)
    s, _ = run(s, (0, "play:nom-r"), (1, "play:gua-r"))
    assert s.phase == Phase.OVER and GAME.is_over(s)
    outcome = GAME.outcome(s)
    assert outcome is not None
    # Round 3: seat 2 holds the sole most red (2, exempt) and blue; totals: 20, 10, 10, 10.
    assert outcome.scores == (20.0, 10.0, 10.0, 10.0)
    # Seat 2's two exempt red cards still count: it is last of the three. Seats 1 and 3 tie on red and
    # orange; seat 3 has a yellow card: seat 1 wins.
    assert outcome.placements == (4, 1, 3, 2)


@pytest.mark.parametrize("suit", range(8))
def test_each_tie_break_suit(suit: int) -> None:
    """000, 【ゲーム終了と勝者】: 赤, then 橙・黄・緑・青・紫・黒・白 in that order."""
    equal = [1] * 8
    better = list(equal)
    better[suit] = 0
    worse = list(equal)
    worse[suit] = 2
    # Later suits never matter once an earlier one differs.
    for later in range(suit + 1, 8):
        better[later] = 5
    keys = ranking_keys([7, 7], [better, worse])
    assert placements(keys) == (1, 2)


def test_full_tie_is_a_shared_place() -> None:
    """RULINGS.md "All games" / CoT: still tied after every suit -> shared place."""
    keys = ranking_keys([7, 7, 9], [[1] * 8, [1] * 8, [0] * 8])
    assert placements(keys) == (1, 1, 3)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 6), min_size=8, max_size=8), min_size=2, max_size=7))
def test_points_never_exceed_cards_and_at_most_one_exemption_per_suit(counts: list[list[int]]) -> None:
    """000, 【ラウンド終了と得点計算】: 単独最多 — at most one player per suit is exempt."""
    points, exempt = trouble_points(counts)
    for seat, row in enumerate(counts):
        assert 0 <= points[seat] <= sum(row)
    flat = [suit for e in exempt for suit in e]
    assert len(flat) == len(set(flat))
    assert sole_most(counts) == exempt


def _reference_trouble_points(counts: list[list[int]]) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """The scorer as first written (column by column), kept to check the faster one against it."""
    exempt: list[list[int]] = [[] for _ in counts]
    for suit in range(8):
        column = [row[suit] for row in counts]
        top = max(column)
        if top > 0 and column.count(top) == 1:
            exempt[column.index(top)].append(suit)
    frozen = tuple(tuple(e) for e in exempt)
    points = tuple(
        sum(n for s, n in enumerate(row) if s not in frozen[seat]) for seat, row in enumerate(counts)
    )
    return points, frozen


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(0, 9), min_size=8, max_size=8), min_size=2, max_size=7))
def test_scorer_matches_the_reference(counts: list[list[int]]) -> None:
    """000, 【ラウンド終了と得点計算】: the scorer gives exactly the points and exemptions of the plain
    column-by-column reading of the rule, and placements rank by (total, suits) with shared places."""
    assert trouble_points(counts) == _reference_trouble_points(counts)
    keys = ranking_keys([sum(row) for row in counts], counts)
    assert placements(keys) == tuple(1 + sum(1 for other in keys if other < key) for key in keys)
