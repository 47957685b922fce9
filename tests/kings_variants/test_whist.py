"""Whist rules (002_4e143f857986e60e.txt, the ホイスト pages), each from a constructed state."""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction, InvalidOptions
from games.kings.variants.components import NUMBER_COLOURS, colour_of, is_flag, is_rare
from games.kings.variants.state import VState
from tests.kings_variants.helpers import engine, play_state, rules, trick_winner

G = engine("whist")


def test_four_players_only_and_no_options() -> None:
    """ホイスト ゲームの概要: a 4-player game; the engine refuses other counts and unknown options."""
    with pytest.raises(InvalidOptions):
        G.setup(5, {}, 1, "whist")
    with pytest.raises(InvalidOptions) as err:
        G.setup(4, {"foo": "1"}, 1, "whist")
    assert "foo" in err.value.message("ja")


def test_round_one_snake_pick_gives_eleven_cards_and_public_teams() -> None:
    """ホイスト ラウンド1 (1)-(4): partners opposite; 9 cards from the 40; snake pick of a KQJ set or a
    flag/rare; the 11 and the flag/rare join the hand (11 cards); smallest king number starts."""
    s = G.setup(4, {}, 5, "whist")
    assert G.view(s, None)["teams"] == [[0, 2], [1, 3]]
    assert all(len(h) == 9 for h in s.hands) and len(s.deck) == 4
    first = s.get("first_picker")
    assert s.order == tuple([(first + i) % 4 for i in range(4)] + [(first + 3 - i) % 4 for i in range(4)])
    picks = iter(["set:k", "take:rare1", "set:w", "take:flag1", "take:rare2", "set:g", "take:flag2", "set:r"])
    while s.phase == "pick":
        seat = next(iter(G.to_act(s)))
        legal = G.legal_actions(s, seat)
        action = next(picks)
        if action not in legal:  # second picks are forced to the other kind
            action = next(a for a in legal if a.split(":")[0] != ("set" if s.sets[seat] else "take"))
        s, _ = G.apply(s, seat, action)
    assert all(len(h) == 11 for h in s.hands)
    for seat in range(4):
        assert f"{s.sets[seat]}11" in s.hands[seat]
        assert sum(is_flag(c) or is_rare(c) for c in s.hands[seat]) == 1
    left = next(c for c in "wrbgk" if c not in s.sets)
    assert s.box == (f"{left}11",)  # the set nobody took goes back to the box
    white = s.sets.index("w")
    assert s.phase == "play" and s.leader == white


def test_second_pick_must_be_the_other_kind() -> None:
    """ホイスト ラウンド1 (4): everyone takes one KQJ set (one set is left over) and one flag or rare."""
    s = G.setup(4, {}, 5, "whist")
    seat = s.order[0]
    s, _ = G.apply(s, seat, "set:r")
    s = s._replace(order=(seat, *s.order[1:]))
    assert all(a.startswith("take:") for a in G.legal_actions(s, seat))


def test_white_jack_any_time_takes_lead_colour_and_carries_the_white_king() -> None:
    """ホイスト 白ジャック: any time, lead colour, the white king may go on it."""
    s = play_state("whist", [["r2"], ["w11", "g3"], ["g4"], ["b5"]], "rwgb", trick=[(0, "r2")])
    legal = G.legal_actions(s, 1)
    assert "play:w11" in legal and "play:w11:K" in legal and "play:g3" in legal
    s, _ = G.apply(s, 1, "play:w11")
    s, _ = G.apply(s, 2, "play:g4")
    s, events = G.apply(s, 3, "play:b5")
    assert trick_winner(events) == 1
    with pytest.raises(IllegalAction):
        G.apply(play_state("whist", [["r2"], ["r3"], ["g4"], ["b5"]], "rwgb"), 0, "play:r2:K:x")


def test_red_queen_counts_only_when_that_trick_is_won() -> None:
    """ホイスト 赤クイーン(ルールの変更点): the +1 only when the red-queen player wins that trick."""
    s = play_state("whist", [["r2", "r9"], ["r3", "r4"], ["r5", "r6"], ["r7", "r8"]], "rwgb")
    s, _ = G.apply(s, 0, "play:r2:qr")
    for seat, card in ((1, "r3"), (2, "r5"), (3, "r7")):
        s, _ = G.apply(s, seat, f"play:{card}")
    assert s.bonus == (0, 0, 0, 0) and s.tricks[3] == 1
    assert s.queen_left[0] == 0
    s2 = play_state("whist", [["r9"], ["r3"], ["r5"], ["r7"]], "rwgb")
    s2, _ = G.apply(s2, 0, "play:r9:qr")
    for seat, card in ((1, "r3"), (2, "r5"), (3, "r7")):
        s2, _ = G.apply(s2, seat, f"play:{card}")
    assert s2.bonus[0] == 1


def test_green_queen_twice_a_game_and_plays_last() -> None:
    """ホイスト 緑クイーン: usable twice in the game; the card then comes after everyone else's."""
    assert rules("whist").queen_uses("g") == 2
    s = play_state("whist", [["g2", "r1"], ["r3"], ["r5"], ["r7"]], "gwrb", queens=[2, 1, 1, 1])
    s, _ = G.apply(s, 0, "green")
    assert G.to_act(s) == {1}
    for seat, card in ((1, "r3"), (2, "r5"), (3, "r7")):
        s, _ = G.apply(s, seat, f"play:{card}")
    assert G.to_act(s) == {0}
    assert G.legal_actions(s, 0) == ["play:r1"]  # must follow red; no second queen in the same trick
    s, _ = G.apply(s, 0, "play:r1")
    assert [e.card for e in s.last_trick][-1] == "r1"
    assert s.queen_left[0] == 1  # one use left


def test_white_queen_makes_a_rare_and_a_flag_beats_it() -> None:
    """ホイスト 白旗: also valid when a white queen made the rare."""
    s = play_state("whist", [["r2"], ["r9"], ["flag1"], ["k10"]], "rwgb")
    s, _ = G.apply(s, 0, "play:r2")
    s, _ = G.apply(s, 1, "play:r9:qw")
    s, _ = G.apply(s, 2, "play:flag1")
    s, events = G.apply(s, 3, "play:k10")
    assert trick_winner(events) == 2


def _scored(tricks: tuple[int, ...], bonus: tuple[int, ...], team_scores: list[int], round_no: int) -> VState:
    s = play_state("whist", [[], [], [], []], "rwgb", round_no=round_no, info={"team_scores": team_scores})
    s = s._replace(tricks=tricks, bonus=bonus)
    s, _ = rules("whist").end_round(s)
    return s


def test_round_points_and_red_queen_tie() -> None:
    """ホイスト 勝利点の獲得: 100 to the team with more tricks; both teams on a red-queen tie."""
    s = _scored((3, 2, 3, 3), (0, 0, 0, 0), [0, 0], 1)
    assert s.get("team_scores") == [100, 0] and s.phase == "scored"
    s = _scored((3, 3, 2, 3), (1, 0, 0, 0), [0, 0], 1)
    assert s.get("team_scores") == [100, 100]


def test_third_round_only_on_a_tie_and_king_number_tie_break() -> None:
    """ホイスト ラウンド2(3) 7: 100-100 after two rounds plays a third; 200-200: smaller king numbers."""
    s = _scored((3, 2, 3, 3), (0, 0, 0, 0), [100, 0], 2)
    assert s.phase == "over" and G.outcome(s) is not None and G.outcome(s).placements == (1, 2, 1, 2)  # type: ignore[union-attr]
    s = _scored((2, 3, 3, 3), (0, 0, 0, 0), [100, 0], 2)
    assert s.phase == "scored" and s.get("team_scores") == [100, 100]
    s = _scored((3, 3, 2, 3), (1, 0, 0, 0), [100, 100], 2)
    assert s.phase == "over" and s.get("team_scores") == [200, 200]
    outcome = G.outcome(s)
    assert outcome is not None and outcome.teams == ((0, 2), (1, 3))
    # sets r(2) g(4) vs w(1) b(3): team 1 has the smaller total king number
    assert outcome.placements == (2, 1, 2, 1)


def test_tie_after_king_numbers_stays_a_draw() -> None:
    """ホイスト ラウンド2(3) 7 names no further tie-break (unlike Napoleon's Emperor): RULINGS.md, a draw."""
    s = _scored((3, 3, 2, 3), (1, 0, 0, 0), [100, 100], 2)
    s = s._replace(sets=tuple("wrgb"))  # w 1 + g 4 = r 2 + b 3
    outcome = G.outcome(s)
    assert outcome is not None and outcome.details["team_king_numbers"] == [5, 5]
    assert outcome.placements == (1, 1, 1, 1)


def test_rounds_two_and_three_pick_in_king_number_order_and_keep_used_kings() -> None:
    """ホイスト ラウンド2(3): own 11 back in hand, 9 cards, flags/rares in king-number order;
    キングとクイーンの効果はゲーム中に1回: a used king stays used."""
    s = play_state("whist", [[], [], [], []], "rwgb", info={"team_scores": [100, 0]})
    s = s._replace(
        phase="scored", king_used=(False, True, False, False), pool=("flag1", "flag2", "rare1", "rare2")
    )
    deck = [c for c in s.deck if colour_of(c) in NUMBER_COLOURS and not c.endswith("11")]
    s = s._replace(deck=tuple(deck), box=("r11", "w11", "g11", "b11", "k11"))
    s, _ = G.apply(s, 0, "next")
    assert s.round == 2 and s.phase == "pick"
    assert all(len(h) == 10 and f"{s.sets[i]}11" in h for i, h in enumerate(s.hands))
    assert s.order == (0, 3, 2, 1)  # red 2, blue 3, green 4, white used 6
    for _ in range(4):
        seat = s.order[0]
        s, _ = G.apply(s, seat, G.legal_actions(s, seat)[0])
    assert s.phase == "play" and s.leader == 0 and all(len(h) == 11 for h in s.hands)
    assert not any(a.endswith(":K") for a in G.legal_actions(s, 1))


def test_openly_taken_cards_are_known_to_everyone() -> None:
    """ホイスト ラウンド1 (4): the sets and the flags/rares are taken from the table in view of all, so
    the views show who holds them (and the rest of each hand stays hidden)."""
    s = G.setup(4, {}, 5, "whist")
    seat = s.order[0]
    s, _ = G.apply(s, seat, "take:rare1")
    other = (seat + 1) % 4
    assert "rare1" in G.view(s, other)["known"][str(seat)]
    assert "rare1" not in G.hidden_from(s, other)
    assert set(s.hands[seat]) - {"rare1"} <= G.hidden_from(s, other)


def test_green_queen_lead_leads_nothing() -> None:
    """RULINGS.md (KINGs): the lead player who uses the green queen leads nothing; the first number card
    played sets the lead colour."""
    s = play_state("whist", [["g9", "b1"], ["r3", "b2"], ["r5"], ["r7"]], "gwrb", queens=[2, 1, 1, 1])
    s, _ = G.apply(s, 0, "green")
    assert "play:b2" in G.legal_actions(s, 1)  # nothing to follow yet
    s, _ = G.apply(s, 1, "play:r3")
    s, _ = G.apply(s, 2, "play:r5")
    s, _ = G.apply(s, 3, "play:r7")
    assert {"play:g9", "play:b1"} <= set(G.legal_actions(s, 0))  # no red in hand: anything goes
    s, events = G.apply(s, 0, "play:g9")
    assert trick_winner(events) == 3


def test_white_queen_rare_lead_leaves_the_next_player_free() -> None:
    """002 レアと白旗カードの出し方 (「最初に出されたカードがレアや白旗カードの場合は、次のプレイヤーはどのカードを
    出してもかまいません。次のプレイヤーが数字カードを出したならば、それ以降はマストフォロー」) and ■白クイーン:
    a red card the white queen made a rare leads as a rare (RULINGS.md), so blue may follow it and sets
    the lead colour."""
    hands = [["r9", "k1"], ["r3", "b5"], ["b7", "r2"], ["g4", "r6"]]
    s = play_state("whist", hands, "wbrg")
    s, _ = G.apply(s, 0, "play:r9:qw")
    assert {"play:r3", "play:b5"} <= set(G.legal_actions(s, 1))
    s, _ = G.apply(s, 1, "play:b5")
    legal = G.legal_actions(s, 2)
    assert "play:b7" in legal and "play:r2" not in legal  # blue is the lead colour now
    s, _ = G.apply(s, 2, "play:b7")
    s, events = G.apply(s, 3, "play:r6")
    assert trick_winner(events) == 0  # the rare


def test_blue_queen_flag_lead_leaves_the_next_player_free() -> None:
    """002 レアと白旗カードの出し方 and ■青クイーン: a card the blue queen made a flag leads as a flag."""
    hands = [["g4", "k1"], ["r3", "b5"], ["b7", "r2"], ["g8", "r6"]]
    s = play_state("whist", hands, "wbrg", leader=1)
    s, _ = G.apply(s, 1, "play:r3:qb")
    assert {"play:b7", "play:r2"} <= set(G.legal_actions(s, 2))
    s, _ = G.apply(s, 2, "play:b7")
    assert {"play:g8", "play:r6"} <= set(G.legal_actions(s, 3))  # no blue in hand: anything
    s, _ = G.apply(s, 3, "play:g8")
    s, events = G.apply(s, 0, "play:k1")
    assert trick_winner(events) == 0  # black trump beats the blue lead; the flag is weakest
