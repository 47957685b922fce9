"""Napoleon rules (002_4e143f857986e60e.txt, the ナポレオン pages), each from a constructed state."""

from __future__ import annotations

import random

import pytest

from games.core.errors import IllegalAction, InvalidOptions
from games.kings.variants import data
from games.kings.variants.components import NUMBER_COLOURS, colour_of
from games.kings.variants.napoleon import Napoleon
from games.kings.variants.state import VState
from tests.kings_variants.helpers import engine, play_state, rules, trick_winner

G = engine("napoleon")
_rules = rules("napoleon")
assert isinstance(_rules, Napoleon)
R: Napoleon = _rules


def bid_all(s: VState, bids: list[str]) -> VState:
    """Force the given bid cards into the hands, then commit them seat by seat."""
    hands = [list(h) for h in s.hands]
    deck = list(s.deck)
    for seat, card in enumerate(bids):
        if card not in hands[seat]:
            owner = next((i for i, h in enumerate(hands) if card in h), None)
            if owner is not None:
                hands[owner].remove(card)
                hands[owner].append(hands[seat].pop())
            else:
                deck.remove(card)
                deck.append(hands[seat].pop())
            hands[seat].append(card)
    s = s._replace(hands=tuple(tuple(h) for h in hands), deck=tuple(deck))
    for seat, card in enumerate(bids):
        s, _ = G.apply(s, seat, f"bid:{card}")
    return s


def test_five_players_only() -> None:
    """ナポレオン ゲームの概要: 5-player game."""
    with pytest.raises(InvalidOptions):
        G.setup(4, {}, 1, "napoleon")


def test_bids_are_secret_until_all_are_in_then_order_the_set_picks() -> None:
    """ナポレオン ラウンド1 3: number cards face down, revealed together; bigger numbers pick first,
    ties black, red, blue, green. Teams are public only once the sets are taken."""
    s = G.setup(5, {}, 2, "napoleon")
    assert all(len(h) == 8 for h in s.hands) and len(s.deck) == 4
    assert G.to_act(s) == {0, 1, 2, 3, 4}
    assert all(colour_of(a.split(":")[1]) in NUMBER_COLOURS for a in G.legal_actions(s, 0))
    s1, events = G.apply(s, 0, G.legal_actions(s, 0)[0])
    card = G.legal_actions(s, 0)[0].split(":")[1]
    assert card in G.hidden_from(s1, 1) and card not in G.hidden_from(s1, 0)
    assert all(card not in str(e.data) for e in events)
    assert G.to_act(s1) == {1, 2, 3, 4}
    s = bid_all(s, ["r7", "k7", "g9", "b7", "r2"])
    assert s.phase == "set" and s.order == (2, 1, 0, 3, 4)
    assert "teams" not in G.view(s, None)
    for seat, colour in zip(s.order, "wkrbg", strict=True):
        s, _ = G.apply(s, seat, f"set:{colour}")
    assert G.view(s, None)["teams"] == [[1, 2], [0, 3, 4]]
    assert "w11" in s.hands[2] and "w12" in s.hands[2]


def _after_sets(seed: int = 4) -> VState:
    s = G.setup(5, {}, seed, "napoleon")
    s = bid_all(s, ["r10", "k9", "g8", "b7", "r6"])
    for seat, colour in zip(s.order, "wkrbg", strict=True):
        s, _ = G.apply(s, seat, f"set:{colour}")
    return s


def test_emperor_exchange_cannot_discard_flag_rare_jack_queen() -> None:
    """ナポレオン ラウンド1 3: the white king takes the 4 deck cards and discards 4; white flag, rare,
    jack and queen cannot be discarded."""
    s = _after_sets()
    assert s.phase == "exchange" and G.to_act(s) == {0}
    assert len(s.hands[0]) == 13 and s.deck == ()
    legal = G.legal_actions(s, 0)
    assert legal and all(
        colour_of(a.split(":")[1]) in NUMBER_COLOURS and not a.endswith(("11", "12")) for a in legal
    )
    with pytest.raises(IllegalAction):
        G.apply(s, 0, "discard:w11")
    for _ in range(4):
        s, _ = G.apply(s, 0, G.legal_actions(s, 0)[0])
    assert len(s.discards[0]) == 4 and set(s.discards[0]) <= G.hidden_from(s, 1)
    assert s.phase == "play" and s.leader == 0


def test_jack_dispatch() -> None:
    """ナポレオン ラウンド1 4: white and black swap jacks; red, blue, green pass theirs clockwise."""
    s = _after_sets()
    for _ in range(4):
        s, events = G.apply(s, 0, G.legal_actions(s, 0)[0])
    # seats: 0 white, 1 black, 2 red, 3 blue, 4 green
    assert "k11" in s.hands[0] and "w11" in s.hands[1]
    assert "g11" in s.hands[2] and "r11" in s.hands[3] and "b11" in s.hands[4]
    assert all(len(h) == 9 for h in s.hands)
    dispatch = next(e for e in events if e.kind == "dispatch")
    assert dispatch.audience is None


def test_white_jack_and_queen_any_time_and_king_placements() -> None:
    """ナポレオン ■白ジャック & クイーン: any time, take the lead colour; the white king on the white
    queen; the black king on the white jack only when the lead colour is black."""
    hands = [["k3", "w12"], ["w11", "k2"], ["k5"], ["g1"], ["r4"]]
    s = play_state("napoleon", hands, "wkrbg", leader=1, queens=[0] * 5)
    assert "play:w11:K" not in G.legal_actions(s, 1)
    s = play_state("napoleon", hands, "wkrbg", leader=0, queens=[0] * 5)
    assert "play:w12:K" in G.legal_actions(s, 0)
    s, _ = G.apply(s, 0, "play:k3")
    legal = G.legal_actions(s, 1)
    assert "play:w11" in legal and "play:w11:K" in legal
    s, _ = G.apply(s, 1, "play:w11")
    s, _ = G.apply(s, 2, "play:k5")
    s, _ = G.apply(s, 3, "play:g1")
    s, events = G.apply(s, 4, "play:r4")
    assert trick_winner(events) == 1  # the white jack is a black 11


def test_point_table() -> None:
    """ナポレオン ■勝利点の獲得: 10 a trick, 10 per card of a used king's colour, 10 per jack/queen/rare,
    -10 per white flag (after the plus points); round 2 only: unused kings 60/50/40/30/20."""
    s = play_state("napoleon", [[]] * 5, "wkrbg", queens=[0] * 5, info={"team_scores": [0, 0]})
    taken = (("rare1", "flag1", "r3", "w11"), ("k4", "k12", "flag2"), ("r5", "r11", "b2"), (), ())
    s = s._replace(taken=taken, tricks=(1, 1, 1, 0, 0), king_used=(False, True, False, False, False))
    assert R.round_points(s, 0) == (10 + 10 + 10, 10)  # white king unused: rare 10, w11 jack 10
    assert R.round_points(s, 1) == (10 + 10 + 20, 10)  # black used: k4 10, k12 colour 10 + queen 10
    assert R.round_points(s, 2) == (10 + 10, 0)  # red unused: only r11 as a jack
    s2 = s._replace(round=2)
    assert R.round_points(s2, 0)[0] == 30 + 60
    assert R.round_points(s2, 1)[0] == 40  # black king used: no bonus
    assert R.round_points(s2, 3)[0] == 40


def test_king_colour_cards_pay_only_for_a_used_king() -> None:
    """ナポレオン ■勝利点の獲得: 「トリックでとったキングと同じ色のカード(キングの裏面) +10点」 is the used king's
    back side (002 ■使用したキングの効果(裏面), 持続効果; RULINGS.md): +10 per taken card of the king's colour
    (white: flags and rares) only once that king is used, this round or the last."""
    s = play_state("napoleon", [[]] * 5, "wkrbg", queens=[0] * 5, info={"team_scores": [0, 0]})
    taken = (("rare1", "flag1"), ("k4", "k9"), ("r5", "r6", "r7"), (), ())
    s = s._replace(taken=taken, tricks=(1, 1, 1, 0, 0))
    assert [R.round_points(s, i) for i in range(3)] == [(20, 10), (10, 0), (10, 0)]
    used = s._replace(king_used=(True, True, True, False, False))
    assert [R.round_points(used, i) for i in range(3)] == [(40, 10), (30, 0), (40, 0)]
    # Used in round 1, the back side still pays in round 2 (and the unused-king bonus is gone).
    assert R.round_points(used._replace(round=2), 2) == (40, 0)
    assert R.round_points(s._replace(round=2), 2) == (10 + 50, 0)


def test_round_two_trailing_team_exchange_and_start_player() -> None:
    """ナポレオン ラウンド2: own 11/12, 7 cards, the white king and the trailing team's black or red king
    exchange 4; the smallest king number leads."""
    s = play_state("napoleon", [[]] * 5, "wkrbg", queens=[0] * 5, info={"team_scores": [100, 150]})
    s = s._replace(phase="scored", scores=(50, 50, 50, 50, 50), king_used=(True, False, False, False, False))
    s, _ = G.apply(s, 3, "next")
    assert s.round == 2 and s.phase == "exchange"
    assert G.to_act(s) == {0, 1}
    assert len(s.hands[0]) == 13 and len(s.hands[1]) == 13 and len(s.hands[2]) == 9
    for seat in (0, 1):
        for _ in range(4):
            s, _ = G.apply(s, seat, G.legal_actions(s, seat)[0])
    assert s.phase == "play" and s.leader == 2  # white used (6): red 2 is smallest
    s = play_state("napoleon", [[]] * 5, "wkrbg", queens=[0] * 5, info={"team_scores": [150, 100]})
    s, _ = G.apply(s._replace(phase="scored"), 0, "next")
    assert G.to_act(s) == {0, 2}


def test_tie_breaks() -> None:
    """ナポレオン ラウンド2 6: more points wins; equal: smaller team king-number total; then the Emperor."""
    s = play_state("napoleon", [[]] * 5, "wkrbg", queens=[0] * 5)
    s = s._replace(phase="over", scores=(30, 30, 20, 20, 30))
    out = G.outcome(s)
    assert out is not None and out.placements == (2, 2, 1, 1, 1)
    s = s._replace(scores=(30, 30, 20, 10, 30))
    out = G.outcome(s)
    assert out is not None and out.placements == (1, 1, 2, 2, 2)  # 60-60: 1+5 < 2+3+4
    assert out.teams == ((0, 1), (2, 3, 4))
    s = s._replace(king_used=(True, True, False, False, False))  # 6+10 = 16 > 2+3+4 = 9
    out = G.outcome(s)
    assert out is not None and out.placements == (2, 2, 1, 1, 1)


def test_final_tie_goes_to_the_emperor_team(monkeypatch: pytest.MonkeyPatch) -> None:
    """ナポレオン ラウンド2 6: 「キングナンバーも同数の場合は、エンペラーがゲームに勝利します」. With the printed
    (PROVISIONAL) king numbers the two teams' sums never meet, so the tie is made with corrected numbers."""
    monkeypatch.setitem(data.KING_NUMBER_UP, "w", 4)  # Emperor team 4 + 5 = 9 = red 2 + blue 3 + green 4
    s = play_state("napoleon", [[]] * 5, "wkrbg", queens=[0] * 5)
    s = s._replace(phase="over", scores=(30, 30, 20, 20, 20))
    out = G.outcome(s)
    assert out is not None and out.details["team_king_numbers"] == [9, 9]
    assert out.placements == (1, 1, 2, 2, 2)
    s = s._replace(sets=tuple("rbgwk"), scores=(20, 20, 20, 30, 30))  # the Emperor's team at seats 3, 4
    out = G.outcome(s)
    assert out is not None and out.placements == (2, 2, 2, 1, 1)


def test_king_once_a_game() -> None:
    """ナポレオン ゲームの概要: キングの効果はゲーム中に1回しか使用できません (a used king stays used in round 2)."""
    s = play_state("napoleon", [["r3"], ["b2"], ["r5", "r9"], ["g1"], ["k4"]], "wkrbg", queens=[0] * 5)
    s, _ = G.apply(s, 0, "play:r3")
    s, _ = G.apply(s, 1, "play:b2")
    assert "play:r5:K" in G.legal_actions(s, 2)
    s, _ = G.apply(s, 2, "play:r9:K")
    assert s.king_used[2]
    s2 = play_state("napoleon", [["r3"], ["b2"], ["r5"], ["g1"], ["k4"]], "wkrbg", queens=[0] * 5, round_no=2)
    s2 = s2._replace(king_used=s.king_used)
    s2, _ = G.apply(s2, 0, "play:r3")
    s2, _ = G.apply(s2, 1, "play:b2")
    assert G.legal_actions(s2, 2) == ["play:r5"]


def test_the_seats_to_bid_are_those_with_no_card_aside() -> None:
    """phase_to_act in the bid phase (built by C-level passes over `aside`) against the plain rule, at
    every bid of seeded games."""
    seen = 0
    for seed in range(30):
        rng = random.Random(seed)
        s = G.setup(5, {}, seed)
        while s.phase == "bid":
            acting = R.phase_to_act(s)
            assert acting == frozenset(i for i, pile in enumerate(s.aside) if not pile)
            seat = rng.choice(sorted(acting))
            s, _ = G.apply(s, seat, rng.choice(G.legal_actions(s, seat)))
            seen += 1
    assert seen == 150
