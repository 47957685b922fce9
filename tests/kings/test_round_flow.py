"""A round from reveal to scoring, the Cheerleader's choices, and the winner (002_4e143f857986e60e.txt,
'■ラウンド1' 6, '■ラウンド3' 7, '■チアリーダー(拡張キャラ)', '■サムライ')."""

from __future__ import annotations

from games.kings import engine
from games.kings.game import GAME

from .helpers import act, fresh, play_all, play_table


def test_samurai_red_lead_is_still_red_for_following() -> None:
    """002_4e143f857986e60e.txt, '■サムライ': a Samurai red lead means red must be followed; it wins as black."""
    t = play_table([["r2", "b1"], ["r9", "k3"], ["g4", "b2"]], kings=("w", "b", "g"), chars=[["samurai1"], [], []])
    t = act(t, 0, "play:r2")
    assert [a for a in engine.legal_actions(t, 1) if a.count(":") == 1 and a.startswith("play:")] == ["play:r9"]
    t = play_all(t, [(1, "play:r9"), (2, "play:g4")])
    assert t.tricks_won == [1, 0, 0]


def test_round_end_scores_then_a_separate_next_round_step() -> None:
    """002_4e143f857986e60e.txt, '6 勝利点の獲得': after the last trick the round is scored; the next round is
    dealt by a separate step."""
    t = play_table(
        [["k9"], ["b1"], ["g4"]],
        kings=("w", "b", "g"),
        chars=[["ninja1", "healer1"], ["gambler1"], ["hermit1"]],
        bids=[["ninja1"], ["gambler1"], ["hermit1"]],
    )
    t.tricks_won = [1, 0, 0]
    t = play_all(t, [(0, "play:k9"), (1, "play:b1"), (2, "play:g4")])
    assert t.phase == "round_end"
    items = [dict(map(tuple, r["items"])) for r in t.history[-1]]
    assert items[0] == {"bid_ninja": 70, "jack": 20, "healer": 20}  # 2 wins; took blue 1 and green 4
    assert items[1] == {"bid_gambler": 30, "jack": 20}
    assert items[2] == {"bid_hermit": 50, "jack": 30}
    assert engine.to_act(t) == frozenset({engine.by_king_number(t)[0]})
    t.hand_size = 5  # the constructed table played a one-card round
    t = act(t, engine.by_king_number(t)[0], "next")
    assert t.round == 2 and t.phase == "draft"
    assert all(len(h) == 5 for h in t.hands)


def test_cheerleader_partner_and_copy_after_reveal() -> None:
    """002_4e143f857986e60e.txt, '■チアリーダー(拡張キャラ)': after the bids are revealed, the face-up
    Cheerleader gives the KIZUNA card to another player; as a bid it COPYs one revealed bid."""
    t = fresh(4, cheerleader=True)
    while t.phase == "draft":
        seat = next(iter(engine.to_act(t)))
        t = act(t, seat, engine.legal_actions(t, seat)[0])
    t.chars[0] = ["cheerleader1", "samurai1", "ninja1"]
    t = act(t, 0, "bid:none")
    for seat in (1, 2, 3):
        t = act(t, seat, engine.legal_actions(t, seat)[0])
    assert t.phase == "cheer" and engine.to_act(t) == frozenset({0})
    assert engine.legal_actions(t, 0) == ["partner:1", "partner:2", "partner:3"]
    t = act(t, 0, "partner:2")
    assert t.partner == 2

    c = fresh(4, cheerleader=True)
    while c.phase == "draft":
        seat = next(iter(engine.to_act(c)))
        c = act(c, seat, engine.legal_actions(c, seat)[0])
    c.chars[0] = ["cheerleader1", "samurai1", "ninja1"]
    c = act(c, 0, "bid:cheerleader1")
    for seat in (1, 2, 3):
        c = act(c, seat, engine.legal_actions(c, seat)[0])
    legal = engine.legal_actions(c, 0)
    assert legal == [f"copy:{s}:{(c.bids[s] or [])[0]}" for s in (1, 2, 3)]


def test_kizuna_red_queen_counts_for_the_partner() -> None:
    """002_4e143f857986e60e.txt, KIZUNA note: a red queen used by the Cheerleader adds 1 to the partner's wins."""
    t = play_table([["g3"], ["k9"], ["g9"]], kings=("r", "w", "b"), chars=[["cheerleader1"], ["ninja1"], []], bids=[[], ["ninja1"], []])
    t.cheer_seat, t.cheer_mode, t.partner = 0, "kizuna", 1
    t = act(t, 0, "queen")
    facts, _ = engine.round_facts(t)
    assert facts[1].red_queen == 1 and facts[0].red_queen == 0 and facts[0].partner == 1


def test_devil_contract_in_round_facts() -> None:
    """002_4e143f857986e60e.txt, '■拡張ルール: デビルとの契約': -20 per card in round 3; Ruling: -10 before."""
    t = play_table([["g3"], ["k9"], ["g9"]], kings=("r", "w", "b"))
    t.devil_colour = "g"
    _, rules = engine.round_facts(t)
    assert rules.devil_penalty == 10
    t.round = 3
    _, rules = engine.round_facts(t)
    assert rules.devil_penalty == 20 and rules.last_round


def test_tie_goes_to_the_smaller_king_number() -> None:
    """002_4e143f857986e60e.txt, '### ■キングナンバー' (3): equal points, the smaller king number wins."""
    t = play_table([["g3"], ["k9"], ["g9"]], kings=("g", "r", "b"))
    t.scores = [100, 100, 50]
    t.phase = "over"
    outcome = GAME.outcome(t)
    assert outcome is not None and outcome.placements == (2, 1, 3)
    t.king_used["r"] = True
    outcome = GAME.outcome(t)
    assert outcome is not None and outcome.placements == (1, 2, 3)
