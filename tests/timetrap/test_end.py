"""Elimination and the end of the game (003_3dd097fef3f40e34.txt, '7. 脱落' and '8. ゲームの終了と勝利条件')."""

from __future__ import annotations

from .helpers import G, act, kinds, make, run


def test_empty_hand_at_the_end_of_your_turn_on_days_1_to_6_eliminates() -> None:
    """003_3dd097fef3f40e34.txt, '7. 脱落': 1～6日目の自分の手番が終了する時に手札が1枚もない場合、脱落します。"""
    state = make([["or10"], ["pu2", "pu3"], ["bl1", "bl4"]], day=6)
    state, events = act(state, 0, "play:or10")
    assert state.out[0] and [e.data["reason"] for e in events if e.kind == "eliminated"] == ["empty_hand"]
    assert not state.over and G.to_act(state) == {1}


def test_emptying_your_hand_with_a_trap_also_eliminates() -> None:
    """003_3dd097fef3f40e34.txt, '7. 脱落' (a trap and its discarded time card leave the hand together)."""
    state = make([["or3", "tt0"], ["pu2", "pu3"], ["bl1", "bl4"]], today=["bl2"], turn=0, last_player=2)
    state, _ = act(state, 0, "trap:or3")
    assert state.out[0]


def test_last_survivor_wins_at_once() -> None:
    """003_3dd097fef3f40e34.txt, '8. ゲームの終了と勝利条件': 7日目を迎えるまでに生存するプレイヤーが一人になった場合、
    即座に生存しているプレイヤーが勝者となりゲームが終了します。"""
    state = make([["or10"], ["pu2", "pu3"]], day=3)
    state, events = act(state, 0, "play:or10")
    assert state.over and state.winner == 1 and state.end_reason == "last_survivor"
    assert kinds(events)[-1] == "game_over" and G.to_act(state) == frozenset()
    outcome = G.outcome(state)
    assert outcome is not None and outcome.placements == (2, 1) and outcome.scores == (0.0, 1.0)


def test_holding_a_trap_as_day_7_begins_eliminates_and_the_start_moves_left() -> None:
    """003_3dd097fef3f40e34.txt, '7. 脱落': 7日目が始まる時に『タイムトラップカード』が手札にあった場合、即座に
    脱落します。※7日目が始まる時にスタートプレイヤーが脱落した場合、生存している左隣のプレイヤーが新たなスタート
    プレイヤーとなります。"""
    state = make(
        [["or2", "or9"], ["pu4", "tt1"], ["bl3", "bl5"], ["gr1", "gr6"]],
        day=6,
        today=["pu11"],
        start=1,
        turn=2,
        last_player=1,
    )
    state, events = run(state, (2, "pass"), (3, "pass"), (0, "pass"))
    assert state.day == 7 and state.out[1] and not state.over
    assert [e.data["reason"] for e in events if e.kind == "eliminated"] == ["trap"]
    assert state.start == 2 and G.to_act(state) == {2} and state.limit == 8


def test_everyone_holding_a_trap_on_day_7_means_no_winner() -> None:
    """RULINGS (TIMETRAP): everyone eliminated: no winner."""
    state = make(
        [["or2", "tt0"], ["pu4", "tt1"]],
        day=6,
        today=["pu11"],
        start=1,
        turn=0,
        last_player=1,
        after_time=False,
    )
    state, _events = act(state, 0, "pass")
    assert state.over and state.winner is None and state.end_reason == "no_survivor"
    outcome = G.outcome(state)
    assert outcome is not None and 1 not in outcome.placements


def test_one_survivor_after_the_day_7_trap_check_wins() -> None:
    """003_3dd097fef3f40e34.txt, '8. ゲームの終了と勝利条件' (last survivor) with the day-7 trap check."""
    state = make(
        [["or2", "tt0"], ["pu4", "pu6"]],
        day=6,
        today=["pu11"],
        start=1,
        turn=0,
        last_player=1,
        after_time=False,
    )
    state, _ = act(state, 0, "pass")
    assert state.over and state.winner == 1


def test_first_to_empty_their_hand_on_day_7_wins() -> None:
    """003_3dd097fef3f40e34.txt, '8. ゲームの終了と勝利条件': 7日目にカードをプレイした後、最初に手札が無くなった
    プレイヤーが勝者となりゲームが終了します。"""
    state = make([["or2", "or9"], ["pu4"], ["bl3", "bl5"]], day=7, turn=1, start=1)
    state, _events = act(state, 1, "play:pu4")
    assert state.over and state.winner == 1 and state.end_reason == "emptied_day7"
    outcome = G.outcome(state)
    assert outcome is not None and outcome.placements == (2, 1, 2)


def test_fewest_cards_when_day_7_ends_wins() -> None:
    """003_3dd097fef3f40e34.txt, '8. ゲームの終了と勝利条件': 7日目が終了した場合、その時点で手札が最も少ない
    プレイヤーが勝者となりゲームが終了します。"""
    state = make(
        [["or2", "or3", "or4"], ["pu1", "pu5"], ["bl1", "bl5", "bl6"]],
        day=7,
        start=0,
        today=["or11"],
        turn=1,
        last_player=0,
    )
    state, _events = run(state, (1, "pass"), (2, "pass"))
    assert state.over and state.winner == 1 and state.end_reason == "fewest"
    outcome = G.outcome(state)
    assert outcome is not None and outcome.placements == (2, 1, 2)


def test_tie_goes_to_the_day_7_start_player() -> None:
    """003_3dd097fef3f40e34.txt, '8. ゲームの終了と勝利条件': ※複数の首位プレイヤーの手札枚数が同じ場合、7日目の
    スタートプレイヤーが勝者となります。"""
    state = make(
        [["or2", "or3"], ["pu1", "pu5"], ["bl1", "bl5", "bl6"]],
        day=7,
        start=1,
        today=["pu11"],
        turn=2,
        last_player=1,
    )
    state, _ = run(state, (2, "pass"), (0, "pass"))
    assert state.winner == 1


def test_tie_without_the_start_player_goes_to_the_first_in_turn_order_from_the_start() -> None:
    """RULINGS (TIMETRAP): otherwise the tied player reached first in turn order from the start player."""
    state = make(
        [["or2", "or3"], ["pu1", "pu5", "pu6"], ["bl1", "bl5"], ["gr1", "gr2", "gr3"]],
        day=7,
        start=1,
        today=["pu11"],
        turn=2,
        last_player=1,
    )
    state, _ = run(state, (2, "pass"), (3, "pass"), (0, "pass"))
    assert state.winner == 2
    outcome = G.outcome(state)
    assert outcome is not None and outcome.placements[2] == 1 and outcome.placements[0] == 2


def test_day_7_has_no_date_card_and_no_elimination_by_empty_hand() -> None:
    """RULINGS (TIMETRAP): day 7 has no date card; 003_3dd097fef3f40e34.txt '■各日のルール': only days 1-6
    eliminate on an empty hand (on day 7 an empty hand wins)."""
    state = make([["or5", "or9"], ["pu4", "pu6"]], day=7, dates=("B1", "Y1", "B3", "Y4", "B5", "Y6"))
    assert G.legal_actions(state, 0) == ["play:or5", "play:or9"]
    state, _ = act(state, 0, "play:or5")
    assert state.pending is None and G.to_act(state) == {1}


def test_game_over_refuses_actions() -> None:
    import pytest

    from games.core.errors import IllegalAction

    state = make([["or10"], ["pu2", "pu3"]], day=3)
    state, _ = act(state, 0, "play:or10")
    with pytest.raises(IllegalAction) as err:
        act(state, 1, "play:pu2")
    assert err.value.code == "game_over"
