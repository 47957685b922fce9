"""Captures and magic, from the rulebook's own words and worked examples."""

from __future__ import annotations

from dc_builders import of_kind, play_state, play_trick

from games.core.contract import Event
from games.dream_capture.state import Bonus, State

# Seats 0, 2, 4 are team A (0); seats 1, 3, 5 are team B (1). Play goes 0, 5, 4, 3, 2, 1 from a lead at 0.


def test_rulebook_example_fool_captures_hope_over_own_dream() -> None:
    """001_156fd8ce6bcaeb20.txt, '捕獲': 「例えばAチームが「夢」、Bチームが「希望」、Aチームが「愚者」と出したら、
    「希望の捕獲」でAチームに15点が与えられます。」 Only the higher capture stands: team A scores 15."""
    hands = [["t22", "s1"], ["t5", "s2"], ["t6", "s3"], ["t7", "s4"], ["t0", "s5"], ["t23", "s6"]]
    state = play_state(hands, leader=0)
    # seat 0 (A) Dream, seat 5 (B) Hope, seat 4 (A) Fool, then seats 3, 2, 1.
    state, events = play_trick(state, ["t22", "t23", "t0", "t7", "t6", "t5"])
    captures = of_kind(events, "dc_capture")
    assert [(e.data["kind"], e.data["team"], e.data["seat"]) for e in captures] == [("hope", 0, 4)]
    assert state.bonuses == (Bonus(0, "capture_hope", 4, 1),)
    assert state.last_winner == 4


def test_rulebook_example_fool_of_the_same_team_cancels_the_dream_capture() -> None:
    """001_156fd8ce6bcaeb20.txt, '捕獲': 「しかし、Aチームが「夢」、Bチームが「希望」、Bチームが「愚者」と出したら、
    ボーナスは発生しません。愚者が味方の「夢の捕獲」を消してしまった結果になります。」"""
    hands = [["t22", "s1"], ["t5", "s2"], ["t6", "s3"], ["t0", "s4"], ["t7", "s5"], ["t23", "s6"]]
    state = play_state(hands, leader=0)
    # seat 0 (A) Dream, seat 5 (B) Hope, seat 4 (A) a low trump, seat 3 (B) Fool.
    state, events = play_trick(state, ["t22", "t23", "t7", "t0", "t6", "t5"])
    assert of_kind(events, "dc_capture") == []
    assert state.bonuses == ()
    assert state.last_winner == 3


def test_hope_captures_enemy_dream_when_it_wins() -> None:
    """001_156fd8ce6bcaeb20.txt, '捕獲': 「同じく敵の「夢」を「希望」で取れば、「夢の捕獲」で15点」."""
    hands = [["t22"], ["t5"], ["t6"], ["t23"], ["t7"], ["t8"]]
    state, events = play_trick(play_state(hands), ["t22", "t8", "t7", "t23", "t6", "t5"])
    assert [e.data["kind"] for e in of_kind(events, "dc_capture")] == ["dream"]
    assert state.bonuses == (Bonus(1, "capture_dream", 3, 1),)


def test_dream_captures_enemy_world_regardless_of_play_order() -> None:
    """001_156fd8ce6bcaeb20.txt, '捕獲': 「敵の「世界」を「夢」で取れば、「世界の捕獲」」;
    「カードの出される順番は関係ありません。」 The Dream is played before the World here."""
    hands = [["t22"], ["t5"], ["t6"], ["t21"], ["t7"], ["t8"]]
    state, events = play_trick(play_state(hands), ["t22", "t8", "t7", "t21", "t6", "t5"])
    assert state.bonuses == (Bonus(0, "capture_world", 0, 1),)
    assert [e.data["team"] for e in of_kind(events, "dc_capture")] == [0]


def test_high_priestess_captures_enemy_magician() -> None:
    """001_156fd8ce6bcaeb20.txt, '捕獲': 「敵の「魔術師」を「女教皇」で取れば「魔術師の捕獲」で15点」.
    A spade is led; the Magician and the Priestess are the only trumps, so the Priestess wins."""
    hands = [["s5"], ["s6"], ["t2"], ["s7"], ["s8"], ["t1"]]
    state, _ = play_trick(play_state(hands), ["s5", "t1", "s8", "s7", "t2", "s6"])
    assert state.last_winner == 2
    assert state.bonuses == (Bonus(0, "capture_magician", 2, 1),)


def test_no_capture_between_partners() -> None:
    """001_156fd8ce6bcaeb20.txt, '捕獲': 「味方同士ではこのボーナスは発生しません。」 Seat 4's Fool takes
    partner seat 0's Hope."""
    hands = [["t23"], ["t5"], ["t6"], ["t7"], ["t0"], ["t8"]]
    state, events = play_trick(play_state(hands), ["t23", "t8", "t0", "t7", "t6", "t5"])
    assert state.last_winner == 4
    assert of_kind(events, "dc_capture") == []


def test_no_capture_when_the_capturing_card_does_not_win() -> None:
    """RULINGS.md, 'Ex-Tarot: Capture of Dreams': the capturing card must win the trick. The Priestess
    meets an enemy Magician, but a higher trump wins."""
    hands = [["s5"], ["t3"], ["t2"], ["s7"], ["s8"], ["t1"]]
    state, events = play_trick(play_state(hands), ["s5", "t1", "s8", "s7", "t2", "t3"])
    assert state.last_winner == 1
    assert of_kind(events, "dc_capture") == []


def _final_trick(hands: list[list[str]], order: list[str]) -> tuple[State, list[Event]]:
    """The 15th trick of a deal (14 already played), so magic applies."""
    state = play_state(hands, leader=0, tricks_done=14)
    return play_trick(state, order)


def test_magic_success_scores_ten() -> None:
    """001_156fd8ce6bcaeb20.txt, '魔法': 「最後のトリックに魔術師を出して勝てばボーナスとして10点を得ます。」"""
    hands = [["s5"], ["s6"], ["s9"], ["t1"], ["s8"], ["s7"]]
    state, events = _final_trick(hands, ["s5", "s7", "s8", "t1", "s9", "s6"])
    magic = of_kind(events, "dc_magic")
    assert [(e.data["result"], e.data["team"]) for e in magic] == [("success", 1)]
    (team_a, team_b) = state.history[-1]
    assert team_b.magic == 10 and team_a.magic == 0
    assert team_b.last_trick == 1


def test_magic_failure_scores_ten_for_the_enemy_and_can_coincide_with_the_magician_capture() -> None:
    """001_156fd8ce6bcaeb20.txt, '魔法': 「敵に勝たれてしまったら、「魔法の失敗」で、敵が10点を得ます。
    （「魔法の失敗」と「魔術師の捕獲」が同時に起ることもあり得ます。）」"""
    hands = [["s5"], ["s6"], ["t2"], ["t1"], ["s8"], ["s7"]]
    state, events = _final_trick(hands, ["s5", "s7", "s8", "t1", "t2", "s6"])
    assert [e.data["result"] for e in of_kind(events, "dc_magic")] == ["failure"]
    assert [e.data["kind"] for e in of_kind(events, "dc_capture")] == ["magician"]
    team_a, team_b = state.history[-1]
    assert (team_a.magic, team_a.captures) == (10, 15)
    assert (team_b.magic, team_b.captures) == (0, 0)


def test_magic_vanishes_when_a_partner_wins() -> None:
    """001_156fd8ce6bcaeb20.txt, '魔法': 「最後のトリックに魔術師を出したのに、味方に勝たれてしまった場合を
    「魔法の消滅」と言い、ボーナスは発生しません。」"""
    hands = [["s5"], ["t9"], ["s9"], ["t1"], ["s8"], ["s7"]]
    state, events = _final_trick(hands, ["s5", "s7", "s8", "t1", "s9", "t9"])
    assert [(e.data["result"], e.data["team"]) for e in of_kind(events, "dc_magic")] == [("vanish", None)]
    team_a, team_b = state.history[-1]
    assert team_a.magic == team_b.magic == 0
    assert team_b.last_trick == 1


def test_magician_before_the_last_trick_is_no_magic() -> None:
    """001_156fd8ce6bcaeb20.txt, '魔法': magic is only about the last trick (「最後のトリック」)."""
    hands = [["s5", "h1"], ["s6", "h2"], ["s9", "h3"], ["t1", "h4"], ["s8", "h5"], ["s7", "h6"]]
    state = play_state(hands, leader=0, tricks_done=3)
    _, events = play_trick(state, ["s5", "s7", "s8", "t1", "s9", "s6"])
    assert of_kind(events, "dc_magic") == []
