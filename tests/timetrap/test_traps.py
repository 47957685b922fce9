"""Time Trap cards and the elapsed tile (003_3dd097fef3f40e34.txt, '■『タイムトラップカード』のプレイ方法')."""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction

from .helpers import G, act, can_trap, make, plays, run

SECTION = "003_3dd097fef3f40e34.txt, '■『タイムトラップカード』のプレイ方法'"


def test_trap_only_right_after_a_time_card_by_the_previous_player() -> None:
    """003_3dd097fef3f40e34.txt, '■『タイムトラップカード』のプレイ方法': 前の手番プレイヤーが『時間転移カード』を
    プレイした直後の手番でプレイしなければなりません。"""
    state = make([["or3", "tt0"], ["pu5", "pu9"]], today=["pu4"], turn=0, last_player=1)
    assert can_trap(state, 0)
    # After a pass in between, the previous turn was a pass: no trap.
    passed = make([["or3", "tt0"], ["pu2", "pu9"], ["bl1"]], today=["pu9"], turn=2, last_player=1)
    passed, _ = act(passed, 2, "pass")
    assert not can_trap(passed, 0)
    with pytest.raises(IllegalAction) as err:
        act(passed, 0, "trap:or3")
    assert err.value.code == "timetrap.trap_after_time"


def test_trap_never_first_in_a_day_nor_after_another_trap() -> None:
    """003_3dd097fef3f40e34.txt, '■『タイムトラップカード』のプレイ方法': 『タイムトラップカード』はその日の最初に
    プレイすることはできません。直前にプレイされたカードが『タイムトラップカード』の場合は、続けて…できません。"""
    first = make([["or3", "or5", "tt0"], ["pu5"]])
    assert not can_trap(first, 0)
    after_trap = make([["or3", "or5", "tt0"], ["pu5"]], today=["pu4", ("tt1", 12)], tile_up=False, turn=0)
    assert not can_trap(after_trap, 0)


def test_at_most_two_traps_a_day() -> None:
    """003_3dd097fef3f40e34.txt, '■『タイムトラップカード』のプレイ方法': 『タイムトラップカード』は1日に2枚までしか
    プレイできません。"""
    state = make(
        [["or3", "or9", "tt0"], ["pu5"], ["bl2"]],
        today=["bl1", ("tt1", 12), "pu11", ("tt2", 0), "bl4"],
        turn=0,
        last_player=2,
    )
    assert state.traps_today == 2 and state.tile_up
    assert not can_trap(state, 0)
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "trap:or3")
    assert err.value.code == "timetrap.two_traps"


def test_playing_a_trap_discards_a_time_card_face_down_and_flips_the_tile() -> None:
    """003_3dd097fef3f40e34.txt, '■『タイムトラップカード』のプレイ方法': 手札から『時間転移カード』を1枚選んで捨て札の
    山に裏向きで捨てます。その後、『経時タイル』を裏向きにします。それ以降は…小さい数字の…のみ。"""
    state = make(
        [["or3", "or8", "tt0"], ["pu5", "pu6"], ["bl1", "bl10"]], today=["bl4"], turn=0, last_player=2
    )
    state, events = act(state, 0, "trap:or8")
    assert state.hands[0] == ("or3",)
    assert "or8" in state.discard and state.board[0][-1] == ("tt0", 12)
    assert not state.tile_up
    public = [e for e in events if e.audience is None]
    assert all("or8" not in str(e.data) for e in public)
    private = [e for e in events if e.kind == "trap_discard"]
    assert private[0].audience == frozenset({0}) and private[0].data["card"] == "or8"
    assert "or8" in G.hidden_from(state, 1) and "or8" not in G.hidden_from(state, 0)
    # The next player plays any number (12 with a face-down tile: everything is lower)...
    assert plays(state, 1) == [5, 6]
    state, _ = act(state, 1, "play:pu6")
    # ...and then only lower numbers.
    assert plays(state, 2) == [1]


def test_a_trap_counts_12_face_up_and_0_face_down() -> None:
    """003_3dd097fef3f40e34.txt, '■『タイムトラップカード』のプレイ方法': 『経時タイル』がおもて向きの時は
    『タイムトラップカード』を『12』として、裏向きの時は『0』として扱います (RULINGS: fixed when played)."""
    down = make([["or3", "or8", "tt0"], ["pu5", "pu6"]], tile_up=False, today=["pu7"], turn=0, last_player=1)
    down, events = act(down, 0, "trap:or3")
    assert down.board[0][-1] == ("tt0", 0) and down.tile_up
    assert events[0].data["value"] == 0
    assert plays(down, 1) == [5, 6]  # higher than 0: any number


def test_each_trap_flips_the_tile_again() -> None:
    """003_3dd097fef3f40e34.txt, '■『タイムトラップカード』のプレイ方法': 以降『タイムトラップカード』がプレイされる
    度に、『経時タイル』の表裏の向きが変わり、プレイできる…順番も逆転します。"""
    state = make(
        [["or1", "or3", "or11", "tt0"], ["pu5", "pu6", "tt1", "pu2"]], today=["pu7"], turn=0, last_player=1
    )
    state, _ = run(state, (0, "trap:or3"), (1, "play:pu5"), (0, "play:or1"))
    assert not state.tile_up
    state, _ = act(state, 1, "trap:pu2")
    assert state.tile_up and state.traps_today == 2


def test_a_trap_needs_a_time_card_to_discard() -> None:
    """RULINGS (TIMETRAP): a Time Trap needs a time card in hand to discard; without one it cannot be played."""
    state = make([["tt0"], ["pu5", "pu6"]], today=["pu4"], turn=0, last_player=1)
    assert G.legal_actions(state, 0) == ["pass"]


def test_the_tile_keeps_its_side_into_the_next_day() -> None:
    """RULINGS (TIMETRAP): the elapsed tile keeps its side from day to day."""
    state = make([["or3", "or8", "tt0"], ["pu5"]], today=["pu9"], turn=0, last_player=1, limit=2)
    state, events = act(state, 0, "trap:or3")
    assert state.day == 2 and not state.tile_up
    assert "day_end" in [e.kind for e in events]


def test_a_trap_may_follow_your_own_extra_turn_card_and_a_skip() -> None:
    """Ruling (docs/rules/timetrap.md): "the previous turn" is whoever took the previous turn — your own
    time card on a Y4 extra turn, or the 9 of the player before a skipped one (Y5)."""
    y4 = make([["or7", "or9", "or10", "tt0"], ["pu8", "pu10"]], day=2, dates=("", "Y4", "", "", "", ""))
    y4, _ = act(y4, 0, "play:or7")
    assert G.to_act(y4) == {0} and can_trap(y4, 0)
    y5 = make(
        [["or9", "or2"], ["pu10", "pu11"], ["bl10", "bl1", "tt2"]], day=2, dates=("", "Y5", "", "", "", "")
    )
    y5, _ = act(y5, 0, "play:or9")
    assert G.to_act(y5) == {2} and can_trap(y5, 2)
