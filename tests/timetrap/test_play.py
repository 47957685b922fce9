"""Playing time cards, turn order and passing (no date card in play unless a test says so)."""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction

from .helpers import G, act, make, plays, run


def test_start_player_opens_the_day_with_any_number() -> None:
    """003_3dd097fef3f40e34.txt, '■『時間転移カード』のプレイ方法': スタートプレイヤーは一日の最初に好きな数字の
    『時間転移カード』をプレイできます。"""
    state = make([["or1", "or6", "or11"], ["pu2"]])
    assert plays(state, 0) == [1, 6, 11]


def test_face_up_tile_only_higher_numbers() -> None:
    """003_3dd097fef3f40e34.txt, '■『時間転移カード』のプレイ方法': 直前にプレイされた『時間転移カード』よりも
    大きい数字の『時間転移カード』のみ; the rulebook's panel: 経時タイルがおもて向きの時 … 大きい数字。"""
    state = make([["or1", "or6", "or11"], ["pu5"]], today=["pu6"], turn=0, last_player=1)
    assert plays(state, 0) == [11]
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "play:or1")
    assert err.value.code == "timetrap.higher"


def test_face_down_tile_only_lower_numbers() -> None:
    """003_3dd097fef3f40e34.txt, '■『タイムトラップカード』のプレイ方法': 経時タイルが裏向きの時 直前にプレイ
    されている『時間転移カード』よりも小さい数字のカードをプレイする事が出来る。"""
    state = make([["or1", "or6", "or11"], ["pu5"]], tile_up=False, today=["pu6"], turn=0, last_player=1)
    assert plays(state, 0) == [1]
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "play:or11")
    assert err.value.code == "timetrap.lower"


def test_turn_passes_to_the_left_and_the_card_goes_on_the_board() -> None:
    """003_3dd097fef3f40e34.txt, '5. ゲームの進め方': カードを1枚プレイしたら左隣のプレイヤーに手番が移ります。"""
    state = make([["or2", "or9"], ["pu4", "pu5"], ["bl7", "bl8"]], start=2)
    state, events = act(state, 2, "play:bl7")
    assert G.to_act(state) == {0}
    assert state.board[0] == (("bl7", 7),)
    assert events[0].kind == "play" and events[0].audience is None
    state, _ = act(state, 0, "play:or9")
    assert G.to_act(state) == {1}


def test_pass_only_when_nothing_is_playable() -> None:
    """003_3dd097fef3f40e34.txt, '5. ゲームの進め方': 手札にプレイできる…カードが有る場合は、パスをせず
    カードを1枚選んでプレイしなくてはなりません; with nothing playable, pass."""
    state = make([["or2", "or9"], ["pu4", "pu10"]], today=["or3"], turn=1, last_player=0)
    assert G.legal_actions(state, 1) == ["play:pu4", "play:pu10"]
    with pytest.raises(IllegalAction) as err:
        act(state, 1, "pass")
    assert err.value.code == "timetrap.must_play"
    stuck = make([["or2", "or9"], ["pu4", "pu10"]], today=["or11"], turn=1, last_player=0)
    assert G.legal_actions(stuck, 1) == ["pass"]


def test_a_player_who_passed_must_play_again_when_able() -> None:
    """003_3dd097fef3f40e34.txt, '5. ゲームの進め方': パスを宣言した以降も再び手番は回ってきます。そのとき手札の
    カードがプレイできる様になっていれば、プレイしなくてはなりません。"""
    # Seat 1 (only 2 and 3) passes over a 7; seat 2 plays a 9; seat 3 flips the tile with a trap.
    state = make(
        [["or4", "or8"], ["pu2", "pu3"], ["bl5", "bl9"], ["gr1", "gr10", "tt3"]],
        today=["gr6", "or7"],
        turn=1,
        start=3,
        last_player=0,
    )
    state, _ = act(state, 1, "pass")
    assert 1 in state.passed
    state, _ = act(state, 2, "play:bl9")
    state, _ = act(state, 3, "trap:gr10")
    assert not state.tile_up
    state, _ = act(state, 0, "play:or8")  # any number right after a trap; now lower than 8
    assert G.legal_actions(state, 1) == ["play:pu2", "play:pu3"]


def test_eliminated_players_have_no_turns() -> None:
    """003_3dd097fef3f40e34.txt, '7. 脱落': プレイヤーが脱落した場合、脱落したプレイヤーの手番は以後無くなります。"""
    state = make([["or2", "or5"], [], ["bl7", "bl9"]], out=[0, 1, 0], limit=6)
    state, _ = act(state, 0, "play:or2")
    assert G.to_act(state) == {2}


def test_not_your_turn_and_card_not_in_hand_are_refused_and_state_untouched() -> None:
    state = make([["or2", "or5"], ["pu3", "pu7"]])
    before = G.to_json(state)
    with pytest.raises(IllegalAction) as err:
        act(state, 1, "play:pu3")
    assert err.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "play:pu3")
    assert err.value.code == "card_not_in_hand"
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "shout")
    assert err.value.code == "malformed_action"
    assert G.to_json(state) == before


def test_apply_returns_a_new_state_and_never_mutates_its_input() -> None:
    state = make([["or2", "or5"], ["pu3", "pu7"]])
    before = G.to_json(state)
    after, _ = run(state, (0, "play:or2"), (1, "play:pu3"))
    assert G.to_json(state) == before and after is not state


def test_only_the_seat_to_act_has_actions_whatever_seat_number_is_asked() -> None:
    """003, section 5 (手番は時計回り): only the seat whose turn it is may act; asking for any other seat
    number, even one not at the table, gives no actions (the front end asks for every seat it shows)."""
    state = make([["or1", "or6"], ["pu2"], ["bl3"]])
    assert G.legal_actions(state, 0) == ["play:or1", "play:or6"]
    for seat in (1, 2, 3, 7, -1):
        assert G.legal_actions(state, seat) == []
