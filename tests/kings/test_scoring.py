"""Round scoring: every worked example of the rulebook (002_4e143f857986e60e.txt, character pages p31~)."""

from __future__ import annotations

from games.kings.cards import Character as C
from games.kings.scoring import Breakdown, RoundRules, SeatFacts, apply_total, own_wins, score_round

NOBODY = SeatFacts()


def total(facts: SeatFacts, *others: SeatFacts, rules: RoundRules | None = None) -> int:
    return score_round([facts, *others], rules or RoundRules())[0].plus - score_round(
        [facts, *others], rules or RoundRules()
    )[0].minus


def items(facts: SeatFacts, *others: SeatFacts, rules: RoundRules | None = None) -> dict[str, int]:
    return dict(score_round([facts, *others], rules or RoundRules())[0].items)


def test_healer_examples_30_50() -> None:
    """002_4e143f857986e60e.txt, '■忍者' .. Healer: blue 1 + green 2 -> 30; blue 3 + green 3 -> 50 (cap)."""
    assert items(SeatFacts(up=(C.HEALER,), taken=("b1", "g2", "g3")))["healer"] == 30
    taken = ("b1", "b2", "b3", "g1", "g2", "g3")
    assert items(SeatFacts(up=(C.HEALER,), taken=taken))["healer"] == 50


def test_two_healers_stack_to_60() -> None:
    """002_4e143f857986e60e.txt, Healer note: two face-up Healers and 3 blue cards -> 60."""
    assert total(SeatFacts(up=(C.HEALER, C.HEALER), taken=("b1", "b2", "b3"))) == 60


def test_collector_examples_50_50_80() -> None:
    """002_4e143f857986e60e.txt, Collector: 2 flags -> 50; flag + rare -> 50; 2 flags + 2 rares -> 80 (cap)."""
    assert total(SeatFacts(up=(C.COLLECTOR,), taken=("flag1", "flag2"))) == 50
    assert total(SeatFacts(up=(C.COLLECTOR,), taken=("flag1", "rare1"))) == 50
    assert total(SeatFacts(up=(C.COLLECTOR,), taken=("flag1", "flag2", "rare1", "rare2"))) == 80


def test_two_collectors_160() -> None:
    """002_4e143f857986e60e.txt, Collector note: two Collectors, 2 flags + 1 rare -> 160 (80 + 80)."""
    assert total(SeatFacts(up=(C.COLLECTOR, C.COLLECTOR), taken=("flag1", "flag2", "rare1"))) == 160


def test_blue_king_and_healer_70() -> None:
    """002_4e143f857986e60e.txt, Healer note: used blue king, 3 blue + 1 green -> Healer 40 + king 30 = 70."""
    facts = SeatFacts(up=(C.HEALER,), taken=("b1", "b2", "b3", "g1"), used_kings=("b",))
    assert items(facts) == {"healer": 40, "king_b": 30}


def test_green_king_and_healer_120() -> None:
    """002_4e143f857986e60e.txt, Healer note: used green king, 7 green -> Healer 50 + king 70 = 120."""
    taken = tuple(f"g{i}" for i in range(1, 8))
    assert total(SeatFacts(up=(C.HEALER,), taken=taken, used_kings=("g",))) == 120


def test_white_king_and_collector_230() -> None:
    """002_4e143f857986e60e.txt, Collector note: used white king, 2 flags + 2 rares -> 80 + 150 = 230."""
    facts = SeatFacts(up=(C.COLLECTOR,), taken=("flag1", "flag2", "rare1", "rare2"), used_kings=("w",))
    assert items(facts) == {"collector": 80, "king_w": 150}


def test_devil_and_red_queen_make_three_wins() -> None:
    """002_4e143f857986e60e.txt, '■デビル': Devil +2 and the red queen +1 stack: 0 tricks -> 3 wins (-20)."""
    facts = SeatFacts(up=(C.DEVIL,), tricks=0, red_queen=1)
    assert own_wins(facts) == 3
    assert items(facts)["devil"] == -20


def test_devil_up_cannot_make_a_zero_win_bid() -> None:
    """002_4e143f857986e60e.txt, '■デビル': always on, so a 0-win or 1-win bid cannot succeed."""
    facts = SeatFacts(up=(C.DEVIL,), bids=("hermit",), tricks=0)
    assert "bid_hermit" not in items(facts)


def test_devil_bid_pays_30_per_failed_bid() -> None:
    """002_4e143f857986e60e.txt, '■デビル': two other players failed their bids -> 60."""
    devil = SeatFacts(bids=("devil",))
    failed = SeatFacts(bids=("ninja",), tricks=0)
    made = SeatFacts(bids=("gambler",), tricks=0)
    assert items(devil, failed, failed, made)["bid_devil"] == 60


def test_devil_bid_counts_both_round_three_bids() -> None:
    """RULINGS.md (Devil bid): in round 3 a player can fail two bids; each counts."""
    devil = SeatFacts(bids=("devil",))
    twice = SeatFacts(bids=("ninja", "jack"), tricks=0)
    assert items(devil, twice)["bid_devil"] == 60


def test_gambler_succeeds_through_a_devil_bid() -> None:
    """002_4e143f857986e60e.txt, '■ギャンブラー' and '■デビル': with a Devil bid, one failed bid of another
    player makes the Gambler's +20 fire; with none failed, nothing."""
    me = SeatFacts(up=(C.GAMBLER,), bids=("devil",))
    assert items(me, SeatFacts(bids=("ninja",), tricks=1)) == {"bid_devil": 30, "gambler": 20}
    assert items(me, SeatFacts(bids=("ninja",), tricks=2)) == {}


def test_gambler_bonus_once_for_two_bids_and_not_for_ninja_face_up() -> None:
    """002_4e143f857986e60e.txt, '■ギャンブラー' and '■ BIDの例': two successful bids still give +20 once;
    the face-up Ninja's 2 wins 30 is not a bid."""
    me = SeatFacts(up=(C.GAMBLER,), bids=("ninja", "gambler"), tricks=2)
    assert items(me) == {"bid_ninja": 70, "bid_gambler": 60, "gambler": 20}
    ninja_up = SeatFacts(up=(C.GAMBLER, C.NINJA), bids=("hermit",), tricks=2)
    assert items(ninja_up) == {"ninja": 30}


def test_bid_tables() -> None:
    """002_4e143f857986e60e.txt, '■ BIDの例': Gambler 0 wins 30, 2 wins 60; Ninja 2 wins 70; jack bid 3 wins 100."""
    assert items(SeatFacts(bids=("gambler",), tricks=0)) == {"bid_gambler": 30}
    assert items(SeatFacts(bids=("gambler",), tricks=2)) == {"bid_gambler": 60}
    assert items(SeatFacts(bids=("gambler",), tricks=1)) == {}
    assert items(SeatFacts(bids=("jack",), tricks=3)) == {"bid_jack": 100}


def test_win_count_abilities() -> None:
    """002_4e143f857986e60e.txt, Hermit 0 wins +20, Berserker 1 win +20, Ninja 2 wins +30; jack tables."""
    assert items(SeatFacts(up=(C.HERMIT,), tricks=0)) == {"hermit": 20}
    assert items(SeatFacts(up=(C.BERSERKER,), tricks=1)) == {"berserker": 20}
    assert items(SeatFacts(up=(C.NINJA,), tricks=2)) == {"ninja": 30}
    assert items(SeatFacts(jack="w", tricks=3)) == {"jack": 30}
    assert items(SeatFacts(jack="b", tricks=0)) == {"jack": 20}
    assert items(SeatFacts(jack="g", tricks=1)) == {}
    assert items(SeatFacts(jack="k", tricks=3)) == {"jack": 40}


def test_unused_kings_only_in_round_three() -> None:
    """002_4e143f857986e60e.txt, '### ■キングのプレイ(表面)': unused kings score in round 3 only (white 60 .. black 20)."""
    assert items(SeatFacts(unused_kings=("w",))) == {}
    assert items(SeatFacts(unused_kings=("w",)), rules=RoundRules(last_round=True)) == {"unused_w": 60}
    assert items(SeatFacts(unused_kings=("k",)), rules=RoundRules(last_round=True)) == {"unused_k": 20}


def test_devil_contract_minus_last_and_never_below_zero() -> None:
    """002_4e143f857986e60e.txt, '■拡張ルール: デビルとの契約': minus points after plus points; round 3 -20 each.
    Ruling: the total never drops below 0."""
    rules = RoundRules(devil_colour="r", devil_penalty=20, last_round=True)
    b = score_round([SeatFacts(up=(C.HEALER,), taken=("r1", "r2", "b1"))], rules)[0]
    assert dict(b.items) == {"healer": 10, "contract": -40}
    assert apply_total(15, b) == 0
    assert apply_total(100, b) == 70
    white = RoundRules(devil_colour="w", devil_penalty=10)
    assert dict(score_round([SeatFacts(taken=("flag1", "rare2"))], white)[0].items) == {"contract": -20}


def test_kizuna_cheerleader_reads_the_partner() -> None:
    """002_4e143f857986e60e.txt, '■絆 (KIZUNA) カード': a face-up Cheerleader scores by the partner's bid, wins
    and taken cards (the white king player reads the red king player's bid and cards)."""
    cheer = SeatFacts(up=(C.CHEERLEADER, C.HEALER, C.GAMBLER), partner=1, tricks=4, taken=("g1",))
    partner = SeatFacts(bids=("ninja",), tricks=2, taken=("b1", "b2"))
    result = items(cheer, partner)
    assert result == {"bid_ninja": 70, "gambler": 20, "healer": 20}


def test_kizuna_partner_devil_bid_ignores_partner_and_cheerleader() -> None:
    """002_4e143f857986e60e.txt, KIZUNA note: with the partner's Devil bid, only players other than the partner
    and the Cheerleader are checked; all of them succeeding means no points."""
    cheer = SeatFacts(up=(C.CHEERLEADER,), partner=1)
    partner = SeatFacts(bids=("devil",))
    made = SeatFacts(bids=("gambler",), tricks=0)
    assert items(cheer, partner, made) == {}
    failed = SeatFacts(bids=("gambler",), tricks=1)
    assert items(cheer, partner, failed) == {"bid_devil": 30}


def test_copy_uses_the_cheerleaders_own_wins() -> None:
    """002_4e143f857986e60e.txt, '### チアリーダーを裏(BID)で使用した場合': COPY one bid of another player,
    judged by the Cheerleader's own wins; a copied Devil bid ignores the Devil player and the Cheerleader."""
    cheer = SeatFacts(bids=("cheerleader",), copy_of=(1, "ninja"), tricks=2)
    other = SeatFacts(bids=("ninja",), tricks=1)
    assert items(cheer, other) == {"bid_ninja": 70}
    devil_copy = SeatFacts(bids=("cheerleader",), copy_of=(1, "devil"))
    devil = SeatFacts(bids=("devil",))
    assert items(devil_copy, devil, SeatFacts(bids=("gambler",), tricks=0)) == {}
    assert items(devil_copy, devil, SeatFacts(bids=("gambler",), tricks=1)) == {"bid_devil": 30}


def test_two_player_jack_shift_and_doubling() -> None:
    """002_4e143f857986e60e.txt, 'ゲーム変更点': the turned jack adds 3 to the bid's number (Gambler 0, 2 -> 3, 5);
    round 3 bids score double."""
    assert items(SeatFacts(bids=("gambler",), tricks=5, bid_shift=3)) == {"bid_gambler": 60}
    assert items(SeatFacts(bids=("gambler",), tricks=3, bid_shift=3)) == {"bid_gambler": 30}
    doubled = RoundRules(bid_multiplier=2)
    assert items(SeatFacts(bids=("ninja",), tricks=2), rules=doubled) == {"bid_ninja": 140}


def test_breakdown_plus_minus() -> None:
    b = Breakdown((("healer", 30), ("contract", -20)))
    assert (b.plus, b.minus) == (30, 20)
    assert NOBODY.tricks == 0


def test_cheerleader_advanced_red_queen_only_for_its_user() -> None:
    """002_4e143f857986e60e.txt, '### 上級ルール': only the player who used the red queen gets the +1 — a
    Cheerleader's own red queen adds to the partner's count it reads, not to the partner's."""
    rules = RoundRules(red_queen_user_only=True)
    cheer = SeatFacts(up=(C.CHEERLEADER,), partner=1, red_queen=1)
    partner = SeatFacts(bids=("ninja",), tricks=1)
    result = score_round([cheer, partner], rules)
    assert dict(result[0].items) == {"bid_ninja": 70}
    assert dict(result[1].items) == {}
    partner_used = SeatFacts(bids=("ninja",), tricks=1, red_queen=1)
    result = score_round([SeatFacts(up=(C.CHEERLEADER,), partner=1), partner_used], rules)
    assert dict(result[0].items) == {} and dict(result[1].items) == {"bid_ninja": 70}
    # standard rule: the partner's red queen counts for both
    result = score_round([SeatFacts(up=(C.CHEERLEADER,), partner=1), partner_used], RoundRules())
    assert dict(result[0].items) == {"bid_ninja": 70}
