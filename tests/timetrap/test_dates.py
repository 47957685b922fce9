"""Each date-condition card of the PROVISIONAL house set (RULINGS.md, TIMETRAP) and how date cards apply.

003_3dd097fef3f40e34.txt, '■『日付条件カード』の効果': blue cards restrict what may be played that day; with a
yellow card the player of the matching card must carry out its action; where they conflict with the play
rules, the date card wins ('6. カードのプレイ方法').
"""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction
from games.timetrap import dates

from .helpers import G, act, can_trap, kinds, make, plays, run


def day1(blue: str) -> tuple[str, ...]:
    return (blue, "", "", "", "", "")


def day2(yellow: str) -> tuple[str, ...]:
    return ("", yellow, "", "", "", "")


HAND = ["or1", "or2", "or3", "or5", "or6", "or7", "or8", "or10", "or11", "tt0"]


def test_house_set_has_seven_blue_and_seven_yellow_cards_with_ids() -> None:
    house = dates.DATE_SETS["house"]
    assert [c.id for c in house.blue] == [f"B{i}" for i in range(1, 8)]
    assert [c.id for c in house.yellow] == [f"Y{i}" for i in range(1, 8)]
    assert all(c.provisional for c in house.blue) and all(c.provisional for c in house.yellow)
    assert {c.number for c in house.yellow} == {5, 3, 11, 7, 9, 1, 2}


@pytest.mark.parametrize(
    ("blue", "expected"),
    [
        ("B1", [1, 3, 5, 7, 11]),
        ("B2", [2, 6, 8, 10]),
        ("B6", [1, 2, 3, 5, 6]),
        ("B7", [6, 7, 8, 10, 11]),
        ("B3", [1, 2, 3, 5, 6, 7, 8, 10, 11]),  # no previous time card: the first card is free
        ("B4", [1, 2, 3, 5, 6, 7, 8, 10, 11]),
    ],
)
def test_blue_cards_restrict_the_first_card_of_the_day(blue: str, expected: list[int]) -> None:
    """RULINGS (TIMETRAP) B1 odd only, B2 even only, B6 only 1-6, B7 only 6-11; B3/B4 do not restrict the
    first card of a day."""
    state = make([HAND, ["pu4"]], dates=day1(blue))
    assert plays(state, 0) == expected


def test_b3_within_3_and_b4_at_least_3_of_the_previous_time_card() -> None:
    """RULINGS (TIMETRAP) B3: within 3 of the previous time card; B4: at least 3 away."""
    b3 = make([HAND, ["pu9"]], dates=day1("B3"), today=["pu4"], turn=0, last_player=1)
    assert plays(b3, 0) == [5, 6, 7]
    b4 = make([HAND, ["pu9"]], dates=day1("B4"), today=["pu4"], turn=0, last_player=1)
    assert plays(b4, 0) == [7, 8, 10, 11]
    with pytest.raises(IllegalAction) as err:
        act(b4, 0, "play:or5")
    assert err.value.code == "timetrap.blue_forbids"


def test_b3_b4_do_not_restrict_the_card_right_after_a_trap() -> None:
    """RULINGS (TIMETRAP): B3/B4 do not restrict the card right after a Time Trap."""
    for blue in ("B3", "B4"):
        state = make([HAND, ["pu9"]], dates=day1(blue), today=["pu4", ("tt1", 12)], tile_up=False, turn=0)
        assert plays(state, 0) == [1, 2, 3, 5, 6, 7, 8, 10, 11]


def test_blue_cards_combine_with_the_direction() -> None:
    """003_3dd097fef3f40e34.txt, '■『日付条件カード』の効果': 『日付条件カード(青)』の場合、プレイできるカードの条件を
    守ってカードをプレイする必要があります (and higher than the last card)."""
    state = make([HAND, ["pu9"]], dates=day1("B1"), today=["pu4"], turn=0, last_player=1)
    assert plays(state, 0) == [5, 7, 11]


def test_b5_forbids_time_traps_only() -> None:
    """RULINGS (TIMETRAP) B5: no Time Trap cards today."""
    state = make([HAND, ["pu9"]], dates=day1("B5"), today=["pu4"], turn=0, last_player=1)
    assert not can_trap(state, 0)
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "trap:or1")
    assert err.value.code == "timetrap.blue_forbids_trap"
    assert plays(state, 0) == [5, 6, 7, 8, 10, 11]
    assert can_trap(make([HAND, ["pu9"]], dates=day1("B1"), today=["pu4"], turn=0, last_player=1), 0)


def test_yellow_acts_only_on_its_number() -> None:
    """003_3dd097fef3f40e34.txt, '■『日付条件カード』の効果': 条件に合うカードをプレイした時に…アクションを必ず実行。"""
    state = make([["or6", "or9"], ["pu7", "pu8"]], day=2, dates=day2("Y1"))
    state, _events = act(state, 0, "play:or6")
    assert state.pending is None and G.to_act(state) == {1}


def test_y1_play_a_5_draw_a_random_card_from_a_chosen_player() -> None:
    """RULINGS (TIMETRAP) Y1: play a 5: draw a random card from any player's hand; only the drawer and the
    victim learn which card."""
    state = make([["or5", "or9"], ["pu7", "pu8"], ["bl1", "bl2", "bl3"]], day=2, dates=day2("Y1"))
    state, _ = act(state, 0, "play:or5")
    assert G.to_act(state) == {0} and G.legal_actions(state, 0) == ["draw:1", "draw:2"]
    assert G.prompt(state, 0) is not None and G.prompt(state, 0).kind == "draw"  # type: ignore[union-attr]
    state, events = act(state, 0, "draw:2")
    drawn = next(c for c in state.hands[0] if c.startswith("bl"))
    assert len(state.hands[2]) == 2 and drawn not in state.hands[2]
    private = next(e for e in events if e.kind == "draw_card")
    assert private.audience == frozenset({0, 2}) and private.data["card"] == drawn
    assert drawn in G.hidden_from(state, 1) and drawn not in G.hidden_from(state, 2)
    assert G.to_act(state) == {1}


def test_y1_drawing_the_last_card_eliminates_at_once() -> None:
    """003_3dd097fef3f40e34.txt, '7. 脱落': 他のプレイヤーの手番中に『日付条件カード(黄)』の効果によって手札が
    無くなった場合、即座に脱落します。"""
    state = make([["or5", "or9"], ["pu7"], ["bl1", "bl2"]], day=2, dates=day2("Y1"))
    state, events = run(state, (0, "play:or5"), (0, "draw:1"))
    assert state.out[1] and state.hands[0] == ("pu7", "or9")
    assert [e.data["reason"] for e in events if e.kind == "eliminated"] == ["emptied"]
    assert G.to_act(state) == {2}


def test_y2_play_a_3_give_a_card_of_your_choice() -> None:
    """RULINGS (TIMETRAP) Y2: play a 3: give a card of your choice to any player."""
    state = make([["or3", "or9", "tt0"], ["pu7", "pu8"], ["bl1", "bl2"]], day=2, dates=day2("Y2"))
    state, _ = act(state, 0, "play:or3")
    assert set(G.legal_actions(state, 0)) == {f"give:{c}:{s}" for c in ("or9", "tt0") for s in (1, 2)}
    state, events = act(state, 0, "give:tt0:2")
    assert "tt0" in state.hands[2] and state.hands[0] == ("or9",)
    assert next(e for e in events if e.kind == "give_card").audience == frozenset({0, 2})
    assert "tt0" in G.hidden_from(state, 1)  # seat 1 saw a card change hands, not which
    assert G.to_act(state) == {1}


def test_y2_with_nothing_left_to_give_is_ignored_and_the_player_is_out() -> None:
    """RULINGS (all games): an effect that cannot be resolved in its entirety is ignored; 7. 脱落: 1～6日目の自分の
    手番が終了する時に手札が1枚もない場合、脱落します。"""
    state = make([["or3"], ["pu7", "pu8"], ["bl1", "bl2"]], day=2, dates=day2("Y2"))
    state, events = act(state, 0, "play:or3")
    assert kinds(events)[:3] == ["play", "ignored", "eliminated"]


def test_y3_play_an_11_the_next_player_discards() -> None:
    """RULINGS (TIMETRAP) Y3: play an 11: the next player discards a card of their choice; 7. 脱落: a
    yellow effect that empties another player's hand eliminates them at once; the next surviving player to
    the left is the target."""
    state = make([["or11", "or2"], [], ["bl4"], ["gr1", "gr2"]], day=2, dates=day2("Y3"), out=[0, 1, 0, 0])
    state, _ = act(state, 0, "play:or11")
    assert G.to_act(state) == {2} and G.legal_actions(state, 2) == ["discard:bl4"]
    state, _events = act(state, 2, "discard:bl4")
    assert state.out[2] and "bl4" in state.discard
    assert "bl4" in G.hidden_from(state, 0) and "bl4" not in G.hidden_from(state, 2)
    assert G.to_act(state) == {3}


def test_y4_play_a_7_take_another_turn() -> None:
    """RULINGS (TIMETRAP) Y4: play a 7: take another turn at once (the date card overrides turn order)."""
    state = make([["or7", "or9", "or3"], ["pu8", "pu10"]], day=2, dates=day2("Y4"))
    state, events = act(state, 0, "play:or7")
    assert "extra_turn" in kinds(events) and G.to_act(state) == {0}
    assert G.legal_actions(state, 0) == ["play:or9"]
    state, _ = act(state, 0, "play:or9")
    assert G.to_act(state) == {1}


def test_y4_with_the_last_card_still_eliminates() -> None:
    """Ruling (docs/rules/timetrap.md): a turn that ends with an empty hand eliminates, extra turn or not."""
    state = make([["or7"], ["pu8", "pu10"], ["bl1", "bl2"]], day=2, dates=day2("Y4"))
    state, _ = act(state, 0, "play:or7")
    assert state.out[0] and G.to_act(state) == {1}


def test_y5_play_a_9_skips_the_next_player_which_is_not_a_pass() -> None:
    """RULINGS (TIMETRAP) Y5: play a 9: the next player is skipped (not a pass)."""
    state = make([["or9", "or2"], ["pu10", "pu11"], ["bl10", "bl1"]], day=2, dates=day2("Y5"))
    state, events = act(state, 0, "play:or9")
    assert G.to_act(state) == {2} and 1 not in state.passed
    assert next(e for e in events if e.kind == "skip").data["seat"] == 1
    two = make([["or9", "or2"], ["pu10", "pu11"]], day=2, dates=day2("Y5"))
    two, _ = act(two, 0, "play:or9")
    assert G.to_act(two) == {0}


def test_y6_play_a_1_take_a_played_trap() -> None:
    """RULINGS (TIMETRAP) Y6: play a 1: take one played Time Trap card from the board into your hand."""
    state = make(
        [["or1", "or2"], ["pu10", "pu11"]], day=2, dates=day2("Y6"), earlier=[["pu3", ("tt1", 12), "or4"]]
    )
    state, events = act(state, 0, "play:or1")
    assert "tt1" in state.hands[0] and next(e for e in events if e.kind == "take_trap").audience is None
    empty = make([["or1", "or2"], ["pu10", "pu11"]], day=2, dates=day2("Y6"))
    empty, events = act(empty, 0, "play:or1")
    assert "ignored" in kinds(events) and empty.hands[0] == ("or2",)


def test_y7_play_a_2_discard_a_card_even_a_trap() -> None:
    """RULINGS (TIMETRAP) Y7: play a 2: put a card from your hand into the discard pile."""
    state = make([["or2", "or8", "tt0"], ["pu10", "pu11"]], day=2, dates=day2("Y7"))
    state, _ = act(state, 0, "play:or2")
    assert G.legal_actions(state, 0) == ["discard:or8", "discard:tt0"]
    state, _events = act(state, 0, "discard:tt0")
    assert "tt0" in state.discard and state.hands[0] == ("or8",)
    assert "tt0" in G.hidden_from(state, 1)
    assert G.to_act(state) == {1}


def test_effects_answer_first_then_play_resumes() -> None:
    state = make([["or2", "or8"], ["pu10", "pu11"]], day=2, dates=day2("Y7"))
    state, _ = act(state, 0, "play:or2")
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "play:or8")
    assert err.value.code == "timetrap.answer_discard_own"
    with pytest.raises(IllegalAction) as err:
        act(state, 0, "discard:pu10")
    assert err.value.code == "card_not_in_hand"
