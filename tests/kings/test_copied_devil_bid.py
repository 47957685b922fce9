"""A Cheerleader who COPIES the Devil bid: both the Cheerleader's and the Devil player's scores.

002_4e143f857986e60e.txt, '### チアリーダーを裏(BID)で使用した場合': 「デビルのBIDをコピーした場合、デビルのプレイヤー
とチアリーダー以外のプレイヤーがBIDに成功したのかを確認する。他プレイヤー全員がBIDに成功した場合、チアリーダーと
デビルプレイヤーは勝利点を獲得できないことに注意。」 — the copy is not a failed bid that pays the Devil player:
both count only the failed bids of the players other than those two (30 each, '■デビル': 「他プレイヤーが外した
BIDの数×30点」), and a face-up Gambler's +20 fires only when a bid of its owner succeeded (「他プレイヤーが誰か
1人でもBIDを外すと、ギャンブラーのBID成功は発動する(+20点)」).
"""

from __future__ import annotations

import pytest

from games.kings.cards import Character as C
from games.kings.scoring import RoundRules, SeatFacts, score_round

CHEER, DEVIL = 0, 1
NINJA_MADE = SeatFacts(bids=("ninja",), tricks=2)  # Ninja bid: 2 wins 70
NINJA_FAILED = SeatFacts(bids=("ninja",), tricks=0)


def _scores(
    failed_others: int, devil_second: str, gambler: str, last_round: bool
) -> tuple[dict[str, int], dict[str, int]]:
    """Four seats: the Cheerleader copying the Devil bid, the Devil player (in round 3 with a second bid,
    made or failed), and two others whose Ninja bids fail `failed_others` times."""
    cheer = SeatFacts(
        up=(C.GAMBLER,) if gambler == "cheerleader" else (),
        bids=("cheerleader",),
        copy_of=(DEVIL, "devil"),
    )
    devil_bids: tuple[str, ...] = ("devil",) if devil_second == "none" else ("devil", "ninja")
    devil = SeatFacts(
        up=(C.GAMBLER,) if gambler == "devil" else (),
        bids=devil_bids,
        tricks=2 if devil_second == "made" else 0,
    )
    others = [NINJA_FAILED] * failed_others + [NINJA_MADE] * (2 - failed_others)
    result = score_round([cheer, devil, *others], RoundRules(last_round=last_round))
    return dict(result[CHEER].items), dict(result[DEVIL].items)


@pytest.mark.parametrize("gambler", ["none", "cheerleader", "devil"])
@pytest.mark.parametrize("devil_second", ["none", "made", "failed"])
@pytest.mark.parametrize("failed_others", [0, 1, 2])
def test_copied_devil_bid_pays_both_only_for_the_others_failures(
    failed_others: int, devil_second: str, gambler: str
) -> None:
    """Every combination: the others all made / one / two failed x the Devil player's second bid (round 3)
    none / made / failed x a face-up Gambler nowhere / with the Cheerleader / with the Devil player."""
    cheer, devil = _scores(failed_others, devil_second, gambler, last_round=devil_second != "none")
    devil_points = 30 * failed_others
    # The Cheerleader: only the others' failures (never the Devil player's own second bid).
    expected_cheer: dict[str, int] = {}
    if devil_points:
        expected_cheer["bid_devil"] = devil_points
        if gambler == "cheerleader":
            expected_cheer["gambler"] = 20
    assert cheer == expected_cheer
    # The Devil player: the same count (the copy is no failed bid), plus its own second bid.
    expected_devil: dict[str, int] = {}
    if devil_points:
        expected_devil["bid_devil"] = devil_points
    if devil_second == "made":
        expected_devil["bid_ninja"] = 70
    if gambler == "devil" and (devil_points or devil_second == "made"):
        expected_devil["gambler"] = 20
    assert devil == expected_devil


def test_everyone_else_made_it_nobody_scores_the_devil_bid() -> None:
    """The passage's own case: everyone else made the bid, so neither the Cheerleader nor the Devil player
    scores (today's code paid the Devil player 30 for the copy, and a face-up Gambler 20 more)."""
    cheer, devil = _scores(0, "none", "devil", last_round=False)
    assert cheer == {}
    assert devil == {}


def test_the_devil_bid_not_copied_still_counts_the_cheerleaders_failed_bid() -> None:
    """'■デビル': without the copy, a Cheerleader's failed bid (here a COPY of a Ninja bid) is an ordinary
    failed bid of another player: the Devil player scores 30 for it."""
    cheer = SeatFacts(bids=("cheerleader",), copy_of=(2, "ninja"), tricks=0)
    devil = SeatFacts(bids=("devil",))
    result = score_round([cheer, devil, NINJA_MADE, NINJA_MADE], RoundRules())
    assert dict(result[DEVIL].items) == {"bid_devil": 30}
    assert dict(result[CHEER].items) == {}


def test_copied_devil_bid_ignores_the_cheerleaders_second_bid_for_both() -> None:
    """Round 3, the Cheerleader also bids a Ninja and fails it: the passage checks only the players other
    than the Devil player and the Cheerleader, so that failure pays neither the copy nor the Devil bid."""
    cheer = SeatFacts(bids=("cheerleader", "ninja"), copy_of=(DEVIL, "devil"), tricks=0)
    devil = SeatFacts(bids=("devil",))
    result = score_round([cheer, devil, NINJA_MADE, NINJA_FAILED], RoundRules(last_round=True))
    assert dict(result[CHEER].items) == {"bid_devil": 30}
    assert dict(result[DEVIL].items) == {"bid_devil": 30}
