"""Day ends, daily limits, start players and the trap pick-up (003_3dd097fef3f40e34.txt, '5. ゲームの進め方')."""

from __future__ import annotations

import pytest

from .helpers import G, act, kinds, make, run


def test_day_ends_when_all_but_the_last_player_to_play_have_passed() -> None:
    """003_3dd097fef3f40e34.txt, '5. ゲームの進め方': 最後にカードをプレイしたプレイヤー以外全員がパスした場合…
    1日目を終了します; '■2日目以降のスタートプレイヤー': 前の日の最後にカードをプレイしたプレイヤーが次の日の
    スタートプレイヤーとなります。"""
    state = make(
        [["or2", "or4"], ["pu3", "pu5"], ["bl1", "bl6"]], today=["bl7", "or9"], start=2, turn=1, last_player=0
    )
    state, events = act(state, 1, "pass")
    assert state.day == 1
    state, events = act(state, 2, "pass")
    assert state.day == 2 and state.start == 0 and G.to_act(state) == {0}
    assert kinds(events)[-2:] == ["day_end", "day_start"] and events[-2].data["reason"] == "passes"
    assert state.played_today == 0 and state.board[1] == ()


def test_everyone_passing_at_the_start_of_a_day_keeps_the_start_player() -> None:
    """003_3dd097fef3f40e34.txt, '5. ゲームの進め方': 1日の始めに全員がパスした場合も同様に次の日に移り、前の日の
    スタートプレイヤーが新たな一日のスタートプレイヤーとなって手番を行います。"""
    # Day 1 with B7 (6-11 only): nobody holds a 6-11.
    state = make([["or2", "or4"], ["pu3", "pu5"]], dates=("B7", "", "", "", "", ""), start=1)
    state, _ = run(state, (1, "pass"), (0, "pass"))
    assert state.day == 2 and state.start == 1 and G.to_act(state) == {1}


@pytest.mark.parametrize(("players", "limit"), [(2, 6), (3, 8), (4, 10)])
def test_daily_limit_by_player_count(players: int, limit: int) -> None:
    """003_3dd097fef3f40e34.txt, '■1日に置けるカードの上限': 2人 6枚まで、3人 8枚まで、4人 10枚まで。"""
    assert G.setup(players, {}, 1).limit == limit


def test_day_ends_at_the_limit_and_traps_count() -> None:
    """003_3dd097fef3f40e34.txt, '5. ゲームの進め方': カードがプレイされた枚数が…上限に達した場合1日目を終了;
    RULINGS: the limit counts every card played that day, traps included."""
    state = make(
        [["or7", "or9", "tt0"], ["pu8", "pu10", "pu11"]],
        today=["or1", "pu2", "or3", "pu4"],
        turn=0,
        last_player=1,
    )
    state, _ = act(state, 0, "trap:or9")  # the 5th card of 6
    assert state.day == 1 and state.played_today == 5
    state, events = act(state, 1, "play:pu8")  # the 6th: the day ends at once
    assert state.day == 2 and state.start == 1
    assert [e.data["reason"] for e in events if e.kind == "day_end"] == ["limit"]


def test_limit_follows_the_players_still_in_at_the_start_of_the_day() -> None:
    """RULINGS (TIMETRAP): the daily limit follows the number of players still in at the start of the day."""
    state = make(
        [["or2", "or9"], [], ["bl3", "bl5"], ["gr4", "gr6"]],
        out=[0, 1, 0, 0],
        today=["gr10"],
        start=3,
        turn=0,
        last_player=3,
    )
    assert state.limit == 8
    state, _ = run(state, (0, "pass"), (2, "pass"))
    assert state.day == 2 and state.limit == 8 and state.start == 3


def test_eliminated_last_player_hands_the_start_to_the_next_survivor_on_the_left() -> None:
    """RULINGS (TIMETRAP): if the last player to play was eliminated, the next surviving player to the left
    starts; 003_3dd097fef3f40e34.txt, '■各日のルール' 1～6日目: 手札が無くなったプレイヤーは脱落します。"""
    state = make([["or2", "or9"], ["pu11"], ["bl3", "bl5"]], today=["or10"], turn=1, start=0, last_player=0)
    state, events = act(state, 1, "play:pu11")
    assert "eliminated" in kinds(events) and state.out[1]
    state, _ = run(state, (2, "pass"), (0, "pass"))
    assert state.day == 2 and state.start == 2


@pytest.mark.parametrize("day", [3, 5])
def test_start_player_of_days_3_and_5_takes_a_played_trap(day: int) -> None:
    """003_3dd097fef3f40e34.txt, '■2日目以降のスタートプレイヤー': 3日目のスタートプレイヤーは…既にプレイされ、場に
    ある『タイムトラップカード』の中から1枚取り、手札に加えなくてはなりません。5日目…も同様。"""
    earlier: list[list[str | tuple[str, int]]] = [["or1", ("tt1", 12), "pu3"]]
    earlier += [["or4"]] * (day - 3)
    state = make(
        [["or2", "or9"], ["pu5", "pu6"]],
        day=day - 1,
        earlier=earlier,
        today=["pu10"],
        turn=0,
        last_player=1,
    )
    state, events = act(state, 0, "pass")
    assert state.day == day and state.start == 1
    assert "tt1" in state.hands[1]
    assert all(c != "tt1" for row in state.board for c, _ in row)
    pickup = [e for e in events if e.kind == "pickup"]
    assert pickup and pickup[0].audience is None and pickup[0].data["seat"] == 1
    assert "tt1" not in G.hidden_from(state, 0) and "tt1" not in G.hidden_from(state, None)


def test_no_pickup_without_a_trap_on_the_board_nor_on_other_days() -> None:
    """003_3dd097fef3f40e34.txt, '■2日目以降のスタートプレイヤー': ※『タイムトラップカード』が場に一枚もない場合は
    手札に加える必要はありません。"""
    state = make(
        [["or2", "or9"], ["pu5", "pu6"]],
        day=2,
        earlier=[["or1", "pu3"]],
        today=["pu10"],
        turn=0,
        last_player=1,
    )
    state, events = act(state, 0, "pass")
    assert state.day == 3 and "pickup" not in kinds(events) and state.hands[1] == ("pu5", "pu6")
    day4 = make(
        [["or2", "or9"], ["pu5", "pu6"]],
        day=3,
        earlier=[["or1", ("tt0", 12), "pu3"]],
        today=["pu10"],
        turn=0,
        last_player=1,
    )
    day4, events = act(day4, 0, "pass")
    assert day4.day == 4 and "pickup" not in kinds(events)
