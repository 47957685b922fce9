"""Scoring and tie-breaks.

Rulebook: 004_6403efb1403ffcad.txt, "Scoring": fewest cards wins; 'If you have more of a suit than any
other player, ignore cards of that suit ... (You must have more than any other player, so ties do not
count.)'; 'the tied player with fewest actual cards wins. Still tied? Fewest red cards wins, then
orange, yellow, green, blue, indigo, or violet.' RULINGS.md: sideways cards count 2.
"""

from __future__ import annotations

from tt_helpers import build

from games.trickster.cards import CARD_INDEX
from games.trickster.game import GAME
from games.trickster.scoring import placements, score_houses
from games.trickster.state import OVER


def houses(*hs: list[str]) -> list[list[int]]:
    return [[CARD_INDEX[x] for x in h] for h in hs]


def mask(*cards: str) -> int:
    out = 0
    for x in cards:
        out |= 1 << CARD_INDEX[x]
    return out


def test_strict_majority_suit_is_ignored_and_ties_do_not_count() -> None:
    scores = score_houses(
        houses(
            ["r-bard", "r-mage", "r-druid", "o-bard"],  # red 3: strictly most -> ignored
            ["r-guard", "o-mage"],  # orange 1 ties seat 0's orange 1 -> counts for both
            ["y-bard", "y-mage", "o-druid"],  # yellow 2 strictly most; orange ties -> counts
        ),
        0,
    )
    assert [s.score for s in scores] == [1, 2, 1]
    assert scores[0].ignored == (0,) and scores[1].ignored == () and scores[2].ignored == (2,)


def test_sideways_counts_two_for_majority_and_score() -> None:
    """Druid: 'It counts as two cards of the same suit during scoring'; RULINGS: for the comparison too."""
    hs = houses(["r-bard", "b-mage"], ["r-mage", "r-druid", "g-mage"])
    plain = score_houses(hs, 0)
    # seat 1's red (2 > 1) is ignored; blue (seat 0) and green (seat 1) are single majorities
    assert [s.score for s in plain] == [1, 0]
    turned = score_houses(hs, mask("r-bard"))  # seat 0's red counts 2: a tie, nobody ignores red
    assert [s.score for s in turned] == [2, 2]
    assert turned[0].weighted[0] == 2 and turned[0].actual[0] == 1


def test_tie_break_step_1_fewest_actual_cards() -> None:
    """A sideways card makes the same score from fewer actual cards."""
    s = score_houses(houses(["r-bard", "o-mage"], ["r-mage", "r-druid", "o-bard"], ["y-bard"]), mask("r-bard"))
    # red 2 (sideways) vs 2: a tie, counts for both; orange 1 vs 1 counts; seat 2's yellow is ignored
    assert [x.score for x in s] == [3, 3, 0]
    assert [sum(x.actual) for x in s] == [2, 3, 1]
    assert placements(s) == (2, 3, 1)


def test_tie_break_step_2_fewest_red_cards() -> None:
    s = score_houses(houses(["r-bard", "y-bard"], ["o-bard", "y-mage"], ["r-mage", "r-druid", "o-mage"]), 0)
    # seat 2 holds the red majority (ignored for it), so seat 0's one red counts
    assert [x.score for x in s] == [2, 2, 1]
    assert [sum(x.actual) for x in s] == [2, 2, 3]
    assert placements(s) == (3, 2, 1)  # seat 1 has no red card


def test_tie_break_step_3_orange_after_red() -> None:
    s = score_houses(houses(["o-bard", "y-bard"], ["y-mage", "g-mage"], ["o-mage", "o-druid", "g-druid"]), 0)
    assert [x.score for x in s] == [2, 2, 1]
    assert [x.actual[0] for x in s[:2]] == [0, 0]  # no red for either
    assert placements(s) == (3, 2, 1)  # seat 1 has fewer orange cards


def test_identical_tie_break_keys_share_the_place() -> None:
    """RULINGS ('All games'): ties that the text does not break are shared places."""
    s = score_houses(houses(["r-bard", "o-mage"], ["o-bard", "r-mage"], ["y-bard", "g-bard"]), 0)
    assert [x.score for x in s] == [2, 2, 0]
    assert placements(s) == (2, 2, 1)


def test_outcome_moves_hands_into_houses_and_ranks_lowest_first() -> None:
    """'Before scoring, each player must add any cards remaining in their hand to their House'."""
    st = build([["y-bard"], ["r-mage", "r-druid"], ["o-mage", "o-druid"], ["g-rogue", "g-mage"]])
    for seat, action in ((0, "play:y-bard"), (1, "play:r-mage"), (2, "play:o-druid"), (3, "play:g-rogue")):
        st, _ = GAME.apply(st, seat, action)
    assert st.phase == OVER
    out = GAME.outcome(st)
    assert out is not None
    # seat 1 collected y-bard r-mage o-druid g-rogue and keeps r-druid: red 2 is its strict majority
    assert sorted(GAME.view(st, None)["houses"][1]) == ["g-rogue", "o-druid", "r-druid", "r-mage", "y-bard"]
    # seat 1: yellow 1 and red 2 are its majorities; orange and green tie with seats 2 and 3
    assert out.scores == (0.0, 2.0, 1.0, 1.0)
    # seats 2 and 3 tie on score, actual cards and red; seat 2 holds an orange card, seat 3 none
    assert out.placements == (1, 4, 3, 2)
    assert out.details["lower_is_better"] is True
