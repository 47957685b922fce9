"""Kings, queens and characters in play (002_4e143f857986e60e.txt, '■キング', '■クイーン', p31~)."""

from __future__ import annotations

import pytest

from games.core.errors import IllegalAction
from games.kings import engine
from games.kings.game import GAME

from .helpers import act, play_all, play_table


def plays(t: object, seat: int) -> list[str]:
    return [a for a in engine.legal_actions(t, seat) if a.startswith("play:")]  # type: ignore[arg-type]


def test_king_needs_a_card_of_its_colour() -> None:
    """002_4e143f857986e60e.txt, '### ■キングのプレイ(表面)': a king goes on a card of its colour; the white
    king on a flag or a rare."""
    t = play_table([["r3", "b5"], ["flag1", "r2"], ["g1", "b1"]], kings=("r", "w", "b"))
    assert "play:r3:kr" in plays(t, 0)
    assert not any(a.startswith("play:b5:k") for a in plays(t, 0))
    t = act(t, 0, "play:b5")
    assert "play:flag1:kw" in plays(t, 1)


def test_white_king_on_the_white_queen() -> None:
    """002_4e143f857986e60e.txt, '■白クイーン': the white king may go on the white queen."""
    t = play_table([["r3", "b5"], ["g1", "b1"], ["g2", "b2"]], kings=("w", "r", "b"))
    assert "play:r3:q:kw" in plays(t, 0)
    assert "play:r3:kw" not in plays(t, 0)


def test_samurai_red_cannot_carry_the_black_king() -> None:
    """002_4e143f857986e60e.txt, '■サムライ': a black king cannot go on the Samurai's red card."""
    t = play_table([["r3", "k5"], ["g1", "b1"], ["g2", "b2"]], kings=("k", "r", "b"), chars=[["samurai1"], [], []])
    assert "play:r3:kk" not in plays(t, 0)
    assert "play:k5:kk" in plays(t, 0)


def test_captured_king_returns_used_and_later_king_wins() -> None:
    """002_4e143f857986e60e.txt, '■キング': later king wins; captured kings return to their owner, used; the
    king number grows."""
    t = play_table([["r3", "b5"], ["r2", "b1"], ["g2", "b2"]], kings=("r", "w", "b"))
    before = engine.seat_king_number(t, 0)
    t = play_all(t, [(0, "play:r3:kr"), (1, "play:r2"), (2, "play:b2:kb")])
    assert t.tricks_won == [0, 0, 1]
    assert t.king_used["r"] and t.king_used["b"]
    assert engine.seat_king_number(t, 0) == before + 5
    assert sorted(t.taken[2]) == ["b2", "r2", "r3"]
    assert not any(a.endswith(":kr") for a in plays(t, 0))


def test_white_queen_rare_and_blue_queen_flag() -> None:
    """002_4e143f857986e60e.txt, '■白クイーン' / '■青クイーン': the card counts as a rare / a white flag; the
    queen is turned down (once a round)."""
    t = play_table([["g3", "b5"], ["k9", "b1"], ["g9", "b2"]], kings=("w", "b", "r"))
    t = play_all(t, [(0, "play:g3:q"), (1, "play:k9:q"), (2, "play:g9")])
    assert t.tricks_won == [1, 0, 0]
    assert t.queen_up == [False, False, True]


def test_red_queen_adds_a_win() -> None:
    """002_4e143f857986e60e.txt, '■赤クイーン': the trick-win count grows by 1."""
    t = play_table([["g3"], ["k9"], ["g9"]], kings=("r", "w", "b"))
    t = act(t, 0, "queen")
    assert t.red_queen[0] and not t.queen_up[0]
    facts, _ = engine.round_facts(t)
    assert facts[0].red_queen == 1


def test_green_queen_plays_last() -> None:
    """002_4e143f857986e60e.txt, '■緑クイーン': play the green queen instead; play a card after everyone."""
    t = play_table([["g3", "r1"], ["k9", "b1"], ["g9", "b2"]], kings=("g", "w", "b"))
    t = act(t, 0, "queen")
    assert t.order == [1, 2, 0]
    t = play_all(t, [(1, "play:k9"), (2, "play:g9")])
    assert engine.to_act(t) == frozenset({0})


def test_black_queen_ignores_must_follow() -> None:
    """002_4e143f857986e60e.txt, '■黒クイーン': play ignoring must-follow."""
    t = play_table([["g3", "b2"], ["g9", "r1"], ["g5", "b3"]], kings=("w", "k", "b"))
    t = act(t, 0, "play:g3")
    assert plays(t, 1) == ["play:g9"]
    t = act(t, 1, "queen")
    assert "play:r1" in plays(t, 1)


def test_must_follow_error_names_no_card() -> None:
    """002_4e143f857986e60e.txt, '### マストフォロー': an illegal play is refused with a reason."""
    t = play_table([["g3", "b2"], ["g9", "r1"], ["g5", "b3"]], kings=("w", "r", "b"))
    t = act(t, 0, "play:g3")
    with pytest.raises(IllegalAction) as err:
        engine.apply(t, 1, "play:r1")
    assert err.value.code == "kings_must_follow"


def test_queen_recovery_costs_points() -> None:
    """002_4e143f857986e60e.txt, '■クイーンの効果' and '4 Set Up': pay the cost to turn the queen up (red 40).
    Ruling: only with enough points."""
    t = play_table([["g3"], ["k9"], ["g9"]], kings=("r", "w", "b"))
    t.round = 2
    t.queen_up = [False, False, True]
    t.scores = [50, 20, 0]
    t.start_player = 0
    engine._begin_setup(t, [])
    assert engine.to_act(t) == frozenset({0})
    assert engine.legal_actions(t, 0) == ["recover", "keep"]
    t = act(t, 0, "recover")
    assert t.scores[0] == 10 and t.queen_up[0]
    assert t.phase == "play"  # white 30 > 20 points: seat 1 cannot pay


def test_ninja_names_another_lead() -> None:
    """002_4e143f857986e60e.txt, '■忍者': as lead player, name another player lead (or lead yourself)."""
    t = play_table([["g3"], ["k9"], ["g9"]], kings=("r", "w", "b"), chars=[["ninja1"], [], []])
    assert {"lead:1", "lead:2"} <= set(engine.legal_actions(t, 0))
    t = act(t, 0, "lead:2")
    assert t.order == [2, 0, 1]
    assert not any(a.startswith("lead:") for a in engine.legal_actions(t, 2))


def test_hermit_draws_three_and_discards_three_secretly() -> None:
    """002_4e143f857986e60e.txt, '■ハーミット': draw 3, discard 3, once a round; discards stay hidden."""
    t = play_table([["g3", "r2"], ["k9", "r3"], ["g9", "r4"]], kings=("r", "w", "b"), chars=[["hermit1"], [], []])
    t = act(t, 0, "hermit:hermit1")
    assert len(t.hands[0]) == 5 and t.discard_left == 3
    for _ in range(3):
        t = act(t, 0, engine.legal_actions(t, 0)[0])
    assert len(t.hands[0]) == 2 and len(t.discards[0]) == 3
    assert set(t.discards[0]) <= engine.hidden_from(t, 1)
    assert not set(t.discards[0]) & engine.hidden_from(t, 0)
    assert not any(a.startswith("hermit:") for a in engine.legal_actions(t, 0))


def test_resistance_switches() -> None:
    """002_4e143f857986e60e.txt, '■レジスタンス': 1<->10, flag<->rare, after a queen too; colour never changes."""
    t = play_table([["r1", "flag1", "b5"], ["k9", "r3", "b1"], ["g9", "r4", "b2"]], kings=("w", "r", "b"), chars=[["resistance1"], [], []])
    legal = plays(t, 0)
    assert {"play:r1:s", "play:flag1:s", "play:b5:q:s"} <= set(legal)
    assert "play:b5:s" not in legal
    t = play_all(t, [(0, "play:flag1:s"), (1, "play:k9"), (2, "play:g9")])
    assert t.tricks_won[0] == 1


def test_gambler_and_berserker_set_up() -> None:
    """002_4e143f857986e60e.txt, '■ギャンブラー' / '■バーサーカー': draw 2 discard 2; take the black 10 and
    discard 1 (it may be the black 10 itself)."""
    t = play_table([["g3", "r2"], ["k9", "r3"], ["g9", "r4"]], kings=("r", "w", "b"), chars=[["gambler1"], ["berserker1"], []])
    t.phase = "setup"
    t.start_player = 0
    engine._begin_setup(t, [])
    assert len(t.hands[0]) == 4 and t.discard_seat == 0
    t = act(t, 0, "discard:g3")
    t = act(t, 0, "discard:r2")
    assert t.discard_seat == 1 and "bers1" in t.hands[1]
    t = act(t, 1, "discard:bers1")
    assert t.phase == "play" and len(t.hands[1]) == 2


def test_cheerleader_exchange_is_private_and_sequential() -> None:
    """002_4e143f857986e60e.txt, '■チアリーダー(拡張キャラ)': give one face down, the partner looks and gives one
    back (possibly the same); only the two partners see the cards."""
    t = play_table(
        [["g3", "r2"], ["k9", "r3"], ["g9", "r4"], ["b9", "b4"]],
        kings=("r", "w", "b", "g"),
        chars=[["cheerleader1"], [], [], []],
        bids=[[], ["ninja1"], ["healer1"], ["gambler1"]],
    )
    t.cheer_seat, t.cheer_mode, t.partner = 0, "kizuna", 2
    state, events = GAME.apply(t, 0, "give:g3")
    assert GAME.to_act(state) == frozenset({2})
    private = [e for e in events if e.kind == "exchange_card"]
    assert private and private[0].audience == frozenset({0, 2})
    assert "g3" in GAME.hidden_from(state, 1) and "g3" not in GAME.hidden_from(state, 0)
    assert sorted(GAME.legal_actions(state, 2)) == ["return:g3", "return:g9", "return:r4"]
    state = act(state, 2, "return:g3")
    assert sorted(state.hands[0]) == ["g3", "r2"]
    assert not any(a.startswith("give:") for a in GAME.legal_actions(state, 0))


def test_apply_does_not_mutate() -> None:
    """Engine contract: apply returns a new state."""
    t = play_table([["g3"], ["k9"], ["g9"]], kings=("r", "w", "b"))
    before = GAME.to_json(t)
    act(t, 0, "play:g3")
    assert GAME.to_json(t) == before
